"""Privacy by default: pages talk to their own server only, under strict headers."""

import re
import urllib.parse

from selenium.webdriver.common.by import By

from daybook_http import Client, complete_onboarding as onboard_over_http
from fixtures.network import requested_urls
from fixtures.pages import complete_onboarding, html_lang, open_page, path_of, wait_for

PAGES = ("/", "/settings", "/privacy", "/timeline")


def foreign(urls, origin):
    """The URLs that leave the server's own origin (data: and blob: stay local)."""
    out = []
    for url in urls:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme in ("data", "blob"):
            continue
        if f"{parts.scheme}://{parts.netloc}" != origin:
            out.append(url)
    return out


def test_pages_request_nothing_from_other_origins(server, browser):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    for path in PAGES:
        open_page(driver, server.url + path)
        # Modules and /events start before the page has loaded; the service worker's script once it is ready.
        driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.serviceWorker.ready.then(() => done(true), () => done(false));")
    urls = requested_urls(driver)
    assert any(u.startswith(server.url + "/privacy") for u in urls), "the log saw no page loads"
    assert foreign(urls, server.url) == [], "requests left the server's origin"


def test_security_headers_on_every_kind_of_response(server):
    client = Client(server.url, follow_redirects=False)
    paths = ["/", "/onboarding", "/static/js/app.js", "/manifest.webmanifest", "/sw.js",
             "/offline", "/privacy", "/theme.css", "/no-such-page"]
    for path in paths:
        resp = client.get(path)
        assert resp.status < 500, f"{path}: status {resp.status}"
        csp = resp.header("Content-Security-Policy") or ""
        assert "default-src 'self'" in csp, f"{path} ({resp.status}): CSP is {csp!r}"
        assert "frame-ancestors 'none'" in csp, f"{path} ({resp.status}): CSP is {csp!r}"
        assert (resp.header("X-Content-Type-Options") or "").lower() == "nosniff", path
        assert (resp.header("Referrer-Policy") or "").lower() == "no-referrer", path
    # The page shells allow no inline script.
    page = Client(server.url).get("/onboarding")
    csp = page.header("Content-Security-Policy") or ""
    script_src = re.search(r"script-src([^;]*)", csp)
    effective = script_src.group(1) if script_src else "'self'"
    assert "'unsafe-inline'" not in effective and "'unsafe-eval'" not in effective, csp


def test_privacy_policy_is_shown_in_the_persons_language(server, browser):
    driver = browser("ko-KR")
    complete_onboarding(driver, server)
    open_page(driver, server.url + "/privacy")
    assert path_of(driver) == "/privacy"
    assert html_lang(driver) == "ko"
    body = driver.find_element(By.TAG_NAME, "main").text if driver.find_elements(By.TAG_NAME, "main") \
        else driver.find_element(By.TAG_NAME, "body").text
    assert len(body) > 80, "the privacy policy is nearly empty"
    assert re.search(r"[\uac00-\ud7a3]", body), "the privacy policy is not in Korean"


def test_journal_and_calendar_open_with_navigation(server, browser):
    client = Client(server.url)
    onboard_over_http(client)
    driver = browser("en-US")
    open_page(driver, server.url + "/")  # same origin first, so the cookie can be set
    for cookie in client.cookies:
        driver.add_cookie({"name": cookie.name, "value": cookie.value, "path": cookie.path or "/"})
    for path, marker in (("/journal", "#new-entry"), ("/calendar", "#month-grid")):
        open_page(driver, server.url + path)
        assert path_of(driver) == path
        shown = wait_for(driver, marker)
        assert shown.is_displayed(), f"{path}: {marker} is not shown"
        assert driver.find_elements(By.ID, "app-nav"), f"{path}: no navigation"
