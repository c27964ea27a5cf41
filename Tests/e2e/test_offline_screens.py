"""The Timeline, the Calendar and Stats on the phone with the server process stopped: kept from the device's first
look (not only once opened), they open from the copy with its "as of", showing what was there; a block can still be
marked done, and it arrives once."""

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES
from fixtures.pages import WAIT, call, complete_onboarding, open_page, wait_for
from fixtures.servers import restart_server
from test_offline import KEPT, KEPT_TEXT, OUTBOX, controlled_by_worker, go


@pytest.mark.parametrize("engine", ENGINES)
def test_timeline_calendar_and_stats_open_without_the_server(server, browser, engine):
    driver = browser("en-US", width=390, height=844, engine=engine)
    complete_onboarding(driver, server, language="en")
    task = call(server, "POST", "/api/v1/tasks", {"title": "Swim at the lido", "start": "06:30", "duration": 45})
    entry = call(server, "POST", "/api/v1/entries", {"title": "Harbour lights", "body": "Green and red."})
    open_page(driver, server.url + "/")
    controlled_by_worker(driver, server.url + "/")
    # Never opened on this device, yet kept: the worker takes them at its first look.
    for path in ("/timeline", "/calendar", "/stats"):
        WebDriverWait(driver, 30).until(lambda d, p=path: d.execute_async_script(KEPT, p), message=f"{path} was not kept")
    # The block and the entry were made while the device took its first look: the copy follows (the changes
    # feed), so the kept Timeline shows the block and the kept Calendar marks the day before the server goes away.
    def kept_text(d, path: str) -> str:
        return (d.execute_async_script(KEPT_TEXT, path) or {}).get("text", "")
    WebDriverWait(driver, 30).until(lambda d: "Swim at the lido" in kept_text(d, "/timeline"),
                                    message="the kept Timeline never showed the block planned meanwhile")
    WebDriverWait(driver, 30).until(lambda d: re.search(r'<td class="[^"]*\btoday\b[^"]*\bhas-entries\b',
                                                        kept_text(d, "/calendar")),
                                    message="the kept Calendar never marked the day of the entry written meanwhile")

    server.stop()
    for path in ("/timeline", "/calendar", "/stats"):
        go(driver, server.url + path)
        banner = wait_for(driver, "#offline-banner")
        assert banner.text.startswith("Offline · as of "), (path, banner.text)
    # What was there: the Calendar marks today's entry, the Timeline shows the block.
    go(driver, server.url + "/calendar")
    assert driver.find_elements(By.CSS_SELECTOR, "#month-grid td.today.has-entries"), "the entry is not marked"
    go(driver, server.url + "/timeline")
    assert "Swim at the lido" in driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")

    # Marking the block done on the kept Timeline waits, and arrives once.
    done = wait_for(driver, f"form[action$='/tasks/{task['id']}/done'] button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", done)
    done.click()
    WebDriverWait(driver, WAIT).until(lambda d: len(d.execute_async_script(OUTBOX)) == 1,
                                      message="marking the block done did not wait")
    restarted = restart_server(server)
    try:
        open_page(driver, restarted.url + "/timeline")
        WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [], message="nothing was sent")
        blocks = call(restarted, "GET", "/api/v1/tasks")["blocks"]
        assert [block["isDone"] for block in blocks if block["id"] == task["id"]] == [True], blocks
        assert entry["id"]
    finally:
        assert restarted.stop() == 0
