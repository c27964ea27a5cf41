#!/usr/bin/env python3
"""Journal search against jrnl: the whole `daybook journal search` command beside `jrnl -contains`.

    python3 Benchmarks/jrnl.py [--bin PATH] [--data-dir D] [--runs 15] [--jrnl-runs 5] [--jrnl PATH]

Makes ten years of `daybook demo` data (10,000 entries of ~250 words in English, Korean, Japanese and
Chinese; or uses --data-dir) and starts `daybook serve` on it. Daybook: the wall-clock time of the whole
process `daybook journal search WORD --server URL`, from exec to exit: start-up, one request to the
server's /api/v1/search (ranked FTS5 search, 20 best hits with marked snippets) and printing them.
jrnl: the same 10,000 entries are read from the JSON API and written as a jrnl plain-text journal
(`[YYYY-MM-DD HH:MM] Title`, the body, the tags as `@tag`), then `jrnl -contains WORD --format short` is
timed the same way: start-up, reading and parsing the whole journal file, a case-insensitive substring
test of every entry, and one line per match, jrnl's cheapest output. Plain `jrnl -contains WORD`, which
prints every matching entry whole (wrapped at 79 columns), is timed too. `daybook --version` is timed as
the floor of any `daybook` command: the process starting and exiting.

Words: a rare and a common English word, a two-syllable Korean word, a Japanese word and one that
Japanese and Chinese entries share. Prints the number of entries each tool finds (Daybook's counted by
paging /api/v1/search; they can differ where a word is also part of a longer word: jrnl matches any
substring, Daybook whole words, the beginnings of words for the last word typed, and CJK text by pairs of
characters), the median and
fastest run of each in milliseconds, and how many times faster Daybook is than jrnl's list of matches
and than its whole entries (the goal: at least 50×).

jrnl is not installed by this script: `pip install jrnl` (or `pipx install jrnl`). Its configuration
is written to a temporary folder and passed with --config-file, so a jrnl of your own is not touched.
Figures to watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Running, demo_folder, pick_binary  # noqa: E402

GOAL = 50

WORDS = [
    ("rare English", "albatross"),
    ("common English", "morning"),
    ("Korean, two syllables", "학교"),
    ("Japanese, in Korean entries too", "東京"),
    ("Japanese and Chinese", "学校"),
]

TIME_FORMAT = "%Y-%m-%d %H:%M"


def timed(command: list[str], runs: int) -> list[float]:
    """Wall-clock seconds of `runs` runs of `command`, exec to exit, after one run not counted."""
    samples = []
    for n in range(runs + 1):
        t0 = time.perf_counter()
        subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        if n:
            samples.append(time.perf_counter() - t0)
    return samples


def get_json(conn: http.client.HTTPConnection, path: str) -> dict:
    conn.request("GET", path, headers={"Accept": "application/json"})
    resp = conn.getresponse()
    body = resp.read()
    if resp.status != 200:
        raise RuntimeError(f"GET {path} answered {resp.status}: {body[:200]!r}")
    return json.loads(body)


def daybook_matches(conn: http.client.HTTPConnection, word: str) -> int:
    """How many entries /api/v1/search finds for `word` (the command prints only the 20 best)."""
    found, offset = 0, 0
    while True:
        page = get_json(conn, f"/api/v1/search?q={urllib.parse.quote(word)}&limit=100&offset={offset}")
        found += len(page["results"])
        offset += 100
        if not page["hasMore"]:
            return found


def entry_ids(conn: http.client.HTTPConnection) -> list[str]:
    """Every entry's id, newest first, following the list's `next` cursor."""
    ids: list[str] = []
    cursor = None
    while True:
        page = get_json(conn, "/api/v1/entries" + (f"?after={urllib.parse.quote(cursor)}" if cursor else ""))
        ids += [row["id"] for row in page["entries"]]
        cursor = page.get("next")
        if not cursor:
            return ids


def jrnl_text(entry: dict) -> str:
    """One entry in jrnl's plain-text format: `[date] Title` (` *` when starred), the body, then its tags."""
    moment = datetime.fromisoformat(entry["date"].replace("Z", "+00:00")).astimezone()
    head = f"[{moment.strftime(TIME_FORMAT)}] {entry['title'].strip()}" + (" *" if entry["starred"] else "")
    # A body line that starts with `[` could be read as the start of a new entry.
    lines = [" " + line if line.startswith("[") else line for line in entry["body"].strip().splitlines()]
    if entry["tags"]:
        lines += ["", " ".join("@" + re.sub(r"\s+", "-", tag) for tag in entry["tags"])]
    return "\n".join([head, *lines]) + "\n"


def export_journal(port: int, path: Path) -> int:
    """Writes every entry as a jrnl journal, oldest first; returns how many."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    ids = entry_ids(conn)
    texts = [jrnl_text(get_json(conn, f"/api/v1/entries/{urllib.parse.quote(entry_id)}"))
             for entry_id in reversed(ids)]
    conn.close()
    path.write_text("\n".join(texts), encoding="utf-8")
    return len(texts)


def jrnl_version(jrnl: str) -> str:
    result = subprocess.run([jrnl, "--version"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    match = re.search(r"jrnl v?(\S+)", result.stdout)
    return match.group(1) if match else "unknown"


def write_jrnl_config(path: Path, journal: Path, version: str) -> None:
    """A complete configuration in YAML: jrnl takes a JSON configuration for one of jrnl 1 and offers to
    upgrade it, and rewrites a file that lacks keys."""
    quoted = json.dumps  # a JSON string is a YAML double-quoted scalar
    path.write_text(f"""\
version: {quoted(version)}
journals:
  default:
    journal: {quoted(str(journal))}
editor: ""
encrypt: false
template: false
default_hour: 9
default_minute: 0
timeformat: {quoted(TIME_FORMAT)}
tagsymbols: "@"
highlight: false
linewrap: 79
indent_character: "|"
colors:
  body: none
  date: none
  tags: none
  title: none
""", encoding="utf-8")


def jrnl_matches(command: list[str]) -> int:
    """Entries jrnl lists (`--format short` prints one `date title` line per entry)."""
    result = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, check=True)
    return sum(1 for line in result.stdout.splitlines() if re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d ", line))


def ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:,.0f} ({min(samples) * 1000:,.0f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="daybook binary to measure")
    parser.add_argument("--data-dir", help="a data folder to use as it is (default: ten new years of demo data)")
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each `daybook journal search`")
    parser.add_argument("--jrnl-runs", type=int, default=5, help="timed runs of each jrnl search")
    parser.add_argument("--jrnl", help="jrnl executable (default: jrnl on PATH)")
    args = parser.parse_args()
    jrnl = args.jrnl or shutil.which("jrnl")
    if not jrnl:
        sys.exit("jrnl is missing: pip install jrnl (or pipx install jrnl), or pass --jrnl PATH")
    binary, kind = pick_binary(args.bin)
    version = jrnl_version(jrnl)
    print(f"daybook binary: {binary} ({kind} build)")
    print(f"jrnl: {jrnl} (version {version})")

    with tempfile.TemporaryDirectory(prefix="daybook-jrnl-") as folder:
        data = demo_folder(binary, args.data_dir, folder)

        journal = Path(folder) / "journal.txt"
        config = Path(folder) / "jrnl.yaml"
        rows = []
        with Running(binary, data) as server:
            server.wait_for_200("/")
            t0 = time.perf_counter()
            count = export_journal(server.port, journal)
            print(f"exported {count:,} entries as a jrnl journal in {time.perf_counter() - t0:.1f} s "
                  f"({journal.stat().st_size / 1_048_576:.1f} MB)")
            write_jrnl_config(config, journal, version)
            jrnl_base = [jrnl, "--config-file", str(config)]
            # A first run, not timed, rewrites the configuration if its version is not jrnl's own spelling;
            # then jrnl must read every entry.
            subprocess.run(jrnl_base + ["-n", "1"], stdin=subprocess.DEVNULL, capture_output=True, check=True)
            read = jrnl_matches(jrnl_base + ["--format", "short"])
            if read != count:
                print(f"warning: jrnl reads {read:,} entries from the journal, not {count:,}")

            floor = timed([str(binary), "--version"], args.runs)
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            for label, word in WORDS:
                daybook_command = [str(binary), "journal", "search", word, "--server", server.url]
                jrnl_command = jrnl_base + ["-contains", word]
                rows.append((label, word, daybook_matches(conn, word), timed(daybook_command, args.runs),
                             jrnl_matches(jrnl_command + ["--format", "short"]),
                             timed(jrnl_command + ["--format", "short"], args.jrnl_runs),
                             timed(jrnl_command, args.jrnl_runs)))
            conn.close()

    print(f"\nwhole process, exec to exit, ms: median (fastest) of {args.runs} Daybook and "
          f"{args.jrnl_runs} jrnl runs, {count:,} entries")
    print("| word | Daybook matches | `daybook journal search` | jrnl matches | `jrnl -contains --format short` "
          "| `jrnl -contains` (whole entries) | jrnl / Daybook (short; whole) |")
    print("|---|---|---|---|---|---|---|")
    met = 0
    for label, word, found, daybook, listed, short, whole in rows:
        ratios = [statistics.median(times) / statistics.median(daybook) for times in (short, whole)]
        met += ratios[0] >= GOAL
        print(f"| `{word}` ({label}) | {found:,} | {ms(daybook)} | {listed:,} | {ms(short)} | {ms(whole)} | "
              f"{ratios[0]:.0f}×; {ratios[1]:.0f}× |")
    print(f"\n`daybook --version` (start and exit, no search): {ms(floor)} ms")
    print(f"goal, at least {GOAL}× faster than jrnl's list of matches (medians): met for {met} of {len(rows)} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
