"""The app icon's badge in a real browser: off by default (cleared once, never set); turned on in Settings →
Reminders it shows what is left today, and each tick on Today takes one off. A wrong value is refused by the API
and changes nothing; "Send a test reminder" says no device has reminders on yet in a browser without a push
service. The page's calls to the Badging API are recorded by a script the browser runs before each page's own."""

import urllib.error

import pytest
from selenium.webdriver.support.ui import Select, WebDriverWait

from fixtures.pages import call, click_and_wait, complete_onboarding, open_page, wait_for
from fixtures.shots import screenshot

# Stands in for the Badging API (a headless browser draws no icon) and keeps every call, across pages.
RECORD = """
for (const name of ["setAppBadge", "clearAppBadge"]) {
  Object.defineProperty(Navigator.prototype, name, {
    configurable: true, writable: true,
    value: function (...args) {
      const kept = JSON.parse(localStorage.getItem("test.badgeCalls") || "[]");
      localStorage.setItem("test.badgeCalls", JSON.stringify([...kept, [name, ...args]]));
      return Promise.resolve();
    },
  });
}
"""


def calls(driver) -> list:
    return driver.execute_script("return JSON.parse(localStorage.getItem('test.badgeCalls') || '[]')")


def forget_calls(driver) -> None:
    driver.execute_script("localStorage.removeItem('test.badgeCalls')")


def last_badge(driver):
    made = [call[1] for call in calls(driver) if call[0] == "setAppBadge"]
    return made[-1] if made else None


def tick(driver, tracker_id: str) -> None:
    button = wait_for(driver, f"#toggle-{tracker_id}")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_the_badge_counts_what_is_left_today_and_goes_down_with_each_tick(server, browser):
    driver = browser("en-US", width=390, height=844)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD})
    complete_onboarding(driver, server)
    trackers = [call(server, "POST", "/api/v1/trackers", {"name": name, "kind": "boolean"})
                for name in ("Read", "Walk", "Stretch")]
    call(server, "POST", "/api/v1/trackers", {"name": "Water", "kind": "number"})
    call(server, "POST", "/api/v1/tasks", {"title": "Call mum"})

    # Off (the default): the pages clear the badge once and never set one, however many are opened.
    open_page(driver, server.url + "/")
    WebDriverWait(driver, 10).until(lambda d: calls(d) == [["clearAppBadge"]],
                                    message=f"the badge was not cleared once: {calls(driver)}")
    open_page(driver, server.url + "/trackers")
    wait_for(driver, f"#toggle-{trackers[0]['id']}")
    open_page(driver, server.url + "/")
    wait_for(driver, f"#toggle-{trackers[0]['id']}")
    assert calls(driver) == [["clearAppBadge"]], "the badge was cleared again, or set while off"

    # A wrong value is refused with a reason, and nothing changes.
    with pytest.raises(urllib.error.HTTPError) as refused:
        call(server, "PATCH", "/api/v1/settings", {"appBadge": "sometimes"})
    assert refused.value.code == 422 and "appBadge" in refused.value.read().decode()
    assert call(server, "GET", "/api/v1/settings")["values"]["appBadge"] == "off"

    # Turned on in Settings → Reminders.
    forget_calls(driver)
    open_page(driver, server.url + "/settings/reminders")
    Select(wait_for(driver, "#appBadge")).select_by_value("leftToday")
    driver.execute_script("document.getElementById('reminders-form').requestSubmit()")
    wait_for(driver, "#flash")
    assert call(server, "GET", "/api/v1/settings")["values"]["appBadge"] == "leftToday"
    # Three yes/no trackers and a block: the number tracker is not counted.
    WebDriverWait(driver, 10).until(lambda d: last_badge(d) == 4, message=f"badge calls: {calls(driver)}")
    screenshot(driver, "reminders-badge-phone-en")

    # On Today each tick takes one off, as the person sees it happen.
    open_page(driver, server.url + "/")
    WebDriverWait(driver, 10).until(lambda d: last_badge(d) == 4, message=f"badge calls: {calls(driver)}")
    seen = [4]
    for left, tracker in zip((3, 2, 1), trackers):
        tick(driver, tracker["id"])
        WebDriverWait(driver, 10).until(lambda d: last_badge(d) == left,
                                        message=f"after ticking {tracker['name']}: {calls(driver)}")
        seen.append(left)
    assert seen == [4, 3, 2, 1]
    assert all(call[0] == "setAppBadge" for call in calls(driver)), calls(driver)
    # An untick puts one back.
    tick(driver, trackers[0]["id"])
    WebDriverWait(driver, 10).until(lambda d: last_badge(d) == 2, message=f"badge calls: {calls(driver)}")

    # The test reminder: this browser has no push service, so no device has reminders on yet — said on the page.
    open_page(driver, server.url + "/settings/reminders")
    send = wait_for(driver, "#send-test")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", send)
    click_and_wait(driver, send)
    result = wait_for(driver, "#test-result")
    assert "No device has reminders on yet" in result.text
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", wait_for(driver, "#appBadge"))
    screenshot(driver, "reminders-test-phone-en")

    # Off again: cleared, and not set from then on.
    forget_calls(driver)
    Select(wait_for(driver, "#appBadge")).select_by_value("off")
    driver.execute_script("document.getElementById('reminders-form').requestSubmit()")
    wait_for(driver, "#flash")
    WebDriverWait(driver, 10).until(lambda d: ["clearAppBadge"] in calls(d), message=f"{calls(driver)}")
    open_page(driver, server.url + "/")
    wait_for(driver, f"#toggle-{trackers[0]['id']}")
    assert calls(driver) == [["clearAppBadge"]], calls(driver)
