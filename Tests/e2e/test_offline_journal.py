"""The whole journal on a phone with Daybook's process stopped: five years of entries kept on the device as data.

What a person would notice: the Journal's search box finds a Korean word in an entry from five years ago, and an
accented word typed without its accent, and Korean written straight after an English word, saying the results were found on this device; the old entry opens and
reads; the Calendar (this month and the 12 before) and the Map open with the kept entries; Stats opens with its
"as of". Before that, Settings → This device says the whole journal is kept.
"""

from __future__ import annotations

import subprocess
from datetime import date, timedelta

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import both_engines
from fixtures.pages import WAIT, call, open_page, tap, wait_for
from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, start_server
from test_offline import JOURNAL, KEPT, controlled_by_worker, go


def entry_count(server) -> int:
    count, after = 0, None
    while True:
        page = call(server, "GET", "/api/v1/entries" + (f"?after={after}" if after else ""))
        count += len(page["entries"])
        after = page.get("next")
        if not after:
            return count


def search_from_the_box(driver, field_id: str, words: str) -> list[str]:
    """Types into the search box, sends it as a person does, and waits for the results: their titles."""
    field = wait_for(driver, f"#{field_id}")
    tap(driver, field)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(words, Keys.ENTER)
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#found-on-device:not([hidden])")
        and d.find_elements(By.CSS_SELECTOR, "#results .entry-title"),
        message=f"no results found on this device for {words!r}")
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#results .entry-title")]


@both_engines
def test_five_years_of_journal_read_searched_and_mapped_without_the_server(tmp_path, browser, engine):
    binary = daybook_binary()
    data = tmp_path / "data"
    subprocess.run([str(binary), "demo", "--years", "5", "--photos", "0", "--data-dir", str(data)],
                   check=True, capture_output=True, timeout=300)
    server = start_server(binary, data, LOG_DIR / f"offline-journal-{engine}.log")
    try:
        today = date.today()
        old = call(server, "POST", "/api/v1/entries", {
            "title": "봄날", "body": "한강 옆 해바라기밭에서 하루를 보냈다.\n\n바람이 따뜻했다.",
            "date": (today - timedelta(days=5 * 365)).isoformat() + "T10:00",
            "place": {"latitude": 37.5283, "longitude": 126.9326, "name": "Seoul"}})
        call(server, "POST", "/api/v1/entries", {
            "title": "Chess by the window", "body": "A long game at the Café de la Régence, then crème brûlée.",
            "date": (today - timedelta(days=2 * 365)).isoformat() + "T16:00"})
        call(server, "POST", "/api/v1/entries", {
            "title": "밤의 기록", "body": "오늘은 Swift코딩노트를 정리했다.",
            "date": (today - timedelta(days=30)).isoformat() + "T22:00"})
        total = entry_count(server)

        driver = browser("en-US", width=390, height=844, engine=engine)
        open_page(driver, server.url + "/journal")
        controlled_by_worker(driver, server.url + "/journal")
        # The first fill: every entry, in the worker, while the page stays usable.
        WebDriverWait(driver, 90, poll_frequency=0.5).until(
            lambda d: (d.execute_async_script(JOURNAL) or {}).get("done"), message="the journal was not kept")
        assert driver.execute_async_script(JOURNAL)["count"] == total
        month_ago_six = (today.replace(day=1) - timedelta(days=170)).strftime("%Y-%m")
        for path in ("/search", "/map", "/stats", f"/calendar?month={month_ago_six}"):
            WebDriverWait(driver, 60, poll_frequency=0.5).until(
                lambda d, p=path: d.execute_async_script(KEPT, p), message=f"{path} was not kept")
        # Settings → This device says so.
        open_page(driver, server.url + "/settings")
        line = WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "device-journal").text,
                                                 message="This device does not say what it keeps")
        assert line.startswith("Your whole journal is on this device") and f"{total:,}" in line, line

        assert server.stop() == 0

        # The Journal's own box: part of a Korean word from five years ago, found without spaces around it.
        go(driver, server.url + "/journal")
        titles = search_from_the_box(driver, "journal-q", "바라기")
        assert titles[:1] == ["봄날"], titles
        # The kept page wears the owner's colours, though this device never loaded them from a page of its own.
        assert driver.execute_script(
            "return getComputedStyle(document.documentElement).getPropertyValue('--canvas').trim()"), "no theme"
        note = driver.find_element(By.ID, "found-on-device").text
        assert note.startswith("Found on this device") and f"{total:,}" in note, note
        marked = driver.find_element(By.CSS_SELECTOR, "#results .snippet mark").text
        assert marked == "바라기", marked

        # The old entry, kept as data and not as a page, opens from the results and reads.
        tap(driver, driver.find_element(By.CSS_SELECTOR, "#results .entry-link"))
        WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#entry[data-on-device]"),
                                          message="the old entry did not open from the device")
        assert driver.current_url.endswith(f"/journal/{old['id']}")
        assert driver.find_element(By.ID, "entry-title").text == "봄날"
        assert "바람이 따뜻했다." in driver.find_element(By.ID, "entry-body").text
        assert "Seoul" in driver.find_element(By.ID, "entry-place").text

        # An accented word typed without its accents, as the start of a word.
        go(driver, server.url + "/search")
        titles = search_from_the_box(driver, "q", "regen")
        assert "Chess by the window" in titles, titles
        # Korean written straight after an English word, found as the server finds it.
        go(driver, server.url + "/search")
        titles = search_from_the_box(driver, "q", "코딩노트")
        assert titles[:1] == ["밤의 기록"], titles
        assert driver.find_element(By.CSS_SELECTOR, "#results .snippet mark").text == "코딩노트"

        # The Calendar six months back and the Map open, with what was kept.
        go(driver, server.url + f"/calendar?month={month_ago_six}")
        assert wait_for(driver, "#offline-banner").text.startswith("Offline · as of ")
        assert driver.find_elements(By.CSS_SELECTOR, "#month-grid td.has-entries"), "the month shows no entries"
        go(driver, server.url + "/map")
        assert wait_for(driver, "#offline-banner").text.startswith("Offline · as of ")
        WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".map-marker"),
                                          message="no entry on the map")
        go(driver, server.url + "/stats")
        assert wait_for(driver, "#offline-banner").text.startswith("Offline · as of ")

    finally:
        server.stop()
