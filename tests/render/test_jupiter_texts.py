"""Jupiter Deep's phone board cuts long lines by halving (``render.jupiter.texts.clip``): the very cut the
character-by-character ``shortened`` makes, on the report lines, robot lines and sentences of seeded games,
at every width a line is cut to (issue 26: a turn's report line cut that way took 25 ms to draw). It wraps
them by halving too (``lines_in``): the very lines wrapping word by word gives, the rest cut the same way."""

from __future__ import annotations

from render.core import Font, font
from render.core.canvas import shortened, wrap
from render.jupiter.panel import report_sections
from render.jupiter.phone import TEXT, status
from render.jupiter.texts import clip, lines_in

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


def wrapped_then_cut(words: str, face: Font, width: int, most: int) -> tuple[str, ...]:
    """How the board printed a text in at most ``most`` lines before: every line wrapped word by word, those
    past the room joined and cut (``clip``: the same cut as ``shortened``, above)."""
    lines = wrap(words, face, width)
    if len(lines) > most:
        lines = [*lines[: most - 1], clip(" ".join(lines[most - 1 :]), face, width)]
    return tuple(lines)


def test_a_text_in_a_few_lines_is_wrapped_and_cut_as_word_by_word() -> None:
    texts = {"", " ", "x", "T08", "Supercalifragilisticexpialidocious " * 3, "a  spaced   line   of words   "}
    for view in public_views("jupiter", 1) + public_views("jupiter", 2):
        texts.add(status(view))
        texts.update(words for _, _, _, words in report_sections(view))  # type: ignore[attr-defined]
    several = 0
    for face, anchor in ((font(TEXT), "lm"), (font(TEXT, bold=True), "la")):  # the report's, the header's
        for words in texts:
            for width in (40, 330, 564, 696):
                for most in (1, 2, 4):
                    found = lines_in(words, face, width, most, anchor)
                    assert found == wrapped_then_cut(words, face, width, most), (words, width, most)
                    several += len(found) > 1
    assert several > 100
