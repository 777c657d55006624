"""The self-play bot's route planner: trips that need a ring turned on the way are planned, not given up."""

from __future__ import annotations

from engine.capricorn import planner
from engine.capricorn.board import SHIP
from engine.capricorn.terms import POD


def test_the_pod_is_one_step_from_a_bridge_door_that_faces_it() -> None:
    """Inner ring at 0: the pod door is open at BRIDGE.i6, so walking in costs one step and no rotation."""
    assert (POD, "BRIDGE.i6") in SHIP.openings({"inner": 0, "middle": 0})
    assert planner.cost([POD], "BRIDGE.i6", {"inner": 0, "middle": 0}) == 1


def test_a_trip_between_two_rooms_of_one_ring_goes_through_a_turned_ring() -> None:
    """Lab to Life Support: rooms on one ring never touch and only one door joins two rings at a time, so no
    fixed rotation connects them; the plan turns a ring on the way and stays affordable."""
    rotation = {"inner": 0, "middle": 1}
    cost = planner.cost(["LIFE.i6"], "LAB.i2", rotation)
    assert cost < planner.FAR
    assert cost >= planner.ROT_COST + 2 * (1 + planner.DOOR_STEP)  # at least one mark and two room entries


def test_a_room_to_avoid_makes_the_plan_dearer_but_never_impossible() -> None:
    rotation = {"inner": 0, "middle": 0}
    plain = planner.cost(["LAB.i6"], POD, rotation)
    avoided = planner.cost(["LAB.i6"], POD, rotation, avoid={"BRIDGE", "OFFICES"})
    assert plain < avoided < planner.FAR
