"""PNG encoding tuned for flat palette images.

Board images are big flat areas on a 16-colour palette: 4-bit pixels halve the bytes zlib must chew, and a
low compression level costs little size on such images while keeping the encode to a few milliseconds.
"""

from __future__ import annotations

import io

from PIL import Image

from .palette import Ink

COMPRESS_LEVEL = 3


def encode_png(image: Image.Image) -> bytes:
    """The PNG bytes of a mode ``"P"`` image drawn on the fixed palette."""
    if image.mode != "P":
        raise ValueError(f"expected a palette image drawn on render.core.palette, got mode {image.mode!r}")
    buf = io.BytesIO()
    bits = 4 if len(Ink) <= 16 else 8
    image.save(buf, format="PNG", compress_level=COMPRESS_LEVEL, bits=bits)
    return buf.getvalue()
