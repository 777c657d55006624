"""The colony's geometry: tiles on hex cells, domes, bridges, edges, islands and straight lines.

Everything here is computed from the tiles in play (``Placement``: which tile, on which cell, turned how far)
and the patterns of ``data/jupiter/tiles.toml``; pieces are not part of it. A ``Colony`` is immutable and
cached per layout, so the rules can ask it questions freely: the layout only changes when a tile
self-destructs or Module Control moves one.

Geometry (digest 3.1, JUP-GAP-TILE-1): cells are pointy-top hexes in axial coordinates ``(q, r)``; side and
direction ``k`` are 0=E 1=NE 2=NW 3=W 4=SW 5=SE. Every dome lies on one triangular lattice: a tile's centre
dome sits at ``(3q, 3r)`` and its outer dome ``k`` one step from it in direction ``k``. A bridge therefore
always joins lattice neighbours and has a direction, which makes straight lines (Rocket Boots) exact.

Dome names read ``T07.NE``: the tile id, then ``C`` or the *board* side the dome faces after rotation. They
never change during a game (rotation is fixed, Module Control keeps it), so players can type them.

>>> colony = Colony.of((Placement(tile="T01", q=0, r=0, rotation=0), Placement(tile="T05", q=1, r=0, rotation=0)))
>>> "T05.W" in colony.neighbours("T01.E")
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from pydantic import BaseModel, ConfigDict, Field

from .catalog import CATALOG, SIDE_NAMES

Cell = tuple[int, int]

STEPS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial offset of direction ``k`` (on the tile grid and on the dome lattice alike)."""


def opposite(side: int) -> int:
    """The side facing ``side`` across a shared tile edge."""
    return (side + 3) % 6


def step(cell: Cell, side: int) -> Cell:
    """The cell next to ``cell`` across ``side``."""
    dq, dr = STEPS[side]
    return (cell[0] + dq, cell[1] + dr)


def ring_of(cell: Cell) -> int:
    """Hex distance of a cell from the centre cell ``(0, 0)``."""
    q, r = cell
    return (abs(q) + abs(r) + abs(q + r)) // 2


def spiral_key(cell: Cell) -> tuple[int, float]:
    """Sort key of the spiral order: ring distance, then counter-clockwise from east (JUP-GAP-INV-1)."""
    q, r = cell
    x = q + r / 2
    y = -r * math.sqrt(3) / 2
    angle = math.atan2(y, x) % (2 * math.pi)
    return (ring_of(cell), round(angle, 9))


def tile_of(dome: str) -> str:
    """The tile id of a dome name: ``"T07.NE"`` -> ``"T07"``."""
    return dome.split(".", 1)[0]


class Placement(BaseModel):
    """A tile in play: its cell and its rotation (printed side ``k`` faces board side ``k + rotation``)."""

    model_config = ConfigDict(frozen=True)

    tile: str
    q: int
    r: int
    rotation: int = Field(ge=0, le=5)

    @property
    def cell(self) -> Cell:
        return (self.q, self.r)


@dataclass(frozen=True)
class Dome:
    """One space: its name, tile, the board side it faces (``None`` for a centre dome) and lattice point."""

    name: str
    tile: str
    side: int | None
    point: Cell


def dome_name(tile: str, side: int | None) -> str:
    """``dome_name("T07", 1)`` -> ``"T07.NE"``; ``None`` names the centre dome ``"T07.C"``."""
    return f"{tile}.{'C' if side is None else SIDE_NAMES[side]}"


class Colony:
    """The geometry of one layout of tiles. Build it with ``Colony.of`` (cached)."""

    def __init__(self, placements: tuple[Placement, ...]) -> None:
        ordered = sorted(placements, key=lambda p: spiral_key(p.cell))
        self.placements: dict[str, Placement] = {p.tile: p for p in ordered}
        self.cells: dict[Cell, str] = {}
        for p in ordered:
            if p.cell in self.cells:
                raise ValueError(f"tiles {self.cells[p.cell]} and {p.tile} share cell {p.cell}")
            self.cells[p.cell] = p.tile
        self.domes: dict[str, Dome] = {}
        self._tile_domes: dict[str, tuple[str, ...]] = {}
        links: dict[str, set[str]] = {}
        for p in ordered:
            spec = CATALOG.tile(p.tile)
            pattern = CATALOG.pattern_of(p.tile)
            centre_point = (3 * p.q, 3 * p.r)
            names: list[str] = []
            if spec.has_centre_dome:
                names.append(self._add(Dome(dome_name(p.tile, None), p.tile, None, centre_point)))
            for side in range(6):
                dq, dr = STEPS[side]
                point = (centre_point[0] + dq, centre_point[1] + dr)
                names.append(self._add(Dome(dome_name(p.tile, side), p.tile, side, point)))
            self._tile_domes[p.tile] = tuple(names)
            for name in names:
                links.setdefault(name, set())
            for printed in pattern.spoke_sides():
                self._link(links, dome_name(p.tile, None), dome_name(p.tile, (printed + p.rotation) % 6))
            for printed in pattern.ring_sides():
                a = dome_name(p.tile, (printed + p.rotation) % 6)
                b = dome_name(p.tile, (printed + 1 + p.rotation) % 6)
                self._link(links, a, b)
        for p in ordered:
            for side in range(6):
                other = self.cells.get(step(p.cell, side))
                if other is not None:  # JUP-GAP-TILE-2: facing outer domes are always bridged
                    self._link(links, dome_name(p.tile, side), dome_name(other, opposite(side)))
        self._links: dict[str, frozenset[str]] = {name: frozenset(n) for name, n in links.items()}
        self._points: dict[Cell, str] = {d.point: d.name for d in self.domes.values()}
        self._dock_sides: tuple[tuple[str, int], ...] | None = None
        self._exposed: dict[str, tuple[int, ...]] = {
            p.tile: tuple(side for side in range(6) if step(p.cell, side) not in self.cells) for p in ordered
        }

    def _add(self, dome: Dome) -> str:
        self.domes[dome.name] = dome
        return dome.name

    @staticmethod
    def _link(links: dict[str, set[str]], a: str, b: str) -> None:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)

    @staticmethod
    def of(placements: Iterable[Placement]) -> Colony:
        """The colony of these placements (order does not matter; layouts are cached).

        The cache is keyed on plain tuples: hashing pydantic models was most of the cost of a prompt.
        """
        return _colony(tuple(sorted((p.tile, p.q, p.r, p.rotation) for p in placements)))

    # Tiles -----------------------------------------------------------------------------------------------

    @property
    def tiles(self) -> tuple[str, ...]:
        """Tiles in play in spiral order (ring distance, then counter-clockwise from east)."""
        return tuple(self.placements)

    def cell_of(self, tile: str) -> Cell:
        return self.placements[tile].cell

    def tile_at(self, cell: Cell) -> str | None:
        return self.cells.get(cell)

    def module_of(self, tile: str) -> int:
        return CATALOG.tile(tile).module

    def spaces_of(self, tile: str) -> tuple[str, ...]:
        """The tile's domes (its spaces): the centre dome first if it has one, then E, NE, NW, W, SW, SE."""
        return self._tile_domes[tile]

    def outer(self, tile: str, side: int) -> str:
        """The outer dome of ``tile`` beside board side ``side``."""
        return dome_name(tile, side)

    def exposed_sides(self, tile: str) -> tuple[int, ...]:
        """Sides of ``tile`` with no tile across them; the docked pod is not a tile (digest 3.1)."""
        return self._exposed[tile]

    def is_edge_tile(self, tile: str) -> bool:
        """Whether ``tile`` has at least one exposed side (JUP-GAP-EDGE)."""
        return bool(self.exposed_sides(tile))

    def edge_spaces(self, tile: str) -> tuple[str, ...]:
        """Outer domes beside an exposed side; a centre dome is never an edge space."""
        return tuple(self.outer(tile, side) for side in self.exposed_sides(tile))

    def adjacent_tiles(self, tile: str) -> tuple[str, ...]:
        """Tiles sharing a side with ``tile``, in spiral order."""
        cell = self.cell_of(tile)
        near = {self.cells[step(cell, side)] for side in range(6) if step(cell, side) in self.cells}
        return tuple(t for t in self.tiles if t in near)

    def command_tiles(self, tile: str) -> tuple[str, ...]:
        """A robot's normal command range from ``tile``: the tile and its adjacent tiles (JUP-ACT-CMD-2)."""
        near = {tile, *self.adjacent_tiles(tile)}
        return tuple(t for t in self.tiles if t in near)

    def islands(self) -> tuple[tuple[str, ...], ...]:
        """The separate parts of the colony: groups of tiles joined by shared sides (JUP-ISLAND-1).

        Each island lists its tiles in spiral order; islands come in the spiral order of their first tile.
        """
        seen: set[str] = set()
        result: list[tuple[str, ...]] = []
        for start in self.tiles:
            if start in seen:
                continue
            group = {start}
            frontier = [start]
            while frontier:
                for near in self.adjacent_tiles(frontier.pop()):
                    if near not in group:
                        group.add(near)
                        frontier.append(near)
            seen |= group
            result.append(tuple(t for t in self.tiles if t in group))
        return tuple(result)

    # Domes and bridges ------------------------------------------------------------------------------------

    def is_dome(self, name: str) -> bool:
        return name in self.domes

    def neighbours(self, dome: str) -> frozenset[str]:
        """Domes bridged to ``dome``: the only ones a piece can step to from it (JUP-ACT-MOVE-3)."""
        return self._links[dome]

    def bridged(self, a: str, b: str) -> bool:
        return b in self._links.get(a, frozenset())

    @cached_property
    def _bridge_list(self) -> tuple[tuple[str, str], ...]:
        pairs = {tuple(sorted((a, b))) for a, near in self._links.items() for b in near}
        return tuple(sorted((p[0], p[1]) for p in pairs))

    def bridges(self) -> tuple[tuple[str, str], ...]:
        """Every bridge once, as a sorted pair of dome names (for the renderer and tests); computed once per
        layout, since every view lists them."""
        return self._bridge_list

    def direction(self, a: str, b: str) -> int | None:
        """The direction of the bridge from ``a`` to ``b`` (``None`` when they are not bridged)."""
        if not self.bridged(a, b):
            return None
        pa, pb = self.domes[a].point, self.domes[b].point
        return STEPS.index((pb[0] - pa[0], pb[1] - pa[1]))

    def line(self, dome: str, direction: int) -> tuple[str, ...]:
        """The domes in a straight line from ``dome`` (excluded): bridges all pointing ``direction``.

        The line ends at a missing bridge, a plant, a dish or a gap in the colony (JUP-GAP-LINE).
        """
        result: list[str] = []
        current = dome
        dq, dr = STEPS[direction]
        while True:
            point = self.domes[current].point
            ahead = self._points.get((point[0] + dq, point[1] + dr))
            if ahead is None or not self.bridged(current, ahead):
                return tuple(result)
            result.append(ahead)
            current = ahead

    def component(self, dome: str) -> frozenset[str]:
        """Every dome reachable from ``dome`` over bridges, ignoring pieces."""
        seen = {dome}
        frontier = [dome]
        while frontier:
            for near in self._links[frontier.pop()]:
                if near not in seen:
                    seen.add(near)
                    frontier.append(near)
        return frozenset(seen)

    # The pod ---------------------------------------------------------------------------------------------

    def dock_sides(self) -> tuple[tuple[str, int], ...]:
        """Where the pod may dock: every exposed side of the colony, in spiral order (JUP-SETUP-11, JUP-GAP-POD-8).

        The rulebook (Setting Up, step 11): "Any exposed edge of the colony is a valid docking location." That
        includes a side whose dome leads only round an arc of its own split-ring tile: a pod docked there is
        filled from that arc, or by robots that teleport or take it elsewhere with Pilot. Every outer dome of
        the printed patterns has a bridge, so this is also the digest's "bridged to another dome".
        """
        if self._dock_sides is None:
            self._dock_sides = tuple((tile, side) for tile in self.tiles for side in self.exposed_sides(tile))
        return self._dock_sides

    def pod_cell(self, tile: str, side: int) -> Cell:
        """The empty cell beyond a docking side, where the pod sits (JUP-GAP-POD-1)."""
        return step(self.cell_of(tile), side)


LAYOUTS_KEPT = 128
"""Colonies kept by layout: twice the parsed states a host holds (``bot.tables.core.PARSED_GAMES``), for each
game's layout and the one after a tile is placed or lost. A colony is large (up to about 100 KB with what it
has worked out), so 1,024 of them were most of what a process that loaded a thousand games held; the self-play
planner meets a few dozen layouts a game and asks the same colonies at 1,024, 128 or 16 (docs/performance.md,
"Jupiter's worst action")."""


@lru_cache(maxsize=LAYOUTS_KEPT)
def _colony(key: tuple[tuple[str, int, int, int], ...]) -> Colony:
    return Colony(tuple(Placement(tile=t, q=q, r=r, rotation=rot) for t, q, r, rot in key))


def spiral_layout(tiles: Sequence[str], rotations: Sequence[int]) -> tuple[Placement, ...]:
    """Placements for tiles drawn in order onto the spiral positions of ``colony.toml`` (JUP-SETUP-2)."""
    spiral = CATALOG.spiral
    if len(tiles) != len(spiral) or len(rotations) != len(spiral):
        raise ValueError(f"the spiral has {len(spiral)} positions")
    return tuple(
        Placement(tile=t, q=cell[0], r=cell[1], rotation=rot)
        for t, cell, rot in zip(tiles, spiral, rotations, strict=True)
    )
