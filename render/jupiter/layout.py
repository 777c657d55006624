"""Where everything sits on the Jupiter Deep board image, computed once per layout of colony tiles.

The image is read like the table: the colony fills the left of the picture (the deep around it dark), the
numbers the team plays against sit in a panel on the right, a header names the turn and what it waits on, and
a track under it shows the turn's steps with the current one lit. The colony is drawn
on the engine's own geometry (``engine.jupiter.colony``): every dome lies on one triangular lattice whose step
is ``step`` pixels, a tile's centre dome at lattice point ``(3q, 3r)`` and outer dome ``k`` one step toward
side ``k``. So a lattice point from the view maps straight to a pixel, and a bridge is a line between two.

The scale is the largest (up to ``MAX_STEP``) at which every tile and a docked pod beside any exposed side fit
the colony area. Only the tile placements change the geometry (a tile self-destructs, Module Control moves
one), so the layout and the static layer are keyed by them.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache

from engine.jupiter.colony import STEPS
from render.core import Box

WIDTH, HEIGHT = 1400, 900

HEADER: Box = (0, 0, WIDTH, 52)
TRACK: Box = (0, 52, 920, 92)  # the turn's steps, the current one lit
COLONY: Box = (0, 92, 920, 868)  # where tiles and the docked pod are drawn
LEGEND: Box = (0, 868, 920, HEIGHT)
PANEL: Box = (928, 60, 1392, 892)

MAX_STEP = 52.0
SQRT3 = math.sqrt(3)
POD_DISTANCE = 2.45  # lattice steps from a tile's centre to the centre of a pod docked beside it
POD_RADIUS = 0.85  # lattice steps: the pod's circle, holding seven slots in a flower
TAG_REACH = 0.45  # lattice steps the pod's load tag reaches beyond the pod's circle
SIDE_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")

Cell = tuple[int, int]
Placement = tuple[str, int, int, int]
"""A tile as the layout sees it: ``(tile id, q, r, rotation)`` (the view's ``TileView`` fields)."""


def unit(direction: int) -> tuple[float, float]:
    """The screen vector (y down) of lattice direction ``direction`` (0=E, counter-clockwise)."""
    angle = math.radians(60 * direction)
    return (math.cos(angle), -math.sin(angle))


def tag_above(cells: Collection[Cell], cell: Cell, side: int) -> bool:
    """Whether a pod docked beside ``side`` of the tile on ``cell`` carries its load tag above it or below.

    Away from the colony: above off a NE or NW side, below off a SW or SE one. Off an E or W side the tag goes
    below unless a tile lies under the pod, whose id (printed by its top corner) the tag would cover.
    """
    if side in (1, 2):
        return True
    if side in (4, 5):
        return False
    dq, dr = STEPS[side]
    q, r = cell[0] + dq, cell[1] + dr  # the pod's own (empty) cell
    return any((q + STEPS[k][0], r + STEPS[k][1]) in cells for k in (4, 5))


def side_index(name: str) -> int:
    """``"NW"`` -> ``2``."""
    return SIDE_NAMES.index(name)


def lattice(point: tuple[int, int]) -> tuple[float, float]:
    """A lattice point in lattice-step units on screen axes (the origin is the centre cell's centre dome)."""
    a, b = point
    return (a + b / 2, b * SQRT3 / 2)


@dataclass(frozen=True)
class Layout:
    """The pixel geometry of one colony layout: its scale and origin, and the tiles it was made for."""

    placements: tuple[Placement, ...]
    step: float
    origin: tuple[float, float]
    sides_only: bool = False
    """Print only each dome's side under it (``NE``), as a zoom does (``colony.dome_label``)."""
    pixels: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The pixels of the lattice points asked for so far: a board asks for every dome's, every board (a layout
    is kept per colony shape: ``layout_for``)."""

    def xy(self, point: tuple[int, int]) -> tuple[int, int]:
        """The pixel of a lattice point (a dome)."""
        found = self.pixels.get(point)
        if found is None:
            x, y = lattice(point)
            found = (round(self.origin[0] + x * self.step), round(self.origin[1] + y * self.step))
            self.pixels[point] = found  # the same pixel whoever computes it: a race writes it twice, alike
        return found

    def centre(self, q: int, r: int) -> tuple[int, int]:
        """The pixel centre of cell ``(q, r)``."""
        return self.xy((3 * q, 3 * r))

    def hexagon(self, q: int, r: int, inset: float = 0.0) -> list[tuple[float, float]]:
        """The corners of the tile on cell ``(q, r)``, pointy at top and bottom, ``inset`` pixels smaller."""
        cx, cy = self.centre(q, r)
        radius = SQRT3 * self.step - inset
        return [
            (cx + radius * math.cos(math.radians(30 + 60 * i)), cy + radius * math.sin(math.radians(30 + 60 * i)))
            for i in range(6)
        ]

    def side_segment(self, q: int, r: int, side: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners bounding side ``side`` of the tile on ``(q, r)``."""
        cx, cy = self.centre(q, r)
        radius = SQRT3 * self.step
        ends = []
        for delta in (-30, 30):
            angle = math.radians(60 * side + delta)
            ends.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
        return (ends[0], ends[1])

    def pod_centre(self, q: int, r: int, side: int) -> tuple[int, int]:
        """Where the pod is drawn when docked beside side ``side`` of the tile on ``(q, r)``."""
        cx, cy = self.centre(q, r)
        ux, uy = unit(side)
        return (round(cx + ux * POD_DISTANCE * self.step), round(cy + uy * POD_DISTANCE * self.step))

    @property
    def dome_radius(self) -> int:
        return round(self.step * 0.31)


def _exposed(placements: tuple[Placement, ...]) -> list[tuple[int, int, int]]:
    cells = {(q, r) for _, q, r, _ in placements}
    return [
        (q, r, side)
        for _, q, r, _ in placements
        for side, (dq, dr) in enumerate(STEPS)
        if (q + dq, r + dr) not in cells
    ]


@lru_cache(maxsize=32)
def layout_for(placements: tuple[Placement, ...]) -> Layout:
    """The largest scale at which the tiles and a pod docked at any exposed side fit, centred in the area."""
    xs: list[float] = []
    ys: list[float] = []
    for _, q, r, _ in placements:
        cx, cy = lattice((3 * q, 3 * r))
        for i in range(6):
            angle = math.radians(30 + 60 * i)
            xs.append(cx + SQRT3 * math.cos(angle))
            ys.append(cy + SQRT3 * math.sin(angle))
    cells = {(q, r) for _, q, r, _ in placements}
    for q, r, side in _exposed(placements):
        cx, cy = lattice((3 * q, 3 * r))
        ux, uy = unit(side)
        px, py = cx + ux * POD_DISTANCE, cy + uy * POD_DISTANCE
        reach = POD_RADIUS + 0.1
        xs.extend((px - reach, px + reach))
        up = tag_above(cells, (q, r), side)
        ys.extend((py - reach - (TAG_REACH if up else 0), py + reach + (0 if up else TAG_REACH)))
    if not xs:
        xs, ys = [0.0], [0.0]
    x0, y0, x1, y1 = COLONY
    margin = 10
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    step = min(MAX_STEP, (x1 - x0 - 2 * margin) / max(span_x, 1e-6), (y1 - y0 - 2 * margin) / max(span_y, 1e-6))
    origin = (
        (x0 + x1) / 2 - (min(xs) + max(xs)) / 2 * step,
        (y0 + y1) / 2 - (min(ys) + max(ys)) / 2 * step,
    )
    return Layout(placements=placements, step=step, origin=origin)
