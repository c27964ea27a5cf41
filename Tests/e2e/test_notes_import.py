"""A folder of daily notes through the real command line, as a person with years of notes types it:
`daybook import markdown ~/Notes`. The folder holds an Obsidian vault's daily notes and photo, a Logseq journal, a
jrnl folder journal, and the things a folder gathers over the years: a link to a file outside it, a link to `/`,
a note saved in Latin-1 and a 2 GB file (sparse). A folder of 100,000 tiny files is refused, from the command
line and as a ZIP sent to the Backups page's import, in bounded memory."""

import io
import os
import re
import subprocess
import threading
import urllib.request
import zipfile

from selenium.webdriver.support.ui import WebDriverWait

from fixtures.pages import call, complete_onboarding, open_page
from fixtures.servers import daybook_binary
from fixtures.shots import screenshot
from small_disk import noise_png, send
from test_backups import choose_import
from test_hostile_files import peak_rss_mb


def daybook(server, *args):
    """The command as a person types it, with its own peak memory in MB (`peak_mb`): reaped with `wait4`, so no
    other process this test process ran (servers, browsers, other tests' commands) counts."""
    process = subprocess.Popen([str(daybook_binary()), *args, "--server", server.url], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    output = {}
    readers = [threading.Thread(target=lambda name=name, stream=stream: output.__setitem__(name, stream.read()))
               for name, stream in (("stdout", process.stdout), ("stderr", process.stderr))]
    for reader in readers:
        reader.start()
    _, status, usage = os.wait4(process.pid, 0)
    for reader in readers:
        reader.join(timeout=300)
    process.returncode = os.waitstatus_to_exitcode(status)
    done = subprocess.CompletedProcess(process.args, process.returncode, output["stdout"].decode(errors="replace"),
                                       output["stderr"].decode(errors="replace"))
    done.peak_mb = usage.ru_maxrss / 1024
    return done


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def notes_folder(root):
    write(root / ".obsidian" / "daily-notes.json", '{"folder": "Daily"}')
    write(root / "Daily" / "2025-03-01.md",
          "---\ntags: [journal]\n---\nMorning walk with [[Mina]] by the river. #walk\n\n![[herons.png]]\n")
    (root / "Attachments").mkdir()
    (root / "Attachments" / "herons.png").write_bytes(noise_png(64, 48))
    write(root / "journals" / "2025_03_02.md", "tags:: reading\n\n- Finished the book\n\t- What an ending\n")
    write(root / "jrnl" / "2025" / "03" / "03.txt", "[2025-03-03 21:40] Quiet evening. @home\n")
    write(root / "Someday.md", "Ideas without a date.\n")
    (root / "Daily" / "2025-03-04.md").write_bytes("Café au lait.\n".encode("latin-1"))
    os.symlink("/etc/hostname", root / "Daily" / "2025-03-05.md")
    os.symlink("/", root / "everything")
    with open(root / "Daily" / "2025-03-06.md", "wb") as huge:
        huge.truncate(2 << 30)


def test_a_notes_folder_through_the_command_line_once_with_every_file_accounted_for(server, tmp_path):
    root = tmp_path / "Notes"
    notes_folder(root)

    dry = daybook(server, "import", "markdown", str(root), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.splitlines()[0] == "Would import 3 entries, 1 photo (nothing was written)."
    assert call(server, "GET", "/api/v1/entries")["entries"] == []

    done = daybook(server, "import", "markdown", str(root))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.splitlines()[0] == "Imported 3 entries, 1 photo."
    assert "Someday.md: neither its name (YYYY-MM-DD) nor its front matter (date:) gives a day" in out
    assert "Daily/2025-03-04.md: it is not UTF-8 text" in out
    assert "Daily/2025-03-05.md: it is a symbolic link, which an import never follows" in out
    assert "Daily/2025-03-06.md: it is larger than 16 MB, more than a note can be; it is not read" in out
    assert "everything" not in out
    # read = imported + skipped: 7 notes read, 3 imported, 4 named above.
    assert any(line.split()[:4] == ["Entries", "7", "3", "4"] for line in out.splitlines()), out

    entries = call(server, "GET", "/api/v1/entries")["entries"]
    assert len(entries) == 3
    walk = call(server, "GET", "/api/v1/entries/" + next(e["id"] for e in entries
                                                         if e["dateTime"].startswith("2025-03-01")))
    assert walk["tags"] == ["journal", "walk"]
    assert "Morning walk with Mina by the river." in walk["body"] and "![](/photos/" in walk["body"]
    # The photo, checked while the folder arrived, is there to be seen: the entry's picture loads.
    photo = re.search(r"/photos/([0-9a-f-]{36})", walk["body"]).group(0)
    with urllib.request.urlopen(server.url + photo + "?w=320") as answer:
        assert answer.status == 200 and answer.headers["Content-Type"].startswith("image/")
        assert len(answer.read()) > 100
    assert walk["coverPhotoID"] == photo.rsplit("/", 1)[1]

    again = daybook(server, "import", "markdown", str(root))
    assert again.stdout.splitlines()[0] == "Nothing new: everything in this file was imported before."
    command = max(done.peak_mb, again.peak_mb)
    print(f"command line peak RSS {command:.0f} MB, server {peak_rss_mb(server.process.pid):.0f} MB")
    assert command < 300 and peak_rss_mb(server.process.pid) < 300


def test_a_hundred_thousand_tiny_files_are_refused_from_the_command_line_and_as_a_zip(server, tmp_path):
    root = tmp_path / "Many"
    (root / "notes").mkdir(parents=True)
    for index in range(100_000):
        with open(root / "notes" / f"{index:06}.md", "wb") as note:
            note.write(b"x")
    refused = daybook(server, "import", "markdown", str(root))
    assert refused.returncode != 0
    assert "more than 50,000 notes and images" in refused.stderr + refused.stdout

    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_STORED) as archive:
        for index in range(100_000):
            archive.writestr(f"notes/{index:06}.md", b"x")
    status, answer = send(server.url, "POST", "/api/v1/import/markdown", packed.getvalue(),
                          "application/octet-stream", timeout=120)
    assert status == 422, answer
    assert "more than 50,000 files" in answer["error"]["message"]
    assert call(server, "GET", "/api/v1/entries")["entries"] == []
    assert peak_rss_mb(server.process.pid) < 300


def test_a_zip_of_a_vault_from_the_backups_page_in_korean(server, browser, tmp_path):
    """The same folder, zipped as a file manager zips it (inside its own folder), chosen on the Backups page of a
    Korean-speaking owner: the entries come in with their photo, and the undated note is named in Korean."""
    root = tmp_path / "Vault"
    write(root / ".obsidian" / "app.json", "{}")
    write(root / "Daily" / "2025-03-01.md", "강가를 걸었다 #산책\n\n![[herons.png]]\n")
    (root / "Attachments").mkdir()
    (root / "Attachments" / "herons.png").write_bytes(noise_png(64, 48))
    write(root / "Someday.md", "날짜 없는 메모\n")
    packed = tmp_path / "Vault.zip"
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(root.rglob("*")):
            if path.is_file():
                archive.write(path, "Vault/" + str(path.relative_to(root)))
    driver = browser("ko-KR", 390, 844)
    complete_onboarding(driver, server, language="ko")
    choose_import(driver, server, "markdown", packed)
    driver.execute_script("document.getElementById('import-form').requestSubmit()")
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.getElementById('import-problems') !== null"))
    problems = driver.find_element("id", "import-problems").text
    assert "Someday.md: 파일 이름(YYYY-MM-DD)에도 머리말(date:)에도 날짜가 없어 가져오지 않습니다" in problems
    imported = driver.find_element(
        "css selector", "#import-counts tr[data-kind='entries'] td[data-count='imported']")
    assert imported.text == "1"
    screenshot(driver, "import-notes-folder-ko")
    entries = call(server, "GET", "/api/v1/entries")["entries"]
    assert len(entries) == 1 and entries[0]["tags"] == ["산책"]
    open_page(driver, server.url + entries[0]["href"])
    WebDriverWait(driver, 15).until(
        lambda d: d.execute_script("return [...document.images].some(i => i.src.includes('/photos/') && i.complete)"))
