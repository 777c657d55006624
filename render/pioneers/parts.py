"""Cosmic Pioneers' board parts drawn once per what they show, and pasted: a board costs the parts that changed.

A phone board is stacked parts (a header, a row per captain, a cell per sector, card or room...), and one
move changes one or two of them. A part that depends on a small piece of the view (a sector's spots, goods and
ships) is drawn once into its own small image, on a crop of what lies under it on the board's base (its static
layer), and kept by exactly what it shows; the next boards paste it. Pasting is pixel-identical when the part
draws nothing outside its box, nothing drawn earlier on the board lies in the box but the base the part was
drawn over (the caller's key names that base), and whatever the board draws later over it is drawn after the
paste, as before.

The part's texts and pieces, as a ``Sheet`` records them (boxes only: what ``render.core.changes`` compares
and keeps the rings clear of), are kept with it, so a kept part is measured without drawing it. A sheet that
records letter masks (the legibility tests' ``layout``) gets the part drawn in place on the board, so the tests
measure the drawing itself.

Bounded (least recently used first) and thread-safe; the images kept are never drawn on once kept.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from render.core.canvas import Box
from render.core.sheet import Mark, Sheet, Token

DrawPart = Callable[[ImageDraw.ImageDraw, Box, Sheet | None], None]
"""Draws a part inside a box (left, top, right, bottom, all inclusive), noting what it prints on the sheet."""


class Regions(NamedTuple):
    """How a part is cut in regions (``Sections.patched``): each rank's region (inclusive), and the rank of what
    lies in a box (both from the part's top-left corner)."""

    region: Callable[[int], Box]
    rank: Callable[[Box], int]


@dataclasses.dataclass(frozen=True)
class Part:
    """A part as drawn at its place on the board: its pixels and what it printed there."""

    image: Image.Image
    marks: tuple[Mark, ...]
    tokens: tuple[Token, ...]


class Sections:
    """Board parts kept by their place and what they show (``paste``, ``patched``); ``draws`` counts the parts
    drawn whole, ``patches`` those made from another look's part (``patched``), ``pastes`` the parts put on a
    board (drawn, patched or kept)."""

    def __init__(self, max_entries: int = 256) -> None:
        self.max_entries = max_entries
        self.draws = 0
        self.patches = 0
        self.pastes = 0
        self._parts: OrderedDict[Hashable, Part] = OrderedDict()
        self._lock = threading.Lock()

    def paste(
        self,
        image: Image.Image,
        box: Box,
        key: Hashable,
        draw: DrawPart,
        sheet: Sheet | None,
        under: Image.Image | None = None,
        ground: Image.Image | None = None,
    ) -> Part | None:
        """Put on ``image`` the part ``draw`` draws in ``box`` (inclusive corners), from the part kept for
        ``key`` at this box, or drawn now over the pixels of ``under`` (``image`` itself unless told: a base
        the board is drawn over) in the box, or over a copy of ``ground`` (an image the box's size: what every
        base holds there), and kept. ``key`` must name everything the part shows and whatever that base holds in
        the box. The part (``None`` when measuring letters: drawn in place)."""
        if sheet is not None and not sheet.boxes_only:
            draw(ImageDraw.Draw(image), box, sheet)  # measuring letters: drawn in place, as the board would
            return None
        whole = (box, key)
        with self._lock:
            part = self._parts.get(whole)
            if part is not None:
                self._parts.move_to_end(whole)
        if part is None:
            part = self._draw(image if under is None else under, box, draw, ground)
            with self._lock:
                self.draws += 1
                self._keep(whole, part)
        image.paste(part.image, box[:2])
        self.pastes += 1  # a count for the tests, not locked: a lost increment under threads is harmless
        if sheet is not None:
            sheet.marks.extend(part.marks)
            sheet.tokens.extend(part.tokens)
        return part

    def patched(
        self,
        image: Image.Image,
        box: Box,
        key: Hashable,
        base: Hashable,
        patch: Sequence[tuple[int, DrawPart]],
        regions: Regions,
        ground: Image.Image,
        sheet: Sheet | None,
    ) -> Part | None:
        """Put on ``image`` the part for ``key`` in ``box``: kept, or made from the part kept for ``base`` (another
        look at the same box over the same ``ground``) by drawing again only the regions ``patch`` names (each
        rank's region, ``regions.region``, pasted back from ``ground`` and drawn over by its drawing), and kept.
        The same pixels and sheet as the part drawn whole when each rank draws only inside its region, nothing
        else draws there, and the part's texts and pieces are noted rank by rank (``regions.rank`` of each one's
        box). ``None`` (nothing put) when neither is kept or a sheet measures letters."""
        if sheet is not None and not sheet.boxes_only:
            return None
        with self._lock:
            part, before = self._parts.get((box, key)), self._parts.get((box, base))
            if part is not None:
                self._parts.move_to_end((box, key))
        if part is None:
            if before is None:
                return None
            part = self._patch(before, box, patch, regions, ground)
            with self._lock:
                self.patches += 1
                self._keep((box, key), part)
        image.paste(part.image, box[:2])
        self.pastes += 1
        if sheet is not None:
            sheet.marks.extend(part.marks)
            sheet.tokens.extend(part.tokens)
        return part

    @staticmethod
    def _patch(
        before: Part, box: Box, patch: Sequence[tuple[int, DrawPart]], regions: Regions, ground: Image.Image
    ) -> Part:
        x0, y0, x1, y1 = box
        crop = before.image.copy()
        drawn = ImageDraw.Draw(crop)
        kept = Sheet(boxes_only=True)
        for rank, paint in patch:
            left, top, right, bottom = regions.region(rank)
            crop.paste(ground.crop((left, top, right + 1, bottom + 1)), (left, top))
            paint(drawn, (0, 0, x1 - x0, y1 - y0), kept)
        ranks = {rank for rank, _ in patch}

        def ranked(box: Box) -> int:
            return regions.rank(_moved(box, -x0, -y0))

        # What the part printed in the regions drawn again goes; what they print now joins it in rank order (the
        # order the part drawn whole prints in: a stable sort keeps each rank's own order).
        marks = [m for m in before.marks if ranked(m.box) not in ranks]
        marks += (dataclasses.replace(m, box=_moved(m.box, x0, y0)) for m in kept.marks)
        tokens = [t for t in before.tokens if ranked(t.box) not in ranks]
        tokens += (dataclasses.replace(t, box=_moved(t.box, x0, y0)) for t in kept.tokens)
        marks.sort(key=lambda m: ranked(m.box))
        tokens.sort(key=lambda t: ranked(t.box))
        return Part(crop, tuple(marks), tuple(tokens))

    def _keep(self, whole: tuple[Box, Hashable], part: Part) -> None:
        self._parts[whole] = part
        while len(self._parts) > self.max_entries:
            self._parts.popitem(last=False)

    @staticmethod
    def _draw(image: Image.Image, box: Box, draw: DrawPart, ground: Image.Image | None = None) -> Part:
        """The part drawn at the origin on a crop of ``image``'s box (or a copy of ``ground``), its sheet moved to
        the box's place."""
        x0, y0, x1, y1 = box
        crop = image.crop((x0, y0, x1 + 1, y1 + 1)) if ground is None else ground.copy()
        assert crop.size == (x1 - x0 + 1, y1 - y0 + 1), "a part's ground is its box's size"
        kept = Sheet(boxes_only=True)
        draw(ImageDraw.Draw(crop), (0, 0, x1 - x0, y1 - y0), kept)
        marks = tuple(dataclasses.replace(m, box=_moved(m.box, x0, y0)) for m in kept.marks)
        tokens = tuple(dataclasses.replace(t, box=_moved(t.box, x0, y0)) for t in kept.tokens)
        return Part(crop, marks, tokens)

    def __len__(self) -> int:
        return len(self._parts)

    def nbytes(self) -> int:
        """The pixel bytes the kept parts hold (what the cache costs in memory, near enough)."""
        with self._lock:
            parts = list(self._parts.values())
        return sum(p.image.width * p.image.height * len(p.image.getbands()) for p in parts)


def _moved(box: Box, dx: int, dy: int) -> Box:
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
