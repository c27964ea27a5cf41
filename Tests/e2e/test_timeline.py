"""The Timeline page in a real browser: blocks placed on the hours, side by side when they overlap."""


import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from fixtures.engines import ENGINES
from fixtures.pages import call, click_and_wait, complete_onboarding, open_page, set_value, wait_for
from fixtures.shots import screenshot


def test_blocks_are_placed_on_the_hours(server, browser):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/timeline?date=2031-03-10")
    wait_for(driver, "#task-form")
    for title, start, length in (("Write", "09:00", "2h"), ("Standup", "09:30", "15m")):
        set_value(driver, driver.find_element(By.ID, "title"), title)
        set_value(driver, driver.find_element(By.ID, "start"), start)
        set_value(driver, driver.find_element(By.ID, "duration"), length)
        Select(driver.find_element(By.ID, "repeat")).select_by_value("none")
        click_and_wait(driver, driver.find_element(By.ID, "task-submit"))
        assert "date=2031-03-10" in driver.current_url

    WebDriverWait(driver, 10).until(lambda d: "placed" in d.find_element(By.ID, "day").get_attribute("class"))
    write = driver.find_element(By.CSS_SELECTOR, ".block[data-start='540']")
    standup = driver.find_element(By.CSS_SELECTOR, ".block[data-start='570']")
    a, b = write.rect, standup.rect
    # Overlapping blocks sit side by side, each placed at its start time.
    assert abs(a["width"] - b["width"]) < 2 and b["x"] > a["x"] + a["width"] - 8
    assert b["y"] - a["y"] == 32  # half an hour at 64 px an hour
    assert abs(a["height"] - 2 * 64) <= 4
    screenshot(driver, "en-desktop-timeline")

    # A broken time is refused with the reason next to the field, and nothing is added.
    set_value(driver, driver.find_element(By.ID, "title"), "Late")
    set_value(driver, driver.find_element(By.ID, "start"), "23:30")
    set_value(driver, driver.find_element(By.ID, "duration"), "2h")
    click_and_wait(driver, driver.find_element(By.ID, "task-submit"))
    assert "midnight" in wait_for(driver, "#duration-error").text
    assert len(driver.find_elements(By.CSS_SELECTOR, ".block")) == 2


def block_times(server, date):
    return {row["title"]: row["timeLabel"] for row in call(server, "GET", f"/api/v1/tasks?date={date}")["blocks"]}


def wait_times(driver, server, date, title, label):
    """Waits for the server to hold the change and the page to show it (`data-busy` is gone once it does)."""
    WebDriverWait(driver, 10).until(lambda d: block_times(server, date).get(title) == label,
                                    f"{title} should be {label}, is {block_times(server, date).get(title)}")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "const day = document.getElementById('day'); return !day.dataset.busy && "
        "[...day.querySelectorAll('.block-time')].some(e => e.textContent === arguments[0])", label))


def test_drag_to_move_and_resize_with_mouse_and_touch(server, browser):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    call(server, "POST", "/api/v1/tasks", {"title": "Deep work", "date": "2031-03-10", "start": "10:00", "duration": 60})
    run = call(server, "POST", "/api/v1/tasks",
               {"title": "Run", "date": "2031-03-10", "start": "07:00", "duration": 30, "repeat": "daily"})
    open_page(driver, server.url + "/timeline?date=2031-03-10")
    WebDriverWait(driver, 10).until(lambda d: "placed" in d.find_element(By.ID, "day").get_attribute("class"))
    assert driver.find_element(By.ID, "drag-hint").is_displayed()
    block = driver.find_element(By.CSS_SELECTOR, ".block[data-start='600']")
    height = block.rect["height"]

    # Mouse: drag the lower edge 30 minutes (32 px at 64 px an hour) down; the label follows while dragging.
    handle = block.find_element(By.CSS_SELECTOR, ".resize-handle")
    actions = ActionChains(driver)
    actions.move_to_element(handle).click_and_hold().move_by_offset(0, 16).move_by_offset(0, 16).perform()
    assert block.find_element(By.CSS_SELECTOR, ".block-time").text == "10:00–11:30"
    actions.release().perform()
    wait_times(driver, server, "2031-03-10", "Deep work", "10:00–11:30")
    block = driver.find_element(By.CSS_SELECTOR, ".block[data-start='600']")
    assert abs(block.rect["height"] - height * 1.5) <= 4
    # A drag is not a click: the page stayed.
    assert "/timeline?date=2031-03-10" in driver.current_url

    # Mouse: drag the block 13 px down: 12 minutes, snapped to 10.
    title = block.find_element(By.CSS_SELECTOR, ".block-title")
    ActionChains(driver).move_to_element(title).click_and_hold().move_by_offset(0, 7).move_by_offset(0, 6) \
        .release().perform()
    wait_times(driver, server, "2031-03-10", "Deep work", "10:10–11:40")
    assert "/timeline?date=2031-03-10" in driver.current_url

    # Touch: hold the block, then move it up an hour and a quarter (80 px).
    block = driver.find_element(By.CSS_SELECTOR, ".block[data-start='610']")
    box = driver.execute_script(
        "const r = arguments[0].querySelector('.block-time').getBoundingClientRect();"
        "return {x: r.left + r.width / 2, y: r.top + r.height / 2};", block)
    point = lambda dy: [{"x": box["x"], "y": box["y"] + dy, "id": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point(0)})
    # Held still until the block lifts: the hold that tells a drag from a scroll.
    WebDriverWait(driver, 5).until(lambda d: "dragging" in (block.get_attribute("class") or ""),
                                   message="the held block never lifted")
    for dy in (-10, -30, -60, -80):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": point(dy)})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_times(driver, server, "2031-03-10", "Deep work", "08:55–10:25")
    screenshot(driver, "en-desktop-timeline-dragged")

    # A repeating block asks which days; "only this day" leaves the next day as it was.
    run_block = driver.find_element(By.ID, f"block-{run['id']}")
    # Held near its top: the lowest few pixels of a block are its resize edge.
    ActionChains(driver).move_to_element_with_offset(run_block, 0, -5).click_and_hold() \
        .move_by_offset(0, 16).move_by_offset(0, 16).release().perform()
    wait_for(driver, "#scope-dialog[open]")
    screenshot(driver, "en-desktop-timeline-scope")
    driver.find_element(By.ID, "scope-this").click()
    wait_times(driver, server, "2031-03-10", "Run", "07:30–08:00")
    assert block_times(server, "2031-03-11")["Run"] == "07:00–07:30"


@pytest.mark.parametrize("engine", ENGINES)
def test_on_a_phone_every_block_keeps_its_title_and_whole_buttons(server, browser, engine):
    driver = browser("ko-KR", width=390, height=844, engine=engine)
    complete_onboarding(driver, server, language="ko")
    plan = (("스탠드업", "09:00", 15), ("글쓰기", "09:15", 30), ("수영장에서 천천히 수영하기", "10:00", 45),
            ("도서관에서 조용히 책 읽기", "11:00", 50), ("오후 산책과 장보기", "12:00", 60), ("긴 글쓰기", "14:00", 90))
    for title, start, duration in plan:
        call(server, "POST", "/api/v1/tasks", {"title": title, "date": "2031-03-10", "start": start, "duration": duration})
    open_page(driver, server.url + "/timeline?date=2031-03-10")
    WebDriverWait(driver, 10).until(lambda d: "placed" in d.find_element(By.ID, "day").get_attribute("class"))
    for (_, _, duration), block in zip(plan, driver.find_elements(By.CSS_SELECTOR, ".block")):
        title = block.find_element(By.CSS_SELECTOR, ".block-title")
        # The title sits inside its block.
        assert block.rect["y"] - 1 <= title.rect["y"]
        assert title.rect["y"] + title.rect["height"] <= block.rect["y"] + block.rect["height"] + 2
        actions = block.find_element(By.CSS_SELECTOR, ".block-actions")
        if duration < 45:
            # A short block leaves the buttons that would crowd its title to the edit page.
            assert not actions.is_displayed()
            continue
        # From 45 minutes a block shows its two buttons whole, where a finger lands on them, beside its title.
        for button in actions.find_elements(By.TAG_NAME, "button"):
            box = button.rect
            assert block.rect["y"] <= box["y"] and box["y"] + box["height"] <= block.rect["y"] + block.rect["height"], duration
            assert box["x"] >= title.rect["x"] + title.rect["width"], duration
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            assert driver.execute_script(
                "const b = arguments[0].getBoundingClientRect();"
                "return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2) === arguments[0]", button), duration
    driver.execute_script("document.querySelector('.block').scrollIntoView({block: 'start'})")
    screenshot(driver, "ko-phone-timeline-blocks")
