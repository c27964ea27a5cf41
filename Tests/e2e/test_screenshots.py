"""Screenshots of the main screens in several languages, at phone and desktop size.

The files (artifacts/screenshots/<lang>-<phone|desktop>-<screen>.png) are for
people to look at; the assertions check what anyone would notice at a glance:
the page is not blank, and the navigation sits where that screen size wants it
(a tab bar along the bottom of a phone, a side bar on the left of a desktop).
"""

import struct
import zlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WAIT, call, complete_onboarding, make_driver, open_page, quit_driver, screenshot, wait_for
from demo_pages import (LANGUAGES, demo_pages, demo_server, load, resizable_browser,  # noqa: F401
                        set_owner, set_viewport)

VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 900)}
BROWSER_LANG = {"en": "en-US", "ko": "ko-KR", "ja": "ja-JP"}
MIN_BYTES = 5000


def nav_box(driver) -> dict:
    return driver.execute_script("""
        const r = document.getElementById('app-nav').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                width: r.width, height: r.height,
                vw: document.documentElement.clientWidth, vh: window.innerHeight};
    """)


def check_nav(driver, form: str, where: str) -> None:
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
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(idat)))


def check_picture(path) -> None:
    size = path.stat().st_size
    assert size > MIN_BYTES, f"{path.name} is only {size} bytes"
    assert png_variety(path) >= 64, f"{path.name} looks blank"


def shoot(driver, name: str) -> None:
    path = screenshot(driver, name)
    check_picture(path)
    text = driver.execute_script("return document.body.innerText.trim().length")
    assert text > 0, f"{path.name}: the page shows no text"


@pytest.mark.parametrize("form", VIEWPORTS)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_main_screens(server, browser, lang, form):
    width, height = VIEWPORTS[form]
    driver = browser(BROWSER_LANG[lang], width, height)
    prefix = f"{lang}-{form}"

    complete_onboarding(driver, server, shoot=prefix)
    # A phone lays the page out at its own width only when the page asks to.
    assert driver.execute_script("return window.innerWidth") == width, "page is not laid out at screen width"
    for name in ("onboarding", "onboarding-name", "onboarding-journal"):
        check_picture(screenshot_path(prefix, name))

    wait_for(driver, "#greeting")
    shoot(driver, f"{prefix}-today")
    check_nav(driver, form, "today")

    for page in ("settings", "privacy"):
        open_page(driver, f"{server.url}/{page}")
        shoot(driver, f"{prefix}-{page}")
        check_nav(driver, form, page)


@pytest.mark.parametrize("form", VIEWPORTS)
def test_japanese_today(server, browser, form):
    width, height = VIEWPORTS[form]
    driver = browser(BROWSER_LANG["ja"], width, height)
    complete_onboarding(driver, server)
    wait_for(driver, "#greeting")
    shoot(driver, f"ja-{form}-today")
    check_nav(driver, form, "today")


def test_every_page_on_a_phone_with_demo_data(demo_server, resizable_browser):
    """Every page at 390 px in English and Korean, as <lang>-phone-page-<name>.png, with the bar at the bottom."""
    driver = resizable_browser
    set_viewport(driver, *VIEWPORTS["phone"])
    pages = demo_pages(demo_server)
    for lang in LANGUAGES:
        set_owner(demo_server, language=lang, appearance="light")
        for name, path in pages.items():
            load(driver, demo_server, path)
            shoot(driver, f"{lang}-phone-page-{name}")
            if name not in ("focus", "offline"):  # Focus Mode fills the screen; the offline page stands alone
                check_nav(driver, "phone", name)


def screenshot_path(prefix: str, name: str):
    from conftest import screenshot_dir
    return screenshot_dir() / f"{prefix}-{name}.png"


def test_the_phone_screens_in_webkit(demo_server):  # noqa: F811
    """Safari's engine at 390 px, in English and Korean: Today, Focus running, the Journal, the editor, a tracker and
    Settings → This device, as webkit-<lang>-phone-<screen>.png, each with its bar at the bottom."""
    driver = make_driver("en-US", *VIEWPORTS["phone"], engine="webkit")
    try:
        pages = demo_pages(demo_server)
        for lang in LANGUAGES:
            set_owner(demo_server, language=lang, appearance="light")
            for name in ("today", "journal", "editor", "tracker"):
                load(driver, demo_server, pages[name])
                shoot(driver, f"{lang}-phone-{name}")
                if name != "editor":
                    check_nav(driver, "phone", name)
            call(demo_server, "POST", "/api/v1/focus/start", {"minutes": 25, "sound": "none"})
            try:
                load(driver, demo_server, "/focus")
                WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "focus-pause").is_displayed())
                shoot(driver, f"{lang}-phone-focus-running")
            finally:
                call(demo_server, "POST", "/api/v1/focus/stop", {})
            load(driver, demo_server, "/settings")
            device = WebDriverWait(driver, WAIT).until(
                lambda d: d.find_element(By.ID, "this-device").is_displayed()
                and d.find_elements(By.ID, "device-persistent") and d.find_element(By.ID, "this-device"))
            driver.execute_script("arguments[0].scrollIntoView({block: 'start', behavior: 'instant'})", device)
            WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
                "const top = arguments[0].getBoundingClientRect().top;"
                "return Math.abs(top) < 2 || scrollY + innerHeight >= document.documentElement.scrollHeight - 1", device))
            shoot(driver, f"{lang}-phone-settings-this-device")
    finally:
        quit_driver(driver)
