#!/usr/bin/env python3
"""Daybook under load: throughput and latency of pages against the static-file floor, and memory.

    python3 Benchmarks/load.py [--bin PATH] [--data-dir D] [--duration 10] [--connections 16]

Makes ten years of `daybook demo` data (or uses --data-dir), starts `daybook serve` on it and runs
`wrk -t2 -cN -dS --latency` against each path in turn: a static file (the floor: what the server
answers when it does no work of its own), Today, the Timeline, a Daily Log, the Dashboard and the
JSON GETs. Prints requests per second, p50 and p99, and each path's share of the floor's requests
per second. Memory: resident size after start-up once the ambient loops are made and cached (a first
start, which makes them, and a second one, which finds them), its peak under the load and what it
settles to afterwards. Figures to watch, not pass/fail checks; wrk comes from apt (`apt-get install wrk`).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Running, demo_folder, drop_from_page_cache, pick_binary  # noqa: E402

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def wait_for_sounds(data: Path, timeout: float = 60) -> None:
    """Waits until the five ambient loops are in the cache (start-up makes them in the background)."""
    folder = data / "cache" / "sounds"
    deadline = time.time() + timeout
    while time.time() < deadline:
        if folder.is_dir() and len(list(folder.glob("*.wav"))) >= 5:
            return
        time.sleep(0.1)
    raise RuntimeError("the ambient loops were not made in time")


def settled_rss(pid: int, seconds: float = 3.0) -> int:
    time.sleep(seconds)
    return rss_kb(pid)


def wrk(url: str, duration: int, connections: int) -> dict[str, float]:
    result = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", "-H", "Accept-Language: en-US", url],
        capture_output=True, text=True, check=True)
    text = result.stdout
    figures = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))}
    for pct in ("50", "99"):
        value, unit = re.search(rf"^\s+{pct}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M).groups()
        figures[f"p{pct}"] = float(value) * UNITS[unit]
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    figures["errors"] = float(bad.group(1)) if bad else 0.0
    return figures


class PeakRSS:
    """Samples a process' resident size every 50 ms while the load runs."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self.running = pid, 0, True
        self.thread = threading.Thread(target=self.sample, daemon=True)
        self.thread.start()

    def sample(self) -> None:
        while self.running:
            self.peak = max(self.peak, rss_kb(self.pid))
            time.sleep(0.05)

    def stop(self) -> int:
        self.running = False
        self.thread.join()
        return self.peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="daybook binary to measure")
    parser.add_argument("--data-dir", help="a data folder to use as it is (default: ten new years of demo data)")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per path")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--only", action="append", help="measure only paths containing this text (may repeat)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: apt-get install wrk")
    binary, kind = pick_binary(args.bin)
    print(f"daybook binary: {binary} ({kind} build)")

    with tempfile.TemporaryDirectory(prefix="daybook-load-") as folder:
        data = demo_folder(binary, args.data_dir, folder)

        drop_from_page_cache(binary)
        first_rss = None
        if not (data / "cache" / "sounds").is_dir():
            with Running(binary, data) as server:
                server.wait_for_200("/")
                wait_for_sounds(data)
                first_rss = settled_rss(server.process.pid)

        with Running(binary, data) as server:
            server.wait_for_200("/")
            wait_for_sounds(data)
            pid = server.process.pid
            idle = settled_rss(pid)
            yesterday = time.strftime("%Y-%m-%d", time.localtime(time.time() - 86400))
            paths = ["/static/css/app.css", "/", "/timeline", f"/log/{yesterday}", "/stats",
                     "/api/v1/focus", "/api/v1/tasks", "/api/v1/settings", "/no-such-page"]
            if args.only:
                paths = [paths[0]] + [p for p in paths[1:] if any(o in p for o in args.only)]
            peak = PeakRSS(pid)
            rows = [(path, wrk(server.url + path, args.duration, args.connections)) for path in paths]
            under_load = peak.stop()
            after = settled_rss(pid, 5.0)

    floor = rows[0][1]["rps"]
    print(f"\nwrk -t2 -c{args.connections} -d{args.duration}s on loopback, ten years of demo data")
    print(f"| path | req/s | p50 | p99 | share of the static-file floor |")
    print(f"|---|---|---|---|---|")
    for path, f in rows:
        note = f" ({int(f['errors'])} non-2xx)" if f["errors"] and path != "/no-such-page" else ""
        print(f"| `{path}` | {f['rps']:,.0f} | {f['p50']:.2f} ms | {f['p99']:.2f} ms | "
              f"{100 * f['rps'] / floor:.1f}%{note} |")
    print("\nresident memory (RSS)")
    if first_rss is not None:
        print(f"    idle after a first start (loops made):     {first_rss / 1024:6.1f} MB")
    print(f"    idle after start-up (loops cached):        {idle / 1024:6.1f} MB")
    print(f"    peak under the load above:                 {under_load / 1024:6.1f} MB")
    print(f"    5 s after the load:                        {after / 1024:6.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
