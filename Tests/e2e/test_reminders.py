"""Reminders in a real browser: the settings page saves what to be reminded of, refuses a bad time in the
owner's language, and asks for notification permission only when tapped."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.network import requested_urls
from fixtures.pages import call, complete_onboarding, open_page, wait_for
from fixtures.shots import screenshot


def test_reminder_settings_are_saved_and_a_bad_time_is_refused(server, browser):
    driver = browser("ko-KR", 390, 844, mobile=True)
    complete_onboarding(driver, server, language="ko")
    open_page(driver, server.url + "/settings")
    link = wait_for(driver, "#reminders-link")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    time = wait_for(driver, "#journalTime")
    # Nothing is asked of the browser until the button is tapped.
    assert driver.execute_script("return Notification.permission") == "default"
    time.clear()
    time.send_keys("25:00")
    driver.execute_script("document.getElementById('reminders-form').requestSubmit()")
    error = wait_for(driver, "#journalTime-error")
    assert "HH:MM" in error.text and "21:30" in error.text
    time = driver.find_element(By.ID, "journalTime")
    time.clear()
    time.send_keys("21:30")
    driver.execute_script("document.getElementById('blockStart').checked = true")
    driver.execute_script("document.getElementById('reminders-form').requestSubmit()")
    wait_for(driver, "#flash")
    screenshot(driver, "reminders-phone-ko")
    saved = call(server, "GET", "/api/v1/reminders")
    assert saved["journalTime"] == "21:30" and saved["blockStart"] is True and saved["webPush"] is False

    # Allowed on this device: the page says so (Web Push itself needs the vendor's push service, which a
    # test browser does not have; the Swift tests act as one).
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["notifications"]})
    allow = driver.find_element(By.ID, "allow-notifications")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", allow)
    allow.click()
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "notification-state").text.strip() != "")
    foreign = [url for url in requested_urls(driver)
               if not url.startswith((server.url, "data:", "blob:", "about:", "chrome"))]
    assert foreign == [], foreign
