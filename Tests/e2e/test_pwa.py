"""The installable app: manifest, icons, service worker and the offline page."""

import json
import re
import struct
import urllib.parse

import pytest
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

from daybook_http import Client, parse_page
from fixtures.engines import ENGINES
from fixtures.pages import complete_onboarding, open_page, wait_for
from fixtures.servers import STOP_TIMEOUT
from fixtures.shots import screenshot


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifest_describes_an_installable_app(server):
    client = Client(server.url)
    page = client.get("/onboarding")
    manifests = [l for l in parse_page(page.text).links if "manifest" in l.get("rel", "").split()]
    assert manifests, "pages do not link the web app manifest"

    manifest_url = urllib.parse.urljoin(page.url, manifests[0]["href"])
    resp = client.get(manifest_url)
    assert resp.status == 200
    assert "json" in (resp.header("Content-Type") or ""), resp.header("Content-Type")
    manifest = json.loads(resp.text)
    for key in ("name", "icons", "start_url", "theme_color"):
        assert manifest.get(key), f"manifest has no {key}"
    assert manifest.get("display") in ("standalone", "fullscreen", "minimal-ui"), manifest.get("display")

    sizes_seen: set[str] = set()
    purposes: set[str] = set()
    for icon in manifest["icons"]:
        icon_resp = client.get(urllib.parse.urljoin(resp.url, icon["src"]))
        assert icon_resp.status == 200, f"{icon['src']}: status {icon_resp.status}"
        declared = icon.get("type") or ("image/svg+xml" if icon["src"].endswith(".svg") else "image/png")
        content_type = (icon_resp.header("Content-Type") or "").split(";")[0].strip()
        assert content_type == declared, f"{icon['src']}: served as {content_type}"
        purposes.update((icon.get("purpose") or "any").split())
        if content_type == "image/png":
            width, height = png_size(icon_resp.body)
            assert icon.get("sizes") == f"{width}x{height}", f"{icon['src']}: sizes say {icon.get('sizes')}"
            sizes_seen.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes_seen, sizes_seen
    assert "maskable" in purposes, "no maskable icon for Android home screens"

    # Safari reads its own tags for a Home Screen app: the icon (an opaque 180 px PNG), the name under it,
    # a full-screen launch and the status bar's style.
    touch = [l for l in parse_page(page.text).links if l.get("rel") == "apple-touch-icon"]
    assert touch and touch[0].get("sizes") == "180x180", touch
    icon = client.get(urllib.parse.urljoin(page.url, touch[0]["href"]))
    assert icon.status == 200 and png_size(icon.body) == (180, 180)
    assert icon.body[25] in (2, 0), "the touch icon has an alpha channel: iOS fills transparency with black"
    for name, value in (("apple-mobile-web-app-capable", "yes"), ("apple-mobile-web-app-status-bar-style", "default"),
                        ("apple-mobile-web-app-title", manifest.get("short_name") or manifest["name"])):
        assert re.search(rf'<meta name="{name}" content="{re.escape(value)}">', page.text), (name, value)


def service_worker_state(driver) -> dict:
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        if (!('serviceWorker' in navigator)) { done({supported: false}); return; }
        const timer = setTimeout(() => done({supported: true, ready: false}), 10000);
        navigator.serviceWorker.ready.then((reg) => {
            clearTimeout(timer);
            const c = navigator.serviceWorker.controller;
            done({supported: true, ready: true,
                  state: reg.active ? reg.active.state : null,
                  script: reg.active ? reg.active.scriptURL : null,
                  controlled: !!c});
        }).catch((e) => { clearTimeout(timer); done({supported: true, error: String(e)}); });
    """)


@pytest.mark.parametrize("engine", ENGINES)
def test_service_worker_takes_over_and_shows_the_offline_page(server, browser, engine):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/")

    state = {}
    reloaded = False

    def controlled(d) -> bool:
        nonlocal state, reloaded
        state = service_worker_state(d)
        assert state.get("supported"), "no service worker support in the browser"
        active = state.get("ready") and state.get("state") == "activated"
        if active and not state.get("controlled") and not reloaded:
            # A worker that does not claim open pages controls the next load.
            reloaded = True
            open_page(d, server.url + "/")
        return bool(active and state.get("controlled"))

    try:
        WebDriverWait(driver, 30, poll_frequency=0.2).until(controlled)
    except TimeoutException:
        pass  # the assertions below say what was missing
    assert state.get("ready"), f"the service worker never became ready: {state}"
    assert (state.get("script") or "").endswith("/sw.js"), state
    assert state.get("controlled"), f"the page is not controlled by the service worker: {state}"

    # The server goes away (a laptop closes, the phone leaves home Wi-Fi).
    code = server.stop()
    assert server.stopped_in is not None and server.stopped_in <= STOP_TIMEOUT
    assert code == 0, f"server exited with {code}"

    try:
        # A page the device does not keep (Today is kept: test_offline.py).
        driver.get(server.url + "/privacy")
    except WebDriverException:
        pass  # a failed navigation is reported as an error by some drivers
    offline = wait_for(driver, "#offline")
    WebDriverWait(driver, 5).until(lambda d: offline.is_displayed())
    assert offline.text.strip(), "the offline page says nothing"
    screenshot(driver, "en-desktop-offline")
