"""Offline on the phone, with the server process really stopped: the focus timer runs from the device's clock and
its session arrives with the times the person acted, exactly once, also after a forced second replay."""

import csv
import io
import urllib.parse
import urllib.request
from datetime import datetime

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WAIT, complete_onboarding, open_page, restart_server, screenshot, wait_for
from test_offline import KEPT, OUTBOX, controlled_by_worker, go, replay, waiting_count


def click_at(driver, element_id: str) -> tuple[int, int]:
    """Clicks a button; the device's clock just before and just after, in milliseconds."""
    before = driver.execute_script("return Date.now()")
    driver.find_element(By.ID, element_id).click()
    after = driver.execute_script("return Date.now()")
    return before, after


def shown(driver, element_id: str) -> bool:
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]); return !!e && !e.closest('[hidden]')", element_id)


def sessions(server) -> list[dict]:
    with urllib.request.urlopen(server.url + "/api/v1/export/sessions.csv", timeout=10) as response:
        return list(csv.DictReader(io.StringIO(response.read().decode())))


def epoch_ms(text: str) -> int:
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


def test_a_focus_session_run_offline_arrives_once_with_its_true_times(server, browser):
    driver = browser("en-US", width=420, height=900)
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/focus")
    controlled_by_worker(driver, server.url + "/focus")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_async_script(KEPT, "/focus"))

    server.stop()
    go(driver, server.url + "/focus")
    wait_for(driver, "#offline-banner")
    driver.execute_script("document.getElementById('sound').value = 'none'")

    # Started from the kept page: the timer runs from the device's clock, and the start waits, marked.
    started = click_at(driver, "focus-start")
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")
    assert shown(driver, "focus-pause") and not shown(driver, "focus-start")
    assert "Waiting" in driver.find_element(By.ID, "focus-status").get_attribute("textContent")
    first = driver.find_element(By.ID, "focus-display").text
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "focus-display").text != first)

    paused = click_at(driver, "focus-pause")
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "2 changes waiting")
    assert shown(driver, "focus-resume")
    resumed = click_at(driver, "focus-resume")
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "3 changes waiting")

    # Reloaded offline mid-session: the page shows the timer the waiting changes make, still running.
    go(driver, server.url + "/focus")
    wait_for(driver, "#offline-banner")
    WebDriverWait(driver, WAIT).until(lambda d: shown(d, "focus-pause") and shown(d, "focus-waiting"))
    screenshot(driver, "en-phone-offline-focus")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return Date.now()") > resumed[1] + 1500)
    stopped = click_at(driver, "focus-stop")
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "4 changes waiting")
    assert shown(driver, "focus-start")
    waiting = driver.execute_async_script(OUTBOX)
    times = [int(dict(urllib.parse.parse_qsl(item["body"]))["at"]) for item in waiting]
    for (before, after), at in zip([started, paused, resumed, stopped], times):
        assert before <= at <= after, (before, at, after)

    restarted = restart_server(server)
    try:
        open_page(driver, restarted.url + "/focus")
        WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])
        # A forced second replay: the first answers again, nothing written twice.
        assert replay(driver, restarted, waiting) == ["303 true"] * 4
        recorded = sessions(restarted)
        assert len(recorded) == 1, recorded
        session = recorded[0]
        assert abs(epoch_ms(session["startedAt"]) - times[0]) <= 1000, (session, times)
        assert abs(epoch_ms(session["endedAt"]) - times[3]) <= 1000, (session, times)
        focused = ((times[1] - times[0]) + (times[3] - times[2])) / 1000
        assert abs(int(session["focusedSeconds"]) - focused) <= 1, (session, focused)
        assert abs(int(session["pausedSeconds"]) - (times[2] - times[1]) / 1000) <= 1, session
        # The page now shows what the server has: idle, nothing waiting.
        WebDriverWait(driver, WAIT).until(lambda d: not d.find_elements(By.ID, "focus-waiting"))
        assert shown(driver, "focus-start")
    finally:
        assert restarted.stop() == 0

