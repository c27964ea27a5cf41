"""A phone at home reaches Daybook through a real TLS proxy: Caddy with its own certificate authority at
https://daybook.home.arpa:PORT, Daybook on loopback behind it with `--public-url` (see proxy.py and `home`).

Through the proxy every page needs the owner's login, the session cookie is `Secure` and `__Host-`, every answer
carries HSTS, a name Daybook was not given
is refused, and the login throttle counts each client by the address the proxy forwards. A phone is paired by the
one-time link `daybook pair` prints. When Daybook stops while
Caddy stays up, the browser gets Caddy's 502: the installed app treats that as no server at all — pages from the
kept copy with their "as of", writes waiting in the outbox — and what waited arrives once when Daybook is back."""

import http.client
import re
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES
from fixtures.homes import phone_at_home
from fixtures.pages import WAIT, click_and_wait, complete_onboarding, nav_link, open_page, path_of, wait_for
from fixtures.shots import screenshot
from proxy import NAME, through
from test_offline import KEPT, OUTBOX, controlled_by_worker, go
from test_offline_device import shown
from test_offline_typing import listed_waiting, tap_done, typed
from test_pairing import run_pair

FORM = "application/x-www-form-urlencoded"


def cookie(answer, name: str) -> str | None:
    """The whole Set-Cookie line that sets `name`, attributes and all."""
    return next((line for line in answer.all("Set-Cookie") if line.startswith(f"{name}=")), None)


def sign_in(home, passphrase: str, source: str = "127.0.0.1"):
    """The login form through the proxy, from the loopback address `source`, as a browser sends it."""
    page = through(home.caddy, "GET", "/login", source=source)
    assert page.status == 200, (page.status, page.text[:300])
    form_cookie = cookie(page, "__Host-daybook_csrf")
    token = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert form_cookie and token, page.text[:500]
    body = urllib.parse.urlencode({"csrf": token.group(1), "next": "/", "passphrase": passphrase}).encode()
    return through(home.caddy, "POST", "/login", body, source=source, headers={
        "Content-Type": FORM, "Origin": home.url, "Cookie": form_cookie.split(";", 1)[0]})


def test_through_caddy_every_page_needs_the_login_and_its_cookie_is_secure(shared_home):
    home = shared_home
    # Caddy passes the name on; without a session the page asks for the passphrase.
    first = through(home.caddy, "GET", "/")
    assert first.status == 303 and first.header("Location").startswith("/login"), (first.status, first.headers)
    # Every answer asks the browser to keep to HTTPS for this name for a year.
    assert first.header("Strict-Transport-Security") == "max-age=31536000", first.headers
    # The API, through the proxy, needs a token.
    assert through(home.caddy, "GET", "/api/v1/settings", headers={"Accept": "application/json"}).status == 401

    signed_in = sign_in(home, home.passphrase)
    assert signed_in.status == 303, (signed_in.status, signed_in.text[:300])
    session = cookie(signed_in, "__Host-daybook_session")
    assert session is not None, signed_in.headers
    attributes = [part.strip().lower() for part in session.split(";")[1:]]
    assert "secure" in attributes and "httponly" in attributes and "samesite=strict" in attributes, session
    # The form's own cookie is `Secure` too.
    form_cookie = cookie(through(home.caddy, "GET", "/login"), "__Host-daybook_csrf")
    assert form_cookie and "secure" in [part.strip().lower() for part in form_cookie.split(";")[1:]], form_cookie
    # The session lets the pages in.
    today = through(home.caddy, "GET", "/", headers={"Cookie": session.split(";", 1)[0]})
    assert today.status in (200, 303) and not (today.header("Location") or "").startswith("/login"), today.headers


def test_a_name_daybook_was_not_given_is_refused_with_421(shared_home):
    home = shared_home
    def straight(host: str) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", home.server.port, timeout=10)
        try:
            connection.request("GET", "/login", headers={"Host": host})
            return connection.getresponse().status
        finally:
            connection.close()

    # A page elsewhere that rebinds its name to this machine, or a proxy passing on a name it was not set up for.
    assert straight("evil.example") == 421
    assert straight(f"evil.example:{home.caddy.port}") == 421
    assert straight(f"{NAME}.evil.example:{home.caddy.port}") == 421
    assert straight(f"127.0.0.1.evil.example:{home.server.port}") == 421
    # Its own public name and this computer's names are answered.
    assert straight(f"{NAME}:{home.caddy.port}") == 200
    assert straight(f"127.0.0.1:{home.server.port}") == 200
    assert straight(f"localhost:{home.server.port}") == 200


def test_five_wrong_passphrases_from_one_client_do_not_lock_out_another(shared_home):
    home = shared_home
    # Each request comes from its own loopback address; Caddy forwards it as X-Forwarded-For, and Daybook
    # believes it because Caddy is on loopback.
    for attempt in range(5):
        wrong = sign_in(home, "not the passphrase", source="127.0.0.3")
        assert wrong.status == 401, (attempt, wrong.status)
    owner = sign_in(home, home.passphrase, source="127.0.0.1")
    assert owner.status == 303 and cookie(owner, "__Host-daybook_session"), (owner.status, owner.headers)
    sixth = sign_in(home, home.passphrase, source="127.0.0.3")
    assert sixth.status == 429, sixth.status
    assert int(sixth.header("Retry-After") or 0) > 0, sixth.headers


def test_without_a_public_url_daybook_on_loopback_needs_no_login(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("GET", "/api/v1/settings", headers={"Accept": "application/json"})
        settings = connection.getresponse()
        settings.read()
        connection.request("GET", "/")
        page = connection.getresponse()
        page.read()
    finally:
        connection.close()
    assert settings.status == 200
    # No login: a fresh folder goes to onboarding, and the form's cookie is not `Secure` over plain HTTP.
    assert not (page.getheader("Location") or "").startswith("/login"), page.getheaders()
    assert page.status in (200, 303), page.status
    assert not (server.data_dir / "cli-token").exists()
    form_cookie = [value for key, value in page.getheaders() if key.lower() == "set-cookie"]
    assert all("secure" not in [p.strip().lower() for p in line.split(";")[1:]] for line in form_cookie), form_cookie


@pytest.mark.parametrize("engine", ENGINES)
def test_a_phone_through_caddy_keeps_working_while_daybook_is_down(home, browser, engine):
    driver = phone_at_home(browser, home, engine)

    # Paired by the one-time link `daybook pair` prints (and draws as a QR code) on the server's machine: it leads to
    # the public URL the server noted in its data folder, and the phone opening it is signed in.
    printed = run_pair(home.server.data_dir)
    assert printed.returncode == 0, printed.stderr
    link = re.search(r"^(https://\S+/pair#\S+)$", printed.stdout, re.M).group(1)
    assert link.startswith(home.url + "/pair#"), link
    open_page(driver, link)
    WebDriverWait(driver, WAIT).until(lambda d: path_of(d) in ("/", "/onboarding"),
                                      message="the link did not sign the phone in")
    assert driver.execute_script("return window.isSecureContext") is True

    class Reached:
        url = home.url
    complete_onboarding(driver, Reached, language="en")

    # Under the service worker, the day's pages are kept: Today, the Journal and the editor of a new entry.
    controlled_by_worker(driver, home.url + "/")
    click_and_wait(driver, nav_link(driver, "/journal"))
    click_and_wait(driver, wait_for(driver, "#new-entry"))
    open_page(driver, home.url + "/focus")
    for path in ("/", "/journal", "/journal/new", "/focus"):
        WebDriverWait(driver, WAIT).until(lambda d, p=path: d.execute_async_script(KEPT, p),
                                          message=f"{path} was not kept")

    # Daybook stops; Caddy stays up and answers 502 for it.
    assert home.server.stop() == 0
    assert through(home.caddy, "GET", "/").status == 502

    # Today and the Journal open from the kept copy, saying since when.
    go(driver, home.url + "/")
    banner = wait_for(driver, "#offline-banner")
    assert banner.text.startswith("Offline · as of "), banner.text
    click_and_wait(driver, nav_link(driver, "/journal"))
    assert wait_for(driver, "#offline-banner").text.startswith("Offline · as of ")
    screenshot(driver, f"{engine}-en-phone-proxy-502-journal")

    # A focus session started meanwhile, from the kept Focus page, waits instead of being lost to the 502.
    go(driver, home.url + "/focus")
    wait_for(driver, "#offline-banner")
    driver.execute_script("document.getElementById('sound').value = 'none'")
    tap = driver.find_element(By.ID, "focus-start")
    tap.click()
    WebDriverWait(driver, WAIT).until(lambda d: len(d.execute_async_script(OUTBOX)) == 1,
                                      message="the focus start did not wait in the outbox")
    WebDriverWait(driver, WAIT).until(lambda d: shown(d, "focus-pause"))

    # An entry written meanwhile waits on the phone, not reported as failed.
    go(driver, home.url + "/journal")
    # The tap comes once the kept Journal says it is offline (`go` waited for it to load).
    wait_for(driver, "#offline-banner")
    click_and_wait(driver, wait_for(driver, "#new-entry"))
    wait_for(driver, "#offline-banner")
    typed(driver, "Ferry at noon", "Written while the box at home was restarting.")
    tap_done(driver)
    WebDriverWait(driver, WAIT).until(lambda d: path_of(d) == "/journal")
    WebDriverWait(driver, WAIT).until(lambda d: "Ferry at noon" in listed_waiting(d), message="the entry is not listed")
    assert "Waiting" in listed_waiting(driver)
    waiting = driver.execute_async_script(OUTBOX)
    assert [item["state"] for item in waiting] == ["waiting", "waiting"], waiting

    # Daybook is back on the same port and data folder: the entry arrives exactly once.
    home.restart_daybook()
    open_page(driver, home.url + "/")
    WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [],
                                    message="the waiting entry was not sent")
    entries = [entry for entry in home.api("GET", "/api/v1/entries")["entries"] if entry["title"] == "Ferry at noon"]
    assert len(entries) == 1, entries
    stored = home.api("GET", f"/api/v1/entries/{entries[0]['id']}")
    assert stored["body"] == "Written while the box at home was restarting.", stored
    assert home.api("GET", "/api/v1/focus")["phase"] == "running"
