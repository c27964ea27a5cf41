#!/usr/bin/env python3
"""Importing a large Daylio backup: 10 years of moods, notes, activities and photos.

    python3 Benchmarks/daylio.py [--bin PATH] [--years 10] [--photos 100] [--runs 3]

Writes a `.daylio` backup as Daylio 15 makes it (a ZIP whose `backup.daylio` is the base64 of the JSON, photos
under `assets/photos/YEAR/MONTH/CHECKSUM`): one or two entries a day for YEARS years (about 5,500 for the
defaults), custom moods of each group, 30 activities in 5 groups, half the entries with an HTML note, one in
five with a title, and PHOTOS small photos (1600 × 1200 JPEGs) spread over the years. Starts `daybook serve` on
an empty data folder and times `daybook import daylio FILE --server URL` as a whole process: the upload, reading
the archive, planning, the photos and the one transaction that writes every entry and mood. Each run imports into
a new data folder; one more run times importing the same file again (which must add nothing). The goal: under
2 s for the defaults. Figures to watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import pick_binary, time_imports  # noqa: E402

GOAL_SECONDS = 2.0
DAY_MS = 86_400_000
SEOUL_MS = 9 * 3_600_000
NOTES = [
    "<p>Long walk by the river &amp; <b>coffee</b> after.</p>",
    "오늘은 일이 많았지만 저녁에 친구를 만나서 좋았다.",
    "<p>朝から雨。読書をして、夕方に少し散歩した。</p><ul><li>本</li><li>お茶</li></ul>",
    "Slept badly, <i>tired</i> all day 😴",
    "<p>Family dinner 🍜</p><br>Talked for hours.",
]


def photo_bytes(scratch: Path) -> bytes:
    """One photo-like JPEG from vips, reused with a different trailing comment for each asset."""
    path = scratch / "photo.jpg"
    subprocess.run(["vips", "gaussnoise", str(path) + "[Q=85]", "1600", "1200", "--sigma", "40", "--mean", "128"],
                   check=True)
    return path.read_bytes()


def make_backup(path: Path, years: int, photos: int, scratch: Path, seed: int = 11) -> tuple[int, int]:
    """The backup's file; returns the number of day entries and of photos in it."""
    rng = random.Random(seed)
    moods = [{"id": group, "custom_name": "", "mood_group_id": group, "mood_group_order": 0,
              "predefined_name_id": group, "state": 0} for group in range(1, 6)]
    moods += [{"id": 5 + group, "custom_name": name, "mood_group_id": group, "mood_group_order": 1,
               "predefined_name_id": -1, "state": 0}
              for group, name in enumerate(["ecstatic", "calm", "so-so", "tired", "awful day"], start=1)]
    groups = [{"id": g, "name": name, "order": g, "is_expanded": True}
              for g, name in enumerate(["Social", "취미", "健康", "Work", "Chores"], start=1)]
    tags = [{"id": 100 + t, "name": f"activity {t}", "id_tag_group": 1 + t % 5, "icon": t, "order": t, "state": 0}
            for t in range(30)]
    last_day = 20_400  # 2025-11-08, days since 1970
    entries, assets, files = [], [], []
    jpeg = photo_bytes(scratch) if photos else b""
    photo_days = set(rng.sample(range(years * 365), photos)) if photos else set()
    entry_id = 0
    for offset in range(years * 365):
        day = last_day - offset
        for slot in range(1 if rng.random() < 0.6 else 2):
            entry_id += 1
            moment = day * DAY_MS - SEOUL_MS + (9 + 11 * slot) * 3_600_000 + rng.randint(0, 3_000_000)
            entry = {"id": entry_id, "datetime": moment, "timeZoneOffset": SEOUL_MS, "mood": rng.randint(1, 10),
                     "note": rng.choice(NOTES) if rng.random() < 0.5 else "",
                     "note_title": f"Day {offset}" if rng.random() < 0.2 else "",
                     "tags": rng.sample([t["id"] for t in tags], rng.randint(0, 4)), "assets": []}
            if slot == 0 and offset in photo_days:
                data = jpeg + f"photo {offset}".encode()
                checksum = hashlib.md5(data).hexdigest()
                stamp = time.gmtime(moment / 1000)
                files.append((f"assets/photos/{stamp.tm_year}/{stamp.tm_mon}/{checksum}", data))
                assets.append({"id": 10_000 + offset, "type": 1, "checksum": checksum, "createdAt": moment,
                               "createdAtOffset": SEOUL_MS})
                entry["assets"] = [10_000 + offset]
            entries.append(entry)
    backup = {"version": 15, "isReminderOn": False, "customMoods": moods, "tag_groups": groups, "tags": tags,
              "assets": assets, "dayEntries": entries}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("backup.daylio", base64.b64encode(json.dumps(backup, ensure_ascii=False).encode()))
        for name, data in files:
            archive.writestr(name, data, compress_type=zipfile.ZIP_STORED)
    return len(entries), len(files)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin")
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--photos", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    binary, build = pick_binary(args.bin)
    with tempfile.TemporaryDirectory(prefix="daybook-daylio-") as scratch:
        backup = Path(scratch) / "backup_2025_11_08.daylio"
        entries, photos = make_backup(backup, args.years, args.photos, Path(scratch))
        print(f"{build} build; backup of {args.years} years: {entries:,} day entries, {photos} photos, "
              f"{backup.stat().st_size / 1_048_576:.1f} MB")
        time_imports(binary, "daylio", backup, args.runs, GOAL_SECONDS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
