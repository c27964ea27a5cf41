"""Every page a person reaches, by name, with real ids from the year of demo data; and what the walks over them
check on each page they load.

The walks (test_accessibility.py, test_page_walk.py, test_screenshots.py) run on one server and one browser per
test process (`demo_server` in fixtures/demo.py, `resizable_browser` and `webkit_phone` in fixtures/browsers.py)
and load each page once at a width and language for all their checks: whether it scrolls sideways, its controls'
size, axe, its screenshot and its script errors.
"""

from __future__ import annotations

import urllib.parse

from selenium.webdriver.remote.webdriver import WebDriver

from fixtures.pages import call, open_page, wait_for
from fixtures.servers import Server
from fixtures.shots import png_image_data, screenshot

# name: (width, height); phones are emulated as touch devices.
WIDTHS = {"320": (320, 640), "390": (390, 844), "768": (768, 1024), "desktop": (1280, 900)}
LANGUAGES = {"en": "en-US", "ko": "ko-KR"}


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
        "iphone": "/settings/iphone",
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


# ---- Screenshots: not blank, with the navigation where the screen size wants it ----------------------------------

MIN_BYTES = 5000


def nav_box(driver) -> dict:
    return driver.execute_script("""
        const r = document.getElementById('app-nav').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                width: r.width, height: r.height,
                vw: document.documentElement.clientWidth, vh: window.innerHeight};
    """)


def check_nav(driver, form: str, where: str) -> None:
    """A tab bar along the bottom of a phone ("phone"), a side bar on the left of a desktop."""
    wait_for(driver, "#app-nav")
    box = nav_box(driver)
    if form == "phone":
        assert abs(box["bottom"] - box["vh"]) <= 1, f"{where}: tab bar is not at the bottom: {box}"
        assert box["left"] <= 1 and box["width"] >= box["vw"] - 2, f"{where}: tab bar is not full width: {box}"
    else:
        assert abs(box["left"]) <= 1, f"{where}: side bar is not at the left: {box}"
        assert abs(box["height"] - box["vh"]) <= 2, f"{where}: side bar is not full height: {box}"
        assert box["width"] < box["vw"] / 2, f"{where}: side bar takes half the screen: {box}"


def png_variety(path) -> int:
    """How many different byte values the image data holds.

    A blank or single-colour screen compresses to a handful of values
    whatever filter the encoder chose; text and pictures give close to 256."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return len(set(png_image_data(data)))


def check_picture(path) -> None:
    size = path.stat().st_size
    assert size > MIN_BYTES, f"{path.name} is only {size} bytes"
    assert png_variety(path) >= 64, f"{path.name} looks blank"


def shoot(driver, name: str) -> None:
    """Saves the screen as <name>.png and checks that it shows something: a picture that is not blank, and text."""
    path = screenshot(driver, name)
    check_picture(path)
    text = driver.execute_script("return document.body.innerText.trim().length")
    assert text > 0, f"{path.name}: the page shows no text"


# ---- Script errors ------------------------------------------------------------------------------------------------
#
# What each engine lets a test see:
# - Chromium: its console log (every error the page wrote or threw, from the first byte), read through the driver.
# - WebKit: WebKitGTK's driver has no console log (nor WebDriver BiDi). Each page's modules are imported again
#   once it has loaded — a module that threw or failed to parse while loading fails that import with the same
#   error — and from then on errors, rejections and console.error are caught in the page while it settles.
#   An error thrown asynchronously during loading and never again is therefore seen only in Chromium.

LISTEN = """
    window.__walkErrors = [];
    const note = (what) => window.__walkErrors.push(String(what).slice(0, 300));
    addEventListener("error", (e) => note(e.message || (e.target && (e.target.src || e.target.href)) || e), true);
    addEventListener("unhandledrejection", (e) => note("unhandled rejection: " + (e.reason && e.reason.stack
        ? e.reason.message : e.reason)));
    const error = console.error.bind(console);
    console.error = (...args) => { note("console.error: " + args.join(" ")); error(...args); };
"""

REIMPORT = """
    const done = arguments[arguments.length - 1];
    const modules = [...document.querySelectorAll('script[type=module][src]')].map((s) => s.src);
    Promise.all(modules.map((src) => import(src).then(() => null, (e) => `${src}: ${e && e.message || e}`)))
        .then((failed) => done(failed.filter(Boolean)));
"""

SETTLED = """
    const done = arguments[arguments.length - 1];
    // Two frames, then a quiet moment with no resource still arriving.
    let seen = -1;
    const check = () => {
        const now = performance.getEntriesByType('resource').length;
        if (now === seen) { done(true); return; }
        seen = now;
        setTimeout(check, 250);
    };
    requestAnimationFrame(() => requestAnimationFrame(check));
"""


def chromium_console_errors(driver) -> list[str]:
    """What Chromium's console said at the level of an error since it was last asked."""
    return [entry["message"][:300] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def listen_for_script_errors(driver) -> list[str]:
    """Right after a page loaded: starts catching its errors, and imports its modules again (what failed)."""
    driver.execute_script(LISTEN)
    return driver.execute_async_script(REIMPORT)


def script_errors_once_settled(driver, failed_imports: list[str]) -> list[str]:
    """Waits for the page to settle; then every error it reported since it loaded (in Chromium, from its console
    log, which `chromium_console_errors` must have emptied before the page was opened)."""
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 15).until(lambda d: d.execute_async_script(SETTLED))
    errors = failed_imports + driver.execute_script("return window.__walkErrors")
    if getattr(driver, "daybook_engine", "chromium") == "chromium":
        errors += chromium_console_errors(driver)
    return errors
