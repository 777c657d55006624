"""Drawn-once stamps: text masks and multi-colour sprites, pasted instead of redrawn.

A board repeats the same few pieces (a crew disc with its letter, a captain's star, an order card) and the
same short texts (counts, captions) on every turn. Rasterizing text through FreeType costs about 0.1 ms a
draw; pasting a ready mask costs a few microseconds. So each distinct text or piece is drawn once, kept as
masks, and stamped with ``ImageDraw.bitmap``, which is the very call Pillow's own ``text`` ends with: the
pixels are the same as drawing it in place.

Palette images are drawn without anti-aliasing, so a sprite is exactly a set of palette indices over a
transparent background: it is kept as one mode ``"1"`` mask per ink and stamped ink by ink, onto whatever
lies underneath (a tinted deck, a white cell, the paper).

Both caches are bounded and safe to share between the threads the renderers run in (``lru_cache`` and a
lock); the cached images are never modified after they are made.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from .fonts import Font, font
from .glyphs import line
from .palette import Ink

TRANSPARENT = 255
"""The index a sprite is drawn on: outside the project palette, so never an ink."""


@dataclass(frozen=True)
class Stamp:
    """Masks to fill with inks, placed ``offset`` from the point the stamp is drawn at."""

    offset: tuple[int, int]
    layers: tuple[tuple[int, Image.Image], ...]  # (palette index, mode "1" mask)
    cores: tuple[tuple[int, Any], ...] = field(init=False, repr=False, compare=False)
    """``layers`` with each mask's core (``Image.im``), read once: what ``ImageDraw.bitmap`` hands its core."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cores", tuple((ink, mask.im) for ink, mask in self.layers))

    def on(self, draw: ImageDraw.ImageDraw, xy: tuple[int, int]) -> None:
        """Stamp at ``xy`` (the point the stamp was drawn around: a centre, an anchor, a corner): each mask filled
        with its ink through the image's core drawing, the call ``draw.bitmap(at, mask, fill=ink)`` ends with
        (its checks, the ink's conversion and the mask's ``load`` are the same every time: a mask here is made
        in memory, loaded, and never changed)."""
        at = (xy[0] + self.offset[0], xy[1] + self.offset[1])
        core = draw.draw
        for ink, mask in self.cores:
            core.draw_bitmap(at, mask, core.draw_ink(ink))


EMPTY = Stamp((0, 0), ())

# ------------------------------------------------------------------------------------------------ text


@lru_cache(maxsize=4096)
def text_stamp(text: str, face: Font, anchor: str) -> Stamp:
    """``text`` in ``face`` as a one-ink mask, placed as ``draw.text((x, y), …, anchor=anchor)`` would.

    ``draw.text`` asks FreeType for the text's mask and its offset from the anchor (``getmask2``) and pastes
    it; taking that mask directly, cut to its ink, gives the very pixels without a canvas to draw on, clear
    and search (the canvas cost about a fifth of a new text's stamp; FreeType's layout and rasterizing are
    the rest). In a face whose glyphs are kept (``render.core.glyphs.warm_glyphs``) the mask is built from them
    instead, the same pixels for a fraction of the cost. A text of several lines, or Pillow's built-in font,
    still goes through ``draw.text``.
    """
    if not isinstance(face, ImageFont.FreeTypeFont) or "\n" in text or len(anchor) != 2:
        return _drawn_text_stamp(text, face, anchor)
    made = line(text, face, anchor)  # from the face's kept glyphs when they are kept (``render.core.glyphs``)
    return EMPTY if made.mask is None else Stamp(made.offset, ((0, made.mask),))


def _drawn_text_stamp(text: str, face: Font, anchor: str) -> Stamp:
    """The stamp drawn with ``draw.text`` on a canvas sized generously from the font size, then cut to its
    ink; measured exactly (``getbbox``, a second layout) only if it reached an edge."""
    size = int(getattr(face, "size", 0))
    if size > 0 and len(anchor) == 2:
        width, height = size * (len(text) + 4), size * 4
        x = {"l": 2 * size, "m": width // 2, "r": width - 2 * size}.get(anchor[0])
        y = {"a": size, "t": size, "m": height // 2, "s": height - size, "b": height - size, "d": height - size}
        at_y = y.get(anchor[1])
        if x is not None and at_y is not None:
            mask = Image.new("1", (width, height), 0)
            draw = ImageDraw.Draw(mask)
            draw.fontmode = "1"
            draw.text((x, at_y), text, fill=1, font=face, anchor=anchor)
            box = mask.getbbox()
            if box is None:
                return EMPTY
            if box[0] > 0 and box[1] > 0 and box[2] < width and box[3] < height:
                return Stamp((box[0] - x, box[1] - at_y), ((0, mask.crop(box)),))
    return _measured_text_stamp(text, face, anchor)


def _measured_text_stamp(text: str, face: Font, anchor: str) -> Stamp:
    left, top, right, bottom = (int(v) for v in face.getbbox(text, anchor=anchor))
    pad = 4  # the bbox of the anti-aliased outline and the 1-bit rendering may differ by a pixel
    width, height = right - left + 2 * pad, bottom - top + 2 * pad
    if width <= 2 * pad or height <= 2 * pad:
        return EMPTY
    mask = Image.new("1", (width, height), 0)
    draw = ImageDraw.Draw(mask)
    draw.fontmode = "1"
    draw.text((pad - left, pad - top), text, fill=1, font=face, anchor=anchor)
    box = mask.getbbox()
    if box is None:
        return EMPTY
    return Stamp((left - pad + box[0], top - pad + box[1]), ((0, mask.crop(box)),))  # the ink comes later


def stamp_text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: Font, ink: Ink, anchor: str = "la"
) -> None:
    """``draw.text`` from a cached mask when ``xy`` is whole pixels (always, in this project's renderers)."""
    x, y = xy
    if not (float(x).is_integer() and float(y).is_integer()) or "\n" in text:
        draw.text(xy, text, fill=int(ink), font=face, anchor=anchor)
        return
    inked(draw, (int(x), int(y)), text_stamp(text, face, anchor), ink)


def inked(draw: ImageDraw.ImageDraw, xy: tuple[int, int], stamp: Stamp, ink: Ink) -> None:
    """A text's ``stamp`` (one mask) at ``xy``, the point it was made around, in ``ink``."""
    at = (xy[0] + stamp.offset[0], xy[1] + stamp.offset[1])
    core = draw.draw  # as ``Stamp.on``: ``draw.bitmap``'s own call
    for _, mask in stamp.cores:
        core.draw_bitmap(at, mask, core.draw_ink(int(ink)))


def stamp_label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    ink: Ink,
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """``canvas.label`` through the text cache."""
    stamp_text(draw, xy, text, font(size, bold=bold), ink, anchor)


# ------------------------------------------------------------------------------------------------ sprites


class SpriteCache:
    """Multi-colour pieces drawn once per key and stamped ink by ink (bounded, least recently used)."""

    def __init__(self, max_entries: int = 1024) -> None:
        self.max_entries = max_entries
        self.draws = 0
        self._sprites: OrderedDict[Hashable, Stamp] = OrderedDict()
        self._lock = threading.Lock()

    def stamp(
        self,
        draw: ImageDraw.ImageDraw,
        xy: tuple[int, int],
        key: Hashable,
        extent: tuple[int, int, int, int],
        paint: Callable[[ImageDraw.ImageDraw, tuple[int, int]], None],
    ) -> None:
        """Stamp the piece ``key`` at ``xy``; the first time, ``paint(draw, origin)`` draws it.

        ``extent`` bounds what ``paint`` draws, relative to ``xy`` (left, top, right, bottom, inclusive);
        ``paint`` must draw as it would at ``xy`` but around ``origin``, in palette inks only.
        """
        with self._lock:
            sprite = self._sprites.get(key)
            if sprite is not None:
                self._sprites.move_to_end(key)
        if sprite is None:
            sprite = _sprite(extent, paint)
            with self._lock:
                self.draws += 1
                self._sprites[key] = sprite
                while len(self._sprites) > self.max_entries:
                    self._sprites.popitem(last=False)
        sprite.on(draw, xy)

    def __len__(self) -> int:
        return len(self._sprites)


class Table(Image.ImagePointHandler):
    """A lookup table for ``Image.point``, made once: Pillow turns a plain list (or a function) into its table
    anew on every call (``round`` of 256 entries, after 256 calls of the function), about 0.1 ms, where the
    table itself is the same each time; this hands Pillow's core the very table ``point`` would have made."""

    def __init__(self, table: list[int], mode: str | None = None) -> None:
        self.table = table
        self.mode = mode

    def point(self, im: Image.Image) -> Image.Image:
        return im._new(im.im.point(self.table, self.mode))


@lru_cache(maxsize=256)
def ink_table(ink: int) -> Table:
    """The table that turns a scratch canvas into the mode ``"1"`` mask of where ``ink`` was drawn."""
    return Table([255 if value == ink else 0 for value in range(256)], "1")


def _sprite(extent: tuple[int, int, int, int], paint: Callable[[ImageDraw.ImageDraw, tuple[int, int]], None]) -> Stamp:
    left, top, right, bottom = extent
    pad = 2
    width, height = right - left + 1 + 2 * pad, bottom - top + 1 + 2 * pad
    canvas = Image.new("P", (width, height), TRANSPARENT)
    origin = (pad - left, pad - top)
    paint(ImageDraw.Draw(canvas), origin)
    pixels = canvas.tobytes()
    inks = Image.frombytes("L", canvas.size, pixels)
    layers = [(ink, inks.point(ink_table(ink))) for ink in sorted(set(pixels) - {TRANSPARENT})]
    return Stamp((-origin[0], -origin[1]), tuple(layers))


SPRITES = SpriteCache()
"""The process's sprite cache, shared by every renderer (keys start with the game and the piece's name)."""
