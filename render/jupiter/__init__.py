"""Jupiter Deep images: the public board (colony, pieces, pod, team numbers, every robot's cards, result).

Modules: ``layout`` (the colony's scale and where things sit), ``pieces`` (colonists, creeps, robots, plants,
dishes, dice), ``colony`` (the static colony and the pieces on it, the pod), ``panel`` (header, numbers, robots,
legend, result banner), ``renderer`` (caches and the public methods). There is no hand image: nothing is secret.
"""

from __future__ import annotations

from .renderer import RENDERER, JupiterRenderer

__all__ = ["RENDERER", "JupiterRenderer"]
