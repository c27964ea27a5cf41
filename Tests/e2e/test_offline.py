"""Offline-first: the server process is really stopped, the installed app keeps working from this device's copy,
and what was changed meanwhile arrives exactly once when the server is back on the same address."""

import base64
import http.client
import urllib.parse

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import (STOP_TIMEOUT, WAIT, call, complete_onboarding, open_page, restart_server, screenshot,
                      wait_for)
from test_pwa import service_worker_state

OUTBOX = """
    const done = arguments[arguments.length - 1];
    const open = indexedDB.open("daybook");
    open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("outbox")) { done([]); return; }
        const all = db.transaction("outbox").objectStore("outbox").getAll();
        all.onsuccess = () => done(all.result);
        all.onerror = () => done(null);
    };
    open.onerror = () => done(null);
"""

KEPT = """
    const [path, done] = [arguments[0], arguments[arguments.length - 1]];
    caches.open("daybook-pages").then((cache) => cache.match(location.origin + path)).then((r) => done(!!r));
"""


def replay(driver, server, items) -> list[str]:
    """Sends the outbox's changes again exactly as the device sent them (its cookies, its keys, its method; a
    photo's bytes given base64 as `bytes`): what the server says about each."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    answers = []
    for item in items:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        body = base64.b64decode(item["bytes"]) if item.get("bytes") else item["body"].encode()
        conn.request(item.get("method") or "POST", urllib.parse.urlsplit(item["url"]).path, body=body, headers={
            "Content-Type": item["contentType"], "Idempotency-Key": item["key"], "Cookie": cookies,
            "Origin": server.url})
        response = conn.getresponse()
        response.read()
        answers.append(f"{response.status} {response.getheader('Idempotent-Replayed')}")
        conn.close()
    return answers


def controlled_by_worker(driver, url: str) -> None:
    reloaded = False

    def controlled(d) -> bool:
        nonlocal reloaded
        state = service_worker_state(d)
        active = state.get("ready") and state.get("state") == "activated"
        if active and not state.get("controlled") and not reloaded:
            reloaded = True
            open_page(d, url)
        return bool(active and state.get("controlled"))

    WebDriverWait(driver, 30, poll_frequency=0.2).until(controlled)


def waiting_count(driver) -> str:
    """The page's count of waiting changes; the list is drawn again whenever the outbox changes."""
    try:
        return " ".join(e.text for e in driver.find_elements(By.ID, "outbox-count"))
    except StaleElementReferenceException:
        return ""


def go(driver, url: str) -> None:
    try:
        driver.get(url)
    except WebDriverException:
        pass  # some drivers report a page served by the worker after a failed fetch as an error


def phone_with_a_tracker(server, browser, name: str):
    """A phone that has opened Today once under the service worker, and a yes/no tracker named `name`."""
    driver = browser("en-US", width=420, height=900)
    complete_onboarding(driver, server, language="en")
    tracker = call(server, "POST", "/api/v1/trackers", {"name": name, "kind": "boolean"})
    open_page(driver, server.url + "/")
    controlled_by_worker(driver, server.url + "/")
    return driver, tracker


def test_changes_made_with_the_server_stopped_arrive_once_after_it_restarts(server, browser):
    driver, tracker = phone_with_a_tracker(server, browser, "Read")
    # Seen once while the server answers: these pages are kept on the device.
    entry = call(server, "POST", "/api/v1/entries", {"title": "Harbour at dawn", "body": "Gulls over the pier."})
    open_page(driver, server.url + "/journal")
    # The Journal keeps its latest entries readable offline, without opening each.
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_async_script(KEPT, f"/journal/{entry['id']}"))
    open_page(driver, server.url + "/log")
    open_page(driver, server.url + "/")
    wait_for(driver, f"#toggle-{tracker['id']}")

    code = server.stop()
    assert code == 0 and server.stopped_in is not None and server.stopped_in <= STOP_TIMEOUT

    # Today opens from the kept copy and says it is offline, and since when.
    go(driver, server.url + "/")
    banner = wait_for(driver, "#offline-banner")
    assert banner.text.startswith("Offline · as of "), banner.text
    screenshot(driver, "en-phone-offline-today")

    # A tracker ticked offline shows at once as waiting.
    driver.find_element(By.ID, f"toggle-{tracker['id']}").click()
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")
    assert "Waiting" in driver.find_element(By.ID, f"tracker-{tracker['id']}").text

    # The Daily Log, written offline from its kept copy.
    go(driver, server.url + "/log")
    wait_for(driver, "#offline-banner")
    reflection = driver.find_element(By.ID, "reflection")
    reflection.clear()
    words = "Rain on the train window; read two chapters."
    reflection.send_keys(words)
    driver.find_element(By.CSS_SELECTOR, "#log-form [type=submit]").click()
    WebDriverWait(driver, WAIT).until(
        lambda d: waiting_count(d) == "2 changes waiting")
    assert driver.find_element(By.ID, "reflection").get_attribute("value") == words

    go(driver, server.url + f"/journal/{entry['id']}")
    wait_for(driver, "#offline-banner")
    assert "Gulls over the pier." in driver.find_element(By.ID, "main").text

    # A page the device never kept says so, and links the ones it keeps.
    go(driver, server.url + "/stats")
    wait_for(driver, "#not-kept")
    kept = {link.get_attribute("pathname") for link in driver.find_elements(By.CSS_SELECTOR, "#kept-pages a")}
    assert {"/", "/log"} <= kept, kept

    # Reloading keeps the outbox: it lives in IndexedDB.
    go(driver, server.url + "/")
    wait_for(driver, "#offline-banner")
    waiting = driver.execute_async_script(OUTBOX)
    assert [item["state"] for item in waiting] == ["waiting", "waiting"], waiting

    restarted = restart_server(server)
    try:
        # Back on the same address: the next page load sends the outbox, in order, once.
        open_page(driver, restarted.url + "/")
        WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])
        WebDriverWait(driver, WAIT).until(lambda d: not d.find_elements(By.ID, "offline-banner"))
        assert not driver.find_elements(By.ID, "outbox-count")

        # A forced second replay of everything: the server answers with the first answers and writes nothing.
        answers = replay(driver, restarted, waiting)
        assert answers == ["303 true", "303 true"], answers

        values = call(restarted, "GET", f"/api/v1/trackers/{tracker['id']}/values")
        ticked = [v for v in values["values"] if v.get("met")]
        assert len(ticked) == 1, values
        log = call(restarted, "GET", "/api/v1/logs/today")
        assert log["reflection"] == words, log
    finally:
        assert restarted.stop() == 0


def test_refused_changes_stay_listed_and_settings_forgets_the_copy(server, browser):
    driver, gone = phone_with_a_tracker(server, browser, "Stretch")
    open_page(driver, server.url + "/")
    wait_for(driver, f"#toggle-{gone['id']}")

    server.stop()
    go(driver, server.url + "/")
    wait_for(driver, "#offline-banner")
    driver.find_element(By.ID, f"toggle-{gone['id']}").click()
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")

    restarted = restart_server(server)
    try:
        # Meanwhile another device deleted the tracker: the change is refused, and kept with its reason.
        call(restarted, "DELETE", f"/api/v1/trackers/{gone['id']}")
        open_page(driver, restarted.url + "/")
        # The list is drawn again whenever the outbox changes: read its words as they are found.
        reason = WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: " ".join(e.get_attribute("textContent") for e in d.find_elements(
                By.CSS_SELECTOR, '#outbox li[data-state="refused"] .form-error')))
        assert reason.startswith("Not accepted by the server:"), reason
        assert driver.find_elements(By.CSS_SELECTOR, '#outbox li[data-state="refused"] textarea')

        # Settings → This device says what is kept and forgets it all.
        open_page(driver, restarted.url + "/settings")
        summary = wait_for(driver, "#device-summary")
        assert "pages" in summary.text and "1 changes waiting" in summary.text, summary.text
        forget = driver.find_element(By.ID, "forget-device")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", forget)
        forget.click()
        WebDriverWait(driver, WAIT).until(
            lambda d: "no longer keeps" in d.find_element(By.ID, "device-summary").text)
        left = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.keys().then((names) => done(names.filter((n) => n.startsWith("daybook-"))));
        """)
        assert left == [], left
        assert driver.execute_async_script(OUTBOX) == []
    finally:
        assert restarted.stop() == 0
