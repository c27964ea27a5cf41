"""Looking back in a real browser: the morning sleep prompt feeds the Daily Log and the Dashboard,
and the weekly chart draws a bar per day in Korean and Japanese."""

import datetime
import subprocess

from selenium.webdriver.common.by import By

from fixtures.pages import call, click_and_wait, complete_onboarding, open_page, set_value, wait_for
from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, start_server
from fixtures.shots import screenshot

# Zones without daylight saving, by UTC offset: one of them is always in the morning.
ZONES = {
    -11: "Pacific/Pago_Pago", -10: "Pacific/Honolulu", -9: "Pacific/Gambier", -8: "Pacific/Pitcairn",
    -7: "America/Phoenix", -6: "America/Regina", -5: "America/Bogota", -4: "America/La_Paz",
    -3: "America/Argentina/Buenos_Aires", -2: "America/Noronha", -1: "Atlantic/Cape_Verde", 0: "Africa/Abidjan",
    1: "Africa/Lagos", 2: "Africa/Johannesburg", 3: "Europe/Istanbul", 4: "Asia/Dubai", 5: "Asia/Karachi",
    6: "Asia/Dhaka", 7: "Asia/Bangkok", 8: "Asia/Shanghai", 9: "Asia/Seoul", 10: "Australia/Brisbane",
    11: "Pacific/Guadalcanal", 12: "Pacific/Tarawa", 13: "Pacific/Fakaofo", 14: "Pacific/Kiritimati",
}


def morning_zone():
    """A time zone where it is about 8 in the morning now, so Today asks how the night was."""
    hour = datetime.datetime.now(datetime.timezone.utc).hour
    offset = (8 - hour) % 24
    return ZONES[offset if offset <= 14 else offset - 24]


def tap(driver, element):
    """Click as a person would: with the element scrolled to the middle, clear of the sticky save bar."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def chart_bars(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#week-chart rect.bar")


def test_sleep_from_todays_prompt_reaches_the_log_and_the_dashboard(server, browser):
    driver = browser("ko-KR", width=390, height=844)
    complete_onboarding(driver, server, language="ko")
    zone = morning_zone()
    call(server, "PATCH", "/api/v1/settings", {"timeZone": zone})
    open_page(driver, server.url + "/")
    wait_for(driver, "#sleep-prompt")
    click_and_wait(driver, driver.find_element(By.ID, "sleep-4"))
    assert not driver.find_elements(By.ID, "sleep-prompt")

    screenshot(driver, "ko-phone-today-after-sleep")
    # Today links to today's Daily Log, which has it, with the goal completion computed.
    link = driver.find_element(By.ID, "open-log")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    click_and_wait(driver, link)
    assert driver.current_url.endswith("/log")
    checked = driver.find_element(By.CSS_SELECTOR, "input[name='sleepQuality']:checked")
    assert checked.get_attribute("value") == "4"
    assert "집중" in driver.find_element(By.ID, "log-focus").text
    # Note the mood and a reflection; Markdown shows formatted, and script stays text.
    tap(driver, driver.find_element(By.CSS_SELECTOR, "input[name='mood'][value='5']"))
    set_value(driver, driver.find_element(By.ID, "reflection"), "**좋은** 하루\n\n- 산책\n- <b>독서</b>")
    click_and_wait(driver, driver.find_element(By.ID, "save-log"))
    view = wait_for(driver, "#reflection-view")
    assert view.find_element(By.TAG_NAME, "strong").text == "좋은"
    assert [li.text for li in view.find_elements(By.TAG_NAME, "li")] == ["산책", "<b>독서</b>"]
    screenshot(driver, "ko-phone-log")

    # The Dashboard's daily record for today shows sleep and mood in Korean.
    open_page(driver, server.url + "/stats")
    today = driver.find_element(By.CSS_SELECTOR, "#records tbody tr").get_attribute("id").removeprefix("record-")
    row = driver.find_element(By.ID, f"record-{today}")
    assert row.find_element(By.CSS_SELECTOR, ".sleep").text == "잘 잤어요"
    assert row.find_element(By.CSS_SELECTOR, ".mood").text == "아주 좋았어요"
    # The week chart: seven bars, Korean weekday labels, today's among them.
    assert len(chart_bars(driver)) == 7
    labels = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#week-chart text.axis[text-anchor='middle']")]
    assert labels == ["월", "화", "수", "목", "금", "토", "일"]
    assert today in [b.get_attribute("data-day") for b in chart_bars(driver)]
    screenshot(driver, "ko-phone-stats")

    # From the record back to the day's log.
    link = row.find_element(By.TAG_NAME, "a")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    click_and_wait(driver, link)
    assert driver.current_url.endswith(f"/log/{today}")


def test_dashboard_on_years_of_demo_data_in_japanese_and_english(tmp_path, browser):
    data = tmp_path / "data"
    binary = daybook_binary()
    subprocess.run([str(binary), "demo", "--years", "2", "--photos", "0", "--data-dir", str(data)], check=True,
                   capture_output=True, timeout=120)
    server = start_server(binary, data, LOG_DIR / "stats-demo.log")
    try:
        call(server, "PATCH", "/api/v1/settings", {"language": "ja"})
        driver = browser("ja-JP", width=1280, height=1000)
        open_page(driver, server.url + "/stats")
        bars = chart_bars(driver)
        assert len(bars) == 7
        labels = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#week-chart text.axis[text-anchor='middle']")]
        assert labels[0] == "月" and len(labels) == 7
        # Each bar's height follows its minutes (the tallest bar is the most focused day).
        minutes = [int(b.get_attribute("data-minutes")) for b in bars]
        heights = [b.rect["height"] for b in bars]
        assert heights.index(max(heights)) == minutes.index(max(minutes))
        assert len(driver.find_elements(By.CSS_SELECTOR, "#heatmap rect.heat")) >= 365
        assert "睡眠" in driver.find_element(By.ID, "insight").text
        screenshot(driver, "ja-desktop-stats")

        # A week back and forth keeps the chart whole.
        click_and_wait(driver, driver.find_element(By.ID, "previous-week"))
        assert len(chart_bars(driver)) == 7
        assert driver.find_elements(By.ID, "this-week")

        call(server, "PATCH", "/api/v1/settings", {"language": "en", "appearance": "dark"})
        phone = browser("en-US", width=390, height=844)
        open_page(phone, server.url + "/stats")
        assert len(chart_bars(phone)) == 7
        # The records page on: 14 days, then older ones.
        assert len(phone.find_elements(By.CSS_SELECTOR, "#records tbody tr")) == 14
        screenshot(phone, "en-phone-stats-dark")
        older = phone.find_element(By.ID, "records-older")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", older)
        click_and_wait(phone, older)
        assert len(phone.find_elements(By.CSS_SELECTOR, "#records tbody tr")) == 14
    finally:
        server.stop()
