#!/usr/bin/env python3
"""Importing a large Loop Habit Tracker backup: 20 habits × 10 years.

    python3 Benchmarks/loop.py [--bin PATH] [--habits 20] [--years 10] [--runs 3]

Writes a Loop backup (`.db`, schema 25, as Loop's migrations make it) of HABITS habits, a third of them
numerical, with a day in roughly three out of four marked over YEARS years (about 55,000 rows for the
defaults) and a note on one day in a hundred; starts `daybook serve` on an empty data folder and times
`daybook import loop FILE --server URL` as a whole process: the upload, reading the database, planning and the
one transaction that writes every tracker and value. Each run imports into a new data folder; one more run
times importing the same file again (which must add nothing). The goal: under 2 s for the defaults.
Figures to watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Running, pick_binary  # noqa: E402

GOAL_SECONDS = 2.0
DAY_MS = 86_400_000


def make_backup(path: Path, habits: int, years: int, seed: int = 7) -> int:
    """The backup's file; returns the number of Repetitions rows."""
    rng = random.Random(seed)
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
          description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER,
          reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127,
          type INTEGER NOT NULL DEFAULT 0, target_type INTEGER NOT NULL DEFAULT 0,
          target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT "", question TEXT, uuid TEXT);
        CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT,
          habit INTEGER NOT NULL REFERENCES habits(id), timestamp INTEGER NOT NULL, value INTEGER NOT NULL,
          notes TEXT);
        CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions(habit, timestamp);
        PRAGMA user_version = 25;
        """)
    last_day = 20_400 * DAY_MS  # 2025-11-08
    days = years * 365
    rows = 0
    for habit in range(1, habits + 1):
        numeric = habit % 3 == 0
        db.execute(
            "INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,"
            " type, target_type, target_value, unit, question, uuid) VALUES (?, 0, ?, '', 7, ?, 0, ?, ?, ?, 0, ?,"
            " ?, ?, ?)",
            (habit, habit % 20, 1 + habit % 7, f"습관 {habit} 習慣", habit - 1, 1 if numeric else 0,
             10.0 if numeric else 0, "pages" if numeric else "", f"Question {habit}?", f"uuid-{habit}"))
        batch = []
        for offset in range(days):
            if rng.random() > 0.75:
                continue
            value = rng.randint(1, 40) * 1000 if numeric else rng.choice((2, 2, 2, 0, 3))
            note = "오늘은 조금 늦게" if rng.random() < 0.01 else None
            batch.append((habit, last_day - offset * DAY_MS, value, note))
        db.executemany("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)", batch)
        rows += len(batch)
    db.commit()
    db.close()
    return rows


def timed_import(binary: Path, url: str, backup: Path) -> tuple[float, str]:
    started = time.perf_counter()
    result = subprocess.run(
        [str(binary), "import", "loop", str(backup), "--server", url], capture_output=True, text=True, check=True)
    return time.perf_counter() - started, result.stdout.splitlines()[0] if result.stdout else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin")
    parser.add_argument("--habits", type=int, default=20)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    binary, build = pick_binary(args.bin)
    with tempfile.TemporaryDirectory(prefix="daybook-loop-") as scratch:
        backup = Path(scratch) / "Loop Habits Backup.db"
        rows = make_backup(backup, args.habits, args.years)
        print(f"{build} build; backup of {args.habits} habits × {args.years} years: {rows:,} rows, "
              f"{backup.stat().st_size / 1_048_576:.1f} MB")
        seconds = []
        for run in range(args.runs):
            with Running(binary) as server:
                server.wait_for_200()
                took, summary = timed_import(binary, server.url, backup)
                seconds.append(took)
                if run == 0:
                    print(f"  {summary}")
                if run == args.runs - 1:
                    again, summary = timed_import(binary, server.url, backup)
                    print(f"  again: {again:.2f} s — {summary}")
        median = statistics.median(seconds)
        print(f"  import: median {median:.2f} s, fastest {min(seconds):.2f} s (goal < {GOAL_SECONDS:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
