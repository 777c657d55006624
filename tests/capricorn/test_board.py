"""The ship's geometry: rooms and spaces, adjacency inside a room, doors that line up under rotation."""

from __future__ import annotations

import pytest

from engine.capricorn.board import SHIP
from engine.capricorn.terms import POD

HOME = {"inner": 0, "middle": 0}


@pytest.mark.rule("CAP-MAP-1")
@pytest.mark.rule("CAP-G-MAP-1")
def test_three_rings_of_two_three_and_four_rooms() -> None:
    assert SHIP.rooms_of("inner") == ("BRIDGE", "OFFICES")
    assert SHIP.rooms_of("middle") == ("MEDBAY", "LAB", "LIFE")
    assert SHIP.rooms_of("outer") == ("ENGINE", "REACTOR", "HANGAR", "CARGO")
    assert [r.key for r in SHIP.rooms if r.main] == ["MEDBAY", "LAB", "LIFE", "ENGINE", "REACTOR", "HANGAR", "CARGO"]


@pytest.mark.rule("CAP-MAP-2")
@pytest.mark.rule("CAP-G-MAP-2")
@pytest.mark.rule("CAP-G-MAP-3")
def test_rooms_are_two_lanes_of_spaces() -> None:
    assert len(SHIP.room("BRIDGE").spaces) == 24
    assert len(SHIP.room("LAB").spaces) == 16
    assert len(SHIP.room("CARGO").spaces) == 12
    assert SHIP.room("CARGO").spaces[:7] == (
        "CARGO.i0",
        "CARGO.i1",
        "CARGO.i2",
        "CARGO.i3",
        "CARGO.i4",
        "CARGO.i5",
        "CARGO.o0",
    )


@pytest.mark.rule("CAP-G-MAP-5")
def test_space_ids_are_typed_as_room_lane_column() -> None:
    info = SHIP.space("ENGINE.i2")
    assert (info.room, info.ring, info.lane, info.col) == ("ENGINE", "outer", "i", 2)
    assert SHIP.is_space("LAB.o7") and not SHIP.is_space("LAB.o8") and SHIP.is_space(POD)


@pytest.mark.rule("CAP-G-MAP-5")
def test_space_order_is_lane_i_before_o_then_column() -> None:
    assert SHIP.sort(["LAB.o0", "LAB.i7", "LAB.i2"]) == ["LAB.i2", "LAB.i7", "LAB.o0"]


@pytest.mark.rule("CAP-MAP-7")
def test_breaches_are_numbered() -> None:
    assert SHIP.room("ENGINE").breaches == ("ENGINE.o0", "ENGINE.o4", "ENGINE.i5")
    assert SHIP.space("ENGINE.o4").breach == 2
    assert SHIP.room("BRIDGE").breaches == ("BRIDGE.o0", "BRIDGE.i11")
    assert sum(len(r.breaches) for r in SHIP.rooms) == 22


def test_features_add_up_to_the_digest_totals() -> None:
    assert sum(len(r.dots) for r in SHIP.rooms) == 46
    assert sum(len(r.hiding) for r in SHIP.rooms) == 20
    assert [r.repair for r in SHIP.rooms if r.repair] == [
        "MEDBAY.i6",
        "LAB.i6",
        "LIFE.i6",
        "ENGINE.i1",
        "REACTOR.i1",
        "HANGAR.i1",
        "CARGO.i1",
    ]
    assert SHIP.room("BRIDGE").repair is None


@pytest.mark.rule("CAP-G-MAP-4")
def test_no_passage_between_rooms_of_one_ring() -> None:
    # LAB.i0 sits next to MEDBAY.i7 on the ring, but a wall separates them; rooms never wrap either.
    assert SHIP.within_room_steps("LAB.i0") == ["LAB.i1", "LAB.o0"]
    assert SHIP.within_room_steps("MEDBAY.o7") == ["MEDBAY.i7", "MEDBAY.o6"]
    assert SHIP.distance("LAB.i0", "MEDBAY.i7") is None


@pytest.mark.rule("CAP-MOVE-1")
def test_a_move_is_orthogonal_along_the_lane_or_across_to_the_other_lane() -> None:
    assert SHIP.steps("HANGAR.o3", HOME) == ["HANGAR.i3", "HANGAR.o2", "HANGAR.o4"]
    assert not SHIP.orthogonal("HANGAR.o3", "HANGAR.i4")  # diagonal


@pytest.mark.rule("CAP-G-ADJ-1")
def test_adjacent_means_same_room_and_chebyshev_one() -> None:
    assert SHIP.adjacent("HANGAR.o3", "HANGAR.i4")
    assert SHIP.adjacent("HANGAR.o3", "HANGAR.o2")
    assert not SHIP.adjacent("HANGAR.o3", "HANGAR.o3")
    assert not SHIP.adjacent("HANGAR.o3", "HANGAR.o5")
    assert SHIP.around("CARGO.i0") == ["CARGO.i1", "CARGO.o0", "CARGO.o1"]
    assert SHIP.distance("LAB.i0", "LAB.o7") == 7


@pytest.mark.rule("CAP-MAP-10")
@pytest.mark.rule("CAP-G-ADJ-1")
def test_spaces_joined_by_an_open_door_are_never_adjacent() -> None:
    assert ("LIFE.o4", "CARGO.i2") in SHIP.openings(HOME)
    assert "CARGO.i2" in SHIP.steps("LIFE.o4", HOME)
    assert not SHIP.adjacent("LIFE.o4", "CARGO.i2")
    assert SHIP.distance("LIFE.o4", "CARGO.i2") is None


@pytest.mark.rule("CAP-G-MAP-6")
def test_the_pod_is_reached_only_through_the_inner_ring_doors() -> None:
    assert SHIP.steps(POD, HOME) == ["BRIDGE.i6", "OFFICES.i6"]
    assert POD in SHIP.steps("BRIDGE.i6", HOME)
    assert SHIP.room_of(POD) is None and SHIP.around(POD) == []
    for r in range(12):
        open_now = SHIP.steps(POD, {"inner": r, "middle": 0})
        assert bool(open_now) == (r in (0, 3, 6, 9)), r


@pytest.mark.rule("CAP-MAP-4")
@pytest.mark.rule("CAP-G-ROT-1")
def test_one_mark_turns_a_ring_two_columns_clockwise() -> None:
    assert SHIP.abs_col("LAB.i0", HOME) == 8
    assert SHIP.abs_col("LAB.i0", {"inner": 0, "middle": 1}) == 10
    assert SHIP.abs_col("LIFE.o7", {"middle": 1}) == 1  # wraps past 12 o'clock
    assert SHIP.abs_col("CARGO.i0", {"inner": 5, "middle": 7}) == 18  # the outer ring never turns


@pytest.mark.rule("CAP-MAP-3")
def test_only_the_inner_and_middle_rings_rotate() -> None:
    assert SHIP.rotating == ("inner", "middle")


MIDDLE_OUTER = [
    ("LIFE", "CARGO"),
    ("LAB", "HANGAR"),
    ("MEDBAY", "REACTOR"),
    ("LIFE", "ENGINE"),
    ("LAB", "CARGO"),
    ("MEDBAY", "HANGAR"),
    ("LIFE", "REACTOR"),
    ("LAB", "ENGINE"),
    ("MEDBAY", "CARGO"),
    ("LIFE", "HANGAR"),
    ("LAB", "REACTOR"),
    ("MEDBAY", "ENGINE"),
]
INNER_MIDDLE = [
    ("BRIDGE.o9", "LAB"),
    ("OFFICES.o3", "LIFE"),
    ("OFFICES.o9", "MEDBAY"),
    ("BRIDGE.o3", "LAB"),
    ("BRIDGE.o9", "LIFE"),
    ("OFFICES.o3", "MEDBAY"),
    ("OFFICES.o9", "LAB"),
    ("BRIDGE.o3", "LIFE"),
    ("BRIDGE.o9", "MEDBAY"),
    ("OFFICES.o3", "LAB"),
    ("OFFICES.o9", "LIFE"),
    ("BRIDGE.o3", "MEDBAY"),
]


@pytest.mark.rule("CAP-MAP-8")
@pytest.mark.rule("CAP-G-ROT-2")
@pytest.mark.parametrize("r_inner", range(12))
@pytest.mark.parametrize("r_middle", range(12))
def test_doors_open_only_where_sockets_line_up(r_inner: int, r_middle: int) -> None:
    """The digest's table of openings, for all 144 ring positions."""
    openings = SHIP.openings({"inner": r_inner, "middle": r_middle})
    middle_room, outer_room = MIDDLE_OUTER[r_middle]
    inner_space, middle_room_2 = INNER_MIDDLE[(r_inner - r_middle) % 12]
    expected = [(f"{inner_space}", f"{middle_room_2}.i1"), (f"{middle_room}.o4", f"{outer_room}.i2")]
    if r_inner % 3 == 0:
        expected = [(POD, "BRIDGE.i6"), (POD, "OFFICES.i6"), *expected]
    assert openings == expected


@pytest.mark.rule("CAP-MOVE-2")
def test_a_step_between_rings_needs_an_open_door() -> None:
    assert "LAB.i1" in SHIP.steps("BRIDGE.o9", HOME)
    assert SHIP.steps("BRIDGE.o9", {"inner": 1, "middle": 0}) == ["BRIDGE.i9", "BRIDGE.o8", "BRIDGE.o10"]
    # After the middle ring turns one mark, LAB meets HANGAR instead of LIFE meeting CARGO.
    assert "CARGO.i2" not in SHIP.steps("LIFE.o4", {"inner": 0, "middle": 1})
    assert "HANGAR.i2" in SHIP.steps("LAB.o4", {"inner": 0, "middle": 1})


@pytest.mark.rule("CAP-G-GREN-1")
def test_grenade_corners_and_blast() -> None:
    assert SHIP.grenade_corners("ENGINE.o0", 4) == [0, 1, 2, 3]
    assert SHIP.grenade_corners("BRIDGE.i6", 4) == [2, 3, 4, 5, 6, 7, 8, 9]
    assert SHIP.blast("LAB", 2) == ["LAB.i2", "LAB.i3", "LAB.o2", "LAB.o3"]
    assert SHIP.grenade_corners(POD, 4) == []
