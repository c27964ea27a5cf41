"""Screenshots of the main screens in several languages, at phone and desktop size.

The files (artifacts/screenshots/<lang>-<phone|desktop>-<screen>.png) are for
people to look at; the assertions check what anyone would notice at a glance:
the page is not blank, and the navigation sits where that screen size wants it
(a tab bar along the bottom of a phone, a side bar on the left of a desktop).
Every page with demo data on a phone (<lang>-phone-page-<name>.png) is taken by
the phone's walk in test_accessibility.py, on the same load as its other checks.
"""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from demo_pages import LANGUAGES, check_nav, check_picture, demo_pages, load, set_owner, shoot
from fixtures.pages import WAIT, call, complete_onboarding, open_page, wait_for
from fixtures.shots import screenshot_dir

VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 900)}
BROWSER_LANG = {"en": "en-US", "ko": "ko-KR", "ja": "ja-JP"}


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


def screenshot_path(prefix: str, name: str):
    return screenshot_dir() / f"{prefix}-{name}.png"


def test_the_phone_screens_in_webkit(own_demo_server, webkit_phone):
    """Safari's engine at 390 px, in English and Korean: Today, Focus running, the Journal, the editor, a tracker and
    Settings → This device, as webkit-<lang>-phone-<screen>.png, each with its bar at the bottom."""
    demo_server, driver = own_demo_server, webkit_phone
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
