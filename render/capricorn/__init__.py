"""Abandon Capricorn images: the public board (the round ship, pieces, numbers) and a seat's hand of cards.

Modules: ``layout`` (the ship's polar geometry: where every space, door and room name sits), ``ship`` (the
static ship for one rotation state and the tokens on it), ``pieces`` (aliens, Mothers, crew, cubes),
``panel`` (header, threat, repairs, Mothers, bag, crew table, legend, result), ``hand`` (the DM image),
``renderer`` (caches and the public methods).
"""

from __future__ import annotations

from .renderer import RENDERER, CapricornRenderer

__all__ = ["RENDERER", "CapricornRenderer"]
