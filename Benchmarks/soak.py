#!/usr/bin/env python3
"""Soak under faults: 8 clients write entries, tracker ticks and photos while the server is killed (kill -9) every
30 s and started again, and the disk (a tmpfs the script mounts; root needed) fills once and is freed.

    python3 Benchmarks/soak.py [--minutes 10] [--clients 8] [--kill-every 30] [--disk-mb 2048] [--bin PATH]

At the end, with the server stopped: every write answered 2xx must be there (entries and photos by id, each
tracker day with its value), the photo folder must hold exactly the files the rows name once strays are an hour
old (the files are aged, a last start sweeps), and `daybook check` must pass. Prints one line:

    soak 10 min, 8 clients: writes acknowledged N, lost N, 5xx N (507 N while full), stray files N, check ok
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import pick_binary  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
from small_disk import fill, noise_png, photo_files, send  # noqa: E402


class Server:
    def __init__(self, binary: Path, data: Path, port: int) -> None:
        self.binary, self.data, self.port = binary, data, port
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        # The log stays off the small disk, so that it survives the run and a full disk.
        log = open(self.data.parent.parent / "soak-server.log", "ab")
        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", str(self.data)],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        # Generous: after kill -9, SQLite recovers its write-ahead log first, on shared cores.
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                if send(self.url, "GET", "/api/v1/settings", timeout=2)[0] < 500:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server did not start; see {self.data.parent.parent / 'soak-server.log'}")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: list[str] = []
        self.photos: list[str] = []
        self.ticks: list[tuple[str, str, int]] = []
        self.server_errors = 0
        self.full = 0

    def note(self, status: int) -> None:
        with self.lock:
            if status == 507:
                self.full += 1
            elif status >= 500:
                self.server_errors += 1


def client(number: int, server: Server, trackers: list[str], stop: threading.Event, tally: Tally) -> None:
    rng = random.Random(number)
    pictures = [noise_png(160, 120, seed=100 * number + n) for n in range(4)]
    day = 0
    while not stop.is_set():
        kind = rng.choice(("entry", "entry", "tick", "photo"))
        try:
            if kind == "entry":
                body = {"title": f"client {number}", "body": "by the sea " * rng.randint(1, 200)}
                status, answer = send(server.url, "POST", "/api/v1/entries", json.dumps(body).encode(), timeout=10)
                if status == 201:
                    with tally.lock:
                        tally.entries.append(answer["id"])
            elif kind == "tick":
                day += 1
                date = time.strftime("%Y-%m-%d", time.gmtime(1_500_000_000 + 86400 * (day * 16 + number)))
                value = rng.randint(1, 1000)
                tracker = trackers[number % len(trackers)]
                status, _ = send(server.url, "PUT", f"/api/v1/trackers/{tracker}/values/{date}",
                                 json.dumps({"value": value}).encode(), timeout=10)
                if 200 <= status < 300:
                    with tally.lock:
                        tally.ticks.append((tracker, date, value))
            else:
                status, answer = send(server.url, "POST", "/api/v1/photos", rng.choice(pictures), "image/png",
                                      timeout=10)
                if status == 201:
                    with tally.lock:
                        tally.photos.append(answer["id"])
            tally.note(status)
        except OSError:
            time.sleep(0.05)  # the server is being restarted


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--kill-every", type=float, default=30)
    parser.add_argument("--disk-mb", type=int, default=2048, help="the tmpfs's size; it fills only when filled")
    parser.add_argument("--bin")
    args = parser.parse_args()
    binary, _ = pick_binary(args.bin)

    scratch = Path(tempfile.mkdtemp(prefix="daybook-soak-"))
    disk = scratch / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={args.disk_mb}m", "tmpfs", str(disk)], check=True)
    data = disk / "data"
    data.mkdir()
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = Server(binary, data, port)
    tally = Tally()
    try:
        server.start()
        send(server.url, "PATCH", "/api/v1/settings", json.dumps({"name": "Soak", "journalName": "Soak"}).encode())
        trackers = []
        for n in range(args.clients):
            status, made = send(server.url, "POST", "/api/v1/trackers",
                                json.dumps({"name": f"Counter {n}", "kind": "number"}).encode())
            assert status == 201, made
            trackers.append(made["id"])
        stop = threading.Event()
        workers = [threading.Thread(target=client, args=(n, server, trackers, stop, tally))
                   for n in range(args.clients)]
        for worker in workers:
            worker.start()
        end = time.monotonic() + 60 * args.minutes
        fill_at = time.monotonic() + 60 * args.minutes / 2
        filler = None
        next_kill = time.monotonic() + args.kill_every
        while time.monotonic() < end:
            time.sleep(0.2)
            if filler is None and time.monotonic() >= fill_at:
                filler = fill(disk)
                time.sleep(min(15, args.kill_every / 2))
                filler.unlink()
            if time.monotonic() >= next_kill:
                server.kill()
                server.start()
                next_kill = time.monotonic() + args.kill_every
        stop.set()
        for worker in workers:
            worker.join()
        server.stop()

        # Strays become an hour old; a last start sweeps them.
        for path in (data / "photos").rglob("*"):
            if path.is_file():
                stat = path.stat()
                os.utime(path, (stat.st_atime - 7200, stat.st_mtime - 7200))
        server.start()
        # Reads only: a rendition asked for now might have to be made, and the disk may be full again.
        lost = {"entries": 0, "photos": 0, "ticks": 0}
        for id in tally.entries:
            lost["entries"] += send(server.url, "GET", f"/api/v1/entries/{id}")[0] != 200
        for id in tally.photos:
            lost["photos"] += send(server.url, "GET", f"/api/v1/photos/{id}")[0] != 200
        for tracker, date, value in tally.ticks:
            status, answer = send(server.url, "GET", f"/api/v1/trackers/{tracker}/values?from={date}&through={date}")
            lost["ticks"] += status != 200 or str(value) not in json.dumps(answer)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with sqlite3.connect(f"file:{data / 'daybook.sqlite'}?mode=ro", uri=True) as db:
                rows = sorted(r[0] for r in db.execute("SELECT id FROM photo"))
            if photo_files(data) == rows:
                break
            time.sleep(0.2)
        strays = len(set(photo_files(data)) - set(rows))
        server.stop()
        checked = subprocess.run([str(binary), "check", "--data-dir", str(data)], capture_output=True, text=True)
        acknowledged = len(tally.entries) + len(tally.photos) + len(tally.ticks)
        print(f"soak {args.minutes:g} min, {args.clients} clients, killed every {args.kill_every:g} s, disk filled once: "
              f"writes acknowledged {acknowledged}, lost {sum(lost.values())}, 5xx {tally.server_errors} "
              f"(507 {tally.full} while full), stray files {strays}, "
              f"check {'ok' if checked.returncode == 0 else 'FAILED: ' + checked.stdout[-400:]}")
        if any(lost.values()):
            print(f"lost by kind: {lost}")
        return 0 if not any(lost.values()) and tally.server_errors == 0 and strays == 0 and checked.returncode == 0 else 1
    finally:
        server.kill()
        subprocess.run(["umount", "-l", str(disk)], check=False)


if __name__ == "__main__":
    sys.exit(main())
