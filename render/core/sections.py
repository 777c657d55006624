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
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw

from .canvas import Box
from .sheet import Mark, Sheet, Token

SECTIONS_KEPT = 256
"""Sections kept (a few tens of kilobytes each: a room's box 28 KB, a player's line 24 KB, a header 60 KB; 9 MB
at most): a game's board has 15-20 sections, so this keeps a few games' recent sections."""

Kept = tuple[Image.Image, tuple[Mark, ...], tuple[Token, ...]]


class Sections:
    """Drawn sections by key: their pixels (read only) and what they print. Thread-safe, bounded (least recently
    used forgotten first); ``draws`` counts sections drawn, ``pastes`` sections pasted."""

    def __init__(self, max_entries: int = SECTIONS_KEPT) -> None:
        self.max_entries = max_entries
        self.draws = 0
        self.pastes = 0
        self._kept: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()

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
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                self.pastes += 1
        if kept is None:
            record = Sheet(boxes_only=True)
            paint(draw, record)
            kept = (image.crop(box), tuple(record.marks), tuple(record.tokens))
            with self._lock:
                self.draws += 1
                self._kept[key] = kept
                self._kept.move_to_end(key)
                while len(self._kept) > self.max_entries:
                    self._kept.popitem(last=False)
        else:
            image.paste(kept[0], box[:2])
        if sheet is not None:
            sheet.marks.extend(kept[1])
            sheet.tokens.extend(kept[2])

    def __len__(self) -> int:
        return len(self._kept)

    def nbytes(self) -> int:
        """The pixel bytes the kept sections hold."""
        with self._lock:
            images = [kept[0] for kept in self._kept.values()]
        return sum(image.width * image.height * len(image.getbands()) for image in images)
