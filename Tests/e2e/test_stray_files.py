"""No stray files: photo uploads cut short by kill -9 leave files that no row names; once they are an hour old,
the next start moves them to lost+found/photos, so the photo folder holds exactly the files the rows name, and
every upload that was answered 201 is there."""

import os
import signal
import sqlite3
import threading

from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, start_server
from small_disk import noise_png, photo_files, send


def photo_rows(data_dir) -> list[str]:
    with sqlite3.connect(f"file:{data_dir / 'daybook.sqlite'}?mode=ro", uri=True) as db:
        return sorted(row[0] for row in db.execute("SELECT id FROM photo"))


def age(folder, seconds: float) -> None:
    for path in folder.rglob("*"):
        if path.is_file():
            stat = path.stat()
            os.utime(path, (stat.st_atime - seconds, stat.st_mtime - seconds))


def test_uploads_cut_by_kill_leave_nothing_behind_after_a_restart(tmp_path):
    data = tmp_path / "data"
    acknowledged: list[str] = []
    # Told each time an upload is answered 201, so the kill comes as soon as enough are.
    answered = threading.Condition()
    pictures = [noise_png(320, 240, seed=n) for n in range(6)]
    for round_ in range(3):
        server = start_server(daybook_binary(), data, LOG_DIR / f"stray-files-{round_}.log")
        stop = threading.Event()

        def upload(worker: int) -> None:
            n = 0
            while not stop.is_set():
                try:
                    status, answer = send(server.url, "POST", "/api/v1/photos", pictures[(worker + n) % 6],
                                          "image/png", timeout=10)
                except OSError:
                    return
                if status == 201:
                    with answered:
                        acknowledged.append(answer["id"])
                        answered.notify_all()
                n += 1

        workers = [threading.Thread(target=upload, args=(w,)) for w in range(4)]
        for worker in workers:
            worker.start()
        with answered:
            answered.wait_for(lambda: len(acknowledged) >= 10 * (round_ + 1), timeout=30)
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        stop.set()
        for worker in workers:
            worker.join()
    assert acknowledged

    # What the kills left: files no row names, and unfinished uploads.
    rows = photo_rows(data)
    strays = set(photo_files(data)) - set(rows)
    strays |= {p.name for p in (data / "photos" / ".incoming").iterdir()}
    print(f"{len(acknowledged)} uploads acknowledged, {len(rows)} rows, {len(strays)} stray files after the kills")

    # An hour later (the files are made older rather than waiting), a start sweeps.
    age(data / "photos", 2 * 3600)
    server = start_server(daybook_binary(), data, LOG_DIR / "stray-files-after.log",
                          env={**os.environ, "LOG_LEVEL": "info"})
    try:
        assert server.wait_for_line("the photo sweep is done", timeout=30), "the start-up sweep never ended"
        rows = photo_rows(data)
        assert photo_files(data) == rows
        assert list((data / "photos" / ".incoming").iterdir()) == []
        # Every upload answered 201 is there, with its file.
        assert set(acknowledged) <= set(rows)
        for id in acknowledged:
            assert send(server.url, "GET", f"/photos/{id}?w=64")[0] == 200
        # What was swept is kept, not deleted.
        lost = data / "lost+found" / "photos"
        kept = {p.name for p in lost.iterdir()} if lost.exists() else set()
        assert kept == strays
    finally:
        server.stop()
