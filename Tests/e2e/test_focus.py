"""Focus Mode in a real browser: start, pause, resume, switch sound, stop; two windows stay in step."""

import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from daybook_http import Client, complete_onboarding as onboard
from fixtures.engines import ENGINES
from fixtures.pages import complete_onboarding, open_page, wait_for
from fixtures.shots import screenshot


def api(server, path="/api/v1/focus"):
    with urllib.request.urlopen(server.url + path, timeout=10) as response:
        return json.loads(response.read())


def seconds(text):
    parts = [int(p) for p in text.split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


def visible(driver, css):
    return [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


@pytest.mark.parametrize("engine", ENGINES)
def test_focus_session_in_the_browser(server, browser, engine):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    driver.find_element(By.ID, "open-focus").click()
    wait_for(driver, "#focus-start-form")
    minutes = driver.find_element(By.ID, "minutes")
    minutes.clear()
    minutes.send_keys("25")
    Select(driver.find_element(By.ID, "sound")).select_by_value("rain")
    driver.find_element(By.ID, "focus-start").click()

    # Running: the controls change without a page load, and the digits count down.
    WebDriverWait(driver, 10).until(lambda d: visible(d, "#focus-pause"))
    assert api(server)["phase"] == "running"
    first = seconds(driver.find_element(By.ID, "focus-display").text)
    assert 24 * 60 <= first <= 25 * 60
    WebDriverWait(driver, 10).until(lambda d: seconds(d.find_element(By.ID, "focus-display").text) < first)
    screenshot(driver, "en-desktop-focus-running")

    # Sound: rain fades in; switching to waves crossfades over one second (two gain ramps at once).
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(
        "return window.daybookAmbient.ramps.some(r => r.sound === 'rain' && r.to === 1)"))
    Select(driver.find_element(By.ID, "focus-sound-now")).select_by_value("waves")
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(
        "return window.daybookAmbient.ramps.some(r => r.sound === 'waves' && r.to === 1)"))
    ramps = driver.execute_script("return window.daybookAmbient.ramps")
    fade_in = next(r for r in ramps if r["sound"] == "waves")
    fade_out = next(r for r in ramps if r["sound"] == "rain" and r["to"] == 0)
    assert fade_in["duration"] == 1 and fade_out["duration"] == 1
    assert abs(fade_in["at"] - fade_out["at"]) < 0.05, ramps
    WebDriverWait(driver, 5).until(lambda d: api(server)["sound"] == "waves")  # the session now plays waves

    # Space pauses: the digits stop.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)
    WebDriverWait(driver, 10).until(lambda d: visible(d, "#focus-resume"))
    WebDriverWait(driver, 10).until(lambda d: api(server)["phase"] == "paused")
    paused_at = driver.find_element(By.ID, "focus-display").text
    assert abs(seconds(paused_at) - api(server)["remainingSeconds"]) <= 1
    # A minute and a half passes on the device (the page's clock jumps, as after a locked phone wakes):
    # a paused timer must not move.
    driver.execute_script(
        "const real = performance.now.bind(performance);"
        "performance.now = () => real() + 90000;"
        "document.dispatchEvent(new Event('visibilitychange'));")
    assert driver.find_element(By.ID, "focus-display").text == paused_at
    assert api(server)["phase"] == "paused"

    # Resume: the display shows the server's value at once (no frozen second).
    driver.find_element(By.ID, "focus-resume").click()
    WebDriverWait(driver, 10).until(lambda d: visible(d, "#focus-pause"))
    shown = seconds(driver.find_element(By.ID, "focus-display").text)
    assert abs(shown - api(server)["remainingSeconds"]) <= 1

    # Stop: the session counts in today's total.
    driver.find_element(By.ID, "focus-stop").click()
    WebDriverWait(driver, 10).until(lambda d: visible(d, "#focus-start"))
    total = driver.find_element(By.ID, "focus-today").text
    assert total != "0 min" and ("sec" in total or "min" in total), total
    assert api(server)["phase"] == "idle"


@pytest.mark.parametrize("engine", ENGINES)
def test_two_windows_stay_in_step(server, browser, engine):
    first = browser("en-US")
    complete_onboarding(first, server, language="en")
    second = browser("en-US")
    open_page(first, server.url + "/focus")
    open_page(second, server.url + "/focus")
    wait_for(second, "#focus-start-form")

    first.find_element(By.ID, "focus-start").click()
    WebDriverWait(second, 5).until(lambda d: visible(d, "#focus-pause"))
    first.find_element(By.ID, "focus-pause").click()
    WebDriverWait(second, 5).until(lambda d: visible(d, "#focus-resume"))
    assert second.find_element(By.ID, "focus-status").text == first.find_element(By.ID, "focus-status").text

    # A sound chosen in one window is the session's sound in the other.
    first.find_element(By.ID, "focus-resume").click()
    WebDriverWait(second, 5).until(lambda d: visible(d, "#focus-pause"))
    Select(first.find_element(By.ID, "focus-sound-now")).select_by_value("fireplace")
    WebDriverWait(second, 5).until(
        lambda d: d.find_element(By.ID, "focus-sound-now").get_attribute("value") == "fireplace")


def test_refused_actions_explain_themselves_without_javascript(server):
    # The same forms work without scripts: a stop with nothing running answers 409 with a reason.
    client = Client(server.url)
    onboard(client)
    client.get("/focus")
    token = next(c.value for c in client.cookies if c.name == "daybook_csrf")
    response = client.request("/focus/stop", data=[("csrf", token)])
    assert response.status == 409
    assert "No focus session is running." in response.text
    started = client.request("/focus/start", data=[("csrf", token), ("minutes", "30"), ("sound", "none")])
    assert started.status == 200 and started.path == "/focus"
    assert api(server)["plannedSeconds"] == 1800
