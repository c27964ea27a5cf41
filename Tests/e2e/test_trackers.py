"""Trackers and widgets in a real browser: a yes/no tracker made in the form and ticked off from its widget in
one window while Today follows in another; a rating and a duration set on Today; the pages on a phone in Korean."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from fixtures.engines import ENGINES
from fixtures.pages import call, click_and_wait, complete_onboarding, open_page, wait_for
from fixtures.shots import screenshot


def text(driver, element_id: str) -> str:
    """The text of an element that live updates may replace at any moment."""
    return (driver.execute_script(
        "return document.getElementById(arguments[0])?.textContent.trim() ?? ''", element_id) or "")


def pressed(driver, element_id: str) -> str:
    return driver.execute_script(
        "return document.getElementById(arguments[0])?.getAttribute('aria-pressed') ?? ''", element_id) or ""


@pytest.mark.parametrize("engine", ENGINES)
def test_toggle_from_the_widget_shows_on_today_in_another_window(server, browser, engine):
    widget_window = browser("en-US", width=1280, height=900)
    complete_onboarding(widget_window, server)

    # Make a yes/no tracker through the form: the unit and target fields are hidden for that kind.
    open_page(widget_window, server.url + "/trackers/new")
    assert not widget_window.find_element(By.ID, "unit-group").is_displayed()
    widget_window.find_element(By.ID, "name").send_keys("Stretch")
    Select(widget_window.find_element(By.ID, "kind")).select_by_value("boolean")
    click_and_wait(widget_window, widget_window.find_element(By.ID, "tracker-save"))
    assert widget_window.find_element(By.ID, "tracker-name").text.endswith("Stretch")
    tracker = call(server, "GET", "/api/v1/trackers")["trackers"][0]
    assert tracker["name"] == "Stretch" and tracker["kind"] == "boolean"

    today_window = browser("en-US", width=1280, height=900)
    open_page(today_window, server.url + "/")
    slot = wait_for(today_window, f"#tracker-{tracker['id']}")
    assert "Not done" in slot.text

    # One tap on the widget page: it toggles, and the other window's Today follows through /events.
    open_page(widget_window, server.url + f"/widgets/tracker?tracker={tracker['id']}")
    toggle = wait_for(widget_window, "#widget-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    screenshot(widget_window, "en-widget-tracker-before")
    click_and_wait(widget_window, toggle)
    assert wait_for(widget_window, "#widget-toggle").get_attribute("aria-pressed") == "true"
    WebDriverWait(today_window, 10).until(
        lambda d: text(d, f"value-{tracker['id']}") == "Done",
        message="Today did not show the toggle made in the widget")
    assert pressed(today_window, f"toggle-{tracker['id']}") == "true"
    assert call(server, "GET", f"/api/v1/trackers/{tracker['id']}")["currentStreak"] == 1

    # And back from Today: the widget page follows too.
    today_window.find_element(By.ID, f"toggle-{tracker['id']}").click()
    WebDriverWait(widget_window, 10).until(
        lambda d: pressed(d, "widget-toggle") == "false",
        message="the widget did not show the change made on Today")


@pytest.mark.parametrize("engine", ENGINES)
def test_rating_and_duration_on_today(server, browser, engine):
    driver = browser("en-US", width=1280, height=900)
    complete_onboarding(driver, server)
    energy = call(server, "POST", "/api/v1/trackers", {"name": "Energy", "kind": "rating"})
    reading = call(server, "POST", "/api/v1/trackers",
                   {"name": "Reading", "kind": "duration", "target": {"comparison": "atLeast", "value": 30}})
    water = call(server, "POST", "/api/v1/trackers",
                 {"name": "Water", "kind": "number", "unit": "litres", "target": {"comparison": "atLeast", "value": 2}})
    open_page(driver, server.url + "/")

    # Four stars: saved in place, without leaving the page.
    marker = driver.execute_script("window.stayed = true; return window.stayed")
    assert marker
    driver.find_element(By.CSS_SELECTOR, f"#tracker-{energy['id']} button.star[value='4']").click()
    WebDriverWait(driver, 10).until(lambda d: text(d, f"value-{energy['id']}") == "4 of 5")
    assert driver.execute_script("return window.stayed") is True
    stars = driver.find_elements(By.CSS_SELECTOR, f"#tracker-{energy['id']} button.star.on")
    assert len(stars) == 4

    # A duration: hours and minutes.
    hours = driver.find_element(By.ID, f"hours-{reading['id']}")
    minutes = driver.find_element(By.ID, f"minutes-{reading['id']}")
    hours.clear(); hours.send_keys("1")
    minutes.clear(); minutes.send_keys("20")
    driver.find_element(By.CSS_SELECTOR, f"#tracker-{reading['id']} button.save").click()
    WebDriverWait(driver, 10).until(lambda d: text(d, f"value-{reading['id']}") == "1 h 20 min")
    assert "met" in driver.find_element(By.ID, f"tracker-{reading['id']}").get_attribute("class")

    # The stepper adds one litre at a time.
    driver.find_element(By.CSS_SELECTOR, f"#tracker-{water['id']} button.step[value='1']").click()
    WebDriverWait(driver, 10).until(lambda d: text(d, f"value-{water['id']}") == "1 L")
    driver.find_element(By.CSS_SELECTOR, f"#tracker-{water['id']} button.step[value='2']").click()
    WebDriverWait(driver, 10).until(lambda d: text(d, f"value-{water['id']}") == "2 L")
    screenshot(driver, "en-desktop-today-trackers")

    values = {t["name"]: t["today"]["value"] for t in call(server, "GET", "/api/v1/trackers")["trackers"]}
    assert values == {"Energy": 4, "Reading": 80, "Water": 2}

    # A tracker's page: its month grid marks today as met, and the streak counts it.
    open_page(driver, server.url + f"/trackers/{reading['id']}")
    assert "1 day" in wait_for(driver, "#current-streak").text
    assert driver.find_elements(By.CSS_SELECTOR, "#tracker-month td.today.met")
    screenshot(driver, "en-desktop-tracker")


@pytest.mark.parametrize("engine", ENGINES)
def test_trackers_on_a_phone_in_korean(server, browser, engine):
    driver = browser("ko-KR", width=390, height=844)
    complete_onboarding(driver, server, language="ko")
    call(server, "POST", "/api/v1/trackers", {"name": "명상", "kind": "boolean"})
    steps = call(server, "POST", "/api/v1/trackers", {"name": "걷기", "kind": "number", "unit": "steps"})
    call(server, "PUT", f"/api/v1/trackers/{steps['id']}/values/today", {"value": 8000})
    open_page(driver, server.url + "/trackers")
    assert "8,000걸음" in wait_for(driver, "#tracker-today").text
    # The second tracker moves up with its arrow.
    driver.find_element(By.CSS_SELECTOR, f".tracker-row[data-id='{steps['id']}'] button[value='up']").click()
    # Read by script: the list is replaced as the new order comes back, so a found row may go stale.
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.querySelector('.tracker-row')?.dataset.id") == steps["id"])
    screenshot(driver, "ko-phone-trackers")
    open_page(driver, server.url + "/")
    assert "오늘의 트래커" in wait_for(driver, "#today-trackers").text
    screenshot(driver, "ko-phone-today-trackers")
    open_page(driver, server.url + "/widgets/medium")
    assert wait_for(driver, "#widget-heading").text == "다음 일정"
    screenshot(driver, "ko-phone-widget-medium")


# The page's own fetches of Today (`/`) since the watch began, and the trackers events this page has heard.
WATCH = """
window.todayFetches = 0;
window.trackerEvents = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.initiatorType === 'fetch' && new URL(entry.name).pathname === '/') window.todayFetches += 1;
  }
}).observe({type: 'resource'});
new EventSource('/events').addEventListener('trackers', () => { window.trackerEvents += 1; });
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_tick_on_today_is_one_screen_update(server, browser, engine):
    """A tick shows the moment it is tapped and the answer settles it; the change event the tick itself causes does
    not fetch and redraw Today a second time. A change made elsewhere still does."""
    driver = browser("en-US", width=390, height=844, engine=engine)
    complete_onboarding(driver, server)
    walk = call(server, "POST", "/api/v1/trackers", {"name": "Walk", "kind": "boolean"})
    read = call(server, "POST", "/api/v1/trackers", {"name": "Read", "kind": "boolean"})
    open_page(driver, server.url + "/")
    wait_for(driver, f"#toggle-{walk['id']}")
    driver.execute_script(WATCH)

    tick = driver.find_element(By.ID, f"toggle-{walk['id']}")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", tick)
    tick.click()
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.trackerEvents") >= 1,
                                    message="the tick caused no change event")
    WebDriverWait(driver, 10).until(lambda d: text(d, f"value-{walk['id']}") == "Done")
    # A change from elsewhere (another device, the CLI) is fetched and shown: one fetch of Today in all.
    call(server, "PUT", f"/api/v1/trackers/{read['id']}/values/today", {"value": True})
    WebDriverWait(driver, 10).until(lambda d: text(d, f"value-{read['id']}") == "Done",
                                    message="Today did not show the change made elsewhere")
    assert driver.execute_script("return window.todayFetches") == 1, "Today was fetched again for its own tick"
