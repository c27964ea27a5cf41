#!/usr/bin/env python3
"""Opening Today with the server stopped: how long the installed app takes to show the kept copy.

    python3 Benchmarks/offline_today.py [--bin PATH] [--opens 20]

Starts `daybook serve` on a new data folder, walks through onboarding in headless Chromium, opens Today until the
service worker controls it and keeps its copy, stops the server, then opens Today OPENS times from the kept copy
(the worker first tries the network, which is refused at once, then answers from Cache Storage) and prints the
navigation's duration (`performance.getEntriesByType("navigation")`): p50, p95 and the slowest. The goal: under
300 ms. Figures to watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import pick_binary  # noqa: E402
from fixtures.browsers import make_driver  # noqa: E402
from fixtures.pages import complete_onboarding  # noqa: E402
from fixtures.paths import LOG_DIR  # noqa: E402
from fixtures.servers import start_server  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from test_offline import KEPT, controlled_by_worker, go  # noqa: E402

GOAL_MS = 300
NAVIGATION = """
    const entry = performance.getEntriesByType("navigation")[0];
    return entry && entry.loadEventEnd > 0 ? entry.loadEventEnd - entry.startTime : null;
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin")
    parser.add_argument("--opens", type=int, default=20)
    args = parser.parse_args()
    binary, build = pick_binary(args.bin)
    with tempfile.TemporaryDirectory(prefix="daybook-offline-today-") as scratch:
        server = start_server(binary, Path(scratch) / "data", LOG_DIR / "offline-today-benchmark.log")
        driver = make_driver("en-US", 390, 844)
        try:
            complete_onboarding(driver, server, language="en")
            controlled_by_worker(driver, server.url + "/")
            WebDriverWait(driver, 30).until(lambda d: d.execute_async_script(KEPT, "/"))
            server.stop()
            durations = []
            for _ in range(args.opens):
                go(driver, server.url + "/")
                WebDriverWait(driver, 30).until(lambda d: d.execute_script(NAVIGATION) is not None)
                assert "Offline" in driver.find_element("css selector", "body").text, "Today was not the kept copy"
                durations.append(driver.execute_script(NAVIGATION))
        finally:
            driver.quit()
            server.stop()
    durations.sort()
    p95 = durations[min(len(durations) - 1, round(0.95 * len(durations)) - 1)]
    print(f"{build} build; Today opened {len(durations)} times from the kept copy with the server stopped: "
          f"p50 {statistics.median(durations):.0f} ms, p95 {p95:.0f} ms, "
          f"slowest {max(durations):.0f} ms (goal < {GOAL_MS} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
