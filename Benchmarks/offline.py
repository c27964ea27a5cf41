#!/usr/bin/env python3
"""Offline-first on the server side: the changes feed after a day of changes on ten years of demo data, and an
outbox of queued writes replayed after an outage, then replayed again (every write repeated with its key).

    python3 Benchmarks/offline.py [--bin PATH] [--data-dir D] [--writes 500] [--requests 200]

(a) A device asks `GET /api/v1/changes?since=CURSOR` with the cursor it had before a day of changes (tracker
values, a Daily Log, entries, tasks made through the API): server time of the answer, p50/p95 over one
keep-alive connection. (b) `--writes` form-free API writes, each with its own `Idempotency-Key`, sent one after
another as the outbox sends them (in order, one connection): the whole replay's time; then the same writes again,
which must all be answered from the kept first answers and create nothing. Figures to watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Running, demo_folder, percentile, pick_binary  # noqa: E402


def request(conn, method: str, path: str, body=None, key: str | None = None) -> tuple[int, dict, dict]:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    resp = conn.getresponse()
    text = resp.read()
    return resp.status, dict(resp.getheaders()), (json.loads(text) if text else {})


def day_of_changes(conn) -> int:
    """What a person changes in a day, made through the API: the count of writes."""
    writes = 0
    _, _, trackers = request(conn, "GET", "/api/v1/trackers")
    for tracker in trackers.get("trackers", [])[:5]:
        if tracker.get("kind") == "boolean":
            request(conn, "POST", f"/api/v1/trackers/{tracker['id']}/toggle", {})
            writes += 1
    request(conn, "PATCH", "/api/v1/logs/today", {"mood": 4, "sleepQuality": 3, "reflection": "A day measured."})
    writes += 1
    for n in range(3):
        request(conn, "POST", "/api/v1/entries", {"title": f"Note {n}", "body": "Written during the day."})
        writes += 1
    for n in range(6):
        status, _, task = request(conn, "POST", "/api/v1/tasks", {"title": f"Block {n}"})
        writes += 1
        if status == 201 and n % 2 == 0:
            request(conn, "POST", f"/api/v1/tasks/{task['id']}/done", {})
            writes += 1
    return writes


def feed(port: int, cursor: str, requests: int) -> tuple[list[float], int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    samples, count = [], 0
    for n in range(requests + 20):
        t0 = time.perf_counter()
        status, _, page = request(conn, "GET", f"/api/v1/changes?since={cursor}")
        elapsed = time.perf_counter() - t0
        if status != 200:
            raise RuntimeError(f"changes feed answered {status}: {page}")
        count = len(page["changes"])
        if n >= 20:
            samples.append(elapsed)
    conn.close()
    return sorted(samples), count


def replay(port: int, writes: list[tuple[str, str, dict, str]]) -> tuple[float, dict[str, int]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    statuses: dict[str, int] = {}
    t0 = time.perf_counter()
    for method, path, body, key in writes:
        status, headers, _ = request(conn, method, path, body, key)
        label = f"{status}{' replayed' if headers.get('Idempotent-Replayed') else ''}"
        statuses[label] = statuses.get(label, 0) + 1
    elapsed = time.perf_counter() - t0
    conn.close()
    return elapsed, statuses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="daybook binary to measure")
    parser.add_argument("--data-dir", help="a data folder to use as it is (default: ten new years of demo data)")
    parser.add_argument("--writes", type=int, default=500)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    binary, kind = pick_binary(args.bin)
    print(f"daybook binary: {binary} ({kind} build)")
    with tempfile.TemporaryDirectory(prefix="daybook-offline-") as folder:
        data = demo_folder(binary, args.data_dir, folder)
        with Running(binary, data) as server:
            server.wait_for_200("/")
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            _, _, start = request(conn, "GET", "/api/v1/changes")
            writes = day_of_changes(conn)
            conn.close()
            samples, count = feed(server.port, start["cursor"], args.requests)
            print(f"\n(a) changes feed after a day of changes ({writes} writes, {count} things changed), "
                  f"ten years of demo data: p50 {percentile(samples, 50):.2f} ms, "
                  f"p95 {percentile(samples, 95):.2f} ms over {args.requests} requests")

            queued = []
            for n in range(args.writes):
                key = str(uuid.uuid4())
                if n % 5 == 0:
                    queued.append(("POST", "/api/v1/entries", {"title": f"Offline {n}", "body": "Kept."}, key))
                elif n % 5 == 1:
                    queued.append(("POST", "/api/v1/tasks", {"title": f"Queued {n}"}, key))
                else:
                    queued.append(("PATCH", "/api/v1/logs/today", {"reflection": f"Edit {n}"}, key))
            first, statuses = replay(server.port, queued)
            print(f"\n(b) {args.writes} queued writes replayed in order after an outage: {first:.2f} s "
                  f"({1000 * first / args.writes:.1f} ms each) {statuses}")
            second, statuses = replay(server.port, queued)
            print(f"    the same {args.writes} replayed again: {second:.2f} s "
                  f"({1000 * second / args.writes:.1f} ms each) {statuses}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
