"""Issue 26: the PNG writer's rows are made by Pillow in C, and the PNG is byte for byte the one written row by
row before: valid, the same pixels and palette, the same size."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from render.core.palette import palette_bytes
from render.core.png import COMPRESS_LEVEL, SIGNATURE, encode_png

from .drawn_boards import drawn


def row_by_row(image: Image.Image) -> bytes:
    """The PNG as the writer made it before: a filter byte 0 joined before each row's slice of packed pixels."""
    width, height = image.size
    raw = image.tobytes("raw", "P;4")
    stride = (width * 4 + 7) // 8
    rows = b"".join(b"\0" + raw[y * stride : (y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 4, 3, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            chunk(b"IHDR", header),
            chunk(b"PLTE", bytes(image.getpalette() or [])),
            chunk(b"IDAT", zlib.compress(rows, COMPRESS_LEVEL)),
            chunk(b"IEND", b""),
        )
    )


def decoded(png: bytes) -> tuple[str, tuple[int, int], bytes, bytes]:
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        return image.mode, image.size, bytes(image.getpalette() or []), image.tobytes()


def noisy(width: int, height: int, seed: int) -> Image.Image:
    """A palette image of flat areas and speckles, any width (odd ones end rows on half a byte)."""
    rng = random.Random(seed)
    image = Image.new("P", (width, height), rng.randrange(16))
    image.putpalette(palette_bytes())
    for _ in range(40):
        x, y = rng.randrange(width), rng.randrange(height)
        right, bottom = min(width, x + rng.randrange(1, 30)), min(height, y + rng.randrange(1, 9))
        image.paste(rng.randrange(16), (x, y, right, bottom))
    return image


@pytest.mark.parametrize("size", [(1, 1), (2, 1), (3, 5), (7, 2), (64, 33), (401, 17), (1280, 3)])
def test_a_palette_image_of_any_width_encodes_as_row_by_row_and_decodes_to_its_pixels(size: tuple[int, int]) -> None:
    for seed in range(3):
        image = noisy(*size, seed)
        png = encode_png(image)
        assert png == row_by_row(image)
        mode, shape, palette, pixels = decoded(png)
        assert (mode, shape, pixels) == ("P", image.size, image.tobytes())
        assert palette == bytes(image.getpalette() or [])


@pytest.mark.parametrize("game", ["capricorn", "jupiter"])
def test_boards_encode_byte_for_byte_as_row_by_row(game: str) -> None:
    checked = 0
    for _, png in drawn(game, every=45, steps=50):
        with Image.open(io.BytesIO(png)) as image:
            image.load()
            if image.mode != "P":
                continue
            again = encode_png(image)
        assert again == row_by_row(image) == png
        checked += 1
    assert checked >= 5
