"""Offline on the ordinary path, with the server process really stopped: people type and tap Done (or close the
tab), they do not tap Save. Whatever they typed is listed where it belongs while it waits, and arrives once, as
the newest version, when the server is back on the same address."""

import json
import sqlite3
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES
from fixtures.pages import WAIT, call, complete_onboarding, open_page, path_of, wait_for
from fixtures.servers import restart_server
from fixtures.shots import screenshot
from test_offline import KEPT, OUTBOX, controlled_by_worker, go, replay

SAVE_STATE_WAITING = "Waiting to be sent — kept on this device"


def phone_keeping(server, browser, engine: str, paths: list[str]):
    """A phone that opened `paths` under the service worker (so it keeps them), then lost its server."""
    driver = browser("en-US", width=390, height=844, engine=engine)
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/")
    controlled_by_worker(driver, server.url + "/")
    for path in paths:
        open_page(driver, server.url + path)
        WebDriverWait(driver, WAIT).until(lambda d, p=path: d.execute_async_script(KEPT, p),
                                          message=f"{path} was not kept")
    return driver


def the_one_entry(server, title: str) -> dict:
    """The entry titled `title`, as stored, after checking the journal holds exactly one."""
    with urllib.request.urlopen(server.url + "/api/v1/entries", timeout=10) as response:
        listed = json.loads(response.read())["entries"]
    made = [entry for entry in listed if entry["title"] == title]
    assert len(made) == 1, listed
    return call(server, "GET", f"/api/v1/entries/{made[0]['id']}")


def listed_waiting(driver) -> str:
    """The words of the Journal's rows marked as waiting (the list is drawn again whenever the outbox changes)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#waiting-entries li')].map((row) => row.textContent).join(' | ')")


def typed(driver, title: str, words: str) -> None:
    """Types into the editor as a person does, without tapping Save."""
    if title:
        driver.find_element(By.ID, "title").send_keys(title)
    driver.find_element(By.ID, "body").send_keys(words)


def tap_done(driver) -> None:
    done = driver.find_element(By.ID, "editor-done")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", done)
    done.click()


def sent_once_back(driver, restarted) -> None:
    """The phone opens Daybook again once the server is back: everything waiting is sent."""
    open_page(driver, restarted.url + "/")
    WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [],
                                    message="the waiting changes were not sent")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_new_entry_typed_offline_then_done_is_listed_waiting_and_arrives_once(server, browser, engine):
    driver = phone_keeping(server, browser, engine, ["/journal", "/journal/new"])
    server.stop()
    go(driver, server.url + "/journal/new")
    wait_for(driver, "#offline-banner")

    typed(driver, "Platform nine", "The train was late; I wrote this on the bench. Then the rain started.")
    tap_done(driver)

    # Done opens the Journal, from this device's copy, and the entry is there, marked as waiting.
    WebDriverWait(driver, WAIT).until(lambda d: path_of(d) == "/journal")
    wait_for(driver, "#offline-banner")
    WebDriverWait(driver, WAIT).until(lambda d: "Platform nine" in listed_waiting(d), message="the entry is not listed")
    listed = listed_waiting(driver)
    assert "Waiting" in listed and "The train was late" in listed, listed
    screenshot(driver, f"{engine}-en-phone-offline-journal-waiting")
    # Its row opens its editor again, with every word.
    driver.execute_script("document.querySelector('#waiting-entries li a').click()")
    body = wait_for(driver, "#body")
    WebDriverWait(driver, WAIT).until(lambda d: "Then the rain started." in body.get_attribute("value"))
    assert driver.find_element(By.ID, "save-state").text == SAVE_STATE_WAITING

    restarted = restart_server(server)
    try:
        sent_once_back(driver, restarted)
        stored = the_one_entry(restarted, "Platform nine")
        assert stored["body"] == "The train was late; I wrote this on the bench. Then the rain started.", stored
    finally:
        assert restarted.stop() == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_an_entry_changed_offline_twice_becomes_the_newest_words_with_no_conflict(server, browser, engine):
    entry = call(server, "POST", "/api/v1/entries", {"title": "Harbour", "body": "Gulls over the pier."})
    page, editor = f"/journal/{entry['id']}", f"/journal/{entry['id']}/edit"
    driver = phone_keeping(server, browser, engine, ["/journal", page, editor])
    server.stop()

    # Changed once from the kept editor, then Done: the entry's own page shows the words that wait.
    go(driver, server.url + editor)
    wait_for(driver, "#offline-banner")
    typed(driver, "", " The tide went out.")
    tap_done(driver)
    WebDriverWait(driver, WAIT).until(lambda d: path_of(d) == page)
    waiting = wait_for(driver, "#entry-waiting")
    assert "The tide went out." in waiting.text and "Waiting" in waiting.text, waiting.text
    screenshot(driver, f"{engine}-en-phone-offline-entry-waiting")

    # Changed again: the editor goes on from the words that wait, not from the kept page's older text.
    go(driver, server.url + editor)
    body = wait_for(driver, "#body")
    WebDriverWait(driver, WAIT).until(lambda d: "The tide went out." in body.get_attribute("value"))
    typed(driver, "", " Boats on the mud.")
    tap_done(driver)
    WebDriverWait(driver, WAIT).until(lambda d: path_of(d) == page)
    WebDriverWait(driver, WAIT).until(lambda d: "Boats on the mud." in d.find_element(By.ID, "entry-waiting").text)
    # One change waits for the entry: its newest words.
    assert len(driver.execute_async_script(OUTBOX)) == 1

    restarted = restart_server(server)
    try:
        sent_once_back(driver, restarted)
        stored = call(restarted, "GET", f"/api/v1/entries/{entry['id']}")
        assert stored["body"] == "Gulls over the pier. The tide went out. Boats on the mud.", stored
        assert "conflict" not in stored, stored
        open_page(driver, restarted.url + page)
        assert "Changed on two devices" not in driver.find_element(By.TAG_NAME, "body").text
        assert not driver.find_elements(By.ID, "entry-waiting")
    finally:
        assert restarted.stop() == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_an_entry_changed_on_the_phone_offline_and_on_the_desktop_keeps_both_texts(server, browser, engine):
    entry = call(server, "POST", "/api/v1/entries", {"title": "Harbour", "body": "Gulls over the pier."})
    editor = f"/journal/{entry['id']}/edit"
    driver = phone_keeping(server, browser, engine, [editor])
    server.stop()
    go(driver, server.url + editor)
    wait_for(driver, "#offline-banner")
    typed(driver, "", " Phone words from the train.")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "save-state").text == SAVE_STATE_WAITING)
    # The phone is put away before the server is back.
    driver.get("about:blank")

    restarted = restart_server(server)
    try:
        # Meanwhile the desktop changes the entry, later than the phone did.
        call(restarted, "PATCH", f"/api/v1/entries/{entry['id']}",
             {"body": "Desk words, written at home.", "revision": entry["revision"]})
        sent_once_back(driver, restarted)
        stored = call(restarted, "GET", f"/api/v1/entries/{entry['id']}")
        assert stored["body"] == "Desk words, written at home.", stored
        assert stored["conflict"]["body"] == "Gulls over the pier. Phone words from the train.", stored
        open_page(driver, restarted.url + f"/journal/{entry['id']}")
        text = driver.find_element(By.TAG_NAME, "body").text
        assert "Changed on two devices" in text
        assert "Desk words, written at home." in text and "Phone words from the train." in text
    finally:
        assert restarted.stop() == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_a_first_save_whose_answer_was_lost_is_still_one_entry(server, browser, engine):
    driver = phone_keeping(server, browser, engine, ["/journal/new"])
    server.stop()
    go(driver, server.url + "/journal/new")
    wait_for(driver, "#offline-banner")
    typed(driver, "Night ferry", "Engines humming under the bunk.")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "save-state").text == SAVE_STATE_WAITING)
    waiting = driver.execute_async_script(OUTBOX)

    # The save reaches the server, which stops before its answer is kept: a repeat is answered 204 "committed".
    restarted = restart_server(server)
    assert replay(driver, restarted, waiting) == ["201 None"]
    assert restarted.stop() == 0
    with sqlite3.connect(restarted.data_dir / "daybook.sqlite") as db:
        db.execute("UPDATE idempotencyKey SET status = NULL, contentType = NULL, location = NULL, body = NULL")
    again = restart_server(restarted)
    try:
        assert replay(driver, again, waiting) == ["204 committed"]
        # The phone goes on typing in the same editor; the waiting save is sent, then the newer words.
        typed(driver, "", " Stars over the wake.")
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "save-state").text == "Saved")
        WebDriverWait(driver, WAIT).until(lambda d: d.current_url.endswith("/edit"))
        stored = the_one_entry(again, "Night ferry")
        assert stored["body"] == "Engines humming under the bunk. Stars over the wake.", stored
        assert "conflict" not in stored, stored
    finally:
        assert again.stop() == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_words_typed_in_a_tab_closed_mid_typing_arrive(server, browser, engine):
    driver = phone_keeping(server, browser, engine, ["/journal", "/journal/new"])
    server.stop()
    go(driver, server.url + "/journal")
    wait_for(driver, "#offline-banner")
    journal = driver.current_window_handle

    # A second tab: a new entry typed, and the tab closed before the editor's pause to save.
    driver.switch_to.new_window("tab")
    go(driver, server.url + "/journal/new")
    wait_for(driver, "#offline-banner")
    typed(driver, "Closed too soon", "Half a thought about the lighthouse")
    driver.close()
    driver.switch_to.window(journal)

    # The next look at the Journal lists the words, waiting.
    go(driver, server.url + "/journal")
    wait_for(driver, "#offline-banner")
    WebDriverWait(driver, WAIT).until(lambda d: "Closed too soon" in listed_waiting(d),
                                      message="the closed tab's words are not listed")

    restarted = restart_server(server)
    try:
        sent_once_back(driver, restarted)
        stored = the_one_entry(restarted, "Closed too soon")
        assert stored["body"] == "Half a thought about the lighthouse", stored
    finally:
        assert restarted.stop() == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_one_entry_typed_in_two_tabs_offline_keeps_both_texts(server, browser, engine):
    entry = call(server, "POST", "/api/v1/entries", {"title": "Harbour", "body": "Gulls over the pier."})
    editor = f"/journal/{entry['id']}/edit"
    driver = phone_keeping(server, browser, engine, [editor])
    server.stop()
    go(driver, server.url + editor)
    wait_for(driver, "#offline-banner")
    first = driver.current_window_handle
    typed(driver, "", " Words from the first tab.")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "save-state").text == SAVE_STATE_WAITING)

    # A second tab of the same phone opens the same entry while the first is still open, and is written in too.
    driver.switch_to.new_window("tab")
    go(driver, server.url + editor)
    wait_for(driver, "#offline-banner")
    typed(driver, "", " Words from the second tab.")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "save-state").text == SAVE_STATE_WAITING)
    # Each tab's words wait: neither replaced the other's.
    bodies = [item["body"] for item in driver.execute_async_script(OUTBOX)]
    assert len(bodies) == 2 and any("first tab" in b for b in bodies) and any("second tab" in b for b in bodies)
    driver.close()
    driver.switch_to.window(first)
    driver.get("about:blank")

    restarted = restart_server(server)
    try:
        sent_once_back(driver, restarted)
        stored = call(restarted, "GET", f"/api/v1/entries/{entry['id']}")
        texts = {stored["body"], stored.get("conflict", {}).get("body")}
        assert texts == {"Gulls over the pier. Words from the first tab.",
                         "Gulls over the pier. Words from the second tab."}, stored
    finally:
        assert restarted.stop() == 0
