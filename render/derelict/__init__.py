"""Derelict images: the public board (ship map, tokens, figures, tracks, seat strips) and a seat's private
image (hand, items, tasks, peeks).

Modules: ``layout`` (where rooms, bands and strips sit), ``places`` (where the names a player reads and the
pieces go: one list for the drawing and the measured ``layout``), ``board`` (the static layer and the board),
``alt`` (the board's alt text), ``hand`` (the private image), ``renderer`` (caches and the public methods).
"""

from __future__ import annotations

from .renderer import RENDERER, DerelictRenderer

__all__ = ["RENDERER", "DerelictRenderer"]
