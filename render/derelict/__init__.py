"""Derelict images: the channel board for a phone (a portrait schematic ship, tracks, who is where, the result
screen at the end), the full detailed board for a desktop, zooms of one room or of the crew, and a seat's
private image (hand, items, tasks, peeks).

Modules: ``phone`` (the channel board), ``cells`` (its rooms drawn once per look and pasted), ``maps`` (its map
kept as last drawn per board shape), ``layout`` (where the
full board's rooms, bands and strips sit), ``places`` (where the full board's names and pieces go: one list for the
drawing and the measures), ``board`` (the full board's static layer and the board), ``zoom`` (areas, a room's zoom,
the crew's), ``alt`` (the board's alt text), ``hand`` (the private image), ``renderer`` (caches and the public
methods).
"""

from __future__ import annotations

from .renderer import RENDERER, DerelictRenderer

__all__ = ["RENDERER", "DerelictRenderer"]
