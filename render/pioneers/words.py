"""Cosmic Pioneers' changing lines stamped word by word: the very pixels of the whole line, at a fraction of the cost.

The footer ("Aliens left S3 B2 · goods 12 · event deck 20"), a captain's numbers ("12 VP · 34 cr · 3 held") and
the header's title change with nearly every move, and a line new to the process is a FreeType layout and
rendering of every glyph (``render.core.stamps.text_stamp``: 0.4-1.1 ms a line, most of a slow move's drawing).
Their words repeat ("goods", "VP", "12"), so each word is stamped from its own kept mask, placed where FreeType
places it in the whole line.

Why that is the same image: Pillow renders a line glyph by glyph (``ImageFont``'s ``font_render``), each glyph's
bitmap at its pen position rounded to a whole pixel, the pen moved by the advances the layout (Raqm) gives in
64ths of a pixel, a kerning pair's adjustment included; the line's vertical place comes from the face's metrics,
the same for every word. A word drawn alone at the fractional point where the line's pen reaches it (Pillow's
``start``, what ``draw.text`` passes for a fractional point) puts its glyphs on those very pixels, when no kerning
pair joins it to the spaces beside it; stamping the words (their inked pixels, one ink) inks the line's. A right
anchor is the line's advance rounded (``PIXEL``). Anything else (a kerned pair at a space, another anchor, a
text of one word) is stamped whole, as before. ``tests/render/test_pioneers_words.py`` compares both over many
seeded lines and the board's own.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFont

from render.core.fonts import Font
from render.core.palette import Ink
from render.core.sheet import Sheet, noted
from render.core.stamps import EMPTY, Stamp, inked, stamp_text

ANCHORS = ("la", "lm", "ls", "ra", "rm", "rs")
"""Anchors placed from the line's start or its advance (left, right) and the face's metrics (ascender, middle,
baseline): the ones a line can be stamped word by word at."""


@lru_cache(maxsize=4096)
def advance(text: str, face: ImageFont.FreeTypeFont) -> float:
    """How far ``text`` moves the pen, in pixels (64ths exactly), laid out as the 1-bit board draws it."""
    return face.getlength(text, mode="1")


@lru_cache(maxsize=2048)
def joins_plainly(left: str, right: str, face: ImageFont.FreeTypeFont) -> bool:
    """Whether the glyphs ``left`` and ``right`` (a letter and a space) are laid side by side as they are alone:
    no kerning pair between them, nothing shaped across them."""
    return advance(left + right, face) == advance(left, face) + advance(right, face)


@lru_cache(maxsize=8192)
def word_stamp(word: str, face: ImageFont.FreeTypeFont, anchor: str, start: int) -> Stamp:
    """``word`` as ``draw.text`` draws it at a point ``start`` 64ths of a pixel right of a whole pixel: its mask
    cut to its ink and placed from that whole pixel (``render.core.stamps.text_stamp``, with Pillow's ``start``)."""
    rendered, (dx, dy) = face.getmask2(word, "1", anchor=anchor, start=(start / 64, 0))
    box = rendered.getbbox()
    if box is None:
        return EMPTY
    mask = Image.Image()._new(rendered.crop(box).convert("1", Image.Dither.NONE))
    return Stamp((dx + box[0], dy + box[1]), ((0, mask),))


def placed(text: str, face: Font, anchor: str) -> list[tuple[float, str]] | None:
    """Each word of ``text`` with where the pen starts it, in pixels right of the line's left end (64ths
    exactly), when stamping the words gives the line's very pixels; ``None`` when the line must be stamped whole."""
    if anchor not in ANCHORS or not isinstance(face, ImageFont.FreeTypeFont):
        return None
    words = text.split(" ")
    if len(words) < 2 or not all(words):
        return None
    if not all(joins_plainly(a[-1], " ", face) and joins_plainly(" ", b[0], face) for a, b in pairwise(words)):
        return None
    space = advance(" ", face)
    starts: list[tuple[float, str]] = []
    x = 0.0
    for word in words:
        starts.append((x, word))
        x += advance(word, face) + space
    return starts


def stamp_line(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, face: Font, ink: Ink, anchor: str) -> None:
    """``render.core.stamps.stamp_text``'s pixels, stamped word by word when that is the same (``placed``)."""
    _stamp_placed(draw, xy, text, face, ink, anchor, placed(text, face, anchor))


def _stamp_placed(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    face: Font,
    ink: Ink,
    anchor: str,
    starts: list[tuple[float, str]] | None,
) -> None:
    if starts is None or not isinstance(face, ImageFont.FreeTypeFont):
        stamp_text(draw, xy, text, face, ink, anchor)
        return
    x, y = xy
    if anchor[0] == "r":
        x -= right_anchor(starts, face)
    left = "l" + anchor[1]
    for at, word in starts:
        whole = math.floor(at)
        inked(draw, (x + whole, y), word_stamp(word, face, left, round((at - whole) * 64)), ink)


def right_anchor(starts: list[tuple[float, str]], face: ImageFont.FreeTypeFont) -> int:
    """How far left of a right anchor the line starts: FreeType's right anchor is the line's advance rounded to
    a whole pixel (``PIXEL``), for its layout and its measured box alike."""
    last, word = starts[-1]
    return math.floor(last + advance(word, face) + 0.5)


def say_line(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, xy: tuple[int, int], words: str, face: Font, ink: Ink, anchor: str
) -> None:
    """``render.core.sheet.say`` (the text drawn and noted on the sheet as one text) stamped by ``stamp_line``. A
    right-anchored line is noted as the same line left-anchored where it starts: the same box and letters, from
    the left-anchored box its measure already took (``render.core.fonts``), not another FreeType layout."""
    starts = placed(words, face, anchor)
    _stamp_placed(draw, xy, words, face, ink, anchor, starts)
    if starts is not None and anchor[0] == "r" and isinstance(face, ImageFont.FreeTypeFont):
        xy, anchor = (xy[0] - right_anchor(starts, face), xy[1]), "l" + anchor[1]
    noted(sheet, xy, words, face, anchor)
