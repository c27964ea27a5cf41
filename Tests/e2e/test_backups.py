"""Encrypted backups end to end: made while the server runs, opened by Debian's age and tar without Daybook,
refused while a server holds the folder or with the wrong passphrase, restored into a new folder that a new
server then serves; and "Back up now" from the Settings page in a real browser."""

import os
import subprocess

from selenium.webdriver.support.ui import WebDriverWait

from fixtures.pages import call, complete_onboarding, open_page, wait_for
from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, start_server
from fixtures.shots import screenshot
from loop_backup import new_backup


def run_cli(*args, env_extra=None):
    env = dict(os.environ)
    env.pop("DAYBOOK_BACKUP_PASSPHRASE", None)
    env.update(env_extra or {})
    return subprocess.run([str(daybook_binary()), *args], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)


def test_backup_while_serving_then_restore_into_a_new_folder(server, tmp_path):
    call(server, "PATCH", "/api/v1/settings", {"name": "Mina", "journalName": "Pages"})
    entry = call(server, "POST", "/api/v1/entries",
                 {"title": "바다", "body": "파도 소리를 들으며 걸었다.", "tags": ["walk"]})
    passphrase = tmp_path / "passphrase.txt"
    passphrase.write_text("salt and sea air\n")
    backup = tmp_path / "daybook.age"

    made = run_cli("backup", "create", "--data-dir", str(server.data_dir), "--passphrase-file", str(passphrase),
                   "--to", str(backup))
    assert made.returncode == 0, made.stderr
    assert "Backup written" in made.stdout and backup.exists()
    assert oct(backup.stat().st_mode & 0o777) == "0o600"

    # Debian's age and tar open it without Daybook.
    listing = subprocess.run(
        ["sh", "-c", f"printf 'salt and sea air\\n' | script -qec \"age -d -o '{tmp_path}/backup.tar' '{backup}'\" /dev/null"
         f" >/dev/null && tar -tf '{tmp_path}/backup.tar'"],
        capture_output=True, text=True, timeout=60)
    assert listing.returncode == 0, listing.stderr
    assert "daybook-backup.json" in listing.stdout and "daybook.sqlite" in listing.stdout

    # While the server holds its folder, a restore changes nothing and says why.
    busy = run_cli("backup", "restore", str(backup), "--data-dir", str(server.data_dir),
                   "--passphrase-file", str(passphrase))
    assert busy.returncode == 1 and "stop it first" in busy.stderr and "Nothing was changed" in busy.stderr

    # A wrong passphrase, from the environment, changes nothing either.
    target = tmp_path / "restored"
    wrong = run_cli("backup", "restore", str(backup), "--data-dir", str(target),
                    env_extra={"DAYBOOK_BACKUP_PASSPHRASE": "salt and sea"})
    assert wrong.returncode == 1 and "passphrase does not open" in wrong.stderr
    assert not (target / "daybook.sqlite").exists()

    restored = run_cli("backup", "restore", str(backup), "--data-dir", str(target),
                       env_extra={"DAYBOOK_BACKUP_PASSPHRASE": "salt and sea air"})
    assert restored.returncode == 0, restored.stderr
    second = start_server(daybook_binary(), target, LOG_DIR / "backup-restored-server.log")
    try:
        entries = call(second, "GET", "/api/v1/entries")
        assert [e["id"] for e in entries["entries"]] == [entry["id"]]
        assert call(second, "GET", "/api/v1/settings")["values"]["name"] == "Mina"
    finally:
        assert second.stop() == 0


def test_backup_now_from_the_settings_page(server, browser):
    driver = browser("en-US", 1280, 900)
    complete_onboarding(driver, server, language="en")
    open_page(driver, server.url + "/settings/backups")
    assert "Not set up" in wait_for(driver, "#lock-state").text
    assert driver.find_element("id", "backup-run").get_attribute("disabled") is not None
    field = driver.find_element("id", "passphrase")
    field.send_keys("short")
    driver.execute_script("document.getElementById('backups-form').requestSubmit()")
    assert "at least 8" in wait_for(driver, "#passphrase-error").text

    driver.find_element("id", "passphrase").send_keys("a quiet morning walk")
    driver.execute_script("document.getElementById('backups-form').requestSubmit()")
    wait_for(driver, "#flash")
    assert "passphrase" in driver.find_element("id", "lock-state").text
    driver.find_element("id", "backup-run").click()
    # The page follows the backup and shows the file once it is made.
    link = wait_for(driver, "#backup-files a[download]", timeout=60)
    assert link.get_attribute("href").endswith(".age")
    assert "Last backup" in driver.find_element("id", "backup-summary").text
    screenshot(driver, "backups-wide-en")
    backups = [p for p in (server.data_dir / "backups").iterdir() if p.suffix == ".age"]
    assert len(backups) == 1 and backups[0].read_bytes().startswith(b"age-encryption.org/v1\n-> scrypt ")

    call(server, "PATCH", "/api/v1/settings", {"language": "ko"})
    phone = browser("ko-KR", 390, 844, mobile=True)
    open_page(phone, server.url + "/settings/backups")
    assert "암호로 잠겨" in wait_for(phone, "#lock-state").text
    screenshot(phone, "backups-phone-ko")


def choose_import(driver, server, source: str, file) -> None:
    """Opens Settings → Backups and fills the import form with SOURCE and FILE, not yet sent."""
    open_page(driver, server.url + "/settings/backups")
    wait_for(driver, "#import-form")
    driver.execute_script("document.getElementById('import-source').value = arguments[0]", source)
    driver.find_element("id", "import-file").send_keys(str(file))


def test_import_from_the_settings_page_shows_the_entries(server, browser, tmp_path):
    journal = tmp_path / "journal.txt"
    journal.write_text("[2025-03-01 08:15] Morning walk by the river. Herons again. @walk\n\n"
                       "[2025-03-02 21:40] *Finished the book! What an ending. @reading\n", encoding="utf-8")
    driver = browser("en-US", 1280, 900)
    complete_onboarding(driver, server, language="en")
    choose_import(driver, server, "jrnl", journal)
    driver.execute_script("document.getElementById('import-dry-run').checked = true")
    driver.execute_script("document.getElementById('import-form').requestSubmit()")
    WebDriverWait(driver, 30).until(
        lambda d: "Would import" in d.execute_script("return document.getElementById('import-result').textContent"))
    assert "2 entries" in driver.find_element("id", "import-summary").text
    assert call(server, "GET", "/api/v1/entries")["entries"] == []

    driver.execute_script("document.getElementById('import-dry-run').checked = false")
    driver.execute_script("document.getElementById('import-form').requestSubmit()")
    WebDriverWait(driver, 30).until(
        lambda d: "Imported" in d.execute_script("return document.getElementById('import-result').textContent"))
    # The report counts every item: read = imported + skipped, per kind.
    imported = driver.find_element(
        "css selector", "#import-counts tr[data-kind='entries'] td[data-count='imported']")
    assert imported.text == "2"
    driver.execute_script("document.getElementById('import').scrollIntoView({block: 'center'})")
    screenshot(driver, "import-done-en")
    open_page(driver, server.url + "/journal")
    page = driver.execute_script("return document.body.textContent")
    assert "Morning walk by the river." in page and "Finished the book!" in page


def loop_backup(path) -> None:
    """A small Loop Habit Tracker backup (schema 25): a habit with a note on a day and a skipped day."""
    db = new_backup(path)
    db.executescript("""
        INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, type,
          question, uuid) VALUES (1, 0, 3, '', 1, 1, 0, '명상', 0, 0, '오늘 명상했나요?', 'u1');
        INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
          (1, 1738368000000, 2, '아침에 10분'), (1, 1738454400000, 3, NULL), (1, 1738540800000, 2, NULL);
        """)
    db.commit()
    db.close()


def test_import_problems_are_listed_in_the_owners_language_on_a_phone(server, browser, tmp_path):
    backup = tmp_path / "Loop Habits Backup.db"
    loop_backup(backup)
    driver = browser("ko-KR", 390, 844)
    complete_onboarding(driver, server, language="ko")
    choose_import(driver, server, "loop", backup)
    driver.execute_script("document.getElementById('import-form').requestSubmit()")
    WebDriverWait(driver, 20).until(lambda d: d.find_elements("id", "import-problems"))
    problems = driver.find_element("id", "import-problems").text
    # The day's note and the skipped day are each said, in Korean; the two done days come in.
    assert "그날의 메모는 가져오지 않습니다" in problems and "“아침에 10분”" in problems, problems
    assert "건너뛴 날 1일(2025-02-02)은 비워 둡니다" in problems, problems
    imported = driver.find_element("css selector", "#import-counts tr[data-kind='values'] td[data-count='imported']")
    assert imported.text == "2"
    assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth"), \
        "the import report scrolls sideways on a phone"
    assert driver.execute_script("""
        const card = document.getElementById('import').getBoundingClientRect();
        return [...document.querySelectorAll('#import-counts td, #import-counts th')]
            .every(cell => cell.getBoundingClientRect().right <= card.right);"""), "the import report is cut off"
    driver.execute_script("document.getElementById('import').scrollIntoView({block: 'start'})")
    screenshot(driver, "import-problems-ko-phone")
