"""Parts of a board drawn once and pasted: a deck, a card's orders, a side's panel frame (issue 26).

The phone board is stacked boxes that each show a small part of the view (one deck's crew and captains, the
two orders on one card, one side's numbers). An action changes one or two of them; the others look as they
did on the last board. So each part is drawn the first time its look is asked for, cut from the board it was
drawn on, and kept with what it printed (its ``Sheet`` entries, for the what-changed rings); a later board
with the same look pastes it and adds those entries, in the order the drawing would have added them.

A paste is the very pixels of a drawing only if (1) the part draws nothing outside its box, (2) nothing drawn
before it on the board reaches into its box except the static layer, and (3) its key names everything the
drawing reads, the box's place, and whatever the static layer prints inside the box. The phone board keeps
all three (``render.abordaje.phone``); ``tests/render/test_abordaje_sections.py`` checks a pasted board against
a fresh drawing. The key is made of the public view's own values, so a part is never one seat's secret.

A sheet that records letters' masks (the legibility tests' ``layout``) gets every part drawn in place: the
tests measure the drawing itself, never a paste.

A part is kept, cut and pasted as Pillow's core image (``Image.im``): a board pastes some twenty parts, and
``Image.paste``/``Image.crop`` add their checks, a palette copy per crop and a wrapper per cut (about 15 and 40
microseconds each) around the very same core calls. The boards and hands are fresh images of their own,
writable and loaded (``ImageDraw.Draw`` loads them), so the core calls alone do what those would.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.core.sheet import Mark, Sheet, Token

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

Box = tuple[int, int, int, int]
Paint = Callable[[ImageDraw.ImageDraw, Sheet | None], None]
"""Draws a part: ``paint(draw, sheet)``, noting what it prints on ``sheet`` when given."""
Put = Callable[[Box, Hashable, Paint, Sheet | None], None]
"""``put_part`` with its cache, image and drawing bound: ``put(box, key, paint, sheet)``."""

MAX_BYTES = 6 * 1024 * 1024
"""The pixels kept, at most (one byte a pixel): a deck is 16 KB, a card's orders 22 KB, a panel 50 KB, so about
300 parts, the boards of some 40 games in play at once."""
PIECES_BYTES = 4 * 1024 * 1024
"""The pixels kept of the smaller parts a deck or a card's orders is made of (``render.abordaje.phone``: a crew's disc
and count, 3 KB; an order's slot, 6 KB), apart from the parts above: every look the boards of both variants ask for
often (``render.abordaje.warm`` draws some 650 of them ahead, 3 MB)."""


@dataclass(frozen=True)
class Kept:
    """A drawn part: its pixels (the board's, cut to its box) and what it printed, in the order printed."""

    pixels: ImagingCore  # the core image (``Image.im``): pasted with ``image.im.paste``
    marks: tuple[Mark, ...]
    tokens: tuple[Token, ...]


class Sections:
    """Drawn-once parts of boards, by their box and key; bounded by pixels, least recently used first, thread-safe.

    ``draws`` counts parts drawn, ``pastes`` parts pasted (the tests read them)."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.draws = 0
        self.pastes = 0
        self._kept: OrderedDict[tuple[Box, Hashable], Kept] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def put(
        self,
        image: Image.Image,
        draw: ImageDraw.ImageDraw,
        box: Box,
        key: Hashable,
        paint: Paint,
        sheet: Sheet | None,
    ) -> None:
        """Put the part ``key`` in ``box`` (left, top, right, bottom; right and bottom excluded) of ``image``:
        pasted if kept, else painted with ``paint(draw, sheet)`` and kept. What it prints is added to ``sheet``."""
        if sheet is not None and not sheet.boxes_only:
            paint(draw, sheet)
            return
        box = (max(0, box[0]), max(0, box[1]), min(image.width, box[2]), min(image.height, box[3]))
        name = (box, key)
        with self._lock:
            kept = self._kept.get(name)
            if kept is not None:
                self._kept.move_to_end(name)
                self.pastes += 1
        if kept is not None:
            image.im.paste(kept.pixels, box)
        else:
            recorded = Sheet(boxes_only=True)
            paint(draw, recorded)
            kept = Kept(image.im.crop(box), tuple(recorded.marks), tuple(recorded.tokens))
            self._keep(name, kept)
        if sheet is not None:
            sheet.marks.extend(kept.marks)
            sheet.tokens.extend(kept.tokens)

    def _keep(self, name: tuple[Box, Hashable], kept: Kept) -> None:
        size = _size(kept)
        with self._lock:
            self.draws += 1
            old = self._kept.pop(name, None)
            if old is not None:  # two threads drew one new part: keep one
                self._bytes -= _size(old)
            self._kept[name] = kept
            self._bytes += size
            while self._kept and self._bytes > self.max_bytes:
                _, gone = self._kept.popitem(last=False)
                self._bytes -= _size(gone)

    def nbytes(self) -> int:
        """The pixel bytes kept (what the parts cost in memory, near enough)."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        """Forget every part (the counters stay)."""
        with self._lock:
            self._kept.clear()
            self._bytes = 0


def _size(kept: Kept) -> int:
    width, height = kept.pixels.size
    return int(width * height)


def put_part(
    sections: Sections | None,
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    key: Hashable,
    paint: Paint,
    sheet: Sheet | None,
) -> None:
    """Draw a part that lies within ``box`` (its right and bottom edges included, as ``ImageDraw`` boxes are), or
    paste it from ``sections``; without ``sections``, simply draw it."""
    if sections is None:
        paint(draw, sheet)
    else:
        sections.put(image, draw, (box[0], box[1], box[2] + 1, box[3] + 1), key, paint, sheet)
