"""A long journal in a real browser: a word in more than 5,000 entries lists the newest first, the page says why
as the person types, and one tap ranks them by best match instead."""

import datetime
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES
from fixtures.pages import complete_onboarding, open_page, wait_for
from fixtures.shots import screenshot

MANY = 5_001


def long_journal() -> bytes:
    """Fourteen years of a daily walk as a jrnl text journal, and one older entry all about walking."""
    lines = ["[2009-12-31 07:00] Walk.", "The first walk of all: walk, walk, walk.", ""]
    start = datetime.datetime(2010, 1, 1, 7, 0)
    for day in range(MANY):
        moment = start + datetime.timedelta(days=day)
        lines += [f"[{moment:%Y-%m-%d %H:%M}] Day {day}.", "A short walk before work.", ""]
    return "\n".join(lines).encode()


def import_jrnl(server, data: bytes) -> None:
    request = urllib.request.Request(
        server.url + "/api/v1/import/jrnl?fileName=walks.txt", data=data, method="POST",
        headers={"Content-Type": "application/octet-stream", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        assert response.status == 200


def result_titles(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#results .entry-title")]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_word_in_most_entries_lists_the_newest_first_and_says_so(server, browser, engine):
    driver = browser(lang="ko-KR", width=390, height=844, mobile=True)
    complete_onboarding(driver, server, language="ko")
    import_jrnl(server, long_journal())

    # Typing: the live results come newest first, with the reason, before the form is ever sent.
    open_page(driver, server.url + "/search")
    wait_for(driver, "#q").send_keys("walk")
    note = driver.find_element(By.ID, "search-order")
    WebDriverWait(driver, 20).until(lambda d: note.is_displayed() and result_titles(d)[:1] == [f"Day {MANY - 1}."],
                                    message="the newest walk never came first with its reason")
    assert "최신 글부터" in note.text
    assert "5,000" in note.text
    screenshot(driver, f"ko-phone-search-newest-{engine}")

    # One tap: the best match first (the entry that says walk four times), and a way back.
    driver.find_element(By.ID, "search-order-link").click()
    WebDriverWait(driver, 20).until(lambda d: "order=best" in d.current_url)
    WebDriverWait(driver, 20).until(lambda d: result_titles(d)[:1] == ["Walk."])
    assert "최신순으로 보기" in driver.find_element(By.ID, "search-order-link").text

    # A rarer word: best match first, and nothing said about the order.
    open_page(driver, server.url + "/search")
    wait_for(driver, "#q").send_keys("first")
    WebDriverWait(driver, 20).until(lambda d: result_titles(d)[:1] == ["Walk."])
    assert not driver.find_element(By.ID, "search-order").is_displayed()
