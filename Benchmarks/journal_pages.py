#!/usr/bin/env python3
"""Journal pages on ten years of demo data: server time of the Journal list, a tag, a later page, the Calendar
month and the search page, made afresh and kept.

    python3 Benchmarks/journal_pages.py [--bin PATH] [--data-dir D] [--requests 200]

"made" asks each time with a query no one asked before (`n=…`, which the page ignores), so every answer is read
from the store, presented and rendered afresh; "kept" asks the same address again, answered from memory until
something is written or the day changes. Both include the loopback round trip (about 0.25 ms here). Figures to
watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Running, demo_folder, percentile, pick_binary, timings  # noqa: E402
from widgets import made  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="daybook binary to measure")
    parser.add_argument("--data-dir", help="a data folder to use as it is (default: ten new years of demo data)")
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    binary, kind = pick_binary(args.bin)
    print(f"daybook binary: {binary} ({kind} build)")
    with tempfile.TemporaryDirectory(prefix="daybook-journal-") as folder:
        data = demo_folder(binary, args.data_dir, folder)
        with Running(binary, data) as server:
            server.wait_for_200("/")
            import json
            import urllib.request
            first = json.load(urllib.request.urlopen(server.url + "/api/v1/entries"))
            cursor = urllib.parse.quote(first["next"]) if first.get("next") else ""
            paths = [
                "/journal", "/journal?tag=reading", f"/journal?after={cursor}", "/journal?starred=1",
                "/calendar", "/calendar?month=2020-02", "/calendar?month=2026-11&day=2026-11-01",
                "/search?q=morning", "/search?q=" + urllib.parse.quote("학교"),
            ]
            print("\nserver time on one keep-alive connection (ms), ten years of demo data (10,000 entries)")
            print("| page | made p50 | made p95 | kept p50 | kept p95 |")
            print("|---|---|---|---|---|")
            for path in paths:
                fresh = made(server.port, path, args.requests)
                kept, _ = timings(server.port, path, args.requests)
                shown = urllib.parse.unquote(path) if len(path) < 60 else path[:40] + "…"
                print(f"| `{shown}` | {percentile(fresh, 50):.2f} | {percentile(fresh, 95):.2f} | "
                      f"{percentile(kept, 50):.2f} | {percentile(kept, 95):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
