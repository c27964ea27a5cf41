"""`daybook check`: exit 0 only when the database, the search index, every photo (its size, type and SHA-256) and
the newest backup are whole; `--repair` rebuilds the search index and moves stray photo files to lost+found, and
says what it cannot mend; Settings → Backups shows the last result in the owner's language."""

import json
import os
import re
import sqlite3
import subprocess

from daybook_http import Client
from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, start_server
from small_disk import noise_png, send

PASSPHRASE = "a long enough passphrase"


def cli(*args, passphrase: bool = True):
    env = dict(os.environ)
    env.pop("DAYBOOK_BACKUP_PASSPHRASE", None)
    if passphrase:
        env["DAYBOOK_BACKUP_PASSPHRASE"] = PASSPHRASE
    return subprocess.run([str(daybook_binary()), *args], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)


def test_check_finds_damage_repairs_what_it_can_and_the_page_shows_it(tmp_path):
    data = tmp_path / "data"
    server = start_server(daybook_binary(), data, LOG_DIR / "check-server.log")
    try:
        send(server.url, "PATCH", "/api/v1/settings",
             json.dumps({"name": "Mina", "journalName": "바다", "language": "ja"}).encode())
        for n in range(5):
            assert send(server.url, "POST", "/api/v1/entries",
                        json.dumps({"title": f"walk {n}", "body": "by the sea"}).encode())[0] == 201
        status, photo = send(server.url, "POST", "/api/v1/photos", noise_png(64, 48), "image/png")
        assert status == 201
    finally:
        server.stop()
    assert cli("backup", "create", "--data-dir", str(data), "-q").returncode == 0

    whole = cli("check", "--data-dir", str(data))
    assert whole.returncode == 0, whole.stdout + whole.stderr
    assert "All is well." in whole.stdout and "opens with its key" in whole.stdout
    assert re.search(r"Checked in \d+\.\d s\.", whole.stdout), whole.stdout

    # Damage: the search index loses an entry, a photo file is cut short, a stray file appears.
    with sqlite3.connect(data / "daybook.sqlite") as db:
        db.execute("DELETE FROM journalSearch_docsize WHERE id = (SELECT min(id) FROM journalSearch_docsize)")
    original = data / "photos" / photo["id"]
    whole_bytes = original.read_bytes()
    original.write_bytes(whole_bytes[:100])
    (data / "photos" / "0f0f0f0f-0000-4000-8000-000000000000").write_bytes(b"left by a crash")

    found = cli("check", "--data-dir", str(data))
    assert found.returncode != 0
    assert "PROBLEM  search index" in found.stdout
    assert f"photo {photo['id']}: the file has 100 bytes" in found.stdout
    assert "1 files in photos/ that no photo names" in found.stdout

    repaired = cli("check", "--data-dir", str(data), "--repair")
    assert repaired.returncode != 0, "a cut photo cannot be mended"
    assert "repaired search index" in repaired.stdout
    assert "moved to lost+found/photos" in repaired.stdout
    assert (data / "lost+found" / "photos" / "0f0f0f0f-0000-4000-8000-000000000000").exists()
    assert "cannot mend" in repaired.stderr

    # The page shows the last result, in Japanese.
    server = start_server(daybook_binary(), data, LOG_DIR / "check-server-after.log")
    try:
        page = Client(server.url).get("/settings/backups")
        assert page.status == 200
        assert 'id="check-summary"' in page.text
        assert "問題が見つかりました" in page.text and "写真" in page.text
    finally:
        server.stop()

    # Put the photo back whole: all is well again.
    original.write_bytes(whole_bytes)
    again = cli("check", "--data-dir", str(data))
    assert again.returncode == 0, again.stdout + again.stderr

    # Other bytes of the same size and type (bit rot, a half-overwritten file): the photo's hash tells.
    changed = bytearray(whole_bytes)
    for index in range(64, len(changed)):
        changed[index] ^= 0x5A
    original.write_bytes(bytes(changed))
    rotted = cli("check", "--data-dir", str(data))
    assert rotted.returncode != 0, rotted.stdout
    assert f"photo {photo['id']}: contents changed (hash differs)" in rotted.stdout
    still = cli("check", "--data-dir", str(data), "--repair")
    assert still.returncode != 0, "changed bytes cannot be mended"
    assert f"photo {photo['id']}: contents changed (hash differs)" in still.stdout
    assert "cannot mend" in still.stderr
    original.write_bytes(whole_bytes)
    assert cli("check", "--data-dir", str(data)).returncode == 0
