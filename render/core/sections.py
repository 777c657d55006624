"""Sections of a board drawn once and pasted: a board redraws only the parts of it that changed.

A phone board is stacked sections (a header, a track, a box per room, a line per player…), each showing a small
part of the view. Most actions change one or two of them, yet every board drew them all. A section is drawn
on a copy of the board's static layer, so what it draws is a pure function of the part of the view it shows:
``Sections.draw`` keeps that part of the image (cut to the section's box) and what it printed (its ``Sheet``
entries, boxes only) under a key naming exactly what the section shows, and pastes it the next time.

The pixels are those of drawing it only if the section draws nothing outside its box and nothing drawn before
it (for this view) reaches into the box: the caller's boxes must be disjoint and hold all their ink (the games'
tests compare boards drawn through the sections with boards drawn whole). A sheet that records letter masks
(the legibility tests' ``layout``) gets the section drawn, never pasted, so the tests measure the drawing.
``Sections.compose`` goes further for a whole board: it starts from the last board most like it, kept composed,
and puts in only the sections that show something else.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence

from PIL import Image, ImageDraw

from .canvas import Box
from .sheet import Mark, Sheet, Token

Paint = Callable[[ImageDraw.ImageDraw, Sheet | None], None]
Part = tuple[Box, Hashable, Paint]
"""A section as ``Sections.compose`` takes it: its box, its key and what paints it (as ``Sections.draw``'s)."""

SECTIONS_KEPT = 256
"""Sections kept (a few tens of kilobytes each: a room's box 28 KB, a player's line 24 KB, a header 60 KB; 9 MB
at most): a game's board has 15-20 sections, so this keeps a few games' recent sections."""

Kept = tuple[Image.Image, tuple[Mark, ...], tuple[Token, ...]]

COMPOSED_KEPT = 4
"""Boards ``Sections.compose`` keeps composed (0.7 MB each for a phone board): the last board of a few games,
each the start of that game's next board."""


class _Composed:
    """One board as last composed, private to ``Sections`` (never handed out: a copy is): the layer it was
    composed over, and the box, key and sheet entries of the section shown in each part's place."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.layer: Image.Image | None = None
        self.image: Image.Image | None = None
        self.shown: list[tuple[Box, Hashable] | None] = []
        self.entries: list[tuple[tuple[Mark, ...], tuple[Token, ...]]] = []
        self.used = 0


class Sections:
    """Drawn sections by key: their pixels (read only) and what they print. Thread-safe, bounded (least recently
    used forgotten first); ``draws`` counts sections drawn, ``pastes`` sections pasted."""

    def __init__(self, max_entries: int = SECTIONS_KEPT) -> None:
        self.max_entries = max_entries
        self.draws = 0
        self.pastes = 0
        self._kept: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()
        self._composed = [_Composed() for _ in range(COMPOSED_KEPT)]
        self._uses = 0

    def draw(
        self,
        image: Image.Image,
        draw: ImageDraw.ImageDraw,
        box: Box,
        key: Hashable,
        paint: Callable[[ImageDraw.ImageDraw, Sheet | None], None],
        sheet: Sheet | None,
    ) -> None:
        """Draw the section ``paint`` draws (within ``box``, right and bottom exclusive) with ``draw`` on
        ``image``, a copy of the static layer it is drawn over, noting what it prints on ``sheet``: pasted when
        ``key`` was drawn."""
        if sheet is not None and not sheet.boxes_only:
            paint(draw, sheet)
            return
        kept = self._put(image, draw, box, key, paint)
        if sheet is not None:
            sheet.marks.extend(kept[1])
            sheet.tokens.extend(kept[2])

    def compose(self, layer: Image.Image, parts: Sequence[Part], sheet: Sheet | None) -> Image.Image:
        """A new image: ``layer`` (a static layer, read only) with every part's section on it, as ``draw`` gives
        them one by one on a copy of the layer, and what they print added to ``sheet`` in the parts' order.

        A board changes a section or two of fifteen from the last one, so it is composed on the kept board whose
        sections match the most (``COMPOSED_KEPT``, each the last board of one game, private): only the parts
        that show something else are pasted there (kept by key) or drawn (over the layer's pixels put back in
        their box), then the board is copied out. Counted as ``draw`` counts: a part already in place, or
        pasted, is a paste. A sheet that records letter masks gets every section drawn on a copy of the layer."""
        if sheet is not None and not sheet.boxes_only:
            image = layer.copy()
            draw = ImageDraw.Draw(image)
            for _, _, paint in parts:
                paint(draw, sheet)
            return image
        wanted = [(box, key) for box, key, _ in parts]
        composed = self._closest(layer, wanted)
        with composed.lock:
            if composed.image is None or composed.layer is not layer or len(composed.shown) != len(parts):
                composed.layer, composed.image = layer, layer.copy()
                composed.shown, composed.entries = [None] * len(parts), [((), ())] * len(parts)
            image = composed.image
            draw = ImageDraw.Draw(image)
            for index, (box, key, paint) in enumerate(parts):
                if composed.shown[index] == (box, key):
                    with self._lock:
                        self.pastes += 1
                    continue
                composed.shown[index] = None  # until its place holds it: a failed paint leaves no stale claim
                kept = self._put(image, draw, box, key, paint, layer)
                composed.shown[index] = (box, key)
                composed.entries[index] = (kept[1], kept[2])
            entries = list(composed.entries)
            out = image.copy()
        if sheet is not None:
            for marks, tokens in entries:
                sheet.marks.extend(marks)
                sheet.tokens.extend(tokens)
        return out

    def _closest(self, layer: Image.Image, wanted: list[tuple[Box, Hashable]]) -> _Composed:
        """The kept board sharing the most sections with ``wanted`` (over the same layer), else the one least
        recently used. Read without the boards' locks: a guess that ``compose`` checks part by part."""
        with self._lock:
            self._uses += 1
            uses = self._uses

        def shared(composed: _Composed) -> tuple[int, int]:
            if composed.layer is not layer or len(composed.shown) != len(wanted):
                return 0, -composed.used
            return sum(1 for a, b in zip(composed.shown, wanted, strict=True) if a == b), -composed.used

        best = max(self._composed, key=shared)
        best.used = uses
        return best

    def _put(
        self,
        image: Image.Image,
        draw: ImageDraw.ImageDraw,
        box: Box,
        key: Hashable,
        paint: Paint,
        ground: Image.Image | None = None,
    ) -> Kept:
        """The section kept for ``key`` pasted in ``box``, or else painted there and kept: over ``ground``'s pixels in
        the box when given (a board composed on another holds some other section there), else over what ``image``
        holds (a fresh copy of the layer)."""
        kept = self._found(key)
        if kept is not None:
            image.paste(kept[0], box[:2])
            return kept
        if ground is not None:
            image.paste(ground.crop(box), box[:2])  # what the section is drawn over, as on a fresh copy
        record = Sheet(boxes_only=True)
        paint(draw, record)
        kept = (image.crop(box), tuple(record.marks), tuple(record.tokens))
        self._keep(key, kept)
        return kept

    def _found(self, key: Hashable) -> Kept | None:
        """The section kept for ``key``, made the most recent and counted as a paste; ``None`` when not kept."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                self.pastes += 1
        return kept

    def _keep(self, key: Hashable, kept: Kept) -> None:
        with self._lock:
            self.draws += 1
            self._kept[key] = kept
            self._kept.move_to_end(key)
            while len(self._kept) > self.max_entries:
                self._kept.popitem(last=False)

    def __len__(self) -> int:
        return len(self._kept)

    def nbytes(self) -> int:
        """The pixel bytes the kept sections hold."""
        with self._lock:
            images = [kept[0] for kept in self._kept.values()]
        return sum(image.width * image.height * len(image.getbands()) for image in images)
