"""Upgrading Daybook and going back, as an owner does it with the real binary.

A data folder the Daybook before this one left (the latest migration taken back out of a folder this one made) is
refused by every command but `serve` and `migrate`; `daybook upgrade-check` says what the first start would do
and changes nothing; the first start copies the database into pre-upgrade/ before it migrates, and Settings →
Backups shows the copy and the way back; `daybook upgrade-undo` puts the copy back. A folder a newer Daybook
migrated is refused by the server (which exits) and by every command, untouched. An upgrade that stops leaves
every page saying so, naming the copy.
"""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By

from daybook_http import Client, complete_onboarding
from fixtures.pages import call, open_page, wait_for
from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, free_port, start_server
from fixtures.shots import screenshot

LATEST = "v26 opened by"
PREVIOUS_NUMBER = 25


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(daybook_binary()), *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def written_folder(tmp_path: Path, name: str) -> Path:
    """A data folder this Daybook made, onboarded, with an entry written in it; its server stopped."""
    data = tmp_path / name
    server = start_server(daybook_binary(), data, LOG_DIR / f"upgrade-{name}.log")
    try:
        complete_onboarding(Client(server.url), name="Mina", language="ko")
        call(server, "POST", "/api/v1/entries", {"title": "Harbour", "body": "Gulls over the harbour at dawn."})
    finally:
        assert server.stop() == 0
    return data


def as_previous_version(data: Path) -> None:
    """Takes the latest migration back out, as the Daybook before this one left the folder."""
    with sqlite3.connect(data / "daybook.sqlite") as db:
        db.execute("DROP TABLE openedBy")
        db.execute("DELETE FROM grdb_migrations WHERE identifier = ?", (LATEST,))
    db.close()


def get(url: str, language: str = "en") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def until_answered(url: str, process: subprocess.Popen, done, timeout: float = 60) -> tuple[int, str]:
    """Asks `url` (in Japanese) until `done(status, text)`, the server exits or `timeout` passes; the last answer."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            status, text = get(url, "ja")
        except OSError:
            status, text = 0, ""
        if done(status, text) or process.poll() is not None or time.monotonic() > deadline:
            return status, text
        time.sleep(0.1)


def test_an_older_folder_is_copied_before_its_upgrade_and_can_be_put_back(browser, tmp_path):
    data = written_folder(tmp_path, "older")
    as_previous_version(data)
    database = data / "daybook.sqlite"
    before = digest(database)

    # Commands other than serve and migrate leave the folder to the server, and change nothing.
    for command in (["token", "list"], ["export", "--to", str(tmp_path / "export.zip")], ["check"]):
        refused = cli(*command, "--data-dir", str(data))
        assert refused.returncode != 0, refused.stdout
        assert "needs upgrading" in refused.stderr and LATEST in refused.stderr, refused.stderr
    # upgrade-check says what the first start would do, reading only.
    check = cli("upgrade-check", "--data-dir", str(data))
    assert check.returncode == 0, check.stderr
    assert "would apply 1 migration" in check.stdout and LATEST in check.stdout, check.stdout
    assert f"{data}/pre-upgrade/" in check.stdout and "room enough" in check.stdout, check.stdout
    assert digest(database) == before
    assert not (data / "pre-upgrade").exists()

    # The first start copies, checks the copy, then upgrades; the journal is all there.
    server = start_server(daybook_binary(), data, LOG_DIR / "upgrade-older-first-start.log")
    try:
        copies = sorted((data / "pre-upgrade").glob(f"daybook-before-{PREVIOUS_NUMBER}-*.sqlite"))
        assert len(copies) == 1, list((data / "pre-upgrade").iterdir())
        assert str(copies[0]) in server.log(), server.log()[-2000:]
        with sqlite3.connect(copies[0]) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert copy.execute("SELECT count(*) FROM grdb_migrations WHERE identifier = ?", (LATEST,)).fetchone()[0] == 0
        copy.close()
        entries = call(server, "GET", "/api/v1/entries")
        assert [e["title"] for e in entries["entries"]] == ["Harbour"]

        # Settings → Backups shows the copy and the way back, in the owner's language, on a phone.
        driver = browser(lang="ko-KR", width=390, height=844, mobile=True)
        open_page(driver, server.url + "/settings/backups")
        card = wait_for(driver, "#backup-upgrades")
        driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", card)
        assert "업그레이드 전 사본" in card.text
        assert copies[0].name in card.text and "26단계 이전" in card.text
        assert "daybook upgrade-undo" in card.find_element(By.CSS_SELECTOR, "pre").text
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        screenshot(driver, "upgrade-backups-ko-phone")
    finally:
        assert server.stop() == 0

    # Going back: the copy is put back, and the database it replaces is kept beside it.
    undone = cli("upgrade-undo", "--data-dir", str(data))
    assert undone.returncode == 0, undone.stderr
    assert f"now the copy {copies[0].name}" in undone.stdout and "daybook-undone-" in undone.stdout
    assert digest(database) == digest(copies[0])
    again = cli("upgrade-check", "--data-dir", str(data))
    assert "would apply 1 migration" in again.stdout, again.stdout


def test_a_newer_database_is_refused_by_the_server_and_every_command_untouched(tmp_path):
    data = written_folder(tmp_path, "newer")
    database = data / "daybook.sqlite"
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99 journal rings')")
        db.execute("UPDATE openedBy SET version = '9.0.0'")
    db.close()
    before = digest(database)
    words = "This data folder was upgraded by a newer Daybook (9.0.0). Install that version again, or go back to " \
            "the copy in pre-upgrade/."

    served = subprocess.run([str(daybook_binary()), "serve", "--port", str(free_port()), "--data-dir", str(data)],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert served.returncode != 0
    assert words in served.stderr, served.stderr
    for command in (["token", "list"], ["migrate"], ["check"], ["upgrade-check"]):
        refused = cli(*command, "--data-dir", str(data))
        assert refused.returncode != 0, (command, refused.stdout)
        assert words in refused.stderr, (command, refused.stderr)
    assert digest(database) == before


def test_an_upgrade_that_stops_says_so_on_every_page_and_names_the_copy(browser, tmp_path):
    data = written_folder(tmp_path, "stopped")
    as_previous_version(data)
    # Something in the way of the latest migration: the table it makes is already there.
    with sqlite3.connect(data / "daybook.sqlite") as db:
        db.execute("CREATE TABLE openedBy (stray TEXT)")
    db.close()

    port = free_port()
    log_path = LOG_DIR / "upgrade-stopped.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen([str(daybook_binary()), "serve", "--port", str(port), "--data-dir", str(data)],
                                   stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}"
            status, text = until_answered(url + "/journal", process, lambda s, t: s == 503 and "not-upgraded" in t)
            assert status == 503 and "not-upgraded" in text, log_path.read_text()[-2000:]
            copy = next((data / "pre-upgrade").glob(f"daybook-before-{PREVIOUS_NUMBER}-*.sqlite"))
            assert str(copy) in log_path.read_text()

            driver = browser(lang="ja-JP")
            open_page(driver, url + "/")
            card = wait_for(driver, "#not-upgraded")
            assert "アップグレードを完了できませんでした" in card.text
            assert str(copy) in card.text and "daybook upgrade-undo" in card.text
            screenshot(driver, "upgrade-stopped-ja-desktop")
            api_status, api_text = get(url + "/api/v1/entries")
            assert api_status == 503 and '"code":"notUpgraded"' in api_text
        finally:
            process.terminate()
            process.wait(timeout=30)
