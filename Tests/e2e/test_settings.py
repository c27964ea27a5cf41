"""Settings: the language and the accent colour, as a person changes them."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from fixtures.network import document_statuses
from fixtures.pages import (accent, assert_page_ok, click_and_wait, complete_onboarding, html_lang, nav_link, open_page,
                            path_of, set_value, wait_for)


def open_settings(driver, server):
    open_page(driver, server.url + "/settings")
    wait_for(driver, "form#settings-form")
    assert path_of(driver) == "/settings"


def save(driver):
    click_and_wait(driver, driver.find_element(By.ID, "settings-save"))


def test_switching_to_japanese_turns_the_pages_japanese(server, browser):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    assert html_lang(driver) == "en"
    assert "Settings" in nav_link(driver, "/settings").text

    open_settings(driver, server)
    for field in ("name", "journalName", "language", "accentColor", "appearance", "timeZone",
                  "firstWeekday", "units", "focusMinutes", "focusSound"):
        assert driver.find_elements(By.ID, field), f"settings has no #{field}"
    assert driver.find_element(By.ID, "name").get_attribute("value") == "Alex"
    Select(driver.find_element(By.ID, "language")).select_by_value("ja")
    save(driver)
    assert_page_ok(driver, "saving Japanese")

    assert path_of(driver) == "/settings"
    assert wait_for(driver, "#flash").text.strip(), "no confirmation after saving"
    assert html_lang(driver) == "ja"
    assert "設定" in nav_link(driver, "/settings").text
    assert Select(driver.find_element(By.ID, "language")).first_selected_option.get_attribute("value") == "ja"

    # Every page now speaks Japanese, not just the one after saving.
    open_page(driver, server.url + "/")
    assert html_lang(driver) == "ja"
    assert "設定" in nav_link(driver, "/settings").text


def test_accent_colour_changes_the_theme_and_bad_hex_is_refused(server, browser):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    open_settings(driver, server)
    before = accent(driver)
    assert before, "theme.css defines no --accent"
    stylesheets = [l.get_attribute("href") or "" for l in
                   driver.find_elements(By.CSS_SELECTOR, "link[rel=stylesheet]")]
    assert any("/theme.css" in href for href in stylesheets), stylesheets

    set_value(driver, driver.find_element(By.ID, "accentColor"), "#b03a2e")
    save(driver)
    assert_page_ok(driver, "saving #b03a2e")
    assert path_of(driver) == "/settings"
    wait_for(driver, "#flash")
    after = accent(driver)
    assert after and after != before, f"--accent stayed {before!r} after choosing #b03a2e"
    assert (driver.find_element(By.ID, "accentColor").get_attribute("value") or "").lower() == "#b03a2e"

    # A broken colour (and a new name typed with it) is refused as a whole.
    set_value(driver, driver.find_element(By.ID, "accentColor"), "#12")
    set_value(driver, driver.find_element(By.ID, "name"), "Alexandra")
    save(driver)
    status = document_statuses(driver)[-1]
    assert status[1] == 422, f"expected 422 for a bad colour, as the API answers it, got {status}"
    assert wait_for(driver, "#form-error").text.strip(), "no error summary"
    field_errors = [e for e in driver.find_elements(By.CSS_SELECTOR, ".field-error") if e.text.strip()]
    assert field_errors, "no error beside the field"
    # What was typed is shown again, so nothing has to be retyped.
    assert driver.find_element(By.ID, "accentColor").get_attribute("value") == "#12"
    assert driver.find_element(By.ID, "name").get_attribute("value") == "Alexandra"
    assert html_lang(driver) == "en"
    assert accent(driver) == after

    # And nothing was saved.
    open_settings(driver, server)
    assert accent(driver) == after
    assert driver.find_element(By.ID, "name").get_attribute("value") == "Alex"


def test_errors_are_in_the_persons_language(server, browser):
    driver = browser("ko-KR")
    complete_onboarding(driver, server)
    open_settings(driver, server)
    assert html_lang(driver) == "ko"
    set_value(driver, driver.find_element(By.ID, "accentColor"), "teal-ish")
    save(driver)
    summary = wait_for(driver, "#form-error").text
    assert any("\uac00" <= ch <= "\ud7a3" for ch in summary), f"error not in Korean: {summary!r}"
