"""Jupiter's board sections drawn once per what they show, then pasted through their masks (issue 26).

A phone board is a stack of sections (a header, a track, one hexagon or row per tile or robot...), and between
two boards of a game most of them show the same thing. A section painted by a ``functools.partial`` of a
module-level function, whose arguments are everything it draws (never the view itself), is drawn once on a
small transparent canvas and kept with the mask of the pixels it set; a later board pastes it through that
mask. A palette image is drawn without anti-aliasing, so a drawing only sets pixels and never reads them:
pasting what it set, in the order the sections are drawn, gives exactly the pixels of drawing it there (over
whatever lies under it, and under whatever is drawn later). The paint is told where to draw (its ``origin``),
so one drawing serves every place the same section stands, moved by whole pixels (pieces and texts are stamps
from masks, boxes whole pixels: a shift moves them and changes nothing else).

What a section prints that a player reads (its texts' and pieces' boxes) is recorded once with it and added to
the board's sheet, moved to where it is pasted, so the what-changed rings (``render.core.changes``) see the
board as if drawn. A sheet with letter masks (the legibility tests' ``layout``) has every section drawn in
place, so the tests measure the drawing itself. A section that inks outside the box it declares is drawn in
place every time (never cut).

A section whose box is all one ink when it is drawn (a header on the static layer's black band, a panel row on
the paper), its ``ground``, is drawn on that ink and pasted as a plain rectangle, without a mask: the pixels it
leaves alone are that ink on the board too. The caller vouches for the ground (the static layer's, nothing
drawn there before the section).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from render.core.canvas import Box
from render.core.sheet import Mark, Sheet, Token
from render.core.stamps import TRANSPARENT

Origin = tuple[int, int]
SectionPaint = Callable[[ImageDraw.ImageDraw, Sheet | None, Origin], None]
"""Draws a section with its origin at the given point, noting what it prints on the sheet when one is given."""

PLACES_KEPT = 8
"""Origins a kept section remembers its moved marks for."""
PAD = 4
"""How far the scratch canvas reaches past a section's declared box: ink there means the box was wrong."""


@lru_cache(maxsize=16)
def _covered(ground: int) -> bytes:
    """The lookup table that turns a scratch canvas on ``ground`` into the mask of what the section set (the
    core's ``point`` reads it as it is: ``Image.point`` would convert it to a list on every call)."""
    return bytes(0 if value == ground else 255 for value in range(256))


@dataclass(frozen=True)
class Drawn:
    """A section as drawn at origin ``(0, 0)``: its pixels from ``corner`` on, the mask of those it set, and the
    texts and pieces it printed (boxes relative to the origin). ``image`` is ``None`` when it drew nothing."""

    corner: Origin
    image: Image.Image | None
    mask: Image.Image | None
    marks: tuple[Mark, ...]
    tokens: tuple[Token, ...]
    placed: dict[Origin, tuple[tuple[Mark, ...], tuple[Token, ...]]] = field(default_factory=dict, compare=False)
    """Its marks and tokens moved to the origins it was pasted at lately (a section stands at the same place on
    every board of a game): made once per place rather than once per board."""
    cores: tuple[object, object | None, Box] | None = field(default=None, compare=False)
    """The image's and mask's cores and the box the image covers from the origin, taken once: a paste reads
    them instead of going through ``Image``'s properties (a few microseconds each, a board pastes dozens)."""

    def at(self, origin: Origin) -> tuple[tuple[Mark, ...], tuple[Token, ...]]:
        """Its marks and tokens as printed from ``origin`` (shared, read only)."""
        found = self.placed.get(origin)
        if found is None:
            x, y = origin
            marks = tuple(Mark(m.text, m.size, _moved(m.box, x, y), m.letters, m.halo) for m in self.marks)
            tokens = tuple(Token(t.space, t.what, _moved(t.box, x, y), t.pixels) for t in self.tokens)
            found = (marks, tokens)
            if len(self.placed) >= PLACES_KEPT:
                self.placed.clear()  # another thread may read it meanwhile: a dict stays whole under the GIL
            self.placed[origin] = found
        return found

    def nbytes(self) -> int:
        if self.image is None:
            return 0
        return self.image.width * self.image.height * (1 if self.mask is None else 2)


ESCAPED = Drawn((0, 0), None, None, (), ())
"""Kept for a section that inked outside its box: it is drawn in place instead."""


def _key(paint: SectionPaint) -> Hashable | None:
    """What a paint draws, as a key: the function of a ``partial`` and its arguments (an argument that is not
    hashable is found when the key is looked up: ``SectionCache.put`` draws that section in place)."""
    if not isinstance(paint, partial):
        return None
    return (paint.func, paint.args, tuple(sorted(paint.keywords.items())) if paint.keywords else ())


class SectionCache:
    """Sections drawn once and pasted, bounded by entries and bytes (least recently used first); thread-safe,
    the kept images read only."""

    def __init__(self, max_entries: int = 1024, max_bytes: int = 16 * 1024 * 1024) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.draws = 0
        self.hits = 0
        self._kept: OrderedDict[Hashable, Drawn] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def put(
        self,
        image: Image.Image | None,
        draw: ImageDraw.ImageDraw,
        sheet: Sheet | None,
        origin: Origin,
        box: Box,
        paint: SectionPaint,
        ground: int | None = None,
    ) -> None:
        """Draw ``paint``'s section at ``origin`` on ``image`` (``draw`` draws on it: ``image`` itself is not read,
        so a section drawn inside another one's paint, which has only ``draw``, gives ``None``) and note it on
        ``sheet``:
        pasted from its kept drawing, drawn and kept the first time. ``box`` bounds what it inks, relative to
        ``origin`` (right and bottom exclusive); ``ground``: the one ink the whole box shows on ``image`` now, if
        the caller knows it (the section is then pasted without a mask)."""
        key = _key(paint)
        if key is None or (sheet is not None and not sheet.boxes_only):
            paint(draw, sheet, origin)
            return
        key = (key, ground)
        with self._lock:
            try:
                drawn = self._kept.get(key)
            except TypeError:  # an argument that is not hashable: drawn in place
                drawn = ESCAPED
            else:
                if drawn is not None:
                    self._kept.move_to_end(key)
                    self.hits += 1
        if drawn is None:
            drawn = _drawn(box, paint, ground)
            with self._lock:
                self.draws += 1
                if key not in self._kept:
                    self._kept[key] = drawn
                    self._bytes += drawn.nbytes()
                    while self._kept and (len(self._kept) > self.max_entries or self._bytes > self.max_bytes):
                        _, old = self._kept.popitem(last=False)
                        self._bytes -= old.nbytes()
        if drawn is ESCAPED:
            paint(draw, sheet, origin)
            return
        x, y = origin
        if drawn.cores is not None:
            part, mask, (left, top, right, bottom) = drawn.cores
            where = (x + left, y + top, x + right, y + bottom)
            # the core's own paste, on the core ``draw`` draws on (``ImageDraw.Draw`` loaded ``image``):
            # ``Image.paste``'s checks cost more than the copy (same modes, box inside)
            if mask is None:
                draw.im.paste(part, where)
            else:
                draw.im.paste(part, where, mask)
        if sheet is not None and (drawn.marks or drawn.tokens):
            marks, tokens = drawn.at(origin)
            sheet.marks.extend(marks)
            sheet.tokens.extend(tokens)

    def __len__(self) -> int:
        return len(self._kept)

    def nbytes(self) -> int:
        """The pixel bytes kept (images and masks)."""
        with self._lock:
            return self._bytes


def _moved(box: Box, dx: int, dy: int) -> Box:
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def _drawn(box: Box, paint: SectionPaint, ground: int | None) -> Drawn:
    """``paint`` drawn on a transparent canvas (or on ``ground``) over ``box`` and ``PAD`` around it, cut to
    what it set; with the mask of those pixels unless drawn on its ground."""
    left, top, right, bottom = box
    width, height = right - left + 2 * PAD, bottom - top + 2 * PAD
    under = TRANSPARENT if ground is None else ground
    canvas = Image.new("P", (width, height), under)
    ox, oy = PAD - left, PAD - top
    recorded = Sheet(boxes_only=True)
    paint(ImageDraw.Draw(canvas), recorded, (ox, oy))
    # the core's own lookup, palette index to mask (a quarter of the time of the bytes through Python)
    mask = canvas._new(canvas.im.point(_covered(under), "L"))
    inked = mask.getbbox()
    if inked is not None and (inked[0] < PAD or inked[1] < PAD or inked[2] > width - PAD or inked[3] > height - PAD):
        return ESCAPED
    marks = tuple(Mark(m.text, m.size, _moved(m.box, -ox, -oy), m.letters, m.halo) for m in recorded.marks)
    tokens = tuple(Token(t.space, t.what, _moved(t.box, -ox, -oy), t.pixels) for t in recorded.tokens)
    if inked is None:
        return Drawn((0, 0), None, None, marks, tokens)
    cut = None if ground is not None else mask.crop(inked).convert("1", dither=Image.Dither.NONE)
    part = canvas.crop(inked)
    left, top = inked[0] - ox, inked[1] - oy
    box = (left, top, left + part.width, top + part.height)
    return Drawn((left, top), part, cut, marks, tokens, cores=(part.im, None if cut is None else cut.im, box))


def put_section(
    sections: SectionCache | None,
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    origin: Origin,
    box: Box,
    paint: SectionPaint,
    ground: int | None = None,
) -> None:
    """``sections.put(...)``, or ``paint`` drawn in place when no cache is given."""
    if sections is None:
        paint(draw, sheet, origin)
    else:
        sections.put(image, draw, sheet, origin, box, paint, ground)
