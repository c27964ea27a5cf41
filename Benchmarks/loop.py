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
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import pick_binary, time_imports  # noqa: E402
from loop_backup import new_backup  # noqa: E402

GOAL_SECONDS = 2.0
DAY_MS = 86_400_000


def make_backup(path: Path, habits: int, years: int, seed: int = 7) -> int:
    """The backup's file; returns the number of Repetitions rows."""
    rng = random.Random(seed)
    db = new_backup(path)
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
        time_imports(binary, "loop", backup, args.runs, GOAL_SECONDS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
