"""PNG encoding tuned for flat palette images.

Board images are big flat areas on a 16-colour palette: 4-bit pixels halve the bytes zlib must chew, and a
low compression level costs little size on such images while keeping the encode to a few milliseconds.

The PNG is written here rather than by ``Image.save``: Pillow's encoder tries the five PNG row filters on
every row and keeps the best, which on these images costs more than the compression itself (about 4.7 ms
of a 1280×800 board's encode, against 2.3 ms written here) and gains nothing, since the PNG specification's
own advice for palette images is filter type 0 (none). The pixels and the palette are exactly the image's;
only the compressed bytes differ from Pillow's, within a few per cent in size. Anything this writer does not cover
(more than 256 colours, transparency, another mode) is refused or handed to Pillow.
"""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

from .palette import Ink

COMPRESS_LEVEL = 3
"""Measured on every game's boards (docs/performance.md, "Text stamps and PNG encoding"): level 2 makes them
8-10 % bigger, level 4 costs about 1.8 times the time for 6 % less; ``Z_RLE`` is no faster and 80 % bigger."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def encode_png(image: Image.Image) -> bytes:
    """The PNG bytes of a mode ``"P"`` image drawn on the fixed palette."""
    if image.mode != "P":
        raise ValueError(f"expected a palette image drawn on render.core.palette, got mode {image.mode!r}")
    bits = 4 if len(Ink) <= 16 else 8
    palette = image.getpalette() or []
    if "transparency" in image.info or len(palette) > 3 * (1 << bits) or not palette:
        buf = io.BytesIO()
        image.save(buf, format="PNG", compress_level=COMPRESS_LEVEL, bits=bits)
        return buf.getvalue()
    return _palette_png(image, bits, bytes(palette))


def _palette_png(image: Image.Image, bits: int, palette: bytes) -> bytes:
    """A PNG of colour type 3 (palette), ``bits`` per pixel, every row unfiltered, one IDAT chunk."""
    width, height = image.size
    scanlines = _scanlines(image, bits)
    header = struct.pack(">IIBBBBB", width, height, bits, 3, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            *_chunk(b"IHDR", header),
            *_chunk(b"PLTE", palette),
            *_chunk(b"IDAT", zlib.compress(scanlines, COMPRESS_LEVEL)),
            *_chunk(b"IEND", b""),
        )
    )  # one join: the compressed data is copied once, into the PNG


def _scanlines(image: Image.Image, bits: int) -> bytes:
    """Each row of packed pixels after a filter byte 0, made by Pillow in C rather than row by row here.

    The image is pasted one byte's worth of pixels in (two at 4 bits, one at 8) on a wider canvas of index 0:
    packed, each row then starts with a zero byte, the filter type "none", and carries the image's row after
    it, its last byte padded with zero bits as PNG wants. Joining one slice per row cost about 0.7 ms of a
    1400×900 board's encode; this costs about 0.1 ms more than packing the pixels alone.
    """
    width, height = image.size
    pad = 8 // bits
    wide = Image.new("P", (width + pad, height), 0)
    wide.paste(image, (pad, 0))
    return wide.tobytes("raw", "P;4" if bits == 4 else "P")


def _chunk(kind: bytes, data: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    """A chunk's parts: length, type, data, CRC of type and data (carried on, so the data is not copied for it)."""
    return struct.pack(">I", len(data)), kind, data, struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
