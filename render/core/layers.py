"""Static layers: the parts of an image that never change for a given size and variant, drawn once.

A board's frame, headings, legends and empty deck cells are the same for every turn of every game with
the same set-up. Each is drawn the first time it is asked for and copied per request (a memory copy of a
palette image, far cheaper than redrawing it); callers draw only the pieces that change on the copy.

The cache is bounded by entries and forgets the least recently used layer first. ``draws`` counts every
drawing; ``redraws`` counts drawings of a key drawn before (it was evicted), which is what "static layers
are reused" means: a layer drawn twice is the one thing the cache exists to prevent. A key is drawn by one
thread at a time: the host draws a board and the acting player's panel at once, and both may need the same
new layer; the second waits for the first's drawing rather than drawing it again.

Renderers also keep a few finished board images this way (never drawn on once kept), so a close-up crops
the board the same action drew instead of drawing it a second time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from .sheet import Sheet

SEEN_KEYS = 4096
"""How many drawn keys are remembered to count redraws (keys are small; beyond this the count undercounts)."""


class LayerCache:
    """Drawn-once base images keyed by anything hashable (size, variant, which cards exist…)."""

    def __init__(self, max_entries: int = 32) -> None:
        self.max_entries = max_entries
        self.draws = 0
        self.redraws = 0
        self._layers: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._seen: OrderedDict[Hashable, None] = OrderedDict()
        self._drawing: dict[Hashable, threading.Event] = {}
        self._lock = threading.Lock()

    def copy_of(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """A fresh copy of the layer for ``key``, drawing it with ``draw()`` the first time."""
        return self.get(key, draw).copy()

    def get(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """The layer for ``key`` itself, to read from (paste, crop, copy, encode), never to draw on.

        One thread draws a new key; another asking for it meanwhile waits for that drawing instead of
        drawing it too (the host draws a board and the acting player's close-up of it at once).
        """
        while True:
            with self._lock:
                layer = self._layers.get(key)
                if layer is not None:
                    self._layers.move_to_end(key)
                    return layer
                drawing = self._drawing.get(key)
                if drawing is None:
                    drawing = self._drawing[key] = threading.Event()
                    break
            drawing.wait()  # drawn by another thread: read it (or draw it, if that drawing failed)
        try:
            layer = draw()  # drawn outside the lock, so other keys are served meanwhile
            with self._lock:
                self._keep(key, layer)
        finally:
            with self._lock:
                del self._drawing[key]
            drawing.set()
        return layer

    def _keep(self, key: Hashable, layer: Image.Image) -> None:
        """Store a new drawing and count it (the lock is held)."""
        self.draws += 1
        if key in self._seen:
            self.redraws += 1
        self._seen[key] = None
        while len(self._seen) > SEEN_KEYS:
            self._seen.popitem(last=False)
        self._layers[key] = layer
        self._layers.move_to_end(key)
        while len(self._layers) > self.max_entries:
            self._layers.popitem(last=False)

    def __len__(self) -> int:
        return len(self._layers)

    def nbytes(self) -> int:
        """The pixel bytes the cached layers hold (what the cache costs in memory, near enough)."""
        with self._lock:
            layers = list(self._layers.values())
        return sum(layer.width * layer.height * len(layer.getbands()) for layer in layers)


class LayerSheets:
    """What each static layer prints that a player reads (its texts' and pieces' boxes, ``Sheet(boxes_only=True)``),
    recorded as the layer is drawn, so a board drawn over a copy of the layer is measured whole without drawing
    the layer again: the what-changed rings (``render.core.changes``) compare and keep clear of every text, the
    layer's included. Bounded; a layer kept longer than its sheet is measured again on a scratch canvas (not
    counted as a layer drawing: nothing is kept but the sheet)."""

    def __init__(self, max_entries: int = 256) -> None:
        self.max_entries = max_entries
        self._sheets: OrderedDict[Hashable, Sheet] = OrderedDict()
        self._lock = threading.Lock()

    def copy_of(
        self, layers: LayerCache, key: Hashable, draw: Callable[[Sheet | None], Image.Image], sheet: Sheet | None
    ) -> Image.Image:
        """A fresh copy of the layer ``key`` of ``layers`` (drawn by ``draw(sheet)`` the first time); what it
        prints is added to ``sheet`` first when measuring. A sheet with letter masks (the legibility tests'
        ``layout``) gets a layer drawn from nothing on it, so the tests measure the drawing itself."""
        if sheet is not None and not sheet.boxes_only:
            return draw(sheet)

        def recorded() -> Image.Image:
            kept = Sheet(boxes_only=True)
            image = draw(kept)
            self._put(key, kept)
            return image

        image = layers.copy_of(key, recorded)
        if sheet is not None:
            with self._lock:
                kept = self._sheets.get(key)
            if kept is None:
                kept = Sheet(boxes_only=True)
                draw(kept)
                self._put(key, kept)
            sheet.marks.extend(kept.marks)
            sheet.tokens.extend(kept.tokens)
        return image

    def _put(self, key: Hashable, sheet: Sheet) -> None:
        with self._lock:
            self._sheets[key] = sheet
            self._sheets.move_to_end(key)
            while len(self._sheets) > self.max_entries:
                self._sheets.popitem(last=False)
