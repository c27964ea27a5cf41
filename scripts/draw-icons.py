#!/usr/bin/env python3
"""Draw the Daybook app icons as PNG files.

Standard library only (zlib + struct): the shapes are filled as polygons on a
grid four times finer than the output, then every 4x4 block is averaged into
one output pixel, which gives smooth (anti-aliased) edges.

The design: a warm cream rounded square with a deep teal half-sun rising over
a horizon line, and a small open book below the horizon.  The same design is
kept by hand in icons/icon.svg (used as the favicon).

    python3 scripts/draw-icons.py [OUTPUT_DIR]

Without OUTPUT_DIR the files go to Sources/DaybookWeb/Resources/Public/icons.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

CREAM = (0xFA, 0xF6, 0xEE)
TEAL = (0x2F, 0x6F, 0x6A)
SUPERSAMPLE = 4

Point = tuple[float, float]
Polygon = list[Point]


# --------------------------------------------------------------------------
# Geometry, in a unit box (0..1 on both axes, y grows downwards)
# --------------------------------------------------------------------------

def arc(cx: float, cy: float, r: float, start: float, end: float, steps: int) -> Polygon:
    """Points along a circle from angle `start` to `end` (radians, y down)."""
    return [
        (cx + r * math.cos(start + (end - start) * i / steps),
         cy + r * math.sin(start + (end - start) * i / steps))
        for i in range(steps + 1)
    ]


def capsule(p: Point, q: Point, half_width: float, steps: int = 24) -> Polygon:
    """A thick line from p to q with round ends."""
    angle = math.atan2(q[1] - p[1], q[0] - p[0])
    return (arc(q[0], q[1], half_width, angle - math.pi / 2, angle + math.pi / 2, steps)
            + arc(p[0], p[1], half_width, angle + math.pi / 2, angle + 3 * math.pi / 2, steps))


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float, steps: int = 32) -> Polygon:
    pts: Polygon = []
    pts += arc(x1 - r, y0 + r, r, -math.pi / 2, 0, steps)
    pts += arc(x1 - r, y1 - r, r, 0, math.pi / 2, steps)
    pts += arc(x0 + r, y1 - r, r, math.pi / 2, math.pi, steps)
    pts += arc(x0 + r, y0 + r, r, math.pi, 3 * math.pi / 2, steps)
    return pts


def quad_curve(a: Point, c: Point, b: Point, steps: int = 24) -> Polygon:
    """Quadratic Bezier from a to b with control point c."""
    out: Polygon = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
                    u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]))
    return out


# The glyph.  Keep these numbers in step with icons/icon.svg (which uses a
# 512 x 512 view box: multiply by 512).
SUN_CENTER = (0.5, 0.55)
SUN_RADIUS = 0.165
RAY_INNER, RAY_OUTER, RAY_HALF_WIDTH = 0.215, 0.262, 0.017
RAY_ANGLES_DEG = (18, 54, 90, 126, 162)
HORIZON_Y, HORIZON_X0, HORIZON_X1, HORIZON_HALF_WIDTH = 0.605, 0.20, 0.80, 0.021
BOOK_TOP, BOOK_SAG, BOOK_HEIGHT = 0.652, 0.032, 0.07
BOOK_OUTER, BOOK_GAP = 0.31, 0.016


def glyph() -> list[Polygon]:
    """The teal shapes, in the unit box."""
    cx, cy = SUN_CENTER
    shapes: list[Polygon] = [arc(cx, cy, SUN_RADIUS, math.pi, 2 * math.pi, 96)]
    for deg in RAY_ANGLES_DEG:
        a = -math.radians(deg)  # upwards: negative y
        shapes.append(capsule(
            (cx + RAY_INNER * math.cos(a), cy + RAY_INNER * math.sin(a)),
            (cx + RAY_OUTER * math.cos(a), cy + RAY_OUTER * math.sin(a)),
            RAY_HALF_WIDTH))
    shapes.append(capsule((HORIZON_X0, HORIZON_Y), (HORIZON_X1, HORIZON_Y), HORIZON_HALF_WIDTH))
    # Two pages of an open book, dipping gently towards the spine.
    for side in (-1, 1):
        outer_x = 0.5 + side * (0.5 - BOOK_OUTER)
        spine_x = 0.5 + side * BOOK_GAP / 2
        mid_x = (outer_x + spine_x) / 2
        top = quad_curve((outer_x, BOOK_TOP), (mid_x, BOOK_TOP),
                         (spine_x, BOOK_TOP + BOOK_SAG))
        bottom = quad_curve((spine_x, BOOK_TOP + BOOK_SAG + BOOK_HEIGHT),
                            (mid_x, BOOK_TOP + BOOK_HEIGHT),
                            (outer_x, BOOK_TOP + BOOK_HEIGHT))
        shapes.append(top + bottom)
    return shapes


def transform(shapes: list[Polygon], scale: float, size: float) -> list[Polygon]:
    """Scale the unit-box shapes about the centre, then to pixel units."""
    return [[((0.5 + (x - 0.5) * scale) * size, (0.5 + (y - 0.5) * scale) * size)
             for x, y in poly] for poly in shapes]


# --------------------------------------------------------------------------
# Rasterising
# --------------------------------------------------------------------------

def fill(mask: list[bytearray], poly: Polygon) -> None:
    """Set to 1 every cell of `mask` whose centre is inside `poly` (even-odd)."""
    height = len(mask)
    width = len(mask[0])
    edges = []
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(i + 1) % len(poly)]
        if y1 == y2:
            continue
        edges.append((min(y1, y2), max(y1, y2), x1, y1, (x2 - x1) / (y2 - y1)))
    if not edges:
        return
    top = max(0, int(min(e[0] for e in edges)))
    bottom = min(height, int(math.ceil(max(e[1] for e in edges))) + 1)
    for row in range(top, bottom):
        yc = row + 0.5
        xs = sorted(x1 + (yc - y1) * slope
                    for lo, hi, x1, y1, slope in edges if lo <= yc < hi)
        line = mask[row]
        for a, b in zip(xs[0::2], xs[1::2]):
            start = max(0, math.ceil(a - 0.5))
            end = min(width, math.ceil(b - 0.5))
            if end > start:
                line[start:end] = b"\x01" * (end - start)


def coverage(mask: list[bytearray], out_size: int) -> list[list[int]]:
    """Box-filter a supersampled 0/1 mask down: 0..SUPERSAMPLE**2 per pixel."""
    s = SUPERSAMPLE
    result = []
    for oy in range(out_size):
        rows = mask[oy * s:(oy + 1) * s]
        columns = [sum(col) for col in zip(*rows)]
        result.append([sum(columns[ox * s:(ox + 1) * s]) for ox in range(out_size)])
    return result


def render(size: int, *, scale: float, corner: float | None) -> tuple[bytes, bool]:
    """Raw PNG scanlines for one icon.

    corner: the radius of the background's rounded corners as a fraction of
    the size, or None for a full-bleed opaque square.  Returns the scanline
    bytes and whether they carry an alpha channel.
    """
    big = size * SUPERSAMPLE
    full = SUPERSAMPLE * SUPERSAMPLE
    teal_mask = [bytearray(big) for _ in range(big)]
    for poly in transform(glyph(), scale, big):
        fill(teal_mask, poly)
    teal = coverage(teal_mask, size)

    if corner is None:
        background = None
    else:
        bg_mask = [bytearray(big) for _ in range(big)]
        fill(bg_mask, rounded_rect(0, 0, big, big, corner * big, 64))
        background = coverage(bg_mask, size)

    raw = bytearray()
    for y in range(size):
        raw.append(0)  # filter type: none (zlib does the work)
        for x in range(size):
            t = teal[y][x]
            if background is None:
                c = full
            else:
                c = background[y][x]
                t = min(t, c)
            if c == 0:
                raw += b"\x00\x00\x00\x00"
                continue
            # Colour of the covered part; alpha carries the edge of the square.
            rgb = bytes(round((CREAM[i] * (c - t) + TEAL[i] * t) / c) for i in range(3))
            raw += rgb
            if background is not None:
                raw.append(round(255 * c / full))
    return bytes(raw), background is not None


def png(size: int, raw: bytes, alpha: bool) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    colour_type = 6 if alpha else 2  # RGBA or RGB, 8 bits per channel
    header = struct.pack(">IIBBBBB", size, size, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# name, size, glyph scale, corner radius (None: full-bleed square)
ICONS = (
    # "any" purpose: a rounded square with transparent corners.
    ("icon-192.png", 192, 1.0, 0.22),
    ("icon-512.png", 512, 1.0, 0.22),
    # Maskable: full bleed; the glyph is shrunk so it stays well inside the
    # central circle of 80% diameter that every mask shape keeps.
    ("maskable-512.png", 512, 0.8, None),
    # iOS rounds the corners itself and shows transparency as black.
    ("apple-touch-icon.png", 180, 0.92, None),
)


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parent.parent
    out_dir = Path(argv[1]) if len(argv) > 1 else root / "Sources/DaybookWeb/Resources/Public/icons"
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, size, scale, corner in ICONS:
        raw, alpha = render(size, scale=scale, corner=corner)
        data = png(size, raw, alpha)
        (out_dir / name).write_bytes(data)
        print(f"{out_dir / name}: {size}x{size}, {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
