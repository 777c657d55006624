"""Texts cut to fit, found in a few measures instead of one a character (the phone board's long report lines).

``render.core.canvas.shortened`` drops one character at a time and measures the rest each time: a turn's
report line of 200 characters cut to its last line measured a hundred long strings through FreeType (25 ms,
the slowest part of a board drawn at a turn's end). A text's width only grows as characters are added (each
adds its advance, far more than any kerning takes back), so the longest prefix that fits with its ellipsis is
found by halving instead: the same cut, in about eight measures, and kept for the boards that print it again.
"""

from __future__ import annotations

import math
from functools import lru_cache

from render.core import Font, text_width

ELLIPSIS = "…"


@lru_cache(maxsize=1024)
def clip(words: str, face: Font, width: int) -> str:
    """``words`` cut with an ellipsis to fit ``width`` pixels in ``face``: exactly what
    ``render.core.canvas.shortened`` gives (the longest prefix whose width with ``…`` fits, its trailing spaces
    dropped), found by halving."""
    if text_width(words, face) <= width:
        return words
    fits, fails = 0, len(words)  # a prefix of length ``fits`` fits (none: the empty one), ``fails`` does not
    if text_width(words + ELLIPSIS, face) <= width:
        fits = fails
    while fails - fits > 1:
        middle = (fits + fails) // 2
        if text_width(words[:middle] + ELLIPSIS, face) <= width:
            fits = middle
        else:
            fails = middle
    return words[:fits].rstrip() + ELLIPSIS


def width(words: str, face: Font, anchor: str = "la") -> int:
    """``render.core.canvas.text_width``, measured with the anchor the text is printed with: the width is the
    same for any anchor on the left ("la", "lm"), and a line measured this way is the very measure the board's
    sheet takes of it when printed (``render.core.fonts`` keeps it), so it is measured once, not twice."""
    left, _, right, _ = face.getbbox(words, anchor=anchor)
    return math.ceil(right - left)


@lru_cache(maxsize=1024)
def lines_in(words: str, face: Font, wide: int, most: int, anchor: str = "la") -> tuple[str, ...]:
    """``words`` wrapped to ``wide`` pixels in at most ``most`` lines, the last cut to fit when more would follow:
    exactly ``canvas.wrap``'s lines, or its first ``most - 1`` and the rest joined and ``clip``-ped.

    Found in fewer measures: a line's end by halving over its words (a text's width only grows as words are
    added, as ``clip`` relies on), after one measure of the whole rest (most lines are the rest); and the lines
    past ``most`` are never wrapped, only the rest measured once (fits: one more line; else it is cut)."""
    parts = words.split()
    lines: list[str] = []
    start = 0
    while start < len(parts):
        if len(lines) == most - 1:
            rest = " ".join(parts[start:])
            last = start == len(parts) - 1 or width(rest, face, anchor) <= wide  # one line more, not cut
            lines.append(rest if last else clip(rest, face, wide))
            break
        end = _line_end(parts, start, face, wide, anchor)
        lines.append(" ".join(parts[start:end]))
        start = end
    return tuple(lines)


def _line_end(parts: list[str], start: int, face: Font, wide: int, anchor: str) -> int:
    """Where the line from word ``start`` ends as ``canvas.wrap`` ends it: after the most words that fit (the
    first word alone when even it does not)."""
    if width(" ".join(parts[start:]), face, anchor) <= wide:
        return len(parts)
    fits, fails = start + 1, len(parts)  # the words up to ``fits`` fit (or are the one forced); to ``fails`` not
    while fails - fits > 1:
        middle = (fits + fails) // 2
        if width(" ".join(parts[start:middle]), face, anchor) <= wide:
            fits = middle
        else:
            fails = middle
    return fits
