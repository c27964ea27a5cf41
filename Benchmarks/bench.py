#!/usr/bin/env python3
"""Daybook benchmarks: figures to watch, not pass/fail checks.

    python3 Benchmarks/bench.py [--bin PATH] [--starts 5] [--requests 500]

(a) cold start: time from exec to the first 200 from GET /onboarding with a
    new data folder (median of several starts);
(b) shell page weight: bytes of the Today page (/) and of every stylesheet
    and script it loads, following ES module imports (goal: at most 60 KB);
(c) server time of GET / over one keep-alive connection: p50/p95/p99 and
    requests per second;
(d) ambient sound synthesis: speed (times real time), level and loop join of
    every loop (`daybook sounds --measure`);
(e) `daybook demo --years 10` (about 19k focus sessions): how long it takes,
    then server time of Today, the Timeline of today and of a day years ago,
    the tasks API, the Dashboard (this week, a week years ago, an old page of
    records, its API) and a Daily Log, on that data; then the Dashboard's SQL
    queries timed on their own, with the query plan of the heaviest;
(f) Markdown: server time of POST /api/v1/render (cmark-gfm, made safe) for a
    typical 250-word entry, for 1 MB of the same kind of text, and for 1 MB
    of input built to be hard (deep nesting, unclosed brackets and emphasis,
    a long table, thousands of links).

Uses .build/release/daybook when it exists, else .build/debug/daybook
(build the release with `swift build -c release` for figures that mean
something).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))

from daybook_http import Client, complete_onboarding, parse_page  # noqa: E402

PAGE_WEIGHT_GOAL_KB = 60


def demo_folder(binary: Path, given: str | None, scratch: str) -> Path:
    """The data folder to measure: `given` as it is, or ten new years of demo data in `scratch`."""
    if given:
        return Path(given)
    data = Path(scratch) / "data"
    t0 = time.perf_counter()
    made = subprocess.run([str(binary), "demo", "--years", "10", "--data-dir", str(data)],
                          capture_output=True, text=True, check=True)
    print(f"`daybook demo --years 10` in {time.perf_counter() - t0:.1f} s: {made.stdout.strip()}")
    return data


def drop_from_page_cache(path: Path) -> None:
    """Lets the kernel forget the program's cached pages, so it is measured as a fresh start reads it.

    Resident memory counts the program's pages that are mapped, and Linux maps them in runs around each
    page touched: 64 KB, or since 6.18 a whole large folio of the page cache. Folios come from how the file
    entered the cache: a binary just written by `cp` or `install` sits in large ones and shows megabytes
    more than the same bytes read in by running it. Dropping it first gives the same figure for every build.
    """
    fd = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pick_binary(explicit: str | None) -> tuple[Path, str]:
    if explicit:
        return Path(explicit), "given"
    for config in ("release", "debug"):
        path = ROOT / ".build" / config / "daybook"
        if path.exists():
            return path, config
    sys.exit("no daybook binary: run `swift build -c release` first")


class Running:
    """A `daybook serve` on a free port with its own new data folder."""

    def __init__(self, binary: Path, data_dir: Path | None = None) -> None:
        self.tmp = tempfile.TemporaryDirectory(prefix="daybook-bench-")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [str(binary), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--data-dir", str(data_dir or Path(self.tmp.name) / "data")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)

    def wait_for_200(self, path: str = "/onboarding", timeout: float = 60) -> float:
        """Seconds from start until `path` first answers 200."""
        deadline = self.started + timeout
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daybook exited with {self.process.returncode}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", path)
                resp = conn.getresponse()
                resp.read()
                conn.close()
                if resp.status == 200:
                    return time.perf_counter() - self.started
            except OSError:
                pass
            time.sleep(0.002)
        raise RuntimeError(f"no 200 from {path} within {timeout} s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.tmp.cleanup()

    def __enter__(self) -> "Running":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def time_imports(binary: Path, source: str, file: Path, runs: int, goal: float) -> None:
    """Times `daybook import SOURCE FILE --server URL` as a whole process, each run into a new data folder, then
    once more into the last one (which must add nothing), and prints the figures."""
    def timed(url: str) -> tuple[float, str]:
        started = time.perf_counter()
        result = subprocess.run([str(binary), "import", source, str(file), "--server", url],
                                capture_output=True, text=True, check=True)
        return time.perf_counter() - started, result.stdout.splitlines()[0] if result.stdout else ""

    seconds = []
    for run in range(runs):
        with Running(binary) as server:
            server.wait_for_200()
            took, summary = timed(server.url)
            seconds.append(took)
            if run == 0:
                print(f"  {summary}")
            if run == runs - 1:
                again, summary = timed(server.url)
                print(f"  again: {again:.2f} s — {summary}")
    median = statistics.median(seconds)
    print(f"  import: median {median:.2f} s, fastest {min(seconds):.2f} s (goal < {goal:.0f} s)")


def cold_start(binary: Path, starts: int) -> None:
    times = []
    for _ in range(starts):
        with Running(binary) as server:
            times.append(server.wait_for_200())
    print(f"(a) cold start to first 200 of GET /onboarding, new data folder, {starts} starts")
    print(f"    median {statistics.median(times) * 1000:.0f} ms "
          f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f})")


IMPORT_RE = re.compile(
    r"""(?:\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?|\bexport\s*[\w*{}\s,$]+?\s*from\s*|\bimport\s*\(\s*)["']([^"']+)["']""")


def page_weight(binary: Path) -> None:
    with Running(binary) as server:
        server.wait_for_200()
        client = Client(server.url)
        today = complete_onboarding(client)
        sizes: list[tuple[str, int]] = [("/ (Today HTML)", len(today.body))]
        page = parse_page(today.text)
        queue: list[str] = []
        for link in page.links:
            rels = link.get("rel", "").lower().split()
            if ("stylesheet" in rels or "modulepreload" in rels) and link.get("href"):
                queue.append(urllib.parse.urljoin(today.url, link["href"]))
        for script in page.scripts:
            if script.get("src"):
                queue.append(urllib.parse.urljoin(today.url, script["src"]))
        seen: set[str] = set()
        while queue:
            url = queue.pop(0)
            key = urllib.parse.urlsplit(url)._replace(fragment="").geturl()
            if key in seen or urllib.parse.urlsplit(url).netloc != urllib.parse.urlsplit(server.url).netloc:
                continue
            seen.add(key)
            resp = client.get(url)
            if resp.status != 200:
                sizes.append((f"{urllib.parse.urlsplit(url).path} (status {resp.status})", 0))
                continue
            parts = urllib.parse.urlsplit(url)
            sizes.append((parts.path + (f"?{parts.query}" if parts.query else ""), len(resp.body)))
            if parts.path.endswith((".js", ".mjs")):
                for spec in IMPORT_RE.findall(resp.text):
                    if spec.startswith((".", "/")):
                        queue.append(urllib.parse.urljoin(url, spec))
    total = sum(size for _, size in sizes)
    print("(b) shell page weight (Today, uncompressed)")
    for name, size in sizes:
        print(f"    {size / 1024:7.1f} KB  {name}")
    verdict = "within" if total / 1024 <= PAGE_WEIGHT_GOAL_KB else "OVER"
    print(f"    {total / 1024:7.1f} KB  total ({verdict} the {PAGE_WEIGHT_GOAL_KB} KB goal)")


def server_time(binary: Path, requests: int) -> None:
    with Running(binary) as server:
        server.wait_for_200()
        client = Client(server.url)
        complete_onboarding(client)
        headers = {"Cookie": client.cookie_header(), "Accept-Language": "en-US"}
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)

        def one() -> float:
            t0 = time.perf_counter()
            conn.request("GET", "/", headers=headers)
            resp = conn.getresponse()
            resp.read()
            if resp.status != 200:
                raise RuntimeError(f"GET / answered {resp.status}")
            return time.perf_counter() - t0

        for _ in range(20):  # warm up
            one()
        start = time.perf_counter()
        samples = sorted(one() for _ in range(requests))
        elapsed = time.perf_counter() - start
        conn.close()

    def pct(p: float) -> float:
        return samples[min(len(samples) - 1, int(round(p / 100 * len(samples))) - 1)] * 1000

    print(f"(c) GET / (Today), {requests} sequential requests on one keep-alive connection")
    print(f"    p50 {pct(50):.2f} ms, p95 {pct(95):.2f} ms, p99 {pct(99):.2f} ms, "
          f"{requests / elapsed:.0f} requests/s")


def timings(port: int, path: str, requests: int, headers: dict[str, str] | None = None) -> tuple[list[float], float]:
    """Sorted seconds of `requests` sequential GETs of `path` on one keep-alive connection, and the wall time."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def one() -> float:
        t0 = time.perf_counter()
        conn.request("GET", path, headers=headers or {"Accept-Language": "en-US"})
        resp = conn.getresponse()
        resp.read()
        if resp.status != 200:
            raise RuntimeError(f"GET {path} answered {resp.status}")
        return time.perf_counter() - t0

    for _ in range(20):  # warm up
        one()
    start = time.perf_counter()
    samples = sorted(one() for _ in range(requests))
    elapsed = time.perf_counter() - start
    conn.close()
    return samples, elapsed


def percentile(samples: list[float], p: float) -> float:
    return samples[min(len(samples) - 1, int(round(p / 100 * len(samples))) - 1)] * 1000


def sound_synthesis(binary: Path) -> None:
    print("(d) ambient sound synthesis (`daybook sounds --measure`)")
    result = subprocess.run([str(binary), "sounds", "--measure"], capture_output=True, text=True, check=True)
    for line in result.stdout.splitlines():
        print(f"    {line}")


ENTRY = """## Saturday at the lake

We left early, before the *fog* lifted, and walked the **north shore** to the old boathouse.
Mina found [the trail map](https://example.com/trails) online; it was right about the bridge.

- [x] pack the tent
- [x] water, bread, apples
- [ ] call mum about Sunday

> The water was so still that the hills stood upside down in it.

Lunch on the rocks, then a long nap. ~~We meant to swim~~ It was far too cold to swim.
Afterwards we read for an hour: she is halfway through *The Remains of the Day*, and I am
still stuck in chapter two of the same book I started in May. Mental note: www.example.org has the
timetable for the late bus, which we nearly missed.

| what | time |
|------|-----:|
| walk | 2 h 10 min |
| nap | 45 min |

Tomorrow: laundry, groceries, and finally answering Jae-won's letter. 학교 친구들과 저녁. 東京の友達にも電話する。

On the way home the bus was almost empty, so we sat at the back and talked about the autumn: whether to
go north again in October, when the maples turn, or to stay home and finally paint the kitchen. Neither of
us wants to decide tonight. I wrote three pages of notes for the project, and for once they read well the
next morning. Sleep came easily; the window stayed open and the rain started just after midnight.
A good day, all in all, and one worth writing down before it fades.
"""


def hard_markdown(size: int) -> dict[str, str]:
    """1 MB inputs of kinds that are slow for Markdown parsers."""
    def fill(unit: str, head: str = "") -> str:
        room = size - len(head.encode())
        return head + (unit * (room // len(unit.encode()) + 1)).encode()[:room].decode("utf-8", "ignore")
    table = "| a | b | c |\n|---|---|---|\n"
    return {
        "nested quotes and lists": fill("> - > 1. "),
        "unclosed brackets": fill("[a ![b "),
        "unclosed emphasis": fill("*a **b _c __d "),
        "a long table": fill("| x | *y* | [z](https://e.example) |\n", head=table),
        "links and autolinks": fill("[a](https://e.example/x) www.example.com me@example.com "),
        "raw HTML, shown as text": fill("<div onclick=x><script>alert(1)</script></div>\n"),
    }


def markdown_rendering(binary: Path) -> None:
    print("(f) POST /api/v1/render, server time (median; min)")
    with Running(binary) as server:
        server.wait_for_200()
        complete_onboarding(Client(server.url))
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)

        def render(markdown: str, times: int) -> tuple[float, float, int]:
            body = json.dumps({"markdown": markdown}).encode()
            headers = {"Content-Type": "application/json", "Origin": server.url}
            samples = []
            for _ in range(times):
                t0 = time.perf_counter()
                conn.request("POST", "/api/v1/render", body=body, headers=headers)
                resp = conn.getresponse()
                answer = resp.read()
                samples.append(time.perf_counter() - t0)
                if resp.status != 200:
                    raise RuntimeError(f"render answered {resp.status}: {answer[:200]!r}")
            return statistics.median(samples) * 1000, min(samples) * 1000, len(answer)

        words = len(ENTRY.split())
        for _ in range(20):
            render(ENTRY, 1)
        median, fastest, size = render(ENTRY, 200)
        print(f"    {median:8.2f} ms; {fastest:6.2f} ms  a typical entry ({words} words, {len(ENTRY.encode())} bytes)")
        limit = 1_048_576
        big = (ENTRY * (limit // len(ENTRY.encode()) + 1)).encode()[:limit].decode("utf-8", "ignore")
        median, fastest, size = render(big, 7)
        print(f"    {median:8.2f} ms; {fastest:6.2f} ms  1 MB of such entries ({size / 1024:.0f} KB of HTML)")
        for name, markdown in hard_markdown(limit).items():
            median, fastest, size = render(markdown, 3)
            print(f"    {median:8.2f} ms; {fastest:6.2f} ms  1 MB, {name}")
        conn.close()


def demo_history(binary: Path, requests: int, years: int = 10) -> None:
    with tempfile.TemporaryDirectory(prefix="daybook-demo-") as folder:
        data = Path(folder) / "data"
        t0 = time.perf_counter()
        made = subprocess.run([str(binary), "demo", "--years", str(years), "--data-dir", str(data)],
                              capture_output=True, text=True, check=True)
        print(f"(e) `daybook demo --years {years}` in {time.perf_counter() - t0:.1f} s: {made.stdout.strip()}")
        with Running(binary, data) as server:
            server.wait_for_200("/")
            long_ago = time.strftime("%Y-%m-%d", time.localtime(time.time() - 3 * 365 * 86400))
            yesterday = time.strftime("%Y-%m-%d", time.localtime(time.time() - 86400))
            paths = ("/", "/timeline", f"/timeline?date={long_ago}", "/api/v1/tasks", "/stats",
                     f"/stats?week={long_ago}", "/stats?page=100", "/api/v1/stats", f"/log/{yesterday}")
            for path in paths:
                samples, elapsed = timings(server.port, path, requests)
                print(f"    GET {path:<28} p50 {percentile(samples, 50):5.2f} ms, p95 {percentile(samples, 95):5.2f} ms, "
                      f"{requests / elapsed:.0f} requests/s")
        dashboard_queries(data / "daybook.sqlite")


# The Dashboard's queries as the store runs them (parameters filled in for this week).
DASHBOARD_QUERIES = {
    "focus per day (heatmap year)": "SELECT day, seconds, sessions, completed FROM focusDay WHERE day BETWEEN :yearAgo AND :today",
    "all-time totals": "SELECT seconds, sessions, completed FROM focusDayZone",
    "goal streak days": "SELECT day FROM focusDay WHERE seconds >= 7200 AND day <= :today ORDER BY day",
    "sleep and mood vs focus": """WITH pairs AS (SELECT l.sleepQuality AS sleep, l.mood AS mood, IFNULL(f.seconds, 0) / 60.0 AS y
        FROM dailyLog l LEFT JOIN focusDay f ON f.day = l.day
        WHERE l.day BETWEEN :yearAgo AND :today AND (l.sleepQuality IS NOT NULL OR l.mood IS NOT NULL))
        SELECT COUNT(sleep), SUM(sleep), SUM(sleep * y), SUM(sleep * sleep), AVG(CASE WHEN sleep >= 4 THEN y END),
        COUNT(mood), SUM(mood), SUM(mood * y), SUM(mood * mood), AVG(CASE WHEN mood >= 4 THEN y END) FROM pairs""",
    "repeating tasks (records)": """SELECT * FROM task WHERE repeatRule IS NOT NULL AND +day <= :today
        AND (repeatUntil IS NULL OR repeatUntil >= :twoWeeksAgo)""",
    "focus per task (week)": """SELECT t.title, t.color, SUM(CASE WHEN julianday(s.endedAt) <= julianday(s.startedAt)
        THEN s.focusedSeconds ELSE s.focusedSeconds * (MIN(julianday(s.endedAt), julianday(:weekEnd))
        - MAX(julianday(s.startedAt), julianday(:weekStart))) / (julianday(s.endedAt) - julianday(s.startedAt)) END)
        AS seconds FROM focusSession s LEFT JOIN task t ON t.id = s.taskID
        WHERE s.startedAt >= :earliest AND s.startedAt < :weekEnd AND s.endedAt > :weekStart
        GROUP BY t.title, t.color ORDER BY seconds DESC""",
    "sessions of 90 days (hours)": """SELECT (julianday(startedAt) - 2440587.5) * 86400.0,
        (julianday(endedAt) - 2440587.5) * 86400.0, focusedSeconds FROM focusSession
        WHERE startedAt >= :ninetyAgo AND startedAt < :weekEnd AND endedAt > :ninetyAgo""",
}


def dashboard_queries(database: Path) -> None:
    import sqlite3
    from datetime import date, datetime, timedelta, timezone
    today = date.today()
    week_start = today - timedelta(days=today.weekday())
    stamp = lambda d: datetime(d.year, d.month, d.day, tzinfo=timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")
    params = {"today": today.isoformat(), "yearAgo": (week_start - timedelta(weeks=52)).isoformat(),
              "weekStart": stamp(week_start), "weekEnd": stamp(week_start + timedelta(days=7)),
              "earliest": stamp(week_start - timedelta(days=2)), "ninetyAgo": stamp(today - timedelta(days=89)),
              "twoWeeksAgo": (today - timedelta(days=13)).isoformat()}
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    print("    Dashboard queries on their own (median of 50 runs):")
    timed = []
    for name, sql in DASHBOARD_QUERIES.items():
        runs = []
        for _ in range(50):
            t0 = time.perf_counter()
            connection.execute(sql, params).fetchall()
            runs.append(time.perf_counter() - t0)
        timed.append((statistics.median(runs), name, sql))
        print(f"      {name:<30} {statistics.median(runs) * 1000:6.3f} ms")
    _, name, sql = max(timed)
    print(f"    query plan of the heaviest ({name}):")
    for row in connection.execute("EXPLAIN QUERY PLAN " + sql, params):
        print(f"      {row[3]}")
    connection.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="daybook binary to measure")
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--only", choices=["start", "weight", "today", "sound", "demo", "markdown"], action="append",
                        help="run only these parts (may repeat)")
    args = parser.parse_args()
    binary, kind = pick_binary(args.bin)
    print(f"daybook binary: {binary} ({kind} build)")
    parts = set(args.only or ["start", "weight", "today", "sound", "demo", "markdown"])
    if "start" in parts:
        cold_start(binary, args.starts)
    if "weight" in parts:
        page_weight(binary)
    if "today" in parts:
        server_time(binary, args.requests)
    if "sound" in parts:
        sound_synthesis(binary)
    if "demo" in parts:
        demo_history(binary, args.requests)
    if "markdown" in parts:
        markdown_rendering(binary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
