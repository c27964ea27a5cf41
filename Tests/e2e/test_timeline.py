"""The Timeline page in a real browser: blocks placed on the hours, side by side when they overlap."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import click_and_wait, complete_onboarding, open_page, screenshot, set_value, wait_for


def test_blocks_are_placed_on_the_hours(server, browser):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/timeline?date=2026-11-23")
    wait_for(driver, "#task-form")
    for title, start, length in (("Write", "09:00", "2h"), ("Standup", "09:30", "15m")):
        set_value(driver, driver.find_element(By.ID, "title"), title)
        set_value(driver, driver.find_element(By.ID, "start"), start)
        set_value(driver, driver.find_element(By.ID, "duration"), length)
        Select(driver.find_element(By.ID, "repeat")).select_by_value("none")
        click_and_wait(driver, driver.find_element(By.ID, "task-add"))
        assert "date=2026-11-23" in driver.current_url

    WebDriverWait(driver, 10).until(lambda d: "placed" in d.find_element(By.ID, "day").get_attribute("class"))
    write = driver.find_element(By.CSS_SELECTOR, ".block[data-start='540']")
    standup = driver.find_element(By.CSS_SELECTOR, ".block[data-start='570']")
    a, b = write.rect, standup.rect
    # Overlapping blocks sit side by side, each placed at its start time.
    assert abs(a["width"] - b["width"]) < 2 and b["x"] > a["x"] + a["width"] - 8
    assert b["y"] - a["y"] == 24  # half an hour at 48 px an hour
    assert abs(a["height"] - 2 * 48) <= 4
    screenshot(driver, "en-desktop-timeline")

    # A broken time is refused with the reason next to the field, and nothing is added.
    set_value(driver, driver.find_element(By.ID, "title"), "Late")
    set_value(driver, driver.find_element(By.ID, "start"), "23:30")
    set_value(driver, driver.find_element(By.ID, "duration"), "2h")
    click_and_wait(driver, driver.find_element(By.ID, "task-add"))
    assert "midnight" in wait_for(driver, "#duration-error").text
    assert len(driver.find_elements(By.CSS_SELECTOR, ".block")) == 2
