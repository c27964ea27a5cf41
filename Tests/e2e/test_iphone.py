"""Settings → On your iPhone, as a person sets up a shortcut: make a Shortcuts token, read each action's address,
header and body with the token already in them, and try an action before putting it in a shortcut."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.browsers import set_viewport
from fixtures.engines import ENGINES
from fixtures.pages import WAIT, call, click_and_wait, complete_onboarding, open_page, set_value, tap, wait_for
from fixtures.shots import screenshot


def shown(driver, element_id: str) -> str:
    return (driver.execute_script(
        "return document.getElementById(arguments[0])?.textContent.trim() ?? ''", element_id) or "")


def tap_and_wait(driver, element) -> None:
    """A tap on a link or a form's button, brought to the middle of the screen as a finger scrolls to it (the
    phone's bottom bar covers its foot), and the page it loads."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    click_and_wait(driver, element)


def try_action(driver, action: str) -> str:
    """Taps Try it under an action and waits for what Daybook answered."""
    tap(driver, driver.find_element(By.CSS_SELECTOR, f"#action-{action} button.try"))
    WebDriverWait(driver, WAIT).until(lambda d: shown(d, f"result-{action}"),
                                      message=f"Try it on {action} showed no answer")
    return shown(driver, f"result-{action}")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_shortcuts_token_made_and_an_action_tried(server, browser, engine):
    driver = browser("en-US", 390, 844)
    complete_onboarding(driver, server, language="en")
    meditate = call(server, "POST", "/api/v1/trackers", {"name": "Meditate", "kind": "boolean"})["id"]
    call(server, "POST", "/api/v1/tasks", {"title": "Deep work", "start": "23:00", "duration": 30})

    open_page(driver, server.url + "/settings")
    tap_and_wait(driver, driver.find_element(By.ID, "iphone-link"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "On your iPhone"
    # Before a token is made, Try it says what is missing and sends nothing.
    assert "Make a Shortcuts token" in try_action(driver, "tick")
    assert call(server, "GET", "/api/v1/trackers")["trackers"][0]["today"]["value"] is None

    tap_and_wait(driver, driver.find_element(By.ID, "make-shortcuts-token"))
    token = shown(driver, "new-shortcuts-token")
    assert len(token) > 20
    assert driver.find_element(By.ID, "phone-token").get_attribute("value") == token
    # The examples are what goes into "Get Contents of URL", with this page's address and the token filled in.
    assert shown(driver, "url-tick") == f"{server.url}/api/v1/trackers/{meditate}/values/today"
    assert shown(driver, "header-tick") == f"Bearer {token}"
    assert shown(driver, "body-tick") == '{"value": true}'
    assert shown(driver, "script-url") == f"{server.url}/widgets/scriptable.js?token={token}"
    screenshot(driver, "en-phone-iphone-token")

    # Trying an action makes the real change and shows the sentence a shortcut would.
    assert try_action(driver, "tick") == "Meditate done"
    assert call(server, "GET", "/api/v1/trackers")["trackers"][0]["today"]["label"] == "Done"
    assert "Meditate" in try_action(driver, "choices") and "Deep work" in try_action(driver, "choices")
    started = try_action(driver, "focusStart")
    assert started.startswith("Focus started: Deep work"), started
    assert call(server, "GET", "/api/v1/focus")["isRunning"] is True
    assert try_action(driver, "focusStop").startswith("Focus stopped")

    # A token typed wrong is refused with the reason, and the examples follow what is typed.
    field = driver.find_element(By.ID, "phone-token")
    set_value(driver, field, "typed-wrong")
    assert shown(driver, "header-block") == "Bearer typed-wrong"
    assert "not known" in try_action(driver, "block")
    assert call(server, "GET", "/api/v1/tasks")["anytime"] == []


def test_the_page_in_japanese_on_a_desktop(server, browser):
    driver = browser("ja-JP", 1280, 900)
    complete_onboarding(driver, server, language="ja")
    open_page(driver, server.url + "/settings/iphone")
    assert driver.find_element(By.TAG_NAME, "h1").text == "iPhoneで使う"
    steps = driver.find_elements(By.CSS_SELECTOR, "#guides ol li")
    assert len(steps) >= 15 and all(step.text.strip() for step in steps)
    assert "ショートカット" in driver.find_element(By.ID, "make-shortcuts-token").text
    screenshot(driver, "ja-desktop-iphone")
    set_viewport(driver, 390, 844)
    wait_for(driver, "#actions")
    screenshot(driver, "ja-phone-iphone")
