"""The page's icons, drawn here so that the build has no image file to keep: a half moon,
light on dark, at the sizes an installed web app asks (192 and 512 pixels), as PNG
written with the standard library alone."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

SIZES = (192, 512)
DARK = (16, 24, 48, 255)
LIGHT = (250, 236, 170, 255)


def half_moon(size: int) -> list[bytes]:
    """Rows of RGBA pixels: a disc's right half, lit, on a dark square with a margin
    that maskable icons may crop."""
    centre = (size - 1) / 2
    radius = size * 0.36
    rows = []
    for y in range(size):
        row = bytearray(b"\0")  # PNG filter type 0 for the row
        for x in range(size):
            inside = (x - centre) ** 2 + (y - centre) ** 2 <= radius**2
            row += bytes(LIGHT if inside and x >= centre else DARK)
        rows.append(bytes(row))
    return rows


def png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    pixels = zlib.compress(b"".join(half_moon(size)), 9)
    chunks = chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + chunks


def write(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for size in SIZES:
        name = f"icon-{size}.png"
        (folder / name).write_bytes(png(size))
        names.append(name)
    return names
