"""Focus sound as a phone needs it, in Chromium and in WebKit (Safari's engine): the ambient loop plays through a
media element (which an iPhone keeps playing with the silent switch on and the screen locked), the lock screen's
Now Playing names the block and the time left, and its pause, play and stop act on the timer on the server.

What WebKitGTK cannot show — the silent switch, a locked screen, the Now Playing panel itself — rests on WebKit's
documented behaviour (see the README); here the page's media element and its Media Session are checked directly,
and the lock screen's buttons are the handlers the page registered, called as the system would call them.
"""

import datetime

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from fixtures.engines import ENGINES
from fixtures.pages import WAIT, call, click_and_wait, complete_onboarding, open_page, wait_for
from fixtures.shots import screenshot
from test_stats import ZONES

# The loops are asked for right after the first start that makes them, as on a new install.
pytestmark = pytest.mark.first_start

MEDIA = """
    const audio = window.daybookAmbient.element;
    return audio && {refusals: window.daybookAmbient.refusals, sound: audio.dataset.sound, paused: audio.paused, time: audio.currentTime,
                     error: audio.error && audio.error.message, src: audio.currentSrc};
"""

SESSION = """
    const m = navigator.mediaSession.metadata;
    return {title: m && m.title, artist: m && m.artist, state: navigator.mediaSession.playbackState};
"""


def zone_at_eight():
    """A time zone where it is about 8 in the morning now, and today's date there."""
    now = datetime.datetime.now(datetime.timezone.utc)
    offset = (8 - now.hour) % 24
    offset = offset if offset <= 14 else offset - 24
    return ZONES[offset], (now + datetime.timedelta(hours=offset)).date().isoformat()


def phase(server) -> str:
    return call(server, "GET", "/api/v1/focus")["phase"]


def media_playing(driver) -> bool:
    """The loop's media element plays and its time moves on."""
    first = driver.execute_script(MEDIA)
    if not first or first["paused"] or first["error"]:
        return False
    WebDriverWait(driver, WAIT).until(lambda d: (d.execute_script(MEDIA) or {}).get("time", 0) > first["time"] + 0.2,
                                      message=f"the media element's time does not move: {first}")
    return True


@pytest.mark.parametrize("engine", ENGINES)
def test_a_block_focused_on_plays_a_media_element_and_the_lock_screen_runs_the_timer(server, browser, engine):
    driver = browser("en-US", width=390, height=844)
    complete_onboarding(driver, server, language="en")
    zone, today = zone_at_eight()
    call(server, "PATCH", "/api/v1/settings", {"timeZone": zone, "focusSound": "rain"})
    call(server, "POST", "/api/v1/tasks", {"title": "Harbour chapter", "date": today, "start": "10:00", "duration": 50})

    # Today offers the next block; its Start opens Focus Mode on it.
    open_page(driver, server.url + "/")
    wait_for(driver, "#due-focus")
    click_and_wait(driver, driver.find_element(By.ID, "due-focus"))
    wait_for(driver, "#focus-pause")
    assert phase(server) == "running"
    # Safari starts media only from a gesture: a page that opens on a running timer starts its sound at the first
    # tap (Chromium, which remembers the tap on Today, may already be playing).
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return !!window.daybookMediaActions"),
                                      message="Focus Mode's script never ran")
    driver.find_element(By.ID, "focus-display").click()
    WebDriverWait(driver, WAIT).until(media_playing, message=f"no media element plays: {driver.execute_script(MEDIA)}")
    assert driver.execute_script(MEDIA)["sound"] == "rain"
    assert driver.execute_script(MEDIA)["src"].endswith("/sounds/rain.wav")

    # The lock screen names the block and the time left.
    session = driver.execute_script(SESSION)
    assert session["title"] == "Harbour chapter", session
    assert session["artist"].startswith("Focus · ") and session["artist"].endswith(" left"), session
    assert session["state"] == "playing", session
    screenshot(driver, "en-phone-focus-sound")

    # Pause on the lock screen: the timer pauses on the server, the sound fades out and stops.
    driver.execute_script("window.daybookMediaActions.pause()")
    WebDriverWait(driver, WAIT).until(lambda d: phase(server) == "paused")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(MEDIA)["paused"])
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(SESSION)["state"] == "paused")
    assert driver.find_element(By.ID, "focus-resume").is_displayed()

    # Play resumes the timer and the same loop; stop ends the session.
    driver.execute_script("window.daybookMediaActions.play()")
    WebDriverWait(driver, WAIT).until(lambda d: phase(server) == "running")
    WebDriverWait(driver, WAIT).until(media_playing)
    driver.execute_script("window.daybookMediaActions.stop()")
    WebDriverWait(driver, WAIT).until(lambda d: phase(server) == "idle")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(MEDIA) is None and not d.execute_script(
        "return [...document.querySelectorAll('audio.ambient')].some(a => !a.paused)"))
    assert driver.execute_script(SESSION)["title"] is None
    wait_for(driver, "#focus-start")


@pytest.mark.parametrize("engine", ENGINES)
def test_start_plays_at_once_and_a_new_sound_crossfades_between_two_elements(server, browser, engine):
    driver = browser("en-US", width=390, height=844)
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/focus")
    Select(driver.find_element(By.ID, "sound")).select_by_value("waves")
    driver.find_element(By.ID, "focus-start").click()
    WebDriverWait(driver, WAIT).until(media_playing)
    assert driver.execute_script(MEDIA)["sound"] == "waves"

    Select(driver.find_element(By.ID, "focus-sound-now")).select_by_value("fireplace")
    # Both loops sound for the crossfade's second, then only the new one is left.
    ramps = WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "const r = window.daybookAmbient.ramps; return r.some(x => x.sound === 'fireplace') && r"))
    fade_in = next(r for r in ramps if r["sound"] == "fireplace" and r["to"] == 1)
    fade_out = next(r for r in ramps if r["sound"] == "waves" and r["to"] == 0)
    assert fade_in["duration"] == 1 and fade_out["duration"] == 1, ramps
    assert abs(fade_in["at"] - fade_out["at"]) < 0.05, ramps
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('audio.ambient')].map(a => a.dataset.sound).filter(Boolean)")
        == ["fireplace"])
    WebDriverWait(driver, WAIT).until(media_playing, message=f"fireplace does not play: {driver.execute_script(MEDIA)}")
    WebDriverWait(driver, WAIT).until(lambda d: call(server, "GET", "/api/v1/focus")["sound"] == "fireplace")
