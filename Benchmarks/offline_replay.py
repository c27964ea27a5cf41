#!/usr/bin/env python3
"""After an outage, in a real browser: how long the phone's outbox takes to reach the server, and how long until
the Journal the phone keeps is current again.

    python3 Benchmarks/offline_replay.py [--bin PATH] [--writes 500] [--engine chromium|webkit]

Starts `daybook serve` on a new data folder, walks through onboarding at phone size, lets the service worker keep
the Journal and the new-entry editor, stops the server, and has the kept editor's page put WRITES entries in the
outbox as the editor does (one save each, JSON, with its device-chosen id and editing session). Then the server
is started again on the same address and the clock starts: (a) "replayed" — the Journal page is opened, and its
script sends the outbox in order, one change at a time, each with its key, until nothing waits; (b) "Journal
current" — the copy of the Journal the device keeps (Cache Storage) lists the last entry written offline, fetched
again by the worker after `/events` told it the journal changed. Figures to watch, not pass/fail checks; goal for
(a): under 10 s for 500.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import pick_binary  # noqa: E402
from fixtures.browsers import make_driver  # noqa: E402
from fixtures.pages import complete_onboarding, open_page  # noqa: E402
from fixtures.paths import LOG_DIR  # noqa: E402
from fixtures.servers import restart_server, start_server  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from test_offline import KEPT, OUTBOX, controlled_by_worker, go  # noqa: E402

GOAL_S = 10.0
ENQUEUE = """
    const [count, done] = [arguments[0], arguments[arguments.length - 1]];
    Promise.all([import("/static/js/outbox.js"), import("/static/js/drafts.js")]).then(async ([outbox, drafts]) => {
        for (let n = 1; n <= count; n += 1) {
            const content = { title: `Stop ${n}`, body: `Written between stations, number ${n}.`, tags: "train",
                starred: false, date: "" };
            await outbox.enqueue(drafts.entryChange({ id: crypto.randomUUID(), isNew: true, revision: 0,
                lineage: crypto.randomUUID(), content }));
        }
        done(count);
    });
"""
KEPT_JOURNAL_LISTS = """
    const [title, done] = [arguments[0], arguments[arguments.length - 1]];
    caches.open("daybook-pages").then((cache) => cache.match(location.origin + "/journal"))
        .then((r) => r ? r.text() : "").then((text) => done(text.includes(title)));
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin")
    parser.add_argument("--writes", type=int, default=500)
    parser.add_argument("--engine", default="chromium", choices=["chromium", "webkit"])
    args = parser.parse_args()
    binary, build = pick_binary(args.bin)
    with tempfile.TemporaryDirectory(prefix="daybook-offline-replay-") as scratch:
        server = start_server(binary, Path(scratch) / "data", LOG_DIR / "offline-replay-benchmark.log")
        driver = make_driver("en-US", 390, 844, engine=args.engine)
        try:
            complete_onboarding(driver, server, language="en")
            controlled_by_worker(driver, server.url + "/")
            for path in ("/journal", "/journal/new"):
                open_page(driver, server.url + path)
                WebDriverWait(driver, 30).until(lambda d, p=path: d.execute_async_script(KEPT, p))
            server.stop()
            go(driver, server.url + "/journal/new")
            assert driver.execute_async_script(ENQUEUE, args.writes) == args.writes
            driver.get("about:blank")

            server = restart_server(server)
            back = time.monotonic()
            go(driver, server.url + "/journal")
            WebDriverWait(driver, 600, poll_frequency=0.05).until(lambda d: d.execute_async_script(OUTBOX) == [])
            replayed = time.monotonic() - back
            WebDriverWait(driver, 600, poll_frequency=0.05).until(
                lambda d: d.execute_async_script(KEPT_JOURNAL_LISTS, f"Stop {args.writes}<"))
            current = time.monotonic() - back
        finally:
            driver.quit()
            server.stop()
    print(f"{build} build, {args.engine}: {args.writes} entries written offline, from the server back to "
          f"nothing waiting: {replayed:.2f} s ({replayed / args.writes * 1000:.1f} ms each; goal < {GOAL_S:.0f} s); "
          f"to the kept Journal listing the last of them: {current:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
