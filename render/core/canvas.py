"""Drawing on the fixed palette: a blank canvas and the few shapes every renderer needs.

Everything takes palette indices (``Ink``) and draws straight onto a mode ``"P"`` image, so nothing is
converted or quantized before encoding. Text on a palette image is drawn without anti-aliasing, which is
why renderers keep text at 14 px or more and prefer the bold face for anything important.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from .fonts import MIN_TEXT, Font, font
from .palette import Ink, palette_bytes
from .stamps import SPRITES, stamp_label, stamp_text

Box = tuple[int, int, int, int]


def new_canvas(width: int, height: int, background: Ink = Ink.PAPER) -> Image.Image:
    """A blank palette image on the project palette."""
    image = Image.new("P", (width, height), int(background))
    image.putpalette(palette_bytes())
    return image


@lru_cache(maxsize=4096)
def text_width(text: str, face: Font) -> int:
    """How many pixels ``text`` takes in ``face`` (remembered: labels repeat from turn to turn)."""
    left, _, right, _ = face.getbbox(text)
    return math.ceil(right - left)


@lru_cache(maxsize=4096)
def fitted(text: str, width: int, size: int, *, bold: bool = False, smallest: int = MIN_TEXT) -> Font:
    """The largest font not above ``size`` in which ``text`` fits ``width`` pixels (never below ``smallest``).

    Labels come from data (card names, player names), so their length is not known when the layout is made.
    """
    while size > smallest and text_width(text, font(size, bold=bold)) > width:
        size -= 1
    return font(size, bold=bold)


def shortened(words: str, face: Font, width: int) -> str:
    """``words`` cut with an ellipsis to fit ``width`` pixels in ``face``: a long name or line shortens, the type
    never shrinks below what a phone can read."""
    if text_width(words, face) <= width:
        return words
    while words and text_width(words + "…", face) > width:
        words = words[:-1]
    return words.rstrip() + "…"


def wrap(text: str, face: Font, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels, at spaces (a new list; callers may keep it)."""
    return list(_wrap(text, face, width))


@lru_cache(maxsize=1024)
def _wrap(text: str, face: Font, width: int) -> tuple[str, ...]:
    return wrap_measured(text, width, lambda line: text_width(line, face))


def wrap_measured(text: str, width: int, measure: Callable[[str], float]) -> tuple[str, ...]:
    """``text``'s words in lines no wider than ``width`` by ``measure`` (a word wider than that stands alone):
    ``wrap``'s rule, for a caller that keeps its measures elsewhere."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and measure(candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return tuple(lines)


def label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    ink: Ink,
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Text at ``xy`` in DejaVu Sans; ``anchor`` as in Pillow (``"mm"`` centres it).

    Drawn from a cached mask (``render.core.stamps``): the same pixels as ``draw.text``, without FreeType.
    """
    stamp_label(draw, xy, text, size, ink, bold=bold, anchor=anchor)


def text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, face: Font, ink: Ink, anchor: str = "la"
) -> None:
    """``draw.text`` in a given face (e.g. one ``fitted`` chose), from the cached mask like ``label``."""
    stamp_text(draw, xy, words, face, ink, anchor)


def disc(
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    radius: int,
    fill: Ink,
    letter: str,
    letter_ink: Ink,
    *,
    outline: Ink | None = None,
    size: int | None = None,
) -> None:
    """A round token with a letter on it: the letter is what a colour-blind player reads.

    Drawn once per look into the shared sprite cache and stamped from there (the same pixels).
    """

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        x, y = at
        box = (x - radius, y - radius, x + radius, y + radius)
        d.ellipse(box, fill=int(fill), outline=None if outline is None else int(outline), width=3)
        label(d, (x, y), letter, size or int(radius * 1.1), letter_ink, bold=True, anchor="mm")

    key = ("disc", radius, fill, letter, letter_ink, outline, size)
    reach = radius + 1
    SPRITES.stamp(draw, centre, key, (-reach, -reach, reach, reach), paint)


def star_points(centre: tuple[int, int], outer: int, inner: int, points: int = 5) -> list[tuple[float, float]]:
    """The corners of a star pointing up."""
    x, y = centre
    corners: list[tuple[float, float]] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        corners.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    return corners


def polygon(
    draw: ImageDraw.ImageDraw,
    points: Sequence[tuple[float, float]],
    fill: Ink,
    outline: Ink,
    *,
    width: int = 3,
) -> None:
    """A filled polygon with an outline (3 pixels unless told)."""
    draw.polygon(list(points), fill=int(fill), outline=int(outline), width=width)


def rounded(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: Ink | None,
    outline: Ink | None = None,
    *,
    radius: int = 10,
    width: int = 2,
) -> None:
    """A rounded rectangle (panels, cards, badges) in palette inks; ``None`` leaves fill or outline out.

    Drawn once per size and look into the shared sprite cache and stamped from there (Pillow draws a rounded
    rectangle corner by corner in Python, about 0.1 ms; a stamp is a few microseconds, the same pixels).
    """
    x0, y0, x1, y1 = box
    if not all(isinstance(v, int) for v in box) or x1 < x0 or y1 < y0:  # drawn in place: only whole boxes move
        _rounded(draw, box, fill, outline, radius, width)
        return
    key = ("rounded", x1 - x0, y1 - y0, fill, outline, radius, width)

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        _rounded(d, (at[0], at[1], at[0] + x1 - x0, at[1] + y1 - y0), fill, outline, radius, width)

    SPRITES.stamp(draw, (x0, y0), key, (0, 0, x1 - x0, y1 - y0), paint)


def _rounded(
    draw: ImageDraw.ImageDraw, box: Box, fill: Ink | None, outline: Ink | None, radius: int, width: int
) -> None:
    draw.rounded_rectangle(
        box,
        radius=radius,
        fill=None if fill is None else int(fill),
        outline=None if outline is None else int(outline),
        width=width,
    )


def arrow(draw: ImageDraw.ImageDraw, start: tuple[int, int], end: tuple[int, int], ink: Ink, *, width: int = 5) -> None:
    """A straight arrow from ``start`` to ``end`` with a solid head."""
    draw.line([start, end], fill=int(ink), width=width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = width * 4
    left = (end[0] - head * math.cos(angle - 0.45), end[1] - head * math.sin(angle - 0.45))
    right = (end[0] - head * math.cos(angle + 0.45), end[1] - head * math.sin(angle + 0.45))
    draw.polygon([end, left, right], fill=int(ink))


def dashed_box(draw: ImageDraw.ImageDraw, box: Box, ink: Ink, *, dash: int = 10, width: int = 2) -> None:
    """A rectangle outline drawn in dashes (an empty place waiting for something)."""
    x0, y0, x1, y1 = box
    for x in range(x0, x1, dash * 2):
        draw.line([(x, y0), (min(x + dash, x1), y0)], fill=int(ink), width=width)
        draw.line([(x, y1), (min(x + dash, x1), y1)], fill=int(ink), width=width)
    for y in range(y0, y1, dash * 2):
        draw.line([(x0, y), (x0, min(y + dash, y1))], fill=int(ink), width=width)
        draw.line([(x1, y), (x1, min(y + dash, y1))], fill=int(ink), width=width)


def hatch(draw: ImageDraw.ImageDraw, box: Box, ink: Ink, *, step: int = 14, width: int = 2) -> None:
    """Diagonal stripes inside ``box``: the "flipped card" and "out of play" texture."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    for offset in range(-h, x1 - x0, step):
        a = (x0 + max(offset, 0), y0 + max(-offset, 0))
        b_x = x0 + offset + h
        b = (min(b_x, x1), y1 - max(b_x - x1, 0))
        draw.line([a, b], fill=int(ink), width=width)
