"""Issue 26: a text stamp taken straight from FreeType's mask (``getmask2``) is the very stamp ``draw.text`` on a
canvas made: same offset, same pixels, for every text the games draw.

``stamp_texts.json`` holds every (text, font, size, anchor) the five games stamped while drawing seeded boards
of every kind (``drawn_boards.drawn``). Each is checked as drawn (a third also at another anchor, and at another
size and weight), against ``_drawn_text_stamp`` (the canvas way, still used for texts of several lines).
"""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path

import pytest

from render.core.fonts import font
from render.core.stamps import EMPTY, Stamp, _drawn_text_stamp, stamp_text, text_stamp

TEXTS: list[tuple[str, str, int, str]] = [
    (text, face, size, anchor)
    for text, face, size, anchor in json.loads((Path(__file__).parent / "stamp_texts.json").read_text("utf-8"))
]
ANCHORS = [h + v for h, v in product("lmr", "atmsbd")]
SIZES = sorted({size for _, _, size, _ in TEXTS})


def same(a: Stamp, b: Stamp) -> bool:
    return (
        a.offset == b.offset
        and len(a.layers) == len(b.layers)
        and all(
            ink_a == ink_b
            and mask_a.mode == mask_b.mode == "1"
            and mask_a.size == mask_b.size
            and mask_a.tobytes() == mask_b.tobytes()
            for (ink_a, mask_a), (ink_b, mask_b) in zip(a.layers, b.layers, strict=True)
        )
    )


def check(text: str, size: int, bold: bool, anchor: str) -> None:
    face = font(size, bold=bold)
    quick, drawn = text_stamp.__wrapped__(text, face, anchor), _drawn_text_stamp(text, face, anchor)
    assert same(quick, drawn), f"{text!r} at {size} px{' bold' if bold else ''}, anchor {anchor}"


def test_every_text_the_games_draw_stamps_as_drawn_at_any_anchor_and_size() -> None:
    assert len(TEXTS) > 1000
    for index, (text, face, size, anchor) in enumerate(TEXTS):
        bold = "Bold" in face
        check(text, size, bold, anchor)
        if index % 3 == 0:  # every anchor and size for all of them: the slow test below
            check(text, size, bold, ANCHORS[index % len(ANCHORS)])
            check(text, SIZES[index % len(SIZES)], not bold, ANCHORS[(index * 7) % len(ANCHORS)])


def test_odd_texts_stamp_as_drawn() -> None:
    """Nothing to draw, spaces only, several lines, one character, marks that hang below or above."""
    for text in ("", " ", "   ", "a\nb", "Two\nlines here", "·", "—", "j", "Ég", "1", "…", "×3", "−2 VP", "’"):
        for anchor in ("la", "mm", "rs", "ld") if "\n" not in text else ("la", "mm", "ra", "ld"):
            check(text, 16, False, anchor)
    assert text_stamp("", font(16), "la") == EMPTY
    assert text_stamp("  ", font(16), "mm") == EMPTY


def test_a_stamped_text_lands_on_the_pixels_draw_text_paints() -> None:
    from PIL import Image, ImageDraw

    for text, face, size, anchor in TEXTS[::37]:
        fnt = font(size, bold="Bold" in face)
        by_text, by_stamp = (Image.new("P", (900, 160), 0) for _ in range(2))
        ImageDraw.Draw(by_text).text((450, 80), text, fill=5, font=fnt, anchor=anchor)
        stamp_text(ImageDraw.Draw(by_stamp), (450, 80), text, fnt, 5, anchor)  # type: ignore[arg-type]
        assert by_text.tobytes() == by_stamp.tobytes(), f"{text!r} at {size} px, anchor {anchor}"


@pytest.mark.slow
def test_every_text_at_every_anchor_size_and_weight() -> None:
    for (text, _, _, _), size, bold, anchor in product(TEXTS[::45], SIZES, (False, True), ANCHORS):
        check(text, size, bold, anchor)
