"""The phone's measure, and the areas a board can be zoomed into (issue 26).

Discord shows an attached image about ``PHONE_WIDTH`` pixels wide in a phone's chat, whatever its own width,
so a text's *display size* is its font size scaled by ``PHONE_WIDTH`` over the image's width. Whatever a
player must read on the channel board, a zoomed area, a close-up or a hand image is at least
``MIN_DISPLAY_TEXT`` at display size, and a piece at least ``MIN_DISPLAY_PIECE``; detail that cannot be that
large goes one tap away (a zoom of one area), never into smaller type.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

from PIL import Image, ImageFilter

from .canvas import Box
from .sheet import HALO, Mark, Sheet, Token

PHONE_WIDTH = 400
"""Pixels of width a phone's chat gives an attached image."""

MIN_DISPLAY_TEXT = 12
"""The smallest display size of a text a player must read."""

MIN_DISPLAY_PIECE = 16
"""The smallest display size (the longer side) of a piece a player must tell from another."""


def display_size(pixels: float, image_width: int) -> float:
    """How tall ``pixels`` of an image ``image_width`` wide look on a phone."""
    return pixels * PHONE_WIDTH / image_width


def widest_for(font_size: int) -> int:
    """The widest image in which a text of ``font_size`` still shows at ``MIN_DISPLAY_TEXT`` on a phone."""
    return font_size * PHONE_WIDTH // MIN_DISPLAY_TEXT


@dataclass(frozen=True)
class Area:
    """A part of a board a player can zoom into from the board message's **Zoom** select.

    ``key`` is short and stable for the game (it travels in a select option's value, at most 24 characters of
    letters, digits, ``.``, ``_`` and ``-``); ``label`` is what the player reads in the select (at most 80
    characters: "Bridge and its corridors", "Tile T08 and its neighbours"); ``description`` optionally says
    what is there (at most 100 characters, public information only).
    """

    key: str
    label: str
    description: str = ""


# ------------------------------------------------------------------------------------------ crop and enlarge
# A generic zoom: cut a part of the detailed board (``full``) and enlarge it. The part's width in board pixels
# decides what a phone shows (the enlargement does not: the phone shrinks the image to ``PHONE_WIDTH`` anyway),
# so a part is at most ``widest_for(smallest text)`` wide; the enlargement is for a desktop, where the zoom
# shows at its own size.

ZOOM_SCALE = 2
"""How much a zoom enlarges the part of the detailed board it cuts (nearest neighbour keeps the palette)."""


def part_box(points: Iterable[tuple[float, float]], bounds: Box, margin: int, widest: int) -> Box:
    """The box around ``points`` with ``margin`` to spare, inside ``bounds``, at most ``widest`` wide (cut
    around its middle when wider: the caller splits an area that does not fit into several)."""
    xs, ys = zip(*points, strict=True)
    left, top = math.floor(min(xs)) - margin, math.floor(min(ys)) - margin
    right, bottom = math.ceil(max(xs)) + margin, math.ceil(max(ys)) + margin
    if right - left > widest:
        middle = (left + right) // 2
        left, right = middle - widest // 2, middle - widest // 2 + widest
    x0, y0, x1, y1 = bounds
    return max(x0, left), max(y0, top), min(x1, right), min(y1, bottom)


def enlarge_part(image: Image.Image, box: Box, scale: int = ZOOM_SCALE) -> Image.Image:
    """The part ``box`` of ``image``, ``scale`` times larger (nearest neighbour: same palette, same sharp letters)."""
    left, top, right, bottom = box
    return image.crop(box).resize(((right - left) * scale, (bottom - top) * scale), Image.Resampling.NEAREST)


def part_sheet(sheet: Sheet, box: Box, scale: int = ZOOM_SCALE) -> Sheet:
    """What ``enlarge_part(board, box, scale)`` shows of ``sheet`` (the board's ``layout``): the texts and pieces
    wholly inside ``box``, moved and enlarged as the image is, so the zoom is measured by the same test.

    A text's letters enlarge with the image; the halo kept clear around them stays ``HALO`` wide (what is clear
    within ``HALO`` board pixels is clear within ``HALO`` zoom pixels), which is how ``Mark`` measures it.
    """
    x0, y0, x1, y1 = box
    out = Sheet()
    for mark in sheet.marks:
        mx0, my0, mx1, my1 = mark.box
        if mx0 - HALO < x0 or my0 - HALO < y0 or mx1 + HALO > x1 or my1 + HALO > y1:
            continue  # a text cut by the edge (or with no room around it) is not one the zoom offers to read
        moved = ((mx0 - x0) * scale, (my0 - y0) * scale, (mx1 - x0) * scale, (my1 - y0) * scale)
        letters = mark.letters.crop((HALO, HALO, HALO + mx1 - mx0, HALO + my1 - my0))
        grown = letters.resize((letters.width * scale, letters.height * scale), Image.Resampling.NEAREST)
        padded = Image.new("L", (grown.width + 2 * HALO, grown.height + 2 * HALO), 0)
        padded.paste(grown, (HALO, HALO))
        halo = padded.filter(ImageFilter.MaxFilter(2 * HALO + 1))
        out.marks.append(Mark(mark.text, mark.size * scale, moved, padded, halo))
    for token in sheet.tokens:
        tx0, ty0, tx1, ty1 = token.box
        if tx0 < x0 or ty0 < y0 or tx1 > x1 or ty1 > y1:
            continue
        moved = ((tx0 - x0) * scale, (ty0 - y0) * scale, (tx1 - x0) * scale, (ty1 - y0) * scale)
        pixels = token.pixels.resize(
            (token.pixels.width * scale, token.pixels.height * scale), Image.Resampling.NEAREST
        )
        out.tokens.append(Token(token.space, token.what, moved, pixels))
    return out


def moved_mark(mark: Mark, dx: int, dy: int, scale: int) -> Mark:
    """``mark`` moved by ``-dx, -dy`` and enlarged ``scale`` times with its halo, as a nearest-neighbour resize
    of the part of the board it stands on draws it (a zoom cut from a board drawn with its ``layout``)."""
    rx0, ry0, rx1, ry1 = mark.reach
    reach = ((rx0 - dx) * scale, (ry0 - dy) * scale, (rx1 - dx) * scale, (ry1 - dy) * scale)
    size = (reach[2] - reach[0], reach[3] - reach[1])
    box = (reach[0] + HALO, reach[1] + HALO, reach[2] - HALO, reach[3] - HALO)
    near = Image.Resampling.NEAREST
    return replace(
        mark,
        size=mark.size * scale,
        box=box,
        letters=mark.letters.resize(size, near),
        halo=mark.halo.resize(size, near),
    )
