"""A text's box for a sheet that keeps boxes only, from the measure its drawing already took (issue 26).

A board fits a line to its width before drawing it (``text_width``, ``shortened``): that measures the text's box
at the default anchor (``getbbox(text)``, left and ascender), kept per face and text (``fonts.MeasuredFace``).
Its sheet then asks for the box at the anchor it was drawn with (``"lm"``: left, middle), a second layout of a
text new to the process (about 0.2 ms for a 50-letter line). For a left anchor the two boxes differ by a height
only: Pillow places a horizontal text's ascender and middle at a face's own metrics, whatever the text (its
``bounding_box_and_anchors``), and its left side at the pen's start. So the box is the first one moved down by
that face's constant: the same numbers ``Sheet.mark`` records, without the second layout.
"""

from __future__ import annotations

from functools import lru_cache

from .canvas import Box
from .fonts import font
from .sheet import NO_MASK, Mark, Sheet

LEFT_ANCHORS = ("la", "lm")
"""The anchors whose box is the default anchor's moved down (``la`` itself and ``lm``)."""


@lru_cache(maxsize=64)
def _drop(size: int, bold: bool, anchor: str) -> int:
    """How far down ``anchor``'s box lies from the default anchor's, in ``font(size, bold)``: a face's constant."""
    face = font(size, bold=bold)
    return int(face.getbbox("H", anchor=anchor)[1] - face.getbbox("H")[1])


def left_box(words: str, size: int, bold: bool, anchor: str, xy: tuple[int, int]) -> Box:
    """The box ``Sheet.mark`` gives ``words`` drawn at ``xy`` (whole pixels) with a left ``anchor``."""
    left, top, right, bottom = (int(v) for v in font(size, bold=bold).getbbox(words))
    drop = _drop(size, bold, anchor)
    x, y = xy
    return (left + x, top + drop + y, right + x, bottom + drop + y)


def mark(sheet: Sheet, xy: tuple[int, int], words: str, size: int, *, bold: bool = False, anchor: str = "la") -> None:
    """``sheet.mark(...)``, from the default anchor's box when the sheet keeps boxes only and the text is drawn
    at whole pixels from a left anchor; the sheet's own measure otherwise."""
    x, y = xy
    if sheet.boxes_only and anchor in LEFT_ANCHORS and words and isinstance(x, int) and isinstance(y, int):
        sheet.marks.append(Mark(words, size, left_box(words, size, bold, anchor, (x, y)), NO_MASK, NO_MASK))
        return
    sheet.mark(xy, words, size, bold=bold, anchor=anchor)
