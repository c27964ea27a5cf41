#!/usr/bin/env python3
"""The Map under use: server time of clusters and cluster entries on 15 years of demo data (about 10,500
entries with a place), and the weight of the Map page with its bundled basemap.

    python3 Benchmarks/map.py [--bin PATH] [--data-dir D] [--requests 300]

Clusters are timed over one keep-alive connection three ways: "made" moves the area by a hair each time, so
every answer is clustered, presented and encoded afresh from the place index kept in memory; "kept" asks the
same area again, as panning back does, and is answered from memory until the next write; "after a write" is
the first answer after an entry was saved, which reads every place from SQLite again. Figures to watch, not
pass/fail checks. The gazetteer and the clustering rule alone are measured by `swift run -c release
places-benchmark`.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import IMPORT_RE, Running, percentile, pick_binary  # noqa: E402

VIEWS = {
    "whole world, zoom 2": ((-180.0, -85.0, 180.0, 85.0), 2),
    "Seoul, zoom 12": ((126.85, 37.45, 127.15, 37.65), 12),
}


def ask(conn: http.client.HTTPConnection, path: str, method: str = "GET", body: bytes | None = None,
        headers: dict | None = None) -> tuple[float, int, bytes]:
    t0 = time.perf_counter()
    conn.request(method, path, body=body, headers={"Accept-Language": "en-US", **(headers or {})})
    resp = conn.getresponse()
    data = resp.read()
    return (time.perf_counter() - t0) * 1000, resp.status, data


def bbox(box: tuple[float, float, float, float], nudge: float = 0.0) -> str:
    west, south, east, north = box
    return ",".join(f"{v:.6f}" for v in (west + nudge, south, east - nudge, north))


def report(label: str, samples: list[float]) -> None:
    samples = sorted(sample / 1000 for sample in samples)  # `percentile` takes sorted seconds
    print(f"    {label}: p50 {percentile(samples, 50):.2f} ms, p95 {percentile(samples, 95):.2f} ms")


def clusters(port: int, url: str, requests: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for label, (box, zoom) in VIEWS.items():
        made = [ask(conn, f"/api/v1/map?bbox={bbox(box, n * 1e-6)}&zoom={zoom}")[0] for n in range(requests)]
        kept = [ask(conn, f"/api/v1/map?bbox={bbox(box)}&zoom={zoom}")[0] for _ in range(requests)]
        _, _, data = ask(conn, f"/api/v1/map?bbox={bbox(box)}&zoom={zoom}")
        answer = json.loads(data)
        print(f"  {label}: {answer['total']} entries in {len(answer['clusters'])} clusters, {len(data):,} bytes")
        report("made", made)
        report("kept", kept)
        biggest = answer["clusters"][0]
        entries = [ask(conn, f"/api/v1/map/entries?bbox={','.join(map(str, biggest['bbox']))}&limit=50")[0]
                   for _ in range(50)]
        report(f"the largest cluster's 50 newest entries (of {biggest['count']})", entries)
    after = []
    box, zoom = VIEWS["whole world, zoom 2"]
    for n in range(20):
        body = json.dumps({"title": f"Bench {n}", "place": {"latitude": 37.5, "longitude": 127.0}}).encode()
        ask(conn, "/api/v1/entries", "POST", body, {"Content-Type": "application/json", "Origin": url})
        after.append(ask(conn, f"/api/v1/map?bbox={bbox(box)}&zoom={zoom}")[0])
    report("whole world, first answer after a write (every place read again)", after)


def page_weight(port: int, url: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    _, _, html = ask(conn, "/map")
    text = html.decode()
    queue = [m for m in re.findall(r'(?:src|href)="(/static/[^"]+)"', text)]
    basemap = re.search(r'data-basemap="([^"]+)"', text)
    if basemap:
        queue.append(basemap.group(1))
    sizes = [("/map (HTML)", len(html), len(gzip.compress(html)))]
    seen = set()
    while queue:
        path = queue.pop(0)
        if path in seen or path.endswith((".png", ".svg")):
            continue
        seen.add(path)
        _, status, data = ask(conn, path)
        if status != 200:
            continue
        sizes.append((urllib.parse.urlsplit(path).path, len(data), len(gzip.compress(data))))
        if path.split("?")[0].endswith(".js"):
            for spec in IMPORT_RE.findall(data.decode()):
                if spec.startswith((".", "/")):
                    queue.append(urllib.parse.urljoin(path, spec))
    print("  the Map page, everything it loads (the stylesheet and app.js are shared by every page):")
    for name, size, packed in sizes:
        print(f"    {name}: {size / 1024:.1f} KiB ({packed / 1024:.1f} KiB gzipped)")
    print(f"    total: {sum(s for _, s, _ in sizes) / 1024:.1f} KiB ({sum(p for _, _, p in sizes) / 1024:.1f} KiB gzipped)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin")
    parser.add_argument("--data-dir")
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    binary, config = pick_binary(args.bin)
    print(f"daybook binary: {binary} ({config})")
    scratch = tempfile.mkdtemp(prefix="daybook-map-")
    try:
        data = Path(args.data_dir) if args.data_dir else Path(scratch) / "data"
        if not args.data_dir:
            t0 = time.perf_counter()
            made = subprocess.run([str(binary), "demo", "--years", "15", "--photos", "0", "--data-dir", str(data)],
                                  capture_output=True, text=True, check=True)
            print(f"`daybook demo --years 15` in {time.perf_counter() - t0:.1f} s: {made.stdout.strip()}")
        with Running(binary, data) as server:
            server.wait_for_200("/map")
            clusters(server.port, server.url, args.requests)
            page_weight(server.port, server.url)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
