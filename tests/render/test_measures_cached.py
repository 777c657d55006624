"""Issue 26: the project's faces remember their texts' boxes (``render.core.fonts.MeasuredFace``), and every
measure a board is laid out by is the number FreeType gives a fresh face.

``stamp_texts.json`` holds every (text, font, size, anchor) the five games stamped while drawing seeded boards.
Each is measured twice through ``font`` (the second time from the cache) and compared with a plain
``ImageFont.truetype`` face of that file and size: the box, the width ``text_width`` lays labels out by and the
box a sheet records for the phone checks (``_origin_box``), at the text's own anchor and the default one. A
wrong number would move a label or cut a name where a player sees it; the pixels are proved by
``test_stamps_boards.py``.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from PIL import ImageFont

from render.core.canvas import text_width
from render.core.fonts import FONT_DIR, MeasuredFace, font
from render.core.sheet import _origin_box

TEXTS: list[tuple[str, str, int, str]] = [
    (text, face, size, anchor)
    for text, face, size, anchor in json.loads((Path(__file__).parent / "stamp_texts.json").read_text("utf-8"))
]


@cache
def fresh(file: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / file), size)


def test_every_recorded_text_measures_as_freetype_measures_it() -> None:
    assert len(TEXTS) > 1000
    for text, file, size, anchor in TEXTS:
        bold = "Bold" in file
        face = font(size, bold=bold)
        assert isinstance(face, MeasuredFace)
        plain = fresh(file, size)
        for at in (anchor, None):
            expected = plain.getbbox(text, anchor=at)
            assert face.getbbox(text, anchor=at) == expected, (text, file, size, at)
            assert face.getbbox(text, anchor=at) == expected, f"{text!r} measured again differs"
        left, top, right, bottom = plain.getbbox(text, anchor=anchor)
        box = (math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom))
        assert _origin_box(text, size, bold, anchor) == box, (text, file, size, anchor)
        width = plain.getbbox(text)
        assert text_width(text, face) == math.ceil(width[2] - width[0]), (text, file, size)


def test_measures_with_other_options_still_ask_freetype() -> None:
    """A stroke or a 1-bit mode is measured as asked, not answered from another option's box."""
    face, plain = font(20, bold=True), fresh("DejaVuSans-Bold.ttf", 20)
    for text in ("Jumpgate", "0 VP · 300 cr", "Ærø"):
        assert face.getbbox(text, stroke_width=2) == plain.getbbox(text, stroke_width=2)
        assert face.getbbox(text, "1", anchor="mm") == plain.getbbox(text, "1", anchor="mm")
        assert face.getbbox(text.encode()) == plain.getbbox(text.encode())
