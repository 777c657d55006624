"""A close-up: part of a board cut out around some points and enlarged, so a phone player reads it unzoomed.

A phone shows a 1400-pixel board about 400 pixels wide. A game's renderer names the points where the acting
seat's choices are; this cuts the board it already drew around them (so a close-up can show nothing the board
does not), widens the cut to landscape inside the board's playing area, and enlarges it with nearest-neighbour
scaling (the palette and sharp edges stay; 14 px text becomes 28 px).
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from .canvas import Box

SCALE = 2
"""How much a close-up enlarges the board."""
ASPECT = 3 / 2
"""A close-up's width over its height at the least: landscape, like the boards."""
BOARDS_KEPT = 2
"""Finished board images a renderer keeps (a ``LayerCache``, about 1.3 MB each) for the close-ups cut from them:
the host asks for a board and the acting player's close-up at once, so the close-up crops the board that very
action drew instead of drawing it again."""


def landscape_box(
    points: Iterable[tuple[float, float]],
    area: Box,
    margin: int,
    *,
    widest: int | None = None,
    focus: tuple[float, float] | None = None,
) -> Box:
    """The box around ``points`` with ``margin`` to spare, widened (or heightened) to landscape, inside ``area``.

    At most ``widest`` wide when given (``render.core.zoom.widest_for`` the smallest text, so it still reads at
    12 px on a phone): a wider box is cut to that width around ``focus`` (the acting piece), or its middle.
    """
    xs, ys = zip(*points, strict=True)
    left, top = round(min(xs)) - margin, round(min(ys)) - margin
    right, bottom = round(max(xs)) + margin, round(max(ys)) + margin
    x0, y0, x1, y1 = area
    width = min(max(right - left, round((bottom - top) * ASPECT)), x1 - x0)
    if widest is not None and width > widest:
        width = widest
        cx, cy = focus if focus is not None else ((left + right) / 2, (top + bottom) / 2)
        half_height = width / ASPECT / 2
        left, right = round(cx - width / 2), round(cx - width / 2) + width
        top, bottom = round(cy - half_height), round(cy + half_height)
    height = min(max(bottom - top, round(width / ASPECT)), y1 - y0)
    x = min(max(x0, (left + right - width) // 2), x1 - width)
    y = min(max(y0, (top + bottom - height) // 2), y1 - height)
    return x, y, x + width, y + height


def enlarge(board: Image.Image, box: Box) -> Image.Image:
    """The part ``box`` of ``board``, ``SCALE`` times larger (nearest neighbour keeps the palette)."""
    left, top, right, bottom = box
    crop = board.crop(box)
    return crop.resize(((right - left) * SCALE, (bottom - top) * SCALE), Image.Resampling.NEAREST)
