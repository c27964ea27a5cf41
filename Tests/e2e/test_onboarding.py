"""Onboarding, as a Korean speaker meets it on a fresh install."""

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from fixtures.pages import assert_page_ok, click_and_wait, html_lang, nav_link, open_page, path_of, set_value, wait_for

# A fresh install: the server makes its ambient loops while the person onboards.
pytestmark = pytest.mark.first_start

HANGUL = re.compile(r"[\uac00-\ud7a3]")
NAV_PATHS = ("/", "/timeline", "/journal", "/calendar", "/stats", "/settings")


def test_korean_browser_completes_onboarding_in_korean(server, browser):
    driver = browser("ko-KR")
    open_page(driver, server.url + "/")

    # A fresh install sends a first visit to the welcome step, in Korean.
    assert path_of(driver) == "/onboarding"
    wait_for(driver, "form#onboarding-language")
    assert html_lang(driver) == "ko"
    select = Select(driver.find_element(By.ID, "language"))
    assert select.first_selected_option.get_attribute("value") == "ko"
    offered = {o.get_attribute("value") for o in select.options}
    assert {"en", "ko", "ja", "zh-Hans"} <= offered
    assert HANGUL.search(driver.find_element(By.TAG_NAME, "body").text), "welcome page is not in Korean"
    click_and_wait(driver, driver.find_element(By.ID, "onboarding-begin"))
    assert_page_ok(driver, "choosing Korean")

    wait_for(driver, "form#onboarding-name")
    assert html_lang(driver) == "ko"
    set_value(driver, driver.find_element(By.ID, "name"), "지민")
    click_and_wait(driver, driver.find_element(By.ID, "onboarding-next"))
    assert_page_ok(driver, "giving a name")

    wait_for(driver, "form#onboarding-journal")
    assert driver.find_elements(By.CSS_SELECTOR, "input[type=radio][name=accentColor]"), \
        "no accent colour choices"
    set_value(driver, driver.find_element(By.ID, "journalName"), "나의 하루")
    click_and_wait(driver, driver.find_element(By.ID, "onboarding-finish"))
    assert_page_ok(driver, "naming the journal")

    # Today greets the person by name, in Korean.
    greeting = wait_for(driver, "#greeting")
    assert path_of(driver) == "/"
    assert greeting.tag_name == "h1"
    assert "지민" in greeting.text
    assert html_lang(driver) == "ko"
    for path in NAV_PATHS:
        nav_link(driver, path)
    assert "설정" in nav_link(driver, "/settings").text

    # It sticks: a new visit goes straight to Today.
    open_page(driver, server.url + "/")
    assert path_of(driver) == "/"
    assert "지민" in wait_for(driver, "#greeting").text


def test_empty_name_is_refused_in_korean_and_saves_nothing(server, browser):
    driver = browser("ko-KR")
    open_page(driver, server.url + "/")
    wait_for(driver, "form#onboarding-language")
    click_and_wait(driver, driver.find_element(By.ID, "onboarding-begin"))
    assert_page_ok(driver, "choosing Korean")

    form = wait_for(driver, "form#onboarding-name")
    # Skip the browser's own check of `required` so the server's answer shows.
    driver.execute_script(
        "arguments[0].noValidate = true;"
        "for (const el of arguments[0].elements) { el.removeAttribute('required');"
        " el.removeAttribute('minlength'); el.removeAttribute('pattern'); }", form)
    set_value(driver, driver.find_element(By.ID, "name"), "")
    click_and_wait(driver, driver.find_element(By.ID, "onboarding-next"))

    # Still on the name step, with an error a Korean speaker can read.
    wait_for(driver, "form#onboarding-name")
    assert html_lang(driver) == "ko"
    errors = driver.find_elements(By.CSS_SELECTOR, "#form-error, .field-error")
    shown = " ".join(e.text for e in errors if e.is_displayed())
    assert shown.strip(), "no error is shown for an empty name"
    assert HANGUL.search(shown), f"the error is not in Korean: {shown!r}"
    assert not driver.find_elements(By.ID, "greeting")

    # Nothing was saved: the next visit still starts onboarding.
    open_page(driver, server.url + "/")
    assert path_of(driver) == "/onboarding"
    assert not driver.find_elements(By.ID, "greeting")
