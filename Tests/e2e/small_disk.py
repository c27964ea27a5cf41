"""A small real filesystem for fault tests: a 16 MB tmpfs mounted for one test (needs root, as CI has), filled
to the last byte and freed again."""

import errno
import json
import os
import random
import struct
import subprocess
import urllib.error
import urllib.request
import zlib
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_disk(folder: Path, megabytes: int = 16):
    folder.mkdir(parents=True, exist_ok=True)
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", str(folder)],
                          capture_output=True, text=True)
    if made.returncode != 0:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs as root and must mount a small tmpfs: {made.stderr}")
        pytest.skip(f"mounting a small tmpfs needs root: {made.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Writes one file until the filesystem refuses another byte; returns it (remove it to free the space)."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        for size in (1 << 20, 1 << 12, 1):
            try:
                while True:
                    out.write(b"\0" * size)
            except OSError as err:
                assert err.errno in (errno.ENOSPC, errno.EDQUOT), err
    return filler


def noise_png(width: int, height: int, seed: int = 1) -> bytes:
    """A valid RGB PNG of random pixels: it does not compress, so it takes its size on disk."""
    rng = random.Random(seed)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + rng.randbytes(3 * width) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")


def send(url: str, method: str, path: str, body: bytes | None = None, content_type: str = "application/json",
         timeout: float = 30):
    """(status, decoded JSON, or the bytes of any other answer) without raising on an error status."""
    request = urllib.request.Request(url + path, data=body, method=method,
                                     headers={"Content-Type": content_type, "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read()
            if "json" not in (response.headers.get("Content-Type") or ""):
                return response.status, text
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as err:
        text = err.read()
        try:
            return err.code, json.loads(text) if text else None
        except ValueError:
            return err.code, None


def photo_files(data_dir: Path) -> list[str]:
    """The originals in photos/ (not the unfinished uploads in photos/.incoming)."""
    folder = data_dir / "photos"
    return sorted(p.name for p in folder.iterdir() if p.is_file()) if folder.exists() else []
