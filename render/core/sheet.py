"""What a board shows a player must read, and where its pieces stand: the measures of a phone-legible image.

A phone shows a 1400-pixel board about 400 pixels wide, so the texts a player types to act (space names such as
``BRIDGE.i6`` or ``T08.NW``) must be at least ``MIN_TEXT`` pixels tall at the image's own size, never crossed
by a line nor covered by a piece or another text, and two pieces on one space must never overlap. A renderer
reports these in a ``Sheet`` (its ``layout(view)``), computed by the very functions its drawing places things
with, so tests can measure every game's boards, and a game added later, by the same rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from types import FunctionType

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from .canvas import Box
from .fonts import MIN_TEXT as MIN_TEXT  # the measure, kept where the measures are
from .fonts import Font, font
from .palette import Ink
from .stamps import Table, stamp_text

HALO = 2
"""Pixels around a text's letters that must show only what the text is printed on (no line, no piece)."""


@dataclass(frozen=True)
class Mark:
    """A text a player must read to act: what it says, its font size, where and how it was anchored.

    ``box`` is the box its letters fill; ``letters`` the letters' own pixels and ``halo`` the pixels within
    ``HALO`` of them (both masks over ``box`` grown by ``HALO``), which the board must keep clear.
    """

    text: str
    size: int
    box: Box
    letters: Image.Image
    halo: Image.Image

    @property
    def reach(self) -> Box:
        """The box the masks cover: ``box`` grown by ``HALO`` on every side."""
        x0, y0, x1, y1 = self.box
        return (x0 - HALO, y0 - HALO, x1 + HALO, y1 + HALO)


@dataclass(frozen=True)
class Token:
    """A piece on the board: the space it stands on, what it is, the box its drawing fills and its pixels."""

    space: str
    what: str
    box: Box
    pixels: Image.Image


@dataclass
class Sheet:
    """The marks and tokens of one drawn view."""

    marks: list[Mark] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    boxes_only: bool = False
    """Record where each text is, not its letters' masks (``render.core.changes`` compares texts and boxes only:
    the masks, a filter over every new text, are for the legibility tests)."""

    def mark(self, xy: tuple[float, float], words: str, size: int, *, bold: bool = False, anchor: str = "la") -> None:
        """Record ``words`` drawn as ``label(draw, xy, words, size, …, anchor=anchor)`` draws them."""
        x, y = xy
        if self.boxes_only:
            if type(x) is int and type(y) is int:  # the usual case: the box kept at the origin, moved
                x0, y0, x1, y1 = _origin_box(words, size, bold, anchor)
                box = (x0 + x, y0 + y, x1 + x, y1 + y)
            else:
                box = _text_box(words, size, bold, anchor, (x, y))
            self.marks.append(Mark(words, size, box, NO_MASK, NO_MASK))
            return
        if float(x).is_integer() and float(y).is_integer():  # the usual case: the masks are the same anywhere
            (left, top, right, bottom), letters, halo = _masks(words, size, bold, anchor, (0, 0))
            box = (left + int(x), top + int(y), right + int(x), bottom + int(y))
        else:
            box, letters, halo = _masks(words, size, bold, anchor, (x, y))
        self.marks.append(Mark(words, size, box, letters, halo))

    def token(self, space: str, what: str, at: tuple[int, int], paint: Paint) -> None:
        """Record the piece ``paint`` draws at ``at`` (measured by drawing it alone, so the box is its real ink)."""
        box, pixels = drawn(paint, at)
        self.tokens.append(Token(space, what, box, pixels))


def say(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, xy: tuple[int, int], words: str, face: Font, ink: Ink, anchor: str
) -> None:
    """Draw a text a player reads, and note it on ``sheet`` (when measuring) where and as it was drawn: a
    renderer draws on a blank canvas with a sheet for ``layout(view)``, so the drawing is the measure."""
    stamp_text(draw, xy, words, face, ink, anchor)  # ``canvas.text``'s own call
    if sheet is not None:
        noted(sheet, xy, words, face, anchor)


def noted(sheet: Sheet | None, xy: tuple[int, int], words: str, face: Font, anchor: str) -> None:
    """Note on ``sheet`` (when measuring) a text drawn at ``xy`` in ``face``: ``say``'s measure, for a caller that
    draws the text its own way."""
    if sheet is not None and isinstance(face, ImageFont.FreeTypeFont):
        known = _sizes.get(face)
        if known is None:
            size = round(face.size)
            known = _sizes[face] = (size, face is font(size, bold=True))
        sheet.mark(xy, words, known[0], bold=known[1], anchor=anchor)


_sizes: dict[ImageFont.FreeTypeFont, tuple[int, bool]] = {}
"""Each face ``noted`` met: its size in whole pixels and whether it is the project's bold face of that size (a
face's are fixed; a few dozen faces in all, as ``font`` makes them)."""


def place(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, space: str, what: str, at: tuple[int, int], paint: Paint
) -> None:
    """Draw the piece ``paint`` draws at ``at`` and note it on ``sheet`` (when measuring) as standing on
    ``space``: the drawing is the measure, as ``say`` is for texts."""
    paint(draw, at)
    if sheet is not None:
        sheet.token(space, what, at, paint)


def say_sized(
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    xy: tuple[int, int],
    words: str,
    size: int,
    ink: Ink,
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """``say`` in the project's font at ``size`` pixels (bold when asked): how the phone boards and hands draw
    every text a player reads."""
    say(draw, sheet, xy, words, font(size, bold=bold), ink, anchor)


def _masks(
    words: str, size: int, bold: bool, anchor: str, xy: tuple[float, float]
) -> tuple[Box, Image.Image, Image.Image]:
    """The box, letters and halo of ``words`` drawn at ``xy`` (at whole pixels, kept by ``_whole_masks``)."""
    if xy == (0, 0):
        return _whole_masks(words, size, bold, anchor)
    return _draw_masks(words, size, bold, anchor, xy)


@lru_cache(maxsize=4096)
def _whole_masks(words: str, size: int, bold: bool, anchor: str) -> tuple[Box, Image.Image, Image.Image]:
    """``_draw_masks`` at the origin, drawn once per text: at any whole-pixel point only the box moves (the
    images are shared, read only)."""
    return _draw_masks(words, size, bold, anchor, (0, 0))


NO_MASK = Image.new("L", (1, 1), 0)
"""The masks of a text recorded by a sheet that keeps boxes only (shared, read only)."""


def _text_box(words: str, size: int, bold: bool, anchor: str, xy: tuple[float, float]) -> Box:
    """The box ``_draw_masks`` gives ``words`` drawn at ``xy``, without drawing them."""
    x, y = xy
    if float(x).is_integer() and float(y).is_integer():
        x0, y0, x1, y1 = _origin_box(words, size, bold, anchor)
        return (x0 + int(x), y0 + int(y), x1 + int(x), y1 + int(y))
    left, top, right, bottom = font(size, bold=bold).getbbox(words, anchor=anchor)
    return (math.floor(x + left), math.floor(y + top), math.ceil(x + right), math.ceil(y + bottom))


@lru_cache(maxsize=8192)
def _origin_box(words: str, size: int, bold: bool, anchor: str) -> Box:
    left, top, right, bottom = font(size, bold=bold).getbbox(words, anchor=anchor)
    return (math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom))


def _draw_masks(
    words: str, size: int, bold: bool, anchor: str, xy: tuple[float, float]
) -> tuple[Box, Image.Image, Image.Image]:
    face = font(size, bold=bold)
    left, top, right, bottom = face.getbbox(words, anchor=anchor)
    x, y = xy
    box = (math.floor(x + left), math.floor(y + top), math.ceil(x + right), math.ceil(y + bottom))
    letters = Image.new("L", (box[2] - box[0] + 2 * HALO, box[3] - box[1] + 2 * HALO), 0)
    draw = ImageDraw.Draw(letters)
    draw.fontmode = "1"  # as on the palette board: no anti-aliasing
    draw.text((x - box[0] + HALO, y - box[1] + HALO), words, 255, face, anchor)
    halo = letters.filter(ImageFilter.MaxFilter(2 * HALO + 1))
    return box, letters, halo


BLANK = 255
REACH = 80
"""Half the side of the scratch canvas a piece is measured on: more than any piece reaches from its centre."""


Paint = Callable[[ImageDraw.ImageDraw, tuple[int, int]], None]
"""Draws a piece centred on the given point."""


def drawn(paint: Paint, at: tuple[int, int]) -> tuple[Box, Image.Image]:
    """The box of what ``paint`` inks when asked to draw at ``at`` (in board pixels), and its pixels there."""
    (left, top, right, bottom), pixels = _drawn_once(paint)
    dx, dy = at[0] - REACH, at[1] - REACH
    return (left + dx, top + dy, right + dx, bottom + dy), pixels


INKED = Table([0 if value == BLANK else 255 for value in range(256)])
"""The lookup table that turns a scratch canvas into the mask of what was inked on it (made once)."""


def _drawn_once(paint: Paint) -> tuple[Box, Image.Image]:
    """What ``paint`` inks around the scratch canvas's centre: measured once per look when ``paint`` is a
    module's function (one look: a colonist, a noise marker) or a ``functools.partial`` of one with hashable
    arguments (a piece's look: its side, letter, size), else every time (a closure, measured on each board).
    The pixels are shared and read only, as a mark's masks are."""
    key = _look(paint)
    if key is None:
        return _measure(paint)
    return _measured_look(key)


Look = tuple[Callable[..., None], tuple[object, ...], tuple[tuple[str, object], ...]]
"""A piece's look: the drawing function of a ``partial`` paint and its arguments."""


def _look(paint: Paint) -> Look | None:
    if isinstance(paint, FunctionType) and paint.__closure__ is None and "<" not in paint.__qualname__:
        return (paint, (), ())  # a function defined at a module's top level draws one look
    if not isinstance(paint, partial):
        return None
    key: Look = (paint.func, paint.args, tuple(sorted(paint.keywords.items())))
    try:
        hash(key)
    except TypeError:
        return None
    return key


@lru_cache(maxsize=1024)
def _measured_look(key: Look) -> tuple[Box, Image.Image]:
    func, args, keywords = key
    return _measure(partial(func, *args, **dict(keywords)))


def _measure(paint: Paint) -> tuple[Box, Image.Image]:
    image = Image.new("L", (2 * REACH, 2 * REACH), BLANK)  # inks are palette indices, all below BLANK
    paint(ImageDraw.Draw(image), (REACH, REACH))
    inked = image.point(INKED)
    box = inked.getbbox() or (REACH, REACH, REACH, REACH)
    return box, inked.crop(box)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes (right and bottom exclusive) share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def masks_meet(a_box: Box, a: Image.Image, b_box: Box, b: Image.Image) -> bool:
    """Whether two masks placed at their boxes' corners share an inked pixel."""
    if not overlap(a_box, b_box):
        return False
    x0, y0 = max(a_box[0], b_box[0]), max(a_box[1], b_box[1])
    x1, y1 = min(a_box[2], b_box[2]), min(a_box[3], b_box[3])
    part_a = a.crop((x0 - a_box[0], y0 - a_box[1], x1 - a_box[0], y1 - a_box[1]))
    part_b = b.crop((x0 - b_box[0], y0 - b_box[1], x1 - b_box[0], y1 - b_box[1]))
    return ImageChops.multiply(part_a, part_b).getbbox() is not None


def clean(mark: Mark, image: Image.Image) -> str | None:
    """Why ``mark`` does not read cleanly on ``image`` (a palette board), or ``None`` when it does.

    Its letters must be one ink and the halo around them one other ink: anything else is a line crossing the
    text or a piece or text covering it.
    """
    area = image.crop(mark.reach).tobytes()
    letters, halo = mark.letters.tobytes(), mark.halo.tobytes()
    ink = {area[i] for i in range(len(area)) if letters[i]}
    around = {area[i] for i in range(len(area)) if halo[i] and not letters[i]}
    if len(ink) != 1:
        return f"its letters show inks {sorted(ink)}"
    if len(around) > 1 or around == ink:
        return f"the pixels around it show inks {sorted(around)} (letters {sorted(ink)})"
    return None
