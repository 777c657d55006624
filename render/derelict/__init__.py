"""Derelict images: the public board (ship map, tokens, figures, tracks, seat strips) and a seat's private
image (hand, items, tasks, peeks). Not registered yet: see docs/rules/derelict.md.

Modules: ``layout`` (where things sit), ``board`` (the static layer and the board), ``hand`` (the private
image), ``renderer`` (caches and the public methods).
"""

from __future__ import annotations

from .renderer import RENDERER, DerelictRenderer

__all__ = ["RENDERER", "DerelictRenderer"]
