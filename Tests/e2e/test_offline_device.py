"""Offline on the phone, with the server process really stopped: the focus timer runs from the device's clock and
its session arrives with the times the person acted; an entry with a photo written meanwhile arrives with its
photo. Each exactly once, also after a forced second replay."""

import csv
import io
import json
import urllib.parse
import urllib.request
from datetime import datetime

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES, webkit_cannot
from fixtures.pages import WAIT, complete_onboarding, open_page, wait_for
from fixtures.servers import restart_server
from fixtures.shots import screenshot
from schemathesis_hooks import _png
from small_disk import small_disk
from test_offline import (BALLAST, OUTBOX, controlled_by_worker, go, phone_offline_on, replay,
                          waiting_count)


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


@pytest.mark.parametrize("engine", ENGINES)
def test_a_focus_session_run_offline_arrives_once_with_its_true_times(server, browser, engine):
    driver = phone_offline_on(server, browser, "/focus")
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
    times = [int(item["madeAt"]) for item in waiting]
    for (before, after), at in zip([started, paused, resumed, stopped], times):
        assert before <= at <= after, (before, at, after)

    restarted = restart_server(server)
    try:
        open_page(driver, restarted.url + "/focus")
        WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])
        # A forced second replay: the first answers again, nothing written twice.
        assert replay(driver, restarted, waiting) == ["200 true"] * 4
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


OUTBOX_WITH_BYTES = """
    const done = arguments[arguments.length - 1];
    const open = indexedDB.open("daybook");
    open.onsuccess = () => {
        const all = open.result.transaction("outbox").objectStore("outbox").getAll();
        all.onsuccess = async () => done(await Promise.all(all.result.map(async (item) => {
            if (typeof item.body === "string") return { ...item, bytes: null };
            const bytes = new Uint8Array(item.body instanceof ArrayBuffer ? item.body : await item.body.arrayBuffer());
            return { ...item, body: "", bytes: btoa(String.fromCharCode(...bytes)) };
        })));
    };
"""


def pick(driver, path) -> None:
    """Picks a file in the editor's (hidden) photo input, as the toolbar's photo button does."""
    field = driver.find_element(By.ID, "photo-input")
    driver.execute_script("arguments[0].hidden = false", field)
    field.send_keys(str(path))
    driver.execute_script("arguments[0].hidden = true", field)


def editor_on_phone(server, browser, profile=None):
    """A phone that has opened a new entry's editor under the service worker."""
    driver = browser("en-US", width=420, height=900, profile=profile)
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/journal/new")
    controlled_by_worker(driver, server.url + "/journal/new")
    return driver


@pytest.mark.parametrize("engine", ENGINES)
def test_an_entry_with_a_photo_written_offline_arrives_once_with_its_photo(server, browser, tmp_path, engine):
    driver = editor_on_phone(server, browser)
    picture = tmp_path / "lighthouse.png"
    picture.write_bytes(_png(32, 24))
    # Over the server's limit: refused on the device with the server's words, nothing kept.
    giant = tmp_path / "giant.png"
    with open(giant, "wb") as file:
        file.write(_png(2, 2))
        file.truncate(25 * 1024 * 1024 + 1)

    server.stop()
    driver.find_element(By.ID, "title").send_keys("Lighthouse walk")
    driver.find_element(By.ID, "body").send_keys("Wind from the west, salt on the glasses.\n")
    state = driver.find_element(By.ID, "save-state")
    WebDriverWait(driver, WAIT).until(lambda d: state.text == "Waiting to be sent — kept on this device")
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")

    pick(driver, giant)
    WebDriverWait(driver, WAIT).until(lambda d: state.text == d.find_element(By.ID, "entry-form").get_attribute(
        "data-photo-too-large") and "25" in state.text)
    assert "/photos/" not in driver.find_element(By.ID, "body").get_attribute("value")

    pick(driver, picture)
    figure = wait_for(driver, "#editor-photos figure[data-waiting] img")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return arguments[0].naturalWidth", figure) == 32)
    driver.find_element(By.ID, "body").send_keys("Gulls, then the long way home.")
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "2 changes waiting")
    WebDriverWait(driver, WAIT).until(
        lambda d: "long way home" in (d.execute_async_script(OUTBOX)[-1]["body"] or ""))
    waiting = driver.execute_async_script(OUTBOX_WITH_BYTES)
    # The photo goes first, then the entry that names it, with every word.
    assert [item.get("method") for item in waiting] == ["PUT", "POST"], waiting
    photo_id = urllib.parse.urlsplit(waiting[0]["url"]).path.rsplit("/", 1)[1]
    assert f"/photos/{photo_id}" in waiting[1]["body"]
    assert "Waiting to be sent" in state.text and "Saved" not in state.text
    screenshot(driver, "en-phone-offline-editor-photo")

    restarted = restart_server(server)
    try:
        driver.execute_script("window.dispatchEvent(new Event('online'))")
        WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])
        # The editor hears its entry was made and carries on with it.
        WebDriverWait(driver, WAIT).until(lambda d: d.current_url.endswith("/edit"))
        WebDriverWait(driver, WAIT).until(lambda d: state.text == "Saved")
        # A forced second replay: first answers again, nothing written twice.
        assert replay(driver, restarted, waiting) == ["201 true", "201 true"]

        with urllib.request.urlopen(restarted.url + "/api/v1/entries", timeout=10) as response:
            entries = json.loads(response.read())["entries"]
        walks = [entry for entry in entries if entry["title"] == "Lighthouse walk"]
        assert len(walks) == 1, entries
        entry = walks[0]
        with urllib.request.urlopen(restarted.url + f"/api/v1/entries/{entry['id']}", timeout=10) as response:
            body = json.loads(response.read())
        body = body.get("entry", body)["body"]
        for words in ("Wind from the west, salt on the glasses.", "Gulls, then the long way home.",
                      f"](/photos/{photo_id})"):
            assert words in body, body
        with urllib.request.urlopen(restarted.url + f"/api/v1/photos/{photo_id}", timeout=10) as response:
            meta = json.loads(response.read())
        assert (meta["width"], meta["height"], meta["bytes"]) == (32, 24, len(picture.read_bytes())), meta
        assert (restarted.data_dir / "photos" / photo_id).read_bytes() == picture.read_bytes()
        with urllib.request.urlopen(restarted.url + f"/photos/{photo_id}?w=320", timeout=10) as response:
            assert response.headers["Content-Type"].startswith("image/")
    finally:
        assert restarted.stop() == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_a_photo_the_device_has_no_room_for_is_not_added_and_never_shown_as_saved(server, browser, tmp_path, engine):
    webkit_cannot(engine, "keep its data on a small disk",
                  "an automation session keeps website data in memory, so its quota cannot be filled for real")
    # The browser's data on a 64 MB disk, its quota used up for real (see test_offline's full-device test).
    with small_disk(tmp_path / "profile", 64) as profile:
        driver = editor_on_phone(server, browser, profile)
        picture = tmp_path / "ferry.png"
        picture.write_bytes(_png(16, 16))
        server.stop()
        for size in (1 << 20, 1 << 12, 1 << 6):
            kept, error = driver.execute_async_script(BALLAST, size)
            assert error == "QuotaExceededError", (size, kept, error)

        full = driver.find_element(By.ID, "offline-status").get_attribute("data-quota-full")
        driver.find_element(By.ID, "title").send_keys("Night ferry")
        driver.find_element(By.ID, "body").send_keys("Engines humming under the bunk.")
        state = driver.find_element(By.ID, "save-state")
        WebDriverWait(driver, WAIT).until(lambda d: state.text == full)
        pick(driver, picture)
        WebDriverWait(driver, WAIT).until(lambda d: "…" not in d.find_element(By.ID, "body").get_attribute("value"))
        WebDriverWait(driver, WAIT).until(lambda d: state.text == full)
        text = driver.find_element(By.ID, "body").get_attribute("value")
        assert "/photos/" not in text and "Engines humming under the bunk." in text, text
        assert not driver.find_elements(By.CSS_SELECTOR, "#editor-photos figure")
        assert driver.execute_async_script(OUTBOX) == []
        assert state.text != "Saved"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_new_entry_left_waiting_is_made_once_and_not_offered_again_as_a_draft(server, browser, engine):
    driver = editor_on_phone(server, browser)
    server.stop()
    driver.find_element(By.ID, "title").send_keys("Platform nine")
    driver.find_element(By.ID, "body").send_keys("The train was late; I wrote this on the bench.")
    state = driver.find_element(By.ID, "save-state")
    WebDriverWait(driver, WAIT).until(lambda d: state.text == "Waiting to be sent — kept on this device")
    # The page is left while the entry still waits.
    go(driver, server.url + "/")
    wait_for(driver, "#offline-banner")

    restarted = restart_server(server)
    try:
        open_page(driver, restarted.url + "/")
        WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])
        # A new entry's editor: the words already sent are not offered again as an unsaved draft.
        open_page(driver, restarted.url + "/journal/new")
        WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
            "return Object.keys(localStorage).filter((key) => key.startsWith('daybook.draft.'))") == [])
        assert not driver.find_element(By.ID, "draft-offer").is_displayed()
        with urllib.request.urlopen(restarted.url + "/api/v1/entries", timeout=10) as response:
            entries = json.loads(response.read())["entries"]
        assert [entry["title"] for entry in entries].count("Platform nine") == 1, entries
    finally:
        assert restarted.stop() == 0
