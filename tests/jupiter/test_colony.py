"""The colony model: domes, bridges, adjacency, edges, islands, straight lines and docking sides.

Layouts are written as ``{cell: (tile, rotation)}``; tile patterns are those of ``data/jupiter/tiles.toml``
(T01 FULL, T02 HUB, T03 LOOP, T04/T08/T20 HOOK, T05/T17 FULL, T07/T19 STAR, T09 RING6, T10 RING5, T12 RING4...).
"""

from __future__ import annotations

import pytest

from engine.jupiter.catalog import CATALOG
from engine.jupiter.colony import Colony, Placement, spiral_layout, tile_of


def layout(cells: dict[tuple[int, int], tuple[str, int]]) -> Colony:
    return Colony.of(Placement(tile=t, q=q, r=r, rotation=rot) for (q, r), (t, rot) in cells.items())


def full_spiral() -> Colony:
    tiles = sorted(CATALOG.tiles)[:19]
    return Colony.of(spiral_layout(tiles, [0] * 19))


@pytest.mark.rule("JUP-GAP-TILE-1")
def test_seven_domes_on_ordinary_tiles_six_around_a_plant_or_dish() -> None:
    colony = layout({(0, 0): ("T01", 0), (1, 0): ("T09", 0), (2, 0): ("T13", 0)})
    assert colony.spaces_of("T01") == ("T01.C", "T01.E", "T01.NE", "T01.NW", "T01.W", "T01.SW", "T01.SE")
    assert colony.spaces_of("T09") == ("T09.E", "T09.NE", "T09.NW", "T09.W", "T09.SW", "T09.SE")
    assert "T13.C" not in colony.domes
    every = Colony.of(spiral_layout(sorted(CATALOG.tiles)[1:], [0] * 19))
    assert sum(len(every.spaces_of(t)) for t in every.tiles) == 132 - 7  # T01 (7 domes) left in the box


@pytest.mark.rule("JUP-GAP-TILE-1")
def test_dome_names_use_board_sides_after_rotation() -> None:
    """T04 (HOOK) turned by two sixths names its domes by the side they face on the board, not as printed."""
    turned = layout({(0, 0): ("T04", 2)})
    # HOOK printed spokes C-E, C-NW, C-SW; turned by 2 they face NW, W... : E->NW, NW->SW, SW->E.
    assert turned.neighbours("T04.C") == {"T04.NW", "T04.SW", "T04.E"}
    # printed ring E-NE becomes NW-W; printed SW-SE becomes E-NE.
    assert turned.bridged("T04.NW", "T04.W") and turned.bridged("T04.E", "T04.NE")


@pytest.mark.rule("JUP-GAP-TILE-2")
def test_facing_outer_domes_of_touching_tiles_are_always_bridged() -> None:
    colony = layout({(0, 0): ("T12", 3), (1, 0): ("T16", 1), (0, 1): ("T19", 5)})
    assert colony.bridged("T12.E", "T16.W")
    assert colony.bridged("T12.SE", "T19.NW")
    assert colony.bridged("T16.SW", "T19.NE")  # (1,0) and (0,1) touch across SW/NE
    assert not colony.bridged("T12.E", "T19.NW")


@pytest.mark.rule("JUP-GAP-TILE-3")
def test_internal_bridges_follow_the_pattern() -> None:
    colony = layout({(0, 0): ("T07", 0), (3, 0): ("T12", 0)})
    assert colony.neighbours("T07.C") == {f"T07.{s}" for s in ("E", "NE", "NW", "W", "SW", "SE")}
    assert not colony.bridged("T07.E", "T07.NE")  # STAR: no ring links
    # RING4 is two arcs: NW-W-SW and SE-E-NE, not joined inside the tile.
    assert colony.component("T12.W") == {"T12.NW", "T12.W", "T12.SW"}
    assert colony.component("T12.E") == {"T12.SE", "T12.E", "T12.NE"}


@pytest.mark.rule("JUP-ACT-MOVE-3")
def test_spaces_are_adjacent_only_across_a_bridge() -> None:
    colony = layout({(0, 0): ("T07", 0)})
    # Neighbouring outer domes on a STAR tile sit side by side but are not adjacent: the way is through C.
    assert "T07.NE" not in colony.neighbours("T07.E")
    assert colony.direction("T07.E", "T07.NE") is None
    assert colony.direction("T07.C", "T07.NE") == 1


@pytest.mark.rule("JUP-GAP-EDGE")
def test_exposed_sides_edge_tiles_and_edge_spaces() -> None:
    colony = full_spiral()
    assert colony.exposed_sides("T01") == () and not colony.is_edge_tile("T01")
    assert all(not colony.is_edge_tile(t) for t in colony.tiles[:7])
    assert all(colony.is_edge_tile(t) for t in colony.tiles[7:])
    # P7 = (2,0), the easternmost tile, is exposed to E, NE and SE.
    assert colony.exposed_sides("T08") == (0, 1, 5)
    assert colony.edge_spaces("T08") == ("T08.E", "T08.NE", "T08.SE")
    assert sum(len(colony.exposed_sides(t)) for t in colony.tiles) == 30


@pytest.mark.rule("JUP-ACT-CMD-2")
def test_command_range_is_the_tile_and_the_tiles_sharing_a_side() -> None:
    colony = full_spiral()
    assert set(colony.command_tiles("T01")) == {"T01", "T02", "T03", "T04", "T05", "T06", "T07"}
    assert set(colony.command_tiles("T08")) == {"T08", "T02", "T09", "T19"}


@pytest.mark.rule("JUP-GAP-LINE")
def test_a_straight_line_follows_bridges_of_one_direction_until_one_is_missing() -> None:
    colony = layout({(0, 0): ("T01", 0), (1, 0): ("T02", 0), (2, 0): ("T07", 0), (-1, 0): ("T12", 0)})
    # Eastward from T01.W: T01.C, T01.E, T02.W, T02.C, T02.E, T07.W, T07.C, T07.E and then the colony ends.
    assert colony.line("T01.W", 0) == ("T01.C", "T01.E", "T02.W", "T02.C", "T02.E", "T07.W", "T07.C", "T07.E")
    # Westward from T01.E the line crosses into T12 (RING4): T12.E, then the plant blocks the way.
    assert colony.line("T01.E", 3) == ("T01.C", "T01.W", "T12.E")
    # A ring link has a direction too: on T01, E -> NE points NW (2).
    assert colony.direction("T01.E", "T01.NE") == 2


@pytest.mark.rule("JUP-ISLAND-1")
def test_a_destroyed_ring_of_tiles_leaves_islands_with_their_own_edges() -> None:
    full = spiral_layout(sorted(CATALOG.tiles)[:19], [0] * 19)
    # Remove the whole first ring except P1: P0 joins P1, and ring 2 stays connected through P1 as well.
    gone = {"T03", "T04", "T05", "T06", "T07"}
    colony = Colony.of(p for p in full if p.tile not in gone)
    assert len(colony.islands()) == 1
    # Also remove P1 (T02): the centre tile T01 is now an island of its own, with six exposed sides.
    colony = Colony.of(p for p in full if p.tile not in gone | {"T02"})
    islands = colony.islands()
    assert islands[0] == ("T01",) and len(islands) == 2
    assert colony.exposed_sides("T01") == (0, 1, 2, 3, 4, 5)
    assert all(tile_of(d) == "T01" for d in colony.component("T01.C"))


@pytest.mark.rule("JUP-DESTROY-3")
def test_a_gap_exposes_the_tiles_beside_it() -> None:
    full = spiral_layout(sorted(CATALOG.tiles)[:19], [0] * 19)
    colony = Colony.of(p for p in full if p.tile != "T02")  # P1 (1,0) destroyed
    assert colony.exposed_sides("T01") == (0,)
    assert colony.is_edge_tile("T01") and colony.edge_spaces("T01") == ("T01.E",)


@pytest.mark.rule("JUP-GAP-POD-8")
@pytest.mark.rule("JUP-SETUP-11")
def test_every_exposed_side_docks_even_on_a_dead_end_arc() -> None:
    # A RING4 tile (T12) at the east of T01, turned so that its NW-W-SW arc faces west toward T01 and its
    # SE-E-NE arc faces away: the E, NE and SE sides lead only round that arc, and they dock all the same.
    colony = layout({(0, 0): ("T01", 0), (1, 0): ("T12", 0)})
    assert colony.component("T12.E") == {"T12.SE", "T12.E", "T12.NE"}
    assert colony.dock_sides() == (("T01", 1), ("T01", 2), ("T01", 3), ("T01", 4), ("T01", 5),
                                   ("T12", 0), ("T12", 1), ("T12", 2), ("T12", 4), ("T12", 5))  # fmt: skip
    assert len(layout({(0, 0): ("T12", 0)}).dock_sides()) == 6  # a lone tile docks on all six


@pytest.mark.rule("JUP-GAP-POD-8")
def test_a_full_colony_with_an_arc_facing_out_offers_its_30_sides_on_12_tiles() -> None:
    """The layout of the issue: T12 (RING4) on an outer corner turned so one arc faces only the deep."""
    full = spiral_layout(sorted(CATALOG.tiles)[:19], [0] * 19)
    colony = Colony.of(p if p.tile != "T12" else p.model_copy(update={"rotation": 5}) for p in full)
    assert colony.component("T12.NW") == {"T12.NE", "T12.NW", "T12.W"}  # the NE-NW-W arc touches no tile
    sides = colony.dock_sides()
    assert len(sides) == 30 and len({tile for tile, _ in sides}) == 12
    assert {("T12", 1), ("T12", 2), ("T12", 3)} <= set(sides)


@pytest.mark.rule("JUP-GAP-POD-8")
def test_every_outer_dome_of_every_pattern_has_a_bridge_inside_its_tile() -> None:
    """So a docked pod always leads somewhere: the digest's "bridged to at least one other dome" holds for every
    exposed side, and offering every exposed side (the rulebook) offers the same sides."""
    for tile in sorted(CATALOG.tiles):
        colony = layout({(0, 0): (tile, 0)})
        assert all(colony.neighbours(colony.outer(tile, side)) for side in range(6)), tile


def test_the_colony_is_cached_per_layout() -> None:
    a = layout({(0, 0): ("T01", 0), (1, 0): ("T02", 3)})
    b = Colony.of([Placement(tile="T02", q=1, r=0, rotation=3), Placement(tile="T01", q=0, r=0, rotation=0)])
    assert a is b


def test_two_tiles_on_one_cell_are_refused() -> None:
    with pytest.raises(ValueError, match="share cell"):
        Colony.of([Placement(tile="T01", q=0, r=0, rotation=0), Placement(tile="T02", q=0, r=0, rotation=0)])
