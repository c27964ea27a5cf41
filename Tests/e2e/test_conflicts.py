"""One entry edited on two devices across an outage: the phone edits it with the server stopped (the change waits
in its outbox), the desktop edits it once the server is back, then the phone's outbox is sent. Both texts are
kept, the entry says "Changed on two devices" with both side by side, and one tap keeps either."""

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.pages import WAIT, call, click_and_wait, complete_onboarding, open_page, set_value, wait_for
from fixtures.servers import restart_server
from fixtures.shots import screenshot
from test_accessibility import serious_findings
from test_offline import KEPT, OUTBOX, controlled_by_worker, go, waiting_count

PHONE_TEXT = "Gulls over the pier, written on the train with the server away."
DESK_TEXT = "Gulls over the pier, and the ferry leaving at seven, from the desk."


def versions(driver) -> dict[str, str]:
    return {side: driver.find_element(By.ID, f"version-{side}").text for side in ("entry", "other")}


def side_by_side(driver) -> bool:
    """Whether the two versions share a row (desktop) rather than one above the other (phone)."""
    entry, other = (driver.find_element(By.ID, f"version-{side}").rect for side in ("entry", "other"))
    return abs(entry["y"] - other["y"]) < 2 and other["x"] >= entry["x"] + entry["width"]


def fits_the_screen(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")


def test_an_entry_edited_offline_and_on_the_desktop_keeps_both_texts(server, browser):
    phone = browser("en-US", width=390, height=844)
    complete_onboarding(phone, server, language="en")
    entry = call(server, "POST", "/api/v1/entries", {"title": "Harbour at dawn", "body": "Gulls over the pier."})
    path = f"/journal/{entry['id']}"
    open_page(phone, server.url + "/")
    controlled_by_worker(phone, server.url + "/")
    # Seen once while the server answers: the entry and its editor are kept on the phone.
    open_page(phone, server.url + path)
    open_page(phone, server.url + path + "/edit")
    WebDriverWait(phone, WAIT).until(lambda d: d.execute_async_script(KEPT, path + "/edit"))

    assert server.stop() == 0
    # The phone edits the entry from its kept editor; the change waits in the outbox.
    go(phone, server.url + path + "/edit")
    wait_for(phone, "#offline-banner")
    set_value(phone, phone.find_element(By.ID, "body"), PHONE_TEXT)
    phone.find_element(By.ID, "save-entry").click()
    WebDriverWait(phone, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")
    # No Daybook page stays open on the phone, so nothing sends the outbox before the desktop has saved.
    phone.get("about:blank")

    restarted = restart_server(server)
    try:
        # The desktop, a browser of its own, changes the same entry first.
        desk = browser("en-US", width=1280, height=900)
        open_page(desk, restarted.url + path + "/edit")
        set_value(desk, desk.find_element(By.ID, "body"), DESK_TEXT)
        desk.find_element(By.ID, "save-entry").click()
        WebDriverWait(desk, WAIT).until(
            lambda d: call(restarted, "GET", f"/api/v1/entries/{entry['id']}")["body"] == DESK_TEXT)

        # Then the phone opens Daybook again and its outbox is sent.
        open_page(phone, restarted.url + "/")
        WebDriverWait(phone, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])

        # Both texts are kept: the desktop's, made later, as the entry; the phone's beside it.
        stored = call(restarted, "GET", f"/api/v1/entries/{entry['id']}")
        assert stored["body"] == DESK_TEXT, stored
        assert stored["conflict"]["body"] == PHONE_TEXT, stored

        open_page(phone, restarted.url + path)
        heading = wait_for(phone, "#two-devices h2")
        assert heading.text == "Changed on two devices"
        shown = versions(phone)
        assert DESK_TEXT in shown["entry"] and PHONE_TEXT in shown["other"], shown
        made = [phone.find_element(By.CSS_SELECTOR, f"#version-{side} time").get_attribute("textContent")
                for side in ("entry", "other")]
        assert all(label.startswith("Made Nov") for label in made), made
        assert not side_by_side(phone) and fits_the_screen(phone)
        screenshot(phone, "en-phone-two-devices")
        # The Journal marks the entry.
        open_page(desk, restarted.url + "/journal")
        badge = desk.find_element(By.CSS_SELECTOR, f"#entry-{entry['id']} .two-devices-badge")
        assert badge.text == "Changed on two devices"
        open_page(desk, restarted.url + path)
        wait_for(desk, "#two-devices")
        assert side_by_side(desk)
        screenshot(desk, "en-desktop-two-devices")
        # The editor says so too.
        open_page(desk, restarted.url + path + "/edit")
        assert "Changed on two devices" in wait_for(desk, "#two-devices").text
        screenshot(desk, "en-desktop-two-devices-editor")

        # One tap on the other side keeps the phone's text.
        button = phone.find_element(By.ID, "keep-other")
        assert button.text == "Keep this one"
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        click_and_wait(phone, button)
        WebDriverWait(phone, WAIT).until(lambda d: PHONE_TEXT in d.find_element(By.ID, "entry-body").text)
        assert not phone.find_elements(By.ID, "two-devices")

        # No words were lost: the desktop's text waits under the entry until it is deleted.
        after = call(restarted, "GET", f"/api/v1/entries/{entry['id']}")
        assert after["body"] == PHONE_TEXT and "conflict" not in after, after
        assert after["revision"] == stored["revision"] + 1
        assert DESK_TEXT in phone.find_element(By.ID, "set-aside").get_attribute("textContent")
    finally:
        assert restarted.stop() == 0


def test_the_choice_reads_in_korean_on_a_phone_and_a_desktop(server, browser):
    phone = browser("ko-KR", width=390, height=844)
    complete_onboarding(phone, server, language="ko")
    entry = call(server, "POST", "/api/v1/entries", {"title": "새벽 항구", "body": "부두 위의 갈매기."})
    call(server, "PATCH", f"/api/v1/entries/{entry['id']}", {"body": "책상에서: 일곱 시에 떠나는 배.", "revision": 1})
    # A change from revision 1 sent later, as a phone's outbox would: both are kept.
    call(server, "PATCH", f"/api/v1/entries/{entry['id']}",
         {"body": "기차에서: 부두 위의 갈매기와 비.", "revision": 1, "onConflict": "keepBoth"})
    path = f"/journal/{entry['id']}"

    open_page(phone, server.url + path)
    assert wait_for(phone, "#two-devices h2").text == "두 기기에서 바뀌었어요"
    assert phone.find_element(By.ID, "keep-entry").text == "이 버전 남기기"
    assert not side_by_side(phone) and fits_the_screen(phone)
    with open(Axe(phone).script_url, encoding="utf-8") as file:
        axe = file.read()
    assert not serious_findings(phone, axe, "ko phone, changed on two devices")
    screenshot(phone, "ko-phone-two-devices")
    desk = browser("ko-KR", width=1280, height=900)
    open_page(desk, server.url + path)
    wait_for(desk, "#two-devices")
    assert side_by_side(desk)
    assert not serious_findings(desk, axe, "ko desktop, changed on two devices")
    screenshot(desk, "ko-desktop-two-devices")

    click_and_wait(desk, desk.find_element(By.ID, "keep-entry"))
    assert not desk.find_elements(By.ID, "two-devices")
    after = call(server, "GET", f"/api/v1/entries/{entry['id']}")
    assert after["body"] == "기차에서: 부두 위의 갈매기와 비." and "conflict" not in after, after
    assert "책상에서" in desk.find_element(By.ID, "set-aside").get_attribute("textContent")
