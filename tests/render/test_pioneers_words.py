"""Cosmic Pioneers' changing lines (footer, captains' numbers, header, result) are stamped word by word
(``render.pioneers.words``): the pixels must be those of the whole line stamped at once, for any line."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from render.core import Ink, font, new_canvas
from render.core.sheet import Sheet, say
from render.core.stamps import stamp_text
from render.pioneers import phone
from render.pioneers.words import placed, say_line, stamp_line
from tests.render.test_pioneers_cells import played

WORDS = (
    *("Aliens", "left", "goods", "event", "deck", "to", "place", "planets,", "belts", "VP", "cr", "held", "crashed"),
    *("·", "Round", "of", "Setup", "Cosmic", "Pioneers", "Result:", "wins", "and", "share", "the", "win", "Won"),
    *("by", "over", "Decided", "planet", "colonists", "Player", "Alice", "Bartholomew", "Tidewell"),
)


def whole_and_by_words(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, Image.Image]:
    face = font(size, bold=bold)
    x = 600 if anchor[0] == "r" else 10
    images = new_canvas(640, 60), new_canvas(640, 60)
    stamp_text(ImageDraw.Draw(images[0]), (x, 30), text, face, Ink.BLACK, anchor)
    stamp_line(ImageDraw.Draw(images[1]), (x, 30), text, face, Ink.BLACK, anchor)
    return images


@pytest.mark.parametrize(
    ("size", "bold", "anchor"), [(20, False, "la"), (22, False, "rm"), (28, True, "la"), (24, True, "lm")]
)
def test_a_line_stamped_word_by_word_is_the_line_stamped_whole(size: int, bold: bool, anchor: str) -> None:
    rng = random.Random(size)
    vocabulary = [*WORDS, *(str(n) for n in range(60)), *(f"{c}{n}" for c in "SBQWL" for n in range(10))]
    by_words = 0
    for _ in range(150):
        text = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(2, 9)))
        whole, words = whole_and_by_words(text, size, bold, anchor)
        assert whole.tobytes() == words.tobytes(), f"{text!r} in {size} px ({anchor}) differs"
        by_words += placed(text, font(size, bold=bold), anchor) is not None
    assert by_words > 100, "the lines were not stamped word by word"


def test_the_boards_own_lines_are_the_same_and_noted_as_one_text() -> None:
    lines: set[tuple[str, int, bool, str]] = set()
    for view in played(2, 3, 2):
        lines.update((line, phone.TEXT, False, "la") for line in phone.footer_look(view)[1])
        lines.update((phone.captain_look(view, p.seat)[3], 22, False, "rm") for p in view.players)
        lines.add((phone.header_look(view)[1], 28, True, "la"))
    for text, size, bold, anchor in sorted(lines):
        whole, words = whole_and_by_words(text, size, bold, anchor)
        assert whole.tobytes() == words.tobytes(), f"{text!r} differs"
        for boxes_only in (True, False):  # the changes' boxes; the legibility tests' letters
            sheets = Sheet(boxes_only=boxes_only), Sheet(boxes_only=boxes_only)
            draw = ImageDraw.Draw(new_canvas(640, 60))
            say(draw, sheets[0], (600, 30), text, font(size, bold=bold), Ink.BLACK, anchor)
            say_line(draw, sheets[1], (600, 30), text, font(size, bold=bold), Ink.BLACK, anchor)
            noted = [[(m.text, m.size, m.box, m.letters.tobytes(), m.halo.tobytes()) for m in s.marks] for s in sheets]
            assert noted[0] == noted[1], f"{text!r} is noted otherwise"
