#!/usr/bin/env python3
"""Backup, restore and export throughput and peak memory, on demo data of two sizes.

    python3 Benchmarks/backup.py [--bin PATH] [--sizes 2:100,10:500]

For each size (years of demo data : photos) it makes a data folder with `daybook demo`, then times
`daybook backup create` (passphrase, the default scrypt work factor), `daybook backup restore` into an empty
folder, and `daybook export --to FILE.zip`, each as its own process under `/usr/bin/time`, and prints the
archive's size, MB/s (megabytes of the data folder's database and photos per second of wall time) and the
process's peak resident memory. The archive is streamed in 64 KiB chunks, so peak memory should stay flat
as the data grows; scrypt's 256 MiB for the passphrase is part of it. Figures to watch, not pass/fail checks.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import pick_binary  # noqa: E402


def measured(command: list[str], env: dict[str, str] | None = None) -> tuple[float, int]:
    """Wall seconds and peak resident kilobytes of one run."""
    t0 = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-v", *command], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))
    return seconds, peak


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and "cache" not in p.parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="daybook binary to measure")
    parser.add_argument("--sizes", default="2:100,10:500", help="years:photos pairs, comma separated")
    args = parser.parse_args()
    binary, kind = pick_binary(args.bin)
    print(f"daybook binary: {binary} ({kind} build)")
    print("| data | data MB | step | seconds | MB/s | peak RSS | file MB |")
    print("|---|---|---|---|---|---|---|")
    for pair in args.sizes.split(","):
        years, photos = (int(x) for x in pair.split(":"))
        with tempfile.TemporaryDirectory(prefix="daybook-backup-bench-") as scratch:
            data = Path(scratch) / "data"
            subprocess.run([str(binary), "demo", "--years", str(years), "--photos", str(photos), "--data-dir",
                            str(data)], check=True, capture_output=True)
            size = folder_bytes(data) / 1e6
            passphrase = Path(scratch) / "passphrase"
            passphrase.write_text("benchmark passphrase\n")
            backup = Path(scratch) / "backup.age"
            label = f"{years} years, {photos} photos"
            steps = [
                ("backup", [str(binary), "backup", "create", "--quiet", "--data-dir", str(data),
                            "--passphrase-file", str(passphrase), "--to", str(backup)], backup),
                ("restore", [str(binary), "backup", "restore", str(backup), "--quiet", "--data-dir",
                             str(Path(scratch) / "restored"), "--passphrase-file", str(passphrase)], backup),
                ("export", [str(binary), "export", "--quiet", "--data-dir", str(data), "--to",
                            str(Path(scratch) / "export.zip")], Path(scratch) / "export.zip"),
            ]
            for name, command, output in steps:
                seconds, peak = measured(command)
                print(f"| {label} | {size:.1f} | {name} | {seconds:.2f} | {size / seconds:.1f} | "
                      f"{peak / 1024:.0f} MB | {output.stat().st_size / 1e6:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
