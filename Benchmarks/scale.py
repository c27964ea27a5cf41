#!/usr/bin/env python3
"""Daybook at ten times the journal: 10,000 and 100,000 entries side by side.

    python3 Benchmarks/scale.py [--bin PATH] [--sizes 10000,100000] [--files-dir DIR] [--skip backup,export,fill,restart,check]

For each size it writes a seeded plain-text jrnl journal of that many entries (files of 10,000 entries, ~250
words each, spread over 3 years per 10,000; the same seed makes the same bytes) and a fresh data folder, then
measures, printing each figure in one table with the sizes as columns so growth shows:

- import: `daybook import jrnl FILE` of every file against a running server, seconds and entries/s; the
  server's processor time and peak resident memory during it (VmHWM) and what it holds afterwards; a second
  import of the first file (must add nothing). Beside it the floor: Python's SQLite indexing the same text in an FTS5 table.
- search: `/api/v1/search?q=WORD` and the `/search` page, p50 of 21, for a word in most entries and a rare
  one; beside it the floor, FTS5's own bm25 top 20 over the floor's table.
- after a restart: each page's first answer, and idle memory once start-up has settled.
- the phone's kept copy: the entries list read as the service worker reads it (latest 100 entries or 90 days,
  at most 1,000) and each of those entries' page and edit page fetched, in seconds; the changes feed.
- `daybook backup create` / `backup restore` / `export` with their MB/s, and `daybook check`.

Figures to watch, not pass/fail checks. The jrnl files are kept in --files-dir (default a temporary folder)
so a second run does not write them again.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Running, pick_binary  # noqa: E402

PER_FILE = 10_000
COMMON_WORD = "morning"
RARE_WORD = "albatross"
LAST_DAY = datetime(2026, 11, 26)
PAGES = ["/", "/timeline", "/journal", "/stats", "/calendar", "/search?q=morning", "/log"]

# The words people write most, in roughly the order they do; then made-up words, so the tail is long.
COMMON = (
    "the i and to a of was it in my that we for is at with on but so had this day me out all just about "
    "time today when went some like up what after got more there back work then little walk felt long home "
    "quiet still night thought think good new over before first because around again coffee light friends "
    "talked evening tired read week rain late maybe early book city river garden tea window train letter"
).split()


def vocabulary(rng: random.Random, size: int = 4000) -> list[str]:
    syllables = ["ka", "lo", "mi", "ren", "sa", "to", "vel", "an", "or", "is", "del", "mar", "ni", "que", "bo",
                 "ta", "lin", "ros", "ve", "ul"]
    words = list(COMMON)
    words.insert(13, COMMON_WORD)
    seen = set(words)
    while len(words) < size:
        word = "".join(rng.choice(syllables) for _ in range(rng.randint(2, 4)))
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


def write_journals(folder: Path, count: int, seed: int = 7) -> list[Path]:
    """`count` entries as jrnl plain-text files of PER_FILE entries each (kept and reused)."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for index in range(count // PER_FILE):
        path = folder / f"journal-{seed}-{index:02}.txt"
        files.append(path)
        if path.exists():
            continue
        rng = random.Random(seed * 1000 + index)
        words = vocabulary(random.Random(seed))
        cumulative = []
        total = 0.0
        for rank in range(len(words)):
            total += 1.0 / (rank + 1)
            cumulative.append(total)
        tags = ["work", "family", "reading", "travel", "health", "ideas", "garden", "music"]
        # The first file holds the latest three years, the next the three before, and so on.
        start = LAST_DAY - timedelta(days=3 * 365 * (index + 1))
        step = 3 * 365 * 24 * 60 / PER_FILE
        lines = []
        for number in range(PER_FILE):
            moment = start + timedelta(minutes=int(number * step + rng.random() * step / 2))
            title = " ".join(rng.choices(words, cum_weights=cumulative, k=rng.randint(3, 7))).capitalize() + "."
            body = rng.choices(words, cum_weights=cumulative, k=250)
            if rng.random() < 0.0012:
                body[rng.randrange(250)] = RARE_WORD
            paragraphs = [" ".join(body[i:i + 60]) + "." for i in range(0, 250, 60)]
            tagged = " ".join("@" + tag for tag in rng.sample(tags, rng.randint(0, 2)))
            lines.append(f"[{moment:%Y-%m-%d %H:%M}] {title}")
            lines.append("\n\n".join(paragraphs) + (f" {tagged}" if tagged else ""))
            lines.append("")
        path.write_text("\n".join(lines), encoding="utf-8")
    return files


def status_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def processor_seconds(pid: int) -> float:
    """User and system time the process has used, from /proc: steadier than the wall clock on a busy machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", path, headers={"Accept-Language": "en-US"})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body


def onboard(port: int) -> None:
    """The three steps of the welcome, as a person takes them, so pages answer instead of redirecting."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/onboarding")
    response = conn.getresponse()
    response.read()
    token = re.search(r"daybook_csrf=([^;]+)", response.getheader("Set-Cookie") or "").group(1)
    for step, form in (("language", "language=en"), ("name", "name=Sam"), ("journal", "journalName=Notes")):
        conn.request("POST", f"/onboarding/{step}", body=f"{form}&csrf={token}", headers={
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"daybook_csrf={token}"})
        response = conn.getresponse()
        response.read()
        if response.status >= 400:
            raise RuntimeError(f"onboarding {step} answered {response.status}")
    conn.close()


def timed_get(port: int, path: str) -> float:
    t0 = time.perf_counter()
    status, _ = get(port, path)
    if status != 200:
        raise RuntimeError(f"{path} answered {status}")
    return (time.perf_counter() - t0) * 1000


def p50(port: int, path: str, runs: int = 21, made: bool = False) -> float:
    """The median time of `path`; with `made`, each asked with its own address, so no page is answered from the
    server's copy of one it made before."""
    timed_get(port, path)
    return statistics.median(timed_get(port, path + (("&" if "?" in path else "?") + f"made={run}" if made else "")) for run in range(runs))


def floor_index(files: list[Path], database: Path) -> tuple[float, dict[str, float]]:
    """SQLite's own FTS5 over the same entries: seconds to index them, and bm25 top-20 query times."""
    entries = []
    for path in files:
        for block in re.split(r"^\[(?=\d{4}-)", path.read_text(encoding="utf-8"), flags=re.M):
            if block.strip():
                head, _, body = block.partition("\n")
                entries.append((head[18:], body))
    database.unlink(missing_ok=True)
    db = sqlite3.connect(database)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(title, body)")
    t0 = time.perf_counter()
    with db:
        db.executemany("INSERT INTO t (title, body) VALUES (?, ?)", entries)
        db.execute("INSERT INTO t (t) VALUES ('optimize')")
    seconds = time.perf_counter() - t0
    queries = {}
    for word in (COMMON_WORD, RARE_WORD):
        sql = "SELECT rowid FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 20"
        db.execute(sql, (word,)).fetchall()
        samples = []
        for _ in range(11):
            t1 = time.perf_counter()
            db.execute(sql, (word,)).fetchall()
            samples.append((time.perf_counter() - t1) * 1000)
        queries[word] = statistics.median(samples)
        queries[word + " matches"] = db.execute("SELECT count(*) FROM t WHERE t MATCH ?", (word,)).fetchone()[0]
    db.close()
    return seconds, queries


def run_import(binary: Path, url: str, path: Path) -> dict:
    done = subprocess.run([str(binary), "import", "jrnl", str(path), "--server", url, "--format", "json"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"import of {path.name} failed: {done.stdout}{done.stderr}")
    return json.loads(done.stdout)


def imported_count(report: dict) -> int:
    for row in report.get("table", {}).get("rows", []):
        if row.get("kind") == "entries" or row.get("label", "").lower().startswith("entr"):
            return int(row.get("imported", 0))
    return 0


def kept_copy(port: int) -> tuple[float, int]:
    """The service worker's fill: the entries list back to 90 days or 100 entries (at most 1,000), then each
    entry's page and edit page."""
    t0 = time.perf_counter()
    since = (datetime.now() - timedelta(days=90)).date().isoformat()
    address = "/api/v1/entries"
    kept: list[str] = []
    while address and len(kept) < 1000:
        status, body = get(port, address)
        if status != 200:
            raise RuntimeError(f"{address} answered {status}")
        page = json.loads(body)
        address = "/api/v1/entries?after=" + urllib.parse.quote(page["next"]) if page.get("next") else None
        for entry in page["entries"]:
            if len(kept) >= 100 and entry["dateTime"] < since:
                address = None
                break
            kept.append(entry["href"])
    for entry in kept[:1000]:
        timed_get(port, entry)
        timed_get(port, entry + "/edit")
    return time.perf_counter() - t0, len(kept[:1000])


def measured(command: list[str]) -> tuple[float, int, str]:
    t0 = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-v", *command], capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))
    return seconds, peak, done.stdout


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and "cache" not in p.parts) / 1e6


def measure(binary: Path, size: int, files_dir: Path, skip: set[str], scratch: Path) -> dict[str, str]:
    figures: dict[str, str] = {}
    t0 = time.perf_counter()
    files = write_journals(files_dir, size)
    text_mb = sum(f.stat().st_size for f in files) / 1e6
    figures["jrnl text"] = f"{text_mb:.0f} MB in {len(files)} files ({time.perf_counter() - t0:.1f} s to write)"

    floor_seconds, floor_queries = floor_index(files, scratch / "floor.sqlite")
    figures["floor: FTS5 indexes the text"] = f"{floor_seconds:.1f} s"

    data = scratch / "data"
    server = Running(binary, data)
    server.wait_for_200()
    onboard(server.port)
    pid = server.process.pid
    idle_before = status_kb(pid, "VmRSS")
    processor_before = processor_seconds(pid)
    t0 = time.perf_counter()
    per_file = []
    total = 0
    for path in files:
        t1 = time.perf_counter()
        report = run_import(binary, server.url, path)
        per_file.append(time.perf_counter() - t1)
        total += imported_count(report)
    seconds = time.perf_counter() - t0
    figures["import"] = f"{seconds:.1f} s ({size / seconds:,.0f} entries/s; {min(per_file):.1f}–{max(per_file):.1f} s a file)"
    figures["import: server's processor time"] = f"{processor_seconds(pid) - processor_before:.1f} s"
    figures["entries imported"] = f"{total:,}"
    figures["server memory: peak during import"] = f"{status_kb(pid, 'VmHWM') / 1024:.0f} MB (idle before {idle_before / 1024:.0f} MB)"
    time.sleep(2)
    figures["server memory: held after import"] = f"{status_kb(pid, 'VmRSS') / 1024:.0f} MB"
    t1 = time.perf_counter()
    again = imported_count(run_import(binary, server.url, files[0]))
    figures["second import of a file"] = f"{again} new entries, {time.perf_counter() - t1:.1f} s"

    matches = floor_queries[COMMON_WORD + " matches"]
    figures[f"search `{COMMON_WORD}` ({matches / size:.0%} of entries): API"] = \
        f"{p50(server.port, '/api/v1/search?q=' + COMMON_WORD):.1f} ms"
    figures[f"search `{COMMON_WORD}`: page"] = f"{p50(server.port, '/search?q=' + COMMON_WORD, made=True):.1f} ms"
    figures[f"search `{COMMON_WORD}`: floor, FTS5 bm25 top 20"] = f"{floor_queries[COMMON_WORD]:.1f} ms"
    figures[f"search `{RARE_WORD}` ({floor_queries[RARE_WORD + ' matches']} entries): API"] = \
        f"{p50(server.port, '/api/v1/search?q=' + RARE_WORD):.1f} ms"
    figures[f"search `{RARE_WORD}`: floor"] = f"{floor_queries[RARE_WORD]:.2f} ms"
    figures["Journal page, made each time"] = f"{p50(server.port, '/journal', made=True):.1f} ms"
    figures["changes feed, first ask"] = f"{p50(server.port, '/api/v1/changes'):.1f} ms"
    server.process.terminate()
    server.process.wait()

    if "restart" not in skip:
        server = Running(binary, data)
        server.wait_for_200("/manifest.webmanifest")
        firsts = []
        for page in PAGES:
            firsts.append(f"{page.split('?')[0] or '/'} {timed_get(server.port, page):.0f}")
        figures["first answer after a restart (ms)"] = ", ".join(firsts)
        time.sleep(5)
        figures["idle memory after a restart"] = f"{status_kb(server.process.pid, 'VmRSS') / 1024:.1f} MB"
        if "fill" not in skip:
            fill_seconds, kept = kept_copy(server.port)
            figures["phone's kept copy fills"] = f"{fill_seconds:.1f} s ({kept} entries, page and edit page each)"
        server.process.terminate()
        server.process.wait()
    if "check" not in skip:
        t0 = time.perf_counter()
        measured([str(binary), "check", "--data-dir", str(data)])
        figures["daybook check"] = f"{time.perf_counter() - t0:.1f} s"
    size_mb = folder_mb(data)
    passphrase = scratch / "passphrase"
    passphrase.write_text("benchmark passphrase\n")
    backup = scratch / "backup.age"
    steps = {
        "backup create": [str(binary), "backup", "create", "--quiet", "--data-dir", str(data),
                          "--passphrase-file", str(passphrase), "--to", str(backup)],
        "backup restore": [str(binary), "backup", "restore", str(backup), "--quiet", "--data-dir",
                           str(scratch / "restored"), "--passphrase-file", str(passphrase)],
        "export": [str(binary), "export", "--quiet", "--data-dir", str(data), "--to", str(scratch / "export.zip")],
    }
    for name, command in steps.items():
        if name.split()[0] in skip:
            continue
        seconds, peak, _ = measured(command)
        figures[name] = f"{seconds:.1f} s, {size_mb / seconds:.0f} MB/s of {size_mb:.0f} MB, peak {peak / 1024:.0f} MB"
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="daybook binary to measure")
    parser.add_argument("--sizes", default="10000,100000", help="entry counts, multiples of 10,000")
    parser.add_argument("--files-dir", help="where the jrnl files are written and kept")
    parser.add_argument("--skip", default="", help="comma separated: backup, export, fill, restart, check")
    args = parser.parse_args()
    binary, kind = pick_binary(args.bin)
    print(f"daybook binary: {binary} ({kind} build)")
    sizes = [int(s) for s in args.sizes.split(",")]
    skip = set(filter(None, args.skip.split(",")))
    columns: dict[int, dict[str, str]] = {}
    with tempfile.TemporaryDirectory(prefix="daybook-scale-") as keep:
        files_dir = Path(args.files_dir) if args.files_dir else Path(keep) / "jrnl"
        for size in sizes:
            with tempfile.TemporaryDirectory(prefix=f"daybook-scale-{size}-") as scratch:
                columns[size] = measure(binary, size, files_dir, skip, Path(scratch))
                for name, value in columns[size].items():
                    print(f"  {size:,} · {name}: {value}", flush=True)
    names = list(dict.fromkeys(name for column in columns.values() for name in column))
    print("\n| | " + " | ".join(f"{size:,} entries" for size in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for name in names:
        print(f"| {name} | " + " | ".join(columns[size].get(name, "") for size in sizes) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
