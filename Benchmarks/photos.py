#!/usr/bin/env python3
"""Photos: a 12-megapixel JPEG downsampled on demand, against vipsthumbnail and ImageMagick; cached sizes; memory.

    python3 Benchmarks/photos.py [--bin PATH] [--runs 10] [--requests 1000]

(a) cold cache: `GET /photos/ID?w=1024` of a 12-megapixel (4000 × 3000) JPEG, its cached copy removed before
    each run (so the server decodes, shrinks and encodes every time), against `vipsthumbnail -s 1024x` and
    ImageMagick's `convert -thumbnail 1024x` on the same file (both as processes, median of the runs; goal:
    no slower than vipsthumbnail);
(b) a cached size: p50/p95/p99 of sequential GETs on one keep-alive connection (goal: under 1 ms);
(c) memory: the server's resident size idle before any photo (libvips not loaded), after the first photo
    (libvips loaded), and every 100 requests across `--requests` photo requests over a few photos and every
    width, a fifth of them with a cold cache (goal: growth under 50 MB, flat).

The photos are made here with the `vips` command (libvips-tools). ImageMagick comes from apt
(`apt-get install imagemagick`); without it that column is left out. Uses .build/release/daybook when it
exists (build it with `swift build -c release` for figures that mean something).
"""

from __future__ import annotations

import argparse
import http.client
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ROOT, Running, percentile, pick_binary, timings  # noqa: E402
from load import rss_kb  # noqa: E402

sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
from daybook_http import Client, complete_onboarding  # noqa: E402

WIDTHS = [160, 320, 640, 1024, 1280, 2048]


def make_photo(path: Path, width: int = 4000, height: int = 3000, seed: int = 1) -> None:
    """A photo-like JPEG: smooth colour fields with grain, so it compresses like a camera's (~3–5 MB)."""
    work = path.parent / f"work-{seed}"
    work.mkdir(exist_ok=True)
    bands = []
    for band in range(3):
        noise, soft = work / f"n{band}.v", work / f"s{band}.v"
        subprocess.run(["vips", "gaussnoise", str(noise), str(width // 16), str(height // 16),
                        "--sigma", "60", "--mean", str(100 + 30 * band), "--seed", str(seed * 10 + band)], check=True)
        subprocess.run(["vips", "resize", str(noise), str(soft), "16", "--kernel", "cubic"], check=True)
        bands.append(str(soft))
    grain = work / "grain.v"
    subprocess.run(["vips", "gaussnoise", str(grain), str(width), str(height), "--sigma", "6", "--mean", "0",
                    "--seed", str(seed)], check=True)
    joined, noisy = work / "rgb.v", work / "noisy.v"
    subprocess.run(["vips", "bandjoin", " ".join(bands), str(joined)], check=True)
    subprocess.run(["vips", "add", str(joined), str(grain), str(noisy)], check=True)
    subprocess.run(["vips", "copy", str(noisy), f"{path}[Q=90]", "--interpretation", "srgb"], check=True)
    shutil.rmtree(work)


def imagemagick() -> str | None:
    for name in ("magick", "/usr/bin/convert", "convert"):
        found = shutil.which(name)
        if found:
            result = subprocess.run([found, "-version"], capture_output=True, text=True)
            if result.stdout.startswith("Version: ImageMagick"):
                return found
    return None


def upload(port: int, photo: Path) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", "/api/v1/photos", body=photo.read_bytes(), headers={
        "Content-Type": "image/jpeg", "Origin": f"http://127.0.0.1:{port}"})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    if response.status != 201:
        raise RuntimeError(f"upload answered {response.status}: {body[:200]!r}")
    return json.loads(body)["id"]


def get(conn: http.client.HTTPConnection, path: str) -> float:
    start = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    if response.status != 200:
        raise RuntimeError(f"GET {path} answered {response.status}")
    return time.perf_counter() - start


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed_process(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--requests", type=int, default=1000)
    args = parser.parse_args()
    binary, config = pick_binary(args.bin)
    print(f"daybook: {binary} ({config})")

    with tempfile.TemporaryDirectory(prefix="daybook-photos-") as tmp:
        folder = Path(tmp)
        photo = folder / "photo.jpg"
        make_photo(photo)
        print(f"photo: 4000 × 3000 JPEG, {photo.stat().st_size / 1e6:.1f} MB")
        data = folder / "data"
        with Running(binary, data_dir=data) as server:
            server.wait_for_200()
            complete_onboarding(Client(server.url))
            time.sleep(3)
            idle = rss_kb(server.process.pid)
            photo_id = upload(server.port, photo)
            time.sleep(1)
            loaded = rss_kb(server.process.pid)
            print(f"\n(c) resident size idle, no photo yet (libvips not loaded): {idle / 1024:.1f} MB")
            print(f"    after the first upload (libvips loaded, one photo checked): {loaded / 1024:.1f} MB")

            # (a) cold cache
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            cached = data / "cache" / "photos" / photo_id
            cold = []
            for _ in range(args.runs):
                shutil.rmtree(cached, ignore_errors=True)
                cold.append(get(conn, f"/photos/{photo_id}?w=1024"))
            out = folder / "out.jpg"
            vips = [timed_process(["vipsthumbnail", str(photo), "-s", "1024x", "-o", f"{out}[Q=82,strip]"])
                    for _ in range(args.runs)]
            print(f"\n(a) 12 MP JPEG → 1024 px, median of {args.runs}:")
            print(f"    daybook GET /photos/ID?w=1024 (cold cache): {median_ms(cold):7.1f} ms")
            print(f"    vipsthumbnail -s 1024x (process):           {median_ms(vips):7.1f} ms")
            magick = imagemagick()
            if magick:
                convert = [timed_process([magick, str(photo), "-thumbnail", "1024x", "-quality", "82", str(out)])
                           for _ in range(max(3, args.runs // 3))]
                print(f"    ImageMagick convert -thumbnail 1024x:       {median_ms(convert):7.1f} ms")
            else:
                print("    ImageMagick: not installed (apt-get install imagemagick)")

            # (b) a cached size
            samples, elapsed = timings(server.port, f"/photos/{photo_id}?w=320", 2000, headers={})
            print(f"\n(b) a cached size (w=320), 2000 sequential GETs: p50 {percentile(samples, 50):.3f} ms, "
                  f"p95 {percentile(samples, 95):.3f} ms, p99 {percentile(samples, 99):.3f} ms")

            # (c) memory across many photo requests
            ids = [photo_id]
            for seed in (2, 3, 4):
                other = folder / f"photo{seed}.jpg"
                make_photo(other, seed=seed)
                ids.append(upload(server.port, other))
            before = rss_kb(server.process.pid)
            print(f"\n(c) {args.requests} photo requests over {len(ids)} photos × {len(WIDTHS)} widths:")
            print(f"    before: {before / 1024:.1f} MB")
            peak = before
            for n in range(args.requests):
                if n % 5 == 0:
                    shutil.rmtree(data / "cache" / "photos", ignore_errors=True)
                get(conn, f"/photos/{ids[n % len(ids)]}?w={WIDTHS[(n // len(ids)) % len(WIDTHS)]}")
                peak = max(peak, rss_kb(server.process.pid))
                if (n + 1) % 100 == 0:
                    print(f"    after {n + 1:5d}: {rss_kb(server.process.pid) / 1024:6.1f} MB")
            time.sleep(2)
            after = rss_kb(server.process.pid)
            print(f"    peak {peak / 1024:.1f} MB; settled {after / 1024:.1f} MB; "
                  f"growth {(after - before) / 1024:+.1f} MB (goal < 50 MB)")
            conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
