"""Photos in the editor seen as photos: the text keeps its Markdown, and under it each photo shows as a picture in
the text's order, with a caption, move up/down, remove and "Use as cover". The cover chosen is the one the Journal
list and the Calendar's month grid show; with none chosen, the first photo. In Chromium and WebKit at phone size."""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES
from fixtures.pages import WAIT, call, complete_onboarding, open_page, path_of, wait_for
from fixtures.shots import screenshot
from small_disk import noise_png
from test_offline_device import pick


def tap(driver, element) -> None:
    """A tap at the element's centre, brought into view first as a finger scrolls to it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    ActionChains(driver).move_to_element(element).click().perform()


def strip(driver) -> list[dict]:
    """The strip as a person sees it: each photo's id, whether its picture loaded, its caption and badges."""
    return driver.execute_script("""
      return [...document.querySelectorAll('#editor-photos figure')].map((figure) => ({
        id: figure.dataset.photo,
        shown: figure.querySelector('img').complete && figure.querySelector('img').naturalWidth > 0,
        caption: figure.querySelector('input').value,
        cover: !!figure.querySelector('.badge.cover'),
      }));""")


def button(driver, photo: str, act: str):
    return driver.find_element(By.CSS_SELECTOR, f'#editor-photos figure[data-photo="{photo}"] [data-act="{act}"]')


def saved(driver) -> None:
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.ID, "save-state").get_attribute("data-state") == "saved",
        message="the editor did not save")


@pytest.mark.parametrize("engine", ENGINES)
def test_photos_show_as_pictures_and_the_cover_chosen_is_the_one_shown(server, browser, tmp_path, engine):
    driver = browser("en-US", width=390, height=617, engine=engine)
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/journal/new")
    wait_for(driver, "#body")
    driver.find_element(By.ID, "title").send_keys("Harbour")
    driver.find_element(By.ID, "body").send_keys("The boats came in at dusk.\n")
    pictures = []
    for name, seed in (("boats", 1), ("lighthouse", 2)):
        path = tmp_path / f"{name}.png"
        path.write_bytes(noise_png(64, 48, seed))
        pick(driver, path)
        WebDriverWait(driver, WAIT).until(lambda d, n=len(pictures) + 1: len(strip(d)) == n,
                                          message=f"{name} is not shown under the text")
        pictures.append(strip(driver)[-1]["id"])
    boats, lighthouse = pictures
    WebDriverWait(driver, WAIT).until(lambda d: all(photo["shown"] for photo in strip(d)),
                                      message="a photo is not shown as a picture")
    # The text keeps its Markdown; with none chosen, the first photo is the cover.
    text = driver.find_element(By.ID, "body").get_attribute("value")
    assert text.index(f"/photos/{boats}") < text.index(f"/photos/{lighthouse}")
    assert [photo["cover"] for photo in strip(driver)] == [True, False]

    # A caption, typed and kept with Enter, is the image's words in the text.
    caption = button(driver, boats, "caption")
    tap(driver, caption)
    caption.send_keys(Keys.CONTROL, "a")
    caption.send_keys("Boats at dusk", Keys.ENTER)
    WebDriverWait(driver, WAIT).until(
        lambda d: f"![Boats at dusk](/photos/{boats})" in d.find_element(By.ID, "body").get_attribute("value"))

    # The lighthouse moved up becomes first, and the cover with it (none was chosen).
    tap(driver, button(driver, lighthouse, "up"))
    WebDriverWait(driver, WAIT).until(lambda d: [p["id"] for p in strip(d)] == [lighthouse, boats])
    assert [photo["cover"] for photo in strip(driver)] == [True, False]
    # Chosen: the boats are the cover, wherever they stand.
    tap(driver, button(driver, boats, "cover"))
    WebDriverWait(driver, WAIT).until(lambda d: [p["cover"] for p in strip(d)] == [False, True])
    assert button(driver, boats, "cover").get_attribute("aria-pressed") == "true"
    saved(driver)
    driver.execute_script("document.getElementById('editor-photos').scrollIntoView({block: 'center'})")
    screenshot(driver, f"{engine}-en-phone-617-editor-photos-cover")
    entry = driver.execute_script("return document.getElementById('entry-form').dataset.entryId")

    tap(driver, driver.find_element(By.ID, "editor-done"))
    WebDriverWait(driver, WAIT).until(lambda d: "/edit" not in path_of(d) and "/new" not in path_of(d))
    stored = call(server, "GET", f"/api/v1/entries/{entry}")
    assert stored["coverPhotoID"] == boats, stored
    assert stored["body"].index(f"/photos/{lighthouse}") < stored["body"].index(f"/photos/{boats}")
    # What the Journal list and the month grid show for the entry is the cover chosen.
    for page in ("/journal", "/calendar"):
        open_page(driver, server.url + page)
        shown = driver.execute_script(
            "return [...document.querySelectorAll('main img')].map((img) => img.getAttribute('src'))")
        assert any(boats in (src or "") for src in shown) and not any(lighthouse in (src or "") for src in shown), \
            f"{page} shows {shown}"

    # In Korean, the editor says the same; removing the cover gives the cover back to the first photo.
    call(server, "PATCH", "/api/v1/settings", {"language": "ko"})
    open_page(driver, server.url + f"/journal/{entry}/edit")
    WebDriverWait(driver, WAIT).until(lambda d: [p["cover"] for p in strip(d)] == [False, True])
    assert button(driver, boats, "cover").text == "표지로 사용"
    driver.execute_script("document.getElementById('editor-photos').scrollIntoView({block: 'center'})")
    screenshot(driver, f"{engine}-ko-phone-617-editor-photos-cover")
    tap(driver, button(driver, boats, "remove"))
    WebDriverWait(driver, WAIT).until(lambda d: [p["id"] for p in strip(d)] == [lighthouse])
    assert strip(driver)[0]["cover"]
    saved(driver)
    stored = call(server, "GET", f"/api/v1/entries/{entry}")
    assert stored["coverPhotoID"] == lighthouse and f"/photos/{boats}" not in stored["body"], stored
    assert not re.search(r"\n\n\n", stored["body"]), "removing a photo left an empty line behind"
    call(server, "PATCH", "/api/v1/settings", {"language": "en"})
