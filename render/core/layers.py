"""Static layers: the parts of an image that never change for a given size and variant, drawn once.

A board's frame, headings, legends and empty deck cells are the same for every turn of every game with
the same set-up. Each is drawn the first time it is asked for and copied per request (a memory copy of a
palette image, far cheaper than redrawing it); callers draw only the pieces that change on the copy.

The cache is bounded by entries and forgets the least recently used layer first. ``draws`` counts every
drawing; ``redraws`` counts drawings of a key drawn before (it was evicted), which is what "static layers
are reused" means: a layer drawn twice is the one thing the cache exists to prevent.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

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
        self._lock = threading.Lock()

    def copy_of(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """A fresh copy of the layer for ``key``, drawing it with ``draw()`` the first time."""
        return self.get(key, draw).copy()

    def get(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """The layer for ``key`` itself, to read from (paste, crop, copy), never to draw on."""
        with self._lock:
            layer = self._layers.get(key)
            if layer is not None:
                self._layers.move_to_end(key)
                return layer
        layer = draw()  # drawn outside the lock: two threads racing on one new key both draw, which is harmless
        with self._lock:
            self.draws += 1
            if key in self._seen:
                self.redraws += 1
            self._seen[key] = None
            while len(self._seen) > SEEN_KEYS:
                self._seen.popitem(last=False)
            layer = self._layers.setdefault(key, layer)
            self._layers.move_to_end(key)
            while len(self._layers) > self.max_entries:
                self._layers.popitem(last=False)
        return layer

    def __len__(self) -> int:
        return len(self._layers)

    def nbytes(self) -> int:
        """The pixel bytes the cached layers hold (what the cache costs in memory, near enough)."""
        with self._lock:
            layers = list(self._layers.values())
        return sum(layer.width * layer.height * len(layer.getbands()) for layer in layers)
