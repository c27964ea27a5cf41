"""Offline-first: the server process is really stopped, the installed app keeps working from this device's copy,
and what was changed meanwhile arrives exactly once when the server is back on the same address."""

import base64
import datetime
import http.client
import urllib.parse

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import ENGINES, webkit_cannot
from fixtures.pages import WAIT, call, complete_onboarding, open_page, wait_for
from fixtures.servers import STOP_TIMEOUT, restart_server
from fixtures.shots import screenshot
from small_disk import noise_png, send, small_disk
from test_pwa import service_worker_state

OUTBOX = """
    const done = arguments[arguments.length - 1];
    const open = indexedDB.open("daybook");
    open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("outbox")) { done([]); return; }
        const all = db.transaction("outbox").objectStore("outbox").getAll();
        all.onsuccess = () => done(all.result);
        all.onerror = () => done(null);
    };
    open.onerror = () => done(null);
"""

KEPT = """
    const [path, done] = [arguments[0], arguments[arguments.length - 1]];
    caches.open("daybook-pages").then((cache) => cache.match(location.origin + path)).then((r) => done(!!r));
"""


def replay(driver, server, items) -> list[str]:
    """Sends the outbox's changes again exactly as the device sent them (its cookies, its keys, its method; a
    photo's bytes given base64 as `bytes`): what the server says about each."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    answers = []
    for item in items:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        body = base64.b64decode(item["bytes"]) if item.get("bytes") else item["body"].encode()
        conn.request(item.get("method") or "POST", urllib.parse.urlsplit(item["url"]).path, body=body, headers={
            "Content-Type": item["contentType"], "Idempotency-Key": item["key"], "Cookie": cookies,
            "Origin": server.url})
        response = conn.getresponse()
        response.read()
        answers.append(f"{response.status} {response.getheader('Idempotent-Replayed')}")
        conn.close()
    return answers


def controlled_by_worker(driver, url: str) -> None:
    reloaded = False

    def controlled(d) -> bool:
        nonlocal reloaded
        state = service_worker_state(d)
        active = state.get("ready") and state.get("state") == "activated"
        if active and not state.get("controlled") and not reloaded:
            reloaded = True
            open_page(d, url)
        return bool(active and state.get("controlled"))

    # A worker installs every kept file first (every module a page may load, some 50 files): in WebKit behind the
    # TLS proxy on a machine running three test processes, that has taken over 60 s.
    WebDriverWait(driver, 120, poll_frequency=0.2).until(controlled)


def waiting_count(driver) -> str:
    """The page's count of waiting changes; the list is drawn again whenever the outbox changes."""
    try:
        return " ".join(e.text for e in driver.find_elements(By.ID, "outbox-count"))
    except StaleElementReferenceException:
        return ""


def go(driver, url: str) -> None:
    """Opens `url` and waits until its page has loaded and run its scripts, as a person sees it before tapping.

    WebKit can hand back a page the worker served while it is still being read, before its scripts ran: a tap then
    lands where the page is about to move from (the Timeline opens scrolled to now). The page left is marked so that
    the wait is for the new one."""
    try:
        driver.execute_script("window.daybookLeft = true")
    except WebDriverException:
        pass  # no page yet
    try:
        driver.get(url)
    except WebDriverException:
        pass  # some drivers report a page served by the worker after a failed fetch as an error
    WebDriverWait(driver, WAIT, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.execute_script("return !window.daybookLeft && document.readyState === 'complete'"),
        message=f"{url} did not load")


def phone_offline_on(server, browser, path: str, profile=None):
    """A phone that kept `path` under the service worker and then lost its server: the page open from its copy."""
    driver = browser("en-US", width=420, height=900, profile=profile)
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/")
    controlled_by_worker(driver, server.url + "/")
    open_page(driver, server.url + path)
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_async_script(KEPT, path))
    server.stop()
    go(driver, server.url + path)
    wait_for(driver, "#offline-banner")
    return driver


def phone_with_a_tracker(server, browser, name: str):
    """A phone that has opened Today once under the service worker, and a yes/no tracker named `name`."""
    driver = browser("en-US", width=420, height=900)
    complete_onboarding(driver, server, language="en")
    tracker = call(server, "POST", "/api/v1/trackers", {"name": name, "kind": "boolean"})
    open_page(driver, server.url + "/")
    controlled_by_worker(driver, server.url + "/")
    return driver, tracker


@pytest.mark.parametrize("engine", ENGINES)
def test_changes_made_with_the_server_stopped_arrive_once_after_it_restarts(server, browser, engine):
    driver, tracker = phone_with_a_tracker(server, browser, "Read")
    # Seen once while the server answers: these pages are kept on the device.
    entry = call(server, "POST", "/api/v1/entries", {"title": "Harbour at dawn", "body": "Gulls over the pier."})
    open_page(driver, server.url + "/journal")
    # The Journal keeps its latest entries readable offline, without opening each.
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_async_script(KEPT, f"/journal/{entry['id']}"))
    open_page(driver, server.url + "/log")
    open_page(driver, server.url + "/")
    wait_for(driver, f"#toggle-{tracker['id']}")

    code = server.stop()
    assert code == 0 and server.stopped_in is not None and server.stopped_in <= STOP_TIMEOUT

    # Today opens from the kept copy and says it is offline, and since when.
    go(driver, server.url + "/")
    banner = wait_for(driver, "#offline-banner")
    assert banner.text.startswith("Offline · as of "), banner.text
    screenshot(driver, "en-phone-offline-today")

    # A tracker ticked offline shows at once as waiting.
    driver.find_element(By.ID, f"toggle-{tracker['id']}").click()
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")
    assert "Waiting" in driver.find_element(By.ID, f"tracker-{tracker['id']}").text

    # The Daily Log, written offline from its kept copy.
    go(driver, server.url + "/log")
    wait_for(driver, "#offline-banner")
    reflection = driver.find_element(By.ID, "reflection")
    reflection.clear()
    words = "Rain on the train window; read two chapters."
    reflection.send_keys(words)
    # The day the words are written for: the page's own, even when the test runs past midnight.
    day = driver.find_element(By.ID, "log-form").get_attribute("action").rsplit("/", 1)[1]
    driver.find_element(By.CSS_SELECTOR, "#log-form [type=submit]").click()
    WebDriverWait(driver, WAIT).until(
        lambda d: waiting_count(d) == "2 changes waiting")
    assert driver.find_element(By.ID, "reflection").get_attribute("value") == words
    # The list says what each change is, in the owner's words.
    driver.find_element(By.ID, "outbox-count").click()
    kinds = [e.text.split(" · ")[0] for e in driver.find_elements(By.CSS_SELECTOR, "#outbox .outbox-what")]
    assert kinds == ["Tracker", "Daily Log"], kinds

    go(driver, server.url + f"/journal/{entry['id']}")
    wait_for(driver, "#offline-banner")
    assert "Gulls over the pier." in driver.find_element(By.ID, "main").text

    # A page the device never kept says so, and links the ones it keeps.
    go(driver, server.url + "/privacy")
    wait_for(driver, "#not-kept")
    kept = WebDriverWait(driver, WAIT).until(lambda d: set(d.execute_script(
        "return [...document.querySelectorAll('#kept-pages a')].map((a) => a.pathname)")))
    assert {"/", "/log"} <= kept, kept

    # Reloading keeps the outbox: it lives in IndexedDB.
    go(driver, server.url + "/")
    wait_for(driver, "#offline-banner")
    waiting = driver.execute_async_script(OUTBOX)
    assert [item["state"] for item in waiting] == ["waiting", "waiting"], waiting

    restarted = restart_server(server)
    try:
        # Back on the same address: the next page load sends the outbox, in order, once.
        open_page(driver, restarted.url + "/")
        WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])
        WebDriverWait(driver, WAIT).until(lambda d: not d.find_elements(By.ID, "offline-banner"))
        assert not driver.find_elements(By.ID, "outbox-count")

        # A forced second replay of everything: the server answers with the first answers and writes nothing.
        answers = replay(driver, restarted, waiting)
        assert answers == ["303 true", "303 true"], answers

        values = call(restarted, "GET", f"/api/v1/trackers/{tracker['id']}/values")
        ticked = [v for v in values["values"] if v.get("met")]
        assert len(ticked) == 1, values
        log = call(restarted, "GET", f"/api/v1/logs/{day}")
        assert log["reflection"] == words, log
    finally:
        assert restarted.stop() == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_refused_changes_stay_listed_and_settings_forgets_the_copy(server, browser, engine):
    driver, gone = phone_with_a_tracker(server, browser, "Stretch")
    open_page(driver, server.url + "/")
    wait_for(driver, f"#toggle-{gone['id']}")

    server.stop()
    go(driver, server.url + "/")
    wait_for(driver, "#offline-banner")
    driver.find_element(By.ID, f"toggle-{gone['id']}").click()
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")

    restarted = restart_server(server)
    try:
        # Meanwhile another device deleted the tracker: the change is refused, and kept with its reason.
        call(restarted, "DELETE", f"/api/v1/trackers/{gone['id']}")
        open_page(driver, restarted.url + "/")
        # The list is drawn again whenever the outbox changes: read its words as they are found.
        reason = WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: " ".join(e.get_attribute("textContent") for e in d.find_elements(
                By.CSS_SELECTOR, '#outbox li[data-state="refused"] .form-error')))
        assert reason.startswith("Not accepted by the server:"), reason
        assert driver.find_elements(By.CSS_SELECTOR, '#outbox li[data-state="refused"] textarea')

        # Settings → This device says what is kept and forgets it all.
        open_page(driver, restarted.url + "/settings")
        summary = wait_for(driver, "#device-summary")
        assert "pages" in summary.text and "1 changes waiting" in summary.text, summary.text
        forget = driver.find_element(By.ID, "forget-device")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", forget)
        forget.click()
        # Read by script: the section is drawn anew once the copy is gone.
        WebDriverWait(driver, WAIT).until(lambda d: "no longer keeps" in d.execute_script(
            "return document.getElementById('device-summary')?.textContent ?? ''"))
        left = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.keys().then((names) => done(names.filter((n) => n.startsWith("daybook-"))));
        """)
        assert left == [], left
        assert driver.execute_async_script(OUTBOX) == []
    finally:
        assert restarted.stop() == 0


# Where the first fill of the kept journal has got: {count, done}.
JOURNAL = """
    const done = arguments[arguments.length - 1];
    const open = indexedDB.open("daybook-journal");
    // Not made yet: looking must not make it (the worker makes it with its stores).
    open.onupgradeneeded = () => open.transaction.abort();
    open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("meta")) { done(null); return; }
        const tx = db.transaction(["meta", "entries"]);
        const fill = tx.objectStore("meta").get("fill");
        const count = tx.objectStore("entries").count();
        tx.oncomplete = () => done({done: !!(fill.result && fill.result.done), count: count.result});
        tx.onerror = () => done(null);
    };
    open.onerror = () => done(null);
"""


# Whether the kept journal holds the entry with this id (null: there is no kept journal yet).
IN_KEPT_JOURNAL = """
    const [id, done] = [arguments[0], arguments[arguments.length - 1]];
    const open = indexedDB.open("daybook-journal");
    open.onupgradeneeded = () => open.transaction.abort();
    open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("entries")) { done(null); return; }
        const found = db.transaction("entries").objectStore("entries").count(id);
        found.onsuccess = () => done(found.result > 0);
        found.onerror = () => done(null);
    };
    open.onerror = () => done(null);
"""


KEPT_TEXT = """
    const [path, done] = [arguments[0], arguments[arguments.length - 1]];
    caches.open("daybook-pages").then((cache) => cache.match(location.origin + path))
        .then((r) => r ? r.text().then((text) => done({at: r.headers.get("X-Daybook-Kept-At"), text})) : done(null));
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_the_kept_copy_follows_changes_made_on_another_device(server, browser, engine):
    driver, tracker = phone_with_a_tracker(server, browser, "Walk")
    edited = call(server, "POST", "/api/v1/entries", {"title": "Pier", "body": "Written on the phone."})
    trashed = call(server, "POST", "/api/v1/entries", {"title": "Draft to throw away", "body": "Soon gone."})
    open_page(driver, server.url + "/journal")
    for entry in (edited, trashed):
        WebDriverWait(driver, WAIT).until(lambda d, e=entry: d.execute_async_script(KEPT, f"/journal/{e['id']}"))
    open_page(driver, server.url + f"/trackers/{tracker['id']}")
    tracker_page = WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_async_script(KEPT_TEXT, f"/trackers/{tracker['id']}"))

    # Another device changes the journal while this page is open: `/events` wakes the worker, which reads the
    # changes feed and fetches again only the kept pages those changes show on.
    call(server, "PATCH", f"/api/v1/entries/{edited['id']}",
         {"body": "Changed later on the desktop.", "revision": edited["revision"]})
    call(server, "DELETE", f"/api/v1/entries/{trashed['id']}")
    added = call(server, "POST", "/api/v1/entries", {"title": "Train home", "body": "Written on the laptop."})
    WebDriverWait(driver, 30).until(lambda d: "Changed later on the desktop." in (
        d.execute_async_script(KEPT_TEXT, f"/journal/{edited['id']}") or {}).get("text", ""))
    WebDriverWait(driver, WAIT).until(lambda d: not d.execute_async_script(KEPT, f"/journal/{trashed['id']}"))
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_async_script(KEPT, f"/journal/{added['id']}"))
    # The kept journal lets the trashed entry go too (after the pages: the worker keeps pages first).
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_async_script(IN_KEPT_JOURNAL, trashed["id"]) is False,
                                      message="the kept journal still holds the entry put in the trash")
    # The tracker's page did not change, so it was not fetched again.
    assert driver.execute_async_script(KEPT_TEXT, f"/trackers/{tracker['id']}")["at"] == tracker_page["at"]

    code = server.stop()
    assert code == 0
    go(driver, server.url + f"/journal/{edited['id']}")
    wait_for(driver, "#offline-banner")
    assert "Changed later on the desktop." in driver.find_element(By.ID, "main").text
    go(driver, server.url + f"/journal/{added['id']}")
    wait_for(driver, "#offline-banner")
    assert "Written on the laptop." in driver.find_element(By.ID, "main").text
    # The entry put in the trash elsewhere is not shown as if it were still there.
    go(driver, server.url + f"/journal/{trashed['id']}")
    wait_for(driver, "#not-kept")
    assert "Soon gone." not in driver.find_element(By.TAG_NAME, "body").text


BALLAST = """
    const [size, done] = [arguments[0], arguments[arguments.length - 1]];
    const open = indexedDB.open("ballast", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("s", {autoIncrement: true});
    open.onsuccess = () => {
        const db = open.result;
        let kept = 0;
        const more = () => {
            const tx = db.transaction("s", "readwrite");
            tx.objectStore("s").add(new Blob([new Uint8Array(size).map(() => Math.random() * 256)]));
            tx.oncomplete = () => { kept += 1; more(); };
            tx.onabort = () => { db.close(); done([kept, tx.error && tx.error.name]); };
        };
        more();
    };
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_full_device_keeps_the_text_on_screen_and_never_says_saved(server, browser, tmp_path, engine):
    webkit_cannot(engine, "keep its data on a small disk",
                  "an automation session keeps website data in memory, so its quota cannot be filled for real")
    # The browser's data on a 64 MB disk: its storage quota is real and can be used up.
    with small_disk(tmp_path / "profile", 64) as profile:
        driver = phone_offline_on(server, browser, "/log", profile)
        # Everything this origin may keep is taken, down to the last few bytes.
        for size in (1 << 20, 1 << 12, 1 << 6):
            kept, error = driver.execute_async_script(BALLAST, size)
            assert error == "QuotaExceededError", (size, kept, error)
        words = "The tunnel is long; I will not lose this sentence."
        reflection = driver.find_element(By.ID, "reflection")
        reflection.clear()
        reflection.send_keys(words)
        driver.find_element(By.CSS_SELECTOR, "#log-form [type=submit]").click()
        note = wait_for(driver, "#log-form .outbox-note.form-error")
        assert note.text.startswith("This device has no room left to keep this change, so it was not saved."), note.text
        assert driver.find_element(By.ID, "reflection").get_attribute("value") == words
        assert driver.execute_async_script(OUTBOX) == []
        assert not driver.find_elements(By.CSS_SELECTOR, "#log-form .badge.outbox-note")
        assert waiting_count(driver) == ""

        # Room again: the same text, sent again, waits for the server and arrives.
        driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const request = indexedDB.deleteDatabase("ballast");
            request.onsuccess = request.onerror = request.onblocked = () => done();
        """)
        driver.find_element(By.CSS_SELECTOR, "#log-form [type=submit]").click()
        WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")
        restarted = restart_server(server)
        try:
            open_page(driver, restarted.url + "/")
            WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])
            assert call(restarted, "GET", "/api/v1/logs/today")["reflection"] == words
        finally:
            assert restarted.stop() == 0


ENQUEUE_ENTRIES = """
    const [count, done] = [arguments[0], arguments[arguments.length - 1]];
    const form = new URLSearchParams(new FormData(document.getElementById("entry-form")));
    import("/static/js/outbox.js").then(async (outbox) => {
        for (let n = 1; n <= count; n += 1) {
            form.set("title", `Stop ${n}`);
            form.set("body", `Written between stations, number ${n}.`);
            await outbox.enqueue({key: crypto.randomUUID(), url: location.origin + "/journal", body: form.toString(),
                contentType: "application/x-www-form-urlencoded", from: "/journal"});
        }
        done(count);
    });
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_replay_cut_short_by_kill_9_still_writes_each_change_once(server, browser, engine):
    driver = browser("en-US", width=420, height=900)
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/journal/new")
    controlled_by_worker(driver, server.url + "/journal/new")
    server.stop()
    # A hundred entries written on the train wait on the device, each with its own key.
    go(driver, server.url + "/journal/new")
    count = 100
    assert driver.execute_async_script(ENQUEUE_ENTRIES, count) == count

    restarted = restart_server(server)
    # The replay starts with the next page; the server is killed outright part-way through it, between any commit
    # and its answer.
    go(driver, restarted.url + "/journal")
    WebDriverWait(driver, 30, poll_frequency=0.05).until(lambda d: len(d.execute_async_script(OUTBOX)) < count - 5)
    restarted.process.kill()
    restarted.process.wait()
    restarted.stop()
    left = len(driver.execute_async_script(OUTBOX))
    assert 0 < left < count, left

    again = restart_server(restarted)
    try:
        go(driver, again.url + "/journal")
        WebDriverWait(driver, 60).until(lambda d: d.execute_async_script(OUTBOX) == [])
        titles, page = [], call(again, "GET", "/api/v1/entries")
        while True:
            titles += [entry["title"] for entry in page["entries"]]
            if not page.get("next"):
                break
            page = call(again, "GET", "/api/v1/entries?after=" + urllib.parse.quote(page["next"]))
        assert sorted(titles) == sorted(f"Stop {n}" for n in range(1, count + 1)), titles
    finally:
        assert again.stop() == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_the_journal_is_kept_for_100_entries_or_90_days_with_its_photos(server, browser, engine):
    driver = browser("en-US", width=420, height=900)
    complete_onboarding(driver, server, language="en")
    status, photo = send(server.url, "POST", "/api/v1/photos", noise_png(900, 600), "image/png")
    assert status == 201, photo
    today = datetime.date.today()

    def write(days_ago: int, title: str, body: str = "A line.") -> dict:
        day = (today - datetime.timedelta(days=days_ago)).isoformat()
        return call(server, "POST", "/api/v1/entries", {"title": title, "body": body, "date": f"{day}T08:00"})
    # 60 days of many entries (more than 100), a few more within 90 days, and older ones kept only as data.
    recent = [write(n % 60, f"Recent {n}") for n in range(104)]
    with_photo = write(1, "Harbour with a photo", f"Boats.\n\n![The harbour](/photos/{photo['id']})")
    autumn = [write(80 + n, f"Autumn {n}") for n in range(3)]
    old = [write(200 + n, f"Old {n}") for n in range(3)]

    open_page(driver, server.url + "/journal")
    controlled_by_worker(driver, server.url + "/journal")
    for entry in recent + [with_photo] + autumn:
        WebDriverWait(driver, 60).until(lambda d, e=entry: d.execute_async_script(KEPT, f"/journal/{e['id']}"))
    assert not any(driver.execute_async_script(KEPT, f"/journal/{e['id']}") for e in old)
    # Each with its editor, so it can be changed offline too.
    for entry in recent + [with_photo] + autumn:
        WebDriverWait(driver, 60).until(lambda d, e=entry: d.execute_async_script(KEPT, f"/journal/{e['id']}/edit"))
    open_page(driver, server.url + "/settings")
    summary = wait_for(driver, "#device-summary").text
    assert summary.startswith("Kept here for use without the server: 108 journal entries among "), summary
    # And the whole journal as data, the old entries written last among them.
    WebDriverWait(driver, 60).until(lambda d: (d.execute_async_script(JOURNAL) or {}).get("count") == 111,
                                    message="the kept journal never held all 111 entries")

    server.stop()
    go(driver, server.url + f"/journal/{autumn[-1]['id']}")
    wait_for(driver, "#offline-banner")
    assert "Autumn 2" in driver.find_element(By.ID, "main").text
    # The photo was never opened, yet shows offline: kept at a list's width, served for the width the phone asks.
    go(driver, server.url + f"/journal/{with_photo['id']}")
    wait_for(driver, "#offline-banner")
    image = wait_for(driver, "#main img[alt='The harbour']")
    driver.execute_script("arguments[0].scrollIntoView()", image)
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0", image))
    kept_photos = driver.execute_async_script(
        "caches.open('daybook-photos').then((c) => c.keys()).then((k) => arguments[0](k.map((r) => r.url)))")
    assert f"{server.url}/photos/{photo['id']}?w=640" in kept_photos, kept_photos
    # An older entry has no kept page; it opens from the whole journal the device keeps as data.
    go(driver, server.url + f"/journal/{old[0]['id']}")
    wait_for(driver, "#entry[data-on-device]")
    assert driver.find_element(By.ID, "entry-title").text == old[0]["title"]


@pytest.mark.parametrize("engine", ENGINES)
def test_of_two_devices_the_later_change_to_a_log_field_wins(server, browser, engine):
    # On the train: a mood and a reflection, kept on the phone.
    driver = phone_offline_on(server, browser, "/log")
    driver.find_element(By.CSS_SELECTOR, "#field-mood input[value='2']").click()
    driver.find_element(By.ID, "reflection").send_keys("The train was late; I read instead.")
    driver.find_element(By.CSS_SELECTOR, "#log-form [type=submit]").click()
    WebDriverWait(driver, WAIT).until(lambda d: waiting_count(d) == "1 change waiting")

    restarted = restart_server(server)
    try:
        # At home, before the phone is back: the mood, changed later on the desktop.
        call(restarted, "PATCH", "/api/v1/logs/today", {"mood": 5})
        open_page(driver, restarted.url + "/")
        WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX) == [])
        log = call(restarted, "GET", "/api/v1/logs/today")
        assert log["moodValue"] == 5, log
        assert log["reflection"] == "The train was late; I read instead.", log
    finally:
        assert restarted.stop() == 0
