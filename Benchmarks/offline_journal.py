#!/usr/bin/env python3
"""The whole journal on a phone (`kept-journal.js`): what it costs the device, at a decade and at 10,000 entries.

For each size it starts `daybook serve` on a fresh data folder (`demo`: the 10-year demo, 10,000 short entries; or
10,000 jrnl entries of 250 words from `scale.py`, imported), opens headless Chromium at a phone's size, and prints:

- the first fill: from the worker taking the page until every entry is kept (the worker's own clock, `meta.fill`);
- the kept size: IndexedDB's share of the origin's usage (`navigator.storage.estimate().usageDetails`);
- one change's catch-up: an entry changed through the API until the device holds the new words;
- offline search: `searchKept` as the worker runs it, the first search (reading the journal into memory) and the
  next ones (median of 9), for a common word, a rare one and a Korean run.

    python3 Benchmarks/offline_journal.py [--bin PATH] [--sizes demo,10000] [--files-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "Tests" / "e2e"))

from bench import Running, pick_binary  # noqa: E402
from scale import RARE_WORD, onboard, run_import, write_journals  # noqa: E402

FILL = """
const done = arguments[arguments.length - 1];
const open = indexedDB.open("daybook-journal");
open.onupgradeneeded = () => open.transaction.abort();
open.onsuccess = () => {
  const db = open.result;
  const get = db.transaction("meta").objectStore("meta").get("fill");
  get.onsuccess = () => done(get.result || null);
  get.onerror = () => done(null);
};
open.onerror = () => done(null);
"""

SEARCH = """
const [words, done] = [arguments[0], arguments[arguments.length - 1]];
import("/static/js/kept-journal.js").then(async (kept) => {
  const times = [];
  let found = 0;
  for (let run = 0; run < 10; run++) {
    const start = performance.now();
    const answer = await kept.searchKept(words, { limit: 30 });
    times.push(performance.now() - start);
    found = answer.results.length;
  }
  done({ times, found });
}, (error) => done({ error: String(error) }));
"""

PAGES = """
const done = arguments[arguments.length - 1];
caches.open("daybook-pages").then((cache) => cache.keys()).then((keys) => done(keys.length));
"""

REVISION = """
const [id, done] = [arguments[0], arguments[arguments.length - 1]];
import("/static/js/kept-journal.js").then((kept) => kept.keptEntry(id)).then((e) => done(e ? e.body : null));
"""


def api(port: int, method: str, path: str, body=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json", "Accept": "application/json",
                                              "Origin": f"http://127.0.0.1:{port}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"null")


def measure(binary: Path, port: int, common: str, korean: str) -> dict:
    from fixtures.browsers import make_driver
    from fixtures.pages import open_page
    driver = make_driver("en-US", 390, 844)
    try:
        open_page(driver, f"http://127.0.0.1:{port}/journal")
        deadline = time.monotonic() + 600
        fill = None
        while time.monotonic() < deadline:
            fill = driver.execute_async_script(FILL)
            if fill and fill.get("done"):
                break
            time.sleep(0.25)
        if not fill or not fill.get("done"):
            raise RuntimeError(f"the journal was not kept: {fill}")
        usage = driver.execute_async_script(
            "const done = arguments[0]; navigator.storage.estimate().then((e) => done(e.usageDetails || {}));")
        figures = {"count": fill["count"], "fill_s": (fill["filledAt"] - fill["startedAt"]) / 1000,
                   "indexeddb_mb": usage.get("indexedDB", 0) / 1e6, "caches_mb": usage.get("caches", 0) / 1e6}

        # The first look also keeps the latest entries' pages and editors; a change is caught up once that is done.
        kept, still = -1, 0
        while still < 3 and time.monotonic() < deadline:
            now = driver.execute_async_script(PAGES)
            still = still + 1 if now == kept else 0
            kept = now
            time.sleep(1)
        figures["kept_pages"] = kept

        newest = api(port, "GET", "/api/v1/entries")["entries"][0]["id"]
        entry = api(port, "GET", f"/api/v1/entries/{newest}")
        words = f"Changed at {time.time()}."
        start = time.monotonic()
        api(port, "PATCH", f"/api/v1/entries/{newest}", {"body": words, "revision": entry["revision"]})
        while driver.execute_async_script(REVISION, newest) != words:
            if time.monotonic() - start > 60:
                raise RuntimeError("the change never reached the device")
            time.sleep(0.05)
        figures["catch_up_s"] = time.monotonic() - start

        for name, query in (("common", common), ("rare", RARE_WORD), ("korean", korean)):
            answer = driver.execute_async_script(SEARCH, query)
            if "error" in answer:
                raise RuntimeError(answer["error"])
            figures[f"search_{name}_first_ms"] = answer["times"][0]
            figures[f"search_{name}_ms"] = statistics.median(answer["times"][1:])
            figures[f"search_{name}_found"] = answer["found"]
        return figures
    finally:
        driver.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin")
    parser.add_argument("--sizes", default="demo,10000")
    parser.add_argument("--files-dir", default=str(Path(tempfile.gettempdir()) / "daybook-scale-journals"))
    options = parser.parse_args()
    binary, config = pick_binary(options.bin)
    print(f"daybook: {binary} ({config})")
    rows = {}
    for size in options.sizes.split(","):
        with tempfile.TemporaryDirectory(prefix="daybook-offline-") as scratch:
            data = Path(scratch) / "data"
            if size == "demo":
                subprocess.run([str(binary), "demo", "--years", "10", "--photos", "0", "--data-dir", str(data)],
                               check=True, capture_output=True)
                with Running(binary, data) as server:
                    server.wait_for_200("/journal")
                    rows[size] = measure(binary, server.port, "morning", "점심")
            else:
                files = write_journals(Path(options.files_dir), int(size))
                with Running(binary, data) as server:
                    server.wait_for_200()
                    onboard(server.port)
                    for path in files:
                        run_import(binary, server.url, path)
                    rows[size] = measure(binary, server.port, "the", "점심")
        print(f"{size}: {json.dumps(rows[size])}", flush=True)
    names = list(next(iter(rows.values())).keys())
    print("\n| figure | " + " | ".join(size for size in rows) + " |")
    print("|---|" + "---|" * len(rows))
    for name in names:
        cells = [f"{rows[size][name]:.2f}" if isinstance(rows[size][name], float) else str(rows[size][name])
                 for size in rows]
        print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
