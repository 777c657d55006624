"""A text new to the process is measured once: one face per size and weight, one layout for its left anchors.

These pin the facts the shared caches rest on (``render.core.fonts``): if a Pillow upgrade ever measured
``getbbox(text)`` differently from ``getbbox(text, anchor="la")``, boards would keep one box for both and a
label could sit a pixel off, so this fails first. ``stamps.Table`` must give what ``Image.point`` gives.
"""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageFont

from render.core.fonts import BOLD, REGULAR, font
from render.core.stamps import Table, ink_table

TEXTS = ["BRIDGE.i6", "T08.NW", "Ada", "2 wounds", "g", "Jupiter · 3 left…", "Éowyn's ship", " x ", "", " ", "·", "Ág"]


def test_one_face_per_size_and_weight() -> None:
    assert font(22) is font(22, bold=False)
    assert font(22, bold=True) is not font(22)
    assert font(22).getbbox("T08.NW") == font(22, bold=False).getbbox("T08.NW", anchor="la")


@pytest.mark.parametrize("path", [REGULAR, BOLD], ids=["regular", "bold"])
def test_no_anchor_measures_as_left_ascender(path: object) -> None:
    for size in (12, 14, 17, 20, 22, 28, 40):
        face = ImageFont.truetype(str(path), size)
        for words in TEXTS:
            for mode in ("", "1", "L"):
                assert face.getbbox(words, mode) == face.getbbox(words, mode, anchor="la"), (size, words, mode)


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_a_left_anchor_moves_the_la_box_as_freetype_places_it(bold: bool) -> None:
    """``lm``, ``ls``, ``ld`` boxes come from the ``la`` box (one layout): they must be FreeType's own."""
    for size in (12, 14, 17, 20, 22, 28, 40):
        raw = ImageFont.truetype(str(BOLD if bold else REGULAR), size)
        face = font(size, bold=bold)
        for words in TEXTS:
            for mode in ("", "1"):
                for anchor in ("la", "lm", "ls", "ld"):
                    measured = raw.getbbox(words, mode, anchor=anchor)
                    assert face.getbbox(words, mode, anchor=anchor) == measured, (size, words, mode, anchor)


def test_a_made_table_points_as_a_list_does() -> None:
    pixels = bytes(random.Random(26).randrange(256) for _ in range(40 * 30))
    image = Image.frombytes("L", (40, 30), pixels)
    blank = [0 if value == 255 else 255 for value in range(256)]
    assert image.point(Table(blank)).tobytes() == image.point(blank).tobytes()
    for ink in (0, 7, 254):
        made = image.point(ink_table(ink))
        listed = image.point(lambda v, ink=ink: 255 if v == ink else 0, "1")
        assert made.mode == listed.mode == "1"
        assert made.tobytes() == listed.tobytes()
