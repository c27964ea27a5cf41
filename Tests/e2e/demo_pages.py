"""A server with a year of demo data, every page of it by name, and one browser that changes its size and language.

The page checks (tests/test_accessibility.py) and the screenshots (test_screenshots.py) walk the same pages:
one server and one browser per test module, the pages, widths and languages iterated inside.
"""

from __future__ import annotations

import subprocess
import urllib.parse

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from conftest import (LOG_DIR, Server, call, daybook_binary, make_driver, open_page, set_viewport,  # noqa: F401
                      start_server)

# name: (width, height); phones are emulated as touch devices.
WIDTHS = {"320": (320, 640), "390": (390, 844), "768": (768, 1024), "desktop": (1280, 900)}
LANGUAGES = {"en": "en-US", "ko": "ko-KR"}


@pytest.fixture(scope="module")
def demo_server(tmp_path_factory):
    """`daybook serve` over a year of demo data (a few photos), shared by the tests of one module."""
    data = tmp_path_factory.mktemp("demo") / "data"
    binary = daybook_binary()
    subprocess.run([str(binary), "demo", "--years", "1", "--photos", "3", "--data-dir", str(data)],
                   check=True, capture_output=True, timeout=300)
    server = start_server(binary, data, LOG_DIR / f"demo-{tmp_path_factory.getbasetemp().name}.log")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def resizable_browser():
    """One headless Chromium for the module; `set_viewport` makes it a phone or a desktop."""
    driver = make_driver("en-US", 390, 844)
    yield driver
    driver.quit()


def set_owner(server: Server, **settings) -> None:
    """Language and appearance are the owner's settings: every page follows them."""
    call(server, "PATCH", "/api/v1/settings", settings)


def demo_pages(server: Server) -> dict[str, str]:
    """name → path of every page a person reaches, with real ids from the demo data."""
    entries = call(server, "GET", "/api/v1/entries")["entries"][:10]
    entry = entries[0]["id"]
    word = next(w for e in entries for w in (e.get("title") or "").split() if len(w) >= 4)
    trackers = call(server, "GET", "/api/v1/trackers")["trackers"]
    tracker = trackers[0]["id"]
    day = call(server, "GET", "/api/v1/tasks")
    task_list = day["blocks"] + day["anytime"]
    pages = {
        "today": "/", "timeline": "/timeline", "focus": "/focus", "journal": "/journal",
        "entry": f"/journal/{entry}", "editor": f"/journal/{entry}/edit", "new-entry": "/journal/new",
        "search": "/search?" + urllib.parse.urlencode({"q": word}), "trash": "/journal/trash",
        "calendar": "/calendar", "map": "/map", "trackers": "/trackers", "tracker": f"/trackers/{tracker}",
        "tracker-edit": f"/trackers/{tracker}/edit", "new-tracker": "/trackers/new", "stats": "/stats",
        "log": "/log", "settings": "/settings", "connections": "/settings/connections",
        "backups": "/settings/backups", "reminders": "/settings/reminders", "devices": "/settings/devices",
        "privacy": "/privacy", "more": "/more",
        "offline": "/offline",
    }
    if task_list:
        pages["task-edit"] = f"/timeline/tasks/{task_list[0]['id']}/edit"
    return pages


def load(driver: WebDriver, server: Server, path: str) -> None:
    open_page(driver, server.url + path)
    # Pages that draw after loading (the map, charts) settle within a frame or two.
    driver.execute_async_script(
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")
