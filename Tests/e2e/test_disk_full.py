"""A full disk, for real: the data folder on a 16 MB tmpfs filled to the last byte. Every write is refused with
507 and a reason (the API, a page in the owner's language, the command line), nothing half-written stays, what
was saved before is intact, and the same writes succeed once space is freed, without a restart."""

import json
import os
import subprocess

from daybook_http import Client
from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, start_server
from small_disk import fill, noise_png, photo_files, send, small_disk


def run_cli(*args):
    env = dict(os.environ, DAYBOOK_BACKUP_PASSPHRASE="a long enough passphrase")
    return subprocess.run([str(daybook_binary()), *args], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)


def jrnl_text(count: int) -> bytes:
    return "".join(f"[2025-01-{1 + i % 28:02d} 09:{i % 60:02d}] Walk {i}. " + "A long day by the sea. " * 40 + "\n\n"
                   for i in range(count)).encode()


def test_a_full_disk_refuses_writes_clearly_and_recovers_without_a_restart(tmp_path):
    with small_disk(tmp_path / "small") as disk:
        data = disk / "data"
        server = start_server(daybook_binary(), data, LOG_DIR / "disk-full-server.log")
        try:
            url = server.url
            status, _ = send(url, "PATCH", "/api/v1/settings",
                             json.dumps({"name": "Mina", "language": "ko", "journalName": "바다"}).encode())
            assert status == 200, _
            status, before = send(url, "POST", "/api/v1/entries",
                                  json.dumps({"title": "before", "body": "saved before the disk filled"}).encode())
            assert status == 201
            status, photo = send(url, "POST", "/api/v1/photos", noise_png(64, 64), "image/png")
            assert status == 201

            filler = fill(disk)

            # A photo upload: 507, said in the owner's language, and no file of it anywhere.
            status, answer = send(url, "POST", "/api/v1/photos", noise_png(400, 300, seed=2), "image/png")
            assert status == 507, answer
            assert answer["error"]["code"] == "diskFull"
            assert "디스크가 가득" in answer["error"]["message"]
            assert photo_files(data) == [photo["id"]]
            assert list((data / "photos" / ".incoming").iterdir()) == []

            # Entry saves: SQLite's write-ahead log may still have room for a few; then each is refused, none
            # with another error.
            big = {"title": "after", "body": "파도 소리를 들으며 걸었다. " * 4000}
            saved_while_full = []
            for _ in range(40):
                status, answer = send(url, "POST", "/api/v1/entries", json.dumps(big, ensure_ascii=False).encode())
                assert status in (201, 507), answer
                if status == 507:
                    break
                saved_while_full.append(answer["id"])
            assert status == 507 and answer["error"]["code"] == "diskFull"

            # A page: the same refusal, as a page in the owner's language.
            client = Client(url)
            page = client.submit(client.get("/journal/new"), "entry-form", body="바다 " * 20000)
            assert page.status == 507, page.status
            assert "디스크가 가득 찼어요" in page.text

            # An import: refused whole.
            status, answer = send(url, "POST", "/api/v1/import/jrnl", jrnl_text(300), "application/octet-stream")
            assert status == 507, answer

            # A backup from the command line: says so, exits non-zero, and leaves no partial file.
            backups = data / "backups"
            made = run_cli("backup", "create", "--data-dir", str(data), "--to", str(backups / "full.age"), "-q")
            assert made.returncode != 0
            assert "the disk is full" in made.stderr
            assert [p.name for p in backups.iterdir()] == [] if backups.exists() else True

            # What was saved before is intact.
            status, entry = send(url, "GET", f"/api/v1/entries/{before['id']}")
            assert status == 200 and entry["body"] == "saved before the disk filled"
            assert send(url, "GET", f"/api/v1/photos/{photo['id']}")[0] == 200

            # Space freed: the same writes go through, with the same server.
            filler.unlink()
            status, again = send(url, "POST", "/api/v1/photos", noise_png(400, 300, seed=2), "image/png")
            assert status == 201, again
            status, saved = send(url, "POST", "/api/v1/entries", json.dumps(big, ensure_ascii=False).encode())
            assert status == 201, saved
            for id in saved_while_full:
                assert send(url, "GET", f"/api/v1/entries/{id}")[0] == 200
            status, report = send(url, "POST", "/api/v1/import/jrnl", jrnl_text(300), "application/octet-stream")
            assert status == 200, report
            made = run_cli("backup", "create", "--data-dir", str(data), "--to", str(backups / "freed.age"), "-q")
            assert made.returncode == 0, made.stderr
            assert [p.name for p in backups.iterdir()] == ["freed.age"]
            assert sorted(photo_files(data)) == sorted([photo["id"], again["id"]])

            # And the database stayed whole.
            checked = run_cli("check", "--data-dir", str(data))
            assert checked.returncode == 0, checked.stdout + checked.stderr
        finally:
            server.stop()
