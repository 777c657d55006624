"""Static layers: the parts of an image that never change for a given size and variant, drawn once.

A board's frame, headings, legends and empty deck cells are the same for every turn of every game with
the same set-up. Each is drawn the first time it is asked for and copied per request (a memory copy of a
palette image, far cheaper than redrawing it); callers draw only the pieces that change on the copy.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from PIL import Image


class LayerCache:
    """Drawn-once base images keyed by anything hashable (size, variant, which cards exist…)."""

    def __init__(self, max_entries: int = 32) -> None:
        self.max_entries = max_entries
        self.draws = 0
        self._layers: dict[Hashable, Image.Image] = {}
        self._lock = threading.Lock()

    def copy_of(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """A fresh copy of the layer for ``key``, drawing it with ``draw()`` the first time."""
        with self._lock:
            layer = self._layers.get(key)
        if layer is None:
            layer = draw()
            with self._lock:
                self.draws += 1
                if len(self._layers) >= self.max_entries:
                    self._layers.pop(next(iter(self._layers)))
                self._layers.setdefault(key, layer)
        return layer.copy()
