#!/usr/bin/env python3
"""Widgets under polling: server time of each widget's JSON timeline and SVG image on ten years of demo data,
and requests per second of the JSON under wrk.

    python3 Benchmarks/widgets.py [--bin PATH] [--data-dir D] [--requests 300] [--duration 10]

Widget apps, e-ink dashboards and status bars poll these addresses, so what matters is the work of one answer.
Each is timed twice over one keep-alive connection: "made" asks with a query no one asked before (`?n=…`, which
the widget ignores), so every answer is read from the store, presented and encoded afresh; "kept" asks the same
address again, as a polling widget does, and is answered from memory until something is written, the minute
turns (a tenth of a second for the running timer's widget) or the day changes. Then `wrk -t2 -c16` loads the
small widget's JSON beside a static file (the floor). Figures to watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Running, demo_folder, percentile, pick_binary, timings  # noqa: E402
from load import wrk  # noqa: E402

WIDGETS = ["small", "medium", "circular", "rectangular", "tracker"]


def made(port: int, path: str, requests: int) -> list[float]:
    """Server time of answers made afresh: every request a new address."""
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    samples = []
    sep = "&" if "?" in path else "?"
    for n in range(requests + 20):
        t0 = time.perf_counter()
        conn.request("GET", f"{path}{sep}n={n}", headers={"Accept-Language": "en-US"})
        resp = conn.getresponse()
        resp.read()
        if resp.status != 200:
            raise RuntimeError(f"GET {path} answered {resp.status}")
        if n >= 20:
            samples.append(time.perf_counter() - t0)
    conn.close()
    return sorted(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="daybook binary to measure")
    parser.add_argument("--data-dir", help="a data folder to use as it is (default: ten new years of demo data)")
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--duration", type=int, default=10, help="seconds of wrk load per address")
    args = parser.parse_args()
    binary, kind = pick_binary(args.bin)
    print(f"daybook binary: {binary} ({kind} build)")
    with tempfile.TemporaryDirectory(prefix="daybook-widgets-") as folder:
        data = demo_folder(binary, args.data_dir, folder)
        with Running(binary, data) as server:
            server.wait_for_200("/")
            print("\nserver time on one keep-alive connection (ms), ten years of demo data, five trackers")
            print("| address | made p50 | made p95 | kept p50 | kept p95 |")
            print("|---|---|---|---|---|")
            for name in WIDGETS:
                for path in (f"/api/v1/widgets/{name}", f"/widgets/{name}.svg"):
                    fresh = made(server.port, path, args.requests)
                    kept, _ = timings(server.port, path, args.requests)
                    print(f"| `{path}` | {percentile(fresh, 50):.2f} | {percentile(fresh, 95):.2f} | "
                          f"{percentile(kept, 50):.2f} | {percentile(kept, 95):.2f} |")
            if shutil.which("wrk"):
                rows = [(path, wrk(server.url + path, args.duration, 16))
                        for path in ("/static/css/app.css", "/api/v1/widgets/small", "/widgets/small.svg")]
                floor = rows[0][1]["rps"]
                print(f"\nwrk -t2 -c16 -d{args.duration}s")
                print("| address | req/s | p50 | p99 | share of the static-file floor |")
                print("|---|---|---|---|---|")
                for path, f in rows:
                    print(f"| `{path}` | {f['rps']:,.0f} | {f['p50']:.2f} ms | {f['p99']:.2f} ms | "
                          f"{100 * f['rps'] / floor:.1f}% |")
            else:
                print("\nwrk is missing (apt-get install wrk): no load figures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
