"""Cosmic Pioneers images: the public board (the ring, the pieces, the player strip, round and goal).

Modules: ``layout`` (where things sit), ``board`` (the static layer and the pieces), ``renderer`` (caches).
"""

from __future__ import annotations

from .renderer import RENDERER, PioneersRenderer

__all__ = ["RENDERER", "PioneersRenderer"]
