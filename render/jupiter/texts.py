"""Texts cut to fit, found in a few measures instead of one a character (the phone board's long report lines).

``render.core.canvas.shortened`` drops one character at a time and measures the rest each time: a turn's
report line of 200 characters cut to its last line measured a hundred long strings through FreeType (25 ms,
the slowest part of a board drawn at a turn's end). A text's width only grows as characters are added (each
adds its advance, far more than any kerning takes back), so the longest prefix that fits with its ellipsis is
found by halving instead: the same cut, in about eight measures, and kept for the boards that print it again.
"""

from __future__ import annotations

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
