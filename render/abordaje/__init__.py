"""¡Abordaje! images: the public board (both ships, orders, numbers, result) and a player's hand.

Modules: ``layout`` (where things sit), ``pieces`` (crew, captains, markers, order cards), ``board`` (the
static layer and the board), ``hand`` (the private image), ``renderer`` (caches and the public methods).
"""

from __future__ import annotations

from .renderer import RENDERER, AbordajeRenderer

__all__ = ["RENDERER", "AbordajeRenderer"]
