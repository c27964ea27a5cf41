"""The journal in a real browser: writing with the toolbar and a pasted photo, a draft that survives a reload and
a lost connection, search in Korean, and the photo in the Calendar and in "On this day" a year later."""

import datetime
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES, engine_limit
from fixtures.pages import call, complete_onboarding, open_page, wait_for
from fixtures.servers import restart_server
from fixtures.shots import screenshot

PASTE_PHOTO = """
const [target, done] = arguments;
const canvas = document.createElement("canvas");
canvas.width = 640; canvas.height = 480;
const g = canvas.getContext("2d");
g.fillStyle = "#2f6f6a"; g.fillRect(0, 0, 640, 480);
g.fillStyle = "#f2c14e"; g.beginPath(); g.arc(320, 240, 120, 0, Math.PI * 2); g.fill();
canvas.toBlob((blob) => {
  const data = new DataTransfer();
  data.items.add(new File([blob], "sunrise.png", { type: "image/png" }));
  target.focus();
  target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  done(true);
}, "image/png");
"""


def state(driver) -> str:
    return driver.find_element(By.ID, "save-state").get_attribute("data-state") or ""


def wait_saved(driver, timeout: float = 20) -> None:
    WebDriverWait(driver, timeout).until(lambda d: state(d) == "saved", message="the entry was never saved")


def type_into(driver, element, text: str) -> None:
    element.send_keys(Keys.END)
    element.send_keys(text)


@pytest.mark.parametrize("engine", ENGINES)
def test_writing_keeps_every_word_and_finds_it_again(server, browser, engine, request):
    driver = browser("en-US")
    complete_onboarding(driver, server, language="en")
    today = datetime.date.today()
    try:
        last_year = today.replace(year=today.year - 1)
    except ValueError:  # 29 February
        last_year = today.replace(year=today.year - 1, day=28)

    open_page(driver, server.url + "/journal/new")
    title = wait_for(driver, "#title")
    title.send_keys("학교 가는 길")
    date = driver.find_element(By.ID, "date")
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
        date, f"{last_year.isoformat()}T08:30")
    body = driver.find_element(By.ID, "body")

    # The toolbar wraps the selection: Bold puts a placeholder word in ** and selects it, typing replaces it.
    driver.find_element(By.CSS_SELECTOR, "[data-md='bold']").click()
    body.send_keys("오늘")
    type_into(driver, body, " 대학교 친구를 만났다. Café by the gate.\n")
    assert body.get_attribute("value").startswith("**오늘** 대학교 친구를 만났다")

    # A pasted photo is uploaded and put in the text where the cursor is.
    assert driver.execute_async_script(PASTE_PHOTO, body)
    WebDriverWait(driver, 20).until(lambda d: "](/photos/" in body.get_attribute("value"),
                                    message="the pasted photo never reached the text")
    wait_saved(driver)
    match = re.search(r"/journal/([^/]+)/edit$", driver.current_url)
    assert match, f"the first save did not give the entry its address: {driver.current_url}"
    entry_id = match.group(1)
    # Words as people read them: "오늘 대학교 친구를 만났다. Café by the gate." and the photo's name.
    words = driver.find_element(By.ID, "word-count").text
    assert words.endswith("words") and int(re.search(r"\d+", words).group()) >= 9, words
    screenshot(driver, "en-desktop-editor")

    if engine == "webkit":
        engine_limit(driver, "a reload while only the entries API is blocked",
                     "WebKitGTK's driver cannot block requests; below, the server process is stopped instead")
        server = write_while_the_server_is_stopped(driver, server, body, request)
    else:
        write_while_the_connection_is_lost(driver, server, body, entry_id)
    saved = call(server, "GET", f"/api/v1/entries/{entry_id}")
    assert "오프라인에서 쓴 문장" in saved["body"]
    assert saved["day"] == last_year.isoformat()

    # Search in Korean, as typed: two syllables inside a longer word, and a single syllable.
    open_page(driver, server.url + "/search")
    query = wait_for(driver, "#q")
    query.send_keys("학교")
    WebDriverWait(driver, 10).until(lambda d: "학교 가는 길" in d.find_element(By.ID, "results").text)
    assert driver.find_elements(By.CSS_SELECTOR, "#results mark")
    open_page(driver, server.url + "/search?q=" + "cafe")
    assert "학교 가는 길" in wait_for(driver, "#results").text

    # The photo is the entry's cover: in its day's Calendar cell, and on Today a year later.
    open_page(driver, server.url + f"/calendar?month={last_year.isoformat()[:7]}")
    cell = wait_for(driver, f"td[data-day='{last_year.isoformat()}']")
    photo = cell.find_element(By.CSS_SELECTOR, "img.cell-photo")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].naturalWidth", photo) > 0)
    assert "/photos/" in photo.get_attribute("src") and "w=160" in photo.get_attribute("src")
    screenshot(driver, "en-desktop-calendar")
    if last_year.month == today.month and last_year.day == today.day:
        open_page(driver, server.url + "/")
        on_this_day = wait_for(driver, "#on-this-day")
        assert "학교 가는 길" in on_this_day.text
        assert on_this_day.find_elements(By.CSS_SELECTOR, "img.thumb")


def write_while_the_connection_is_lost(driver, server, body, entry_id) -> None:
    """Chromium: the server cannot be reached (its requests blocked, then the network off) while it runs on."""
    # The server cannot be reached: the save waits in the outbox, the words stay on this device, and a reload
    # goes on with them, still waiting; more typing once the server answers sends them, then the newer words.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/entries*"]})
    type_into(driver, body, "비밀 초안 one")
    WebDriverWait(driver, 20).until(lambda d: state(d) == "waiting")
    driver.refresh()
    body = wait_for(driver, "#body")
    WebDriverWait(driver, 10).until(lambda d: "비밀 초안 one" in body.get_attribute("value"),
                                    message="the reload lost the waiting words")
    WebDriverWait(driver, 10).until(lambda d: state(d) == "waiting")
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    type_into(driver, body, " two")
    wait_saved(driver)
    assert "비밀 초안 one two" in call(server, "GET", f"/api/v1/entries/{entry_id}")["body"]

    # Offline altogether: typing goes on, the save waits in the outbox, the page says where the words are, and
    # they are saved on return.
    driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    type_into(driver, body, " 오프라인에서 쓴 문장")
    WebDriverWait(driver, 10).until(lambda d: state(d) == "waiting")
    assert "device" in driver.find_element(By.ID, "save-state").text
    driver.delete_network_conditions()
    wait_saved(driver, timeout=30)


def write_while_the_server_is_stopped(driver, server, body, request):
    """WebKit: the server process stops while someone writes and starts again on the same address; the words wait
    on the device meanwhile and are saved on return. Returns the server that answers afterwards."""
    server.stop()
    type_into(driver, body, " 오프라인에서 쓴 문장")
    WebDriverWait(driver, 10).until(lambda d: state(d) == "waiting")
    assert "device" in driver.find_element(By.ID, "save-state").text
    restarted = restart_server(server)
    request.addfinalizer(restarted.stop)
    wait_saved(driver, timeout=30)
    return restarted


def test_the_journal_on_a_phone_in_japanese(server, browser):
    driver = browser("ja-JP", width=390, height=844)
    complete_onboarding(driver, server, language="ja")
    for title, tag in (("東京で", "旅"), ("京都の朝", "旅"), ("Sunday", "walk")):
        call(server, "POST", "/api/v1/entries",
             {"title": title, "body": f"{title}のこと。", "tags": [tag], "date": "2026-11-20T09:00"})
    open_page(driver, server.url + "/journal")
    rows = driver.find_elements(By.CSS_SELECTOR, ".entry-row")
    assert len(rows) == 3
    assert "2026年11月" in driver.find_element(By.CSS_SELECTOR, ".month-heading").text
    # Filtering by a tag keeps only its entries.
    driver.find_element(By.XPATH, "//nav[@class='filters']/a[normalize-space()='#旅']").click()
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".entry-row")) == 2)
    screenshot(driver, "ja-phone-journal")
    # Delete (after a swipe, on a phone) moves to the trash; restore brings it back.
    driver.execute_script(SWIPE, driver.find_element(By.CSS_SELECTOR, ".entry-row"), -120)
    driver.find_element(By.CSS_SELECTOR, ".entry-row .row-action button").click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/journal"))
    assert len(driver.find_elements(By.CSS_SELECTOR, ".entry-row")) == 2
    open_page(driver, server.url + "/journal/trash")
    driver.find_element(By.CSS_SELECTOR, "#trash .row-action button").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "trash-empty"))
    open_page(driver, server.url + "/calendar?month=2026-11")
    assert wait_for(driver, "td[data-day='2026-11-20'] .cell-dot")
    screenshot(driver, "ja-phone-calendar")


SWIPE = """
const [row, dx] = arguments;
const box = row.getBoundingClientRect();
const y = box.top + box.height / 2, x0 = box.left + box.width * 0.8;
const point = (x) => new Touch({identifier: 1, target: row, clientX: x, clientY: y});
row.dispatchEvent(new TouchEvent("touchstart", {touches: [point(x0)], bubbles: true, cancelable: true}));
for (let i = 1; i <= 5; i++) {
  row.dispatchEvent(new TouchEvent("touchmove", {touches: [point(x0 + dx * i / 5)], bubbles: true, cancelable: true}));
}
row.dispatchEvent(new TouchEvent("touchend", {changedTouches: [point(x0 + dx)], bubbles: true, cancelable: true}));
"""


def test_swipe_an_entry_for_tag_and_delete_on_a_phone(server, browser):
    driver = browser("en-US", width=390, height=844)
    complete_onboarding(driver, server)
    first = call(server, "POST", "/api/v1/entries", {"title": "Harbour walk", "body": "Gulls.", "date": "2026-11-20T09:00"})
    call(server, "POST", "/api/v1/entries", {"title": "Rainy desk", "body": "Tea.", "date": "2026-11-19T09:00"})
    open_page(driver, server.url + "/journal")
    row = wait_for(driver, f"#entry-{first['id']}")
    actions = row.find_element(By.CSS_SELECTOR, ".row-actions")
    assert not actions.is_displayed(), "on a touch screen the actions wait for a swipe"
    driver.execute_script(SWIPE, row, -120)
    WebDriverWait(driver, 5).until(lambda d: actions.is_displayed())
    screenshot(driver, "en-phone-journal-swiped")
    # Tag it from the revealed actions.
    row.find_element(By.CSS_SELECTOR, ".row-tag summary").click()
    field = row.find_element(By.CSS_SELECTOR, ".tag-form input[name=tag]")
    field.send_keys("#seaside")
    row.find_element(By.CSS_SELECTOR, ".tag-form button").click()
    # Read by script: the list is replaced as the change comes back, and an element found a moment before is gone.
    WebDriverWait(driver, 10).until(lambda d: "#seaside" in d.execute_script(
        "return document.getElementById(arguments[0])?.textContent ?? ''", f"entry-{first['id']}"))
    assert call(server, "GET", f"/api/v1/entries/{first['id']}")["tags"] == ["seaside"]
    # A swipe to the right puts the actions away; a swipe left again, then delete.
    row = driver.find_element(By.ID, f"entry-{first['id']}")
    driver.execute_script(SWIPE, row, -120)
    driver.execute_script(SWIPE, row, 120)
    assert not row.find_element(By.CSS_SELECTOR, ".row-actions").is_displayed()
    driver.execute_script(SWIPE, row, -120)
    row.find_element(By.CSS_SELECTOR, ".row-action button").click()
    WebDriverWait(driver, 10).until(lambda d: not d.find_elements(By.ID, f"entry-{first['id']}"))
    assert [e["title"] for e in call(server, "GET", "/api/v1/trash")["entries"]] == ["Harbour walk"]
