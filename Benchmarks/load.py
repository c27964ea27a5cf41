#!/usr/bin/env python3
"""Daybook under load: throughput and latency of pages against the static-file floor, and memory.

    python3 Benchmarks/load.py [--bin PATH] [--data-dir D] [--duration 10] [--connections 16]
    python3 Benchmarks/load.py --bin old=PATH --bin new=PATH --rounds 2   # builds side by side

Makes ten years of `daybook demo` data (or uses --data-dir), starts `daybook serve` on it and runs
`wrk -t2 -cN -dS --latency` against each path in turn: a static file (the floor: what the server
answers when it does no work of its own), Today, the Timeline, the Journal, a Daily Log, the Dashboard
and the JSON GETs. Prints requests per second, p50 and p99, and each path's share of the floor's requests
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


def measure(binary: Path, data: Path, args: argparse.Namespace) -> dict:
    """One build's round: memory after a restart, every path under wrk, memory under and after the load."""
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
        paths = ["/static/css/app.css", "/", "/timeline", "/journal", f"/log/{yesterday}", "/stats",
                 "/api/v1/focus", "/api/v1/tasks", "/api/v1/settings", "/no-such-page"]
        if args.only:
            paths = [paths[0]] + [p for p in paths[1:] if any(o in p for o in args.only)]
        peak = PeakRSS(pid)
        rows = [(path, wrk(server.url + path, args.duration, args.connections)) for path in paths]
        under_load = peak.stop()
        after = settled_rss(pid, 5.0)
    return {"rows": rows, "first": first_rss, "idle": idle, "peak": under_load, "after": after}


def report(name: str, result: dict, args: argparse.Namespace) -> None:
    rows = result["rows"]
    floor = rows[0][1]["rps"]
    print(f"\n{name}: wrk -t2 -c{args.connections} -d{args.duration}s on loopback, ten years of demo data")
    print(f"| path | req/s | p50 | p99 | share of the static-file floor |")
    print(f"|---|---|---|---|---|")
    for path, f in rows:
        note = f" ({int(f['errors'])} non-2xx)" if f["errors"] and path != "/no-such-page" else ""
        print(f"| `{path}` | {f['rps']:,.0f} | {f['p50']:.2f} ms | {f['p99']:.2f} ms | "
              f"{100 * f['rps'] / floor:.1f}%{note} |")
    print("\nresident memory (RSS)")
    if result["first"] is not None:
        print(f"    idle after a first start (loops made):     {result['first'] / 1024:6.1f} MB")
    print(f"    idle after start-up (loops cached):        {result['idle'] / 1024:6.1f} MB")
    print(f"    peak under the load above:                 {result['peak'] / 1024:6.1f} MB")
    print(f"    5 s after the load:                        {result['after'] / 1024:6.1f} MB")


def side_by_side(results: dict[str, list[dict]]) -> None:
    """Every build's rounds in one table: req/s per round and each round's share of its own floor."""
    names = list(results)
    paths = [path for path, _ in results[names[0]][0]["rows"]]
    print("\nside by side, req/s per round (share of that round's static-file floor)")
    print("| path | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for index, path in enumerate(paths):
        cells = []
        for name in names:
            figures = []
            for result in results[name]:
                floor = result["rows"][0][1]["rps"]
                rps = result["rows"][index][1]["rps"]
                figures.append(f"{rps:,.0f} ({100 * rps / floor:.0f}%)")
            cells.append(" · ".join(figures))
        print(f"| `{path}` | " + " | ".join(cells) + " |")
    for label, key in (("idle after a restart", "idle"), ("peak under load", "peak"), ("5 s after", "after")):
        cells = [" · ".join(f"{r[key] / 1024:.1f}" for r in results[name]) for name in names]
        print(f"| {label} (MB) | " + " | ".join(cells) + " |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", action="append",
                        help="daybook binary to measure, as PATH or NAME=PATH; give it twice or more to measure "
                             "builds side by side, alternating (each makes its own demo folder)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds per build, alternating between builds")
    parser.add_argument("--data-dir", help="a data folder to use as it is (default: ten new years of demo data)")
    parser.add_argument("--data", action="append", default=[],
                        help="NAME=DIR: the data folder build NAME uses as it is, instead of new demo data")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per path")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--only", action="append", help="measure only paths containing this text (may repeat)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: apt-get install wrk")
    builds: list[tuple[str, Path]] = []
    for given in args.bin or [None]:
        name, _, path = given.rpartition("=") if given and "=" in given else ("", "", given)
        binary, kind = pick_binary(path)
        builds.append((name or f"{kind} build", binary))
        print(f"daybook binary: {binary} ({name or kind})")
    if args.data_dir and len(builds) > 1:
        sys.exit("--data-dir takes one build: each build makes its own demo folder")

    with tempfile.TemporaryDirectory(prefix="daybook-load-") as folder:
        given = dict(item.split("=", 1) for item in args.data)
        folders = {}
        for index, (name, binary) in enumerate(builds):
            scratch = Path(folder) / str(index)
            scratch.mkdir()
            folders[name] = demo_folder(binary, given.get(name, args.data_dir), str(scratch))
        results: dict[str, list[dict]] = {name: [] for name, _ in builds}
        for round_number in range(args.rounds):
            for name, binary in builds:
                started = time.strftime("%H:%M:%S")
                result = measure(binary, folders[name], args)
                results[name].append(result)
                report(f"{name}, round {round_number + 1} (from {started})", result, args)
    if len(builds) > 1 or args.rounds > 1:
        side_by_side(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
