"""What a phone keeps, and how to keep it: Settings → This device says whether the browser keeps Daybook's copy for
good and how much room it has; in Safari outside the Home Screen it says that unvisited sites can be cleared after 7
days and how to add Daybook to the Home Screen; Reminders says why Web Push needs the Home Screen there. In Chromium
(which has its own install prompt) and in WebKit (Safari's engine), in English and Korean.

WebKitGTK is not Safari on an iPhone: it has no Home Screen, so the page is checked as Safari shows it in a tab."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES
from fixtures.pages import WAIT, complete_onboarding, open_page
from fixtures.shots import screenshot
from test_offline import controlled_by_worker

STORAGE = """
    const done = arguments[arguments.length - 1];
    Promise.all([navigator.storage.persisted(), navigator.storage.estimate()])
        .then(([persisted, estimate]) => done({persisted, quota: estimate.quota, asked: localStorage.getItem(
            "daybook.persistAsked")}));
"""


def shown(driver, element_id: str) -> str:
    found = driver.find_elements(By.ID, element_id)
    return found[0].text if found and found[0].is_displayed() else ""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_this_device_says_how_long_the_copy_stays_and_how_to_keep_it(server, browser, engine, lang):
    driver = browser("en-US", width=390, height=844)
    complete_onboarding(driver, server, language=lang)
    open_page(driver, server.url + "/")
    controlled_by_worker(driver, server.url + "/")
    # Daybook keeps pages now: it has asked the browser to keep them for good.
    storage = WebDriverWait(driver, WAIT).until(
        lambda d: (lambda s: s if s["asked"] == "yes" else None)(d.execute_async_script(STORAGE)))

    open_page(driver, server.url + "/settings")
    persistent = WebDriverWait(driver, WAIT).until(lambda d: shown(d, "device-persistent"))
    if lang == "en":
        expected = "is persistent" if storage["persisted"] else "is not persistent"
        assert expected in persistent, persistent
        usage = shown(driver, "device-usage")
        assert " used · " in usage and usage.endswith(" available"), usage
    else:
        assert ("영구 저장이에요" if storage["persisted"] else "영구 저장이 아니에요") in persistent, persistent
        assert "사용 중 · " in shown(driver, "device-usage")

    note = shown(driver, "device-safari-note")
    steps = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#add-to-home-screen li")]
    if engine == "webkit":
        # Safari in a tab: the 7-day rule, and the three steps to the Home Screen, each with its icon.
        assert ("7 days" if lang == "en" else "7일") in note, note
        assert len(steps) == 3 and all(steps), steps
        assert ("Share" if lang == "en" else "공유") in steps[0], steps
        icons = driver.execute_script(
            "return [...document.querySelectorAll('#add-to-home-screen li use')].map((u) => u.getAttribute('href'))")
        assert [icon.rsplit("#", 1)[1] for icon in icons] == ["share", "add", "open"], icons
    else:
        # Chromium offers its own install prompt and keeps no 7-day rule: nothing of Safari's is said.
        assert note == "" and steps == [], (note, steps)
    device = driver.find_element(By.ID, "this-device")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start', behavior: 'instant'})", device)
    # The section's figures (storage used, kept pages) fill in after the page loads and can move it: scroll to it
    # again, as a person would, until it stays at the top.
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "const top = arguments[0].getBoundingClientRect().top;"
        "const there = Math.abs(top) < 2 || scrollY + innerHeight >= document.documentElement.scrollHeight - 1;"
        "if (!there) arguments[0].scrollIntoView({block: 'start', behavior: 'instant'});"
        "return there", device))
    screenshot(driver, f"{lang}-phone-settings-this-device")

    # Reminders: Web Push reaches Daybook only from the Home Screen in Safari, and the page says so.
    open_page(driver, server.url + "/settings/reminders")
    why = WebDriverWait(driver, WAIT).until(lambda d: shown(d, "push-home-screen-only") or engine == "chromium")
    if engine == "webkit":
        assert ("Home Screen" if lang == "en" else "홈 화면") in why and "ntfy" in why, why
    else:
        assert shown(driver, "push-home-screen-only") == ""
    assert driver.find_element(By.ID, "ntfyURL").is_displayed()  # ntfy stays for everyone
