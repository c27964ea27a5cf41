#!/usr/bin/env python3
"""Importing ten years of daily notes: an Obsidian vault of 3,650 notes with 300 photos.

    python3 Benchmarks/notes_folder.py [--bin PATH] [--years 10] [--photos 300] [--smooth] [--runs 3] [--keep DIR]

Writes a vault as Obsidian keeps one: `.obsidian/` settings, one daily note a day in `Daily/YYYY-MM-DD.md`
(front matter with tags on one note in three, a few paragraphs in English, Korean and Japanese with inline
`#tags`, `[[links]]`, a code span, a task list) and PHOTOS photos (1600 × 1200 JPEGs of noise, about 1 MB each,
or with --smooth about 170 KB; each a little different)
in `Attachments/`, embedded with `![[name.jpg]]` in as many notes. Starts `daybook serve` on an empty data folder
and times `daybook import markdown FOLDER --server URL` as a whole process: the folder sent as a tar stream (written as
it is sent, its images first), each photo checked (decoded) and kept as it arrives, every note read, and the one
transaction that writes every entry. Each run
imports into a new data folder; one more run times importing the same folder again (which must add nothing).
The goal: under 5 s for the defaults. Figures to watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import Running, pick_binary  # noqa: E402

GOAL_SECONDS = 5.0

PARAGRAPHS = [
    "Walked along the river with [[Mina]] before work. The herons were back. #walk #outside",
    "오늘은 비가 와서 집에서 책을 읽었다. [[읽은 책|책 목록]]에 두 권을 더했다. #읽기",
    "朝から晴れ。散歩のあとでコーヒーを淹れた。#散歩",
    "Fixed the flaky test: `#not-a-tag` in code stays as written. See https://example.com/#anchor too.",
    "- [x] groceries\n- [ ] call [[Mum]]\n- [ ] #errands post office",
    "Long day. Slept early.",
]


def photo_bytes(scratch: Path, smooth: bool) -> bytes:
    """One 1600 × 1200 JPEG from vips; each photo of the vault is it with a different trailing comment. Noise (about
    1 MB, as daylio.py uses) is the slow case for a decoder; `smooth` is noise of a quarter of the pixels scaled up,
    about 170 KB, closer to what a phone's photo of that size costs."""
    path = scratch / "photo.jpg"
    if not smooth:
        subprocess.run(["vips", "gaussnoise", str(path) + "[Q=85]", "1600", "1200", "--sigma", "40", "--mean", "128"],
                       check=True)
        return path.read_bytes()
    bands = [scratch / f"band{index}.v" for index in range(3)]
    for band in bands:
        subprocess.run(["vips", "gaussnoise", str(band), "800", "600", "--sigma", "50", "--mean", "128"], check=True)
    subprocess.run(["vips", "bandjoin", " ".join(map(str, bands)), str(scratch / "small.v")], check=True)
    subprocess.run(["vips", "resize", str(scratch / "small.v"), str(path) + "[Q=85]", "2"], check=True)
    return path.read_bytes()


def make_vault(root: Path, years: int, photos: int, scratch: Path, smooth: bool = False,
               seed: int = 3) -> tuple[int, int]:
    """The vault's folder; returns the number of daily notes and of photos in it."""
    rng = random.Random(seed)
    (root / ".obsidian").mkdir(parents=True)
    (root / ".obsidian" / "daily-notes.json").write_text('{"folder": "Daily", "format": "YYYY-MM-DD"}')
    (root / "Daily").mkdir()
    (root / "Attachments").mkdir()
    days = years * 365
    first = date(2026, 11, 1) - timedelta(days=days - 1)
    photo_days = set(rng.sample(range(days), photos)) if photos else set()
    jpeg = photo_bytes(scratch, smooth) if photos else b""
    for offset in range(days):
        day = first + timedelta(days=offset)
        parts = []
        if offset % 3 == 0:
            parts.append(f"---\ntags: [daily, {day.year}]\ndate: {day.isoformat()}\n---")
        parts += rng.sample(PARAGRAPHS, rng.randint(2, 4))
        if offset in photo_days:
            name = f"Photo {day.isoformat()}.jpg"
            (root / "Attachments" / name).write_bytes(jpeg + f"photo {offset}".encode())
            parts.append(f"![[{name}]]")
        (root / "Daily" / f"{day.isoformat()}.md").write_text("\n\n".join(parts) + "\n", encoding="utf-8")
    return days, len(photo_days)


def cpu_seconds(pid: int) -> float:
    """User + system time the process has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_imports(binary: Path, folder: Path, runs: int) -> None:
    """Times `daybook import markdown FOLDER` as a whole process, each run into a new data folder, then once more
    into the last one (which must add nothing); also the processor time the server and the command used, which a
    machine busy with other work changes far less than the wall-clock time."""
    def timed(server: Running) -> tuple[float, float, str]:
        before = cpu_seconds(server.process.pid)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        result = subprocess.run([str(binary), "import", "markdown", str(folder), "--server", server.url],
                                capture_output=True, text=True, check=True)
        took = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = cpu_seconds(server.process.pid) - before + (after.ru_utime - children.ru_utime) + (
            after.ru_stime - children.ru_stime)
        return took, cpu, result.stdout.splitlines()[0] if result.stdout else ""

    seconds, cpus = [], []
    for run in range(runs):
        with Running(binary) as server:
            server.wait_for_200()
            took, cpu, summary = timed(server)
            seconds.append(took)
            cpus.append(cpu)
            if run == 0:
                print(f"  {summary}")
            if run == runs - 1:
                again, again_cpu, summary = timed(server)
                print(f"  again: {again:.2f} s ({again_cpu:.2f} s of processor time) — {summary}")
    print(f"  import: median {statistics.median(seconds):.2f} s, fastest {min(seconds):.2f} s "
          f"(goal < {GOAL_SECONDS:.0f} s); processor time median {statistics.median(cpus):.2f} s "
          f"(server and command, both cores)")
    print(f"  load average when done: {os.getloadavg()[0]:.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin")
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--photos", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--smooth", action="store_true", help="photo-like JPEGs of about 170 KB instead of noise")
    parser.add_argument("--keep", help="write the vault here and keep it")
    args = parser.parse_args()
    binary, build = pick_binary(args.bin)
    with tempfile.TemporaryDirectory(prefix="daybook-notes-") as scratch:
        vault = Path(args.keep) if args.keep else Path(scratch) / "Vault"
        notes, photos = make_vault(vault, args.years, args.photos, Path(scratch), args.smooth)
        size = sum(path.stat().st_size for path in vault.rglob("*") if path.is_file())
        print(f"{build} build; vault of {args.years} years: {notes:,} daily notes, {photos} photos, "
              f"{size / 1_048_576:.1f} MB")
        print(f"  load average before: {os.getloadavg()[0]:.1f}")
        time_imports(binary, vault, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
