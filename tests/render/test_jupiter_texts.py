"""Jupiter Deep's phone board cuts long lines by halving (``render.jupiter.texts.clip``): the very cut the
character-by-character ``shortened`` makes, on the report lines, robot lines and sentences of seeded games,
at every width a line is cut to (issue 26: a turn's report line cut that way took 25 ms to draw)."""

from __future__ import annotations

from render.core import font
from render.core.canvas import shortened
from render.jupiter.panel import report_sections
from render.jupiter.phone import TEXT, status
from render.jupiter.texts import clip

from .test_legibility import public_views


def test_a_cut_line_is_the_same_as_cut_character_by_character() -> None:
    lines = {"", " ", "x", "T08", "Pod docked at T04.NW · 3/7 aboard", "a  spaced   line   of words   "}
    for view in public_views("jupiter", 1) + public_views("jupiter", 2):
        lines.add(status(view))
        lines.update(words for _, _, _, words in report_sections(view))  # type: ignore[attr-defined]
    cut = 0
    for face in (font(TEXT), font(TEXT, bold=True)):
        for words in lines:
            for width in (0, 10, 40, 150, 330, 500, 696):
                assert clip(words, face, width) == shortened(words, face, width), (words, width)
                cut += clip(words, face, width) != words
    assert cut > 100
