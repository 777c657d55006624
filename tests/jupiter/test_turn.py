"""The end of a turn: conversion, invasion, self-destruction, islands, setbacks, draw and hand (JUP-TURN-*,
JUP-CONVERT-*, JUP-INVADE-*, JUP-DESTROY-*, JUP-ISLAND-*, JUP-DRAW-*, JUP-HAND-*, JUP-SUPER-*, JUP-SETBACK-*).

Standard layout of ``rigging.position``: edge tiles are T08 (module 2), T09-T12 (3, plants), T13-T16 (4, dishes),
T17-T19 (5); the interior T01-T07 holds modules 1 and 2, so a roll of 1 adds no creep anywhere.
"""

from __future__ import annotations

import pytest

from engine.jupiter.cards import actions_left, hand_limit
from engine.jupiter.rules import prompts
from engine.jupiter.state import COLONIST, CREEP

from .rigging import act, active_prompt, ids, position, texts

PARK = "T06.C"


@pytest.mark.rule("JUP-TURN-1")
@pytest.mark.rule("JUP-DRAW-1")
def test_actions_then_conversion_then_invasion_then_draw() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pieces={"T19.C": CREEP, "T19.E": COLONIST}, rolls=[1])
    state, events = act(state, "end")
    lines = [e.text for e in events]
    order = [
        next(i for i, t in enumerate(lines) if t.startswith("Conversion")),
        next(i for i, t in enumerate(lines) if "rolls the invasion die" in t),
        next(i for i, t in enumerate(lines) if t.startswith("Invasion")),
        next(i for i, t in enumerate(lines) if "draws" in t),
    ]
    assert order == sorted(order) and state.active == 1


@pytest.mark.rule("JUP-VAR-FAST-1")
def test_fast_creeps_convert_after_the_invasion_in_the_same_turn() -> None:
    # Roll 2: T08 gets a creep; its only open edge space is T08.E, bridged to the colonist on T08.NE.
    pieces = {"T08.NE": COLONIST, "T08.SE": CREEP}
    slow = position(robots={0: "T01.C", 1: PARK}, pieces=dict(pieces), rolls=[2], pod=("T19", "SE"))
    slow, _ = act(slow, "end")
    assert slow.occupant["T08.NE"] == COLONIST  # converts only in the next robot's conversion (JUP-CONVERT-3)
    fast = position(robots={0: "T01.C", 1: PARK}, pieces=dict(pieces), rolls=[2], pod=("T19", "SE"), fast_creeps=True)
    fast, events = act(fast, "end")
    assert fast.occupant["T08.NE"] == CREEP
    lines = [e.text for e in events]
    assert next(i for i, t in enumerate(lines) if t.startswith("Invasion")) < next(
        i for i, t in enumerate(lines) if t.startswith("Conversion")
    )


@pytest.mark.rule("JUP-TURN-2")
def test_play_passes_to_the_next_seat_and_wraps() -> None:
    state = position(players=3, robots={0: "T01.C", 1: PARK, 2: "T05.C"}, rolls=[1, 1, 1], active=2)
    state, _ = act(state, "end")
    assert state.active == 0 and state.turn == 2


@pytest.mark.rule("JUP-CONVERT-1")
def test_a_colonist_bridged_to_a_creep_converts_and_one_not_bridged_does_not() -> None:
    # T07 is a STAR: T07.E and T07.NE sit side by side without a bridge.
    pieces = {"T07.C": CREEP, "T07.E": COLONIST, "T19.W": COLONIST, "T02.C": COLONIST}
    state = position(robots={0: "T01.C", 1: "T05.C"}, pieces=pieces, rolls=[1])
    state.occupant.pop("T07.C")
    state.occupant["T07.NE"] = CREEP  # not bridged to T07.E
    state.occupant["T19.SW"] = CREEP  # bridged to T19.W (T19 is a STAR: SW-W has no bridge) -> no
    state.occupant["T19.C"] = CREEP  # bridged to T19.W by a spoke -> converts
    before = state.lost
    state, _ = act(state, "end")
    assert state.occupant["T07.E"] == COLONIST and state.occupant["T19.W"] == CREEP and state.lost == before + 1


@pytest.mark.rule("JUP-CONVERT-3")
@pytest.mark.rule("JUP-GAP-INV-3")
def test_conversion_is_simultaneous_without_chain_reaction() -> None:
    pieces = {"T01.W": CREEP, "T01.C": COLONIST, "T01.E": COLONIST}
    state = position(robots={0: "T19.C", 1: PARK}, pieces=pieces, rolls=[1])
    state, _ = act(state, "end")
    assert state.occupant["T01.C"] == CREEP and state.occupant["T01.E"] == COLONIST


@pytest.mark.rule("JUP-INVADE-1")
@pytest.mark.rule("JUP-INVADE-2")
@pytest.mark.rule("JUP-GAP-INV-1")
def test_a_roll_of_1_to_5_adds_a_creep_to_each_edge_tile_of_that_module() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[5], pod=("T08", "E"))
    state, events = act(state, "end")
    assert "rolls the invasion die: 5" in texts(events)
    # T17, T18, T19 each had several open edge spaces: the active robot picks for each, in spiral order.
    placed = []
    while state.queue:
        tile = state.queue[0]
        choice = ids(state)[0]
        assert choice.startswith(tile) and choice in state.colony.edge_spaces(tile)
        state, _ = act(state, choice)
        placed.append(tile)
    assert placed == ["T17", "T18", "T19"]
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[2])
    state, _ = act(state, "end")
    assert [p.id.split(".")[-1] for p in prompts(state)] == ["place"] and state.queue == ["T08"]  # not T05-T07


@pytest.mark.rule("JUP-INVADE-3")
@pytest.mark.rule("JUP-SUPER-7")
def test_a_six_adds_a_creep_to_every_tile_holding_a_creep() -> None:
    pieces = {"T01.C": CREEP, "T19.C": CREEP}
    state = position(robots={0: "T05.C", 1: PARK}, pieces=pieces, rolls=[6], super_creeps=["T09"])
    state, events = act(state, "end")
    assert "a creep for T01, T19" in texts(events)  # not T09, whose only creep is a super creep


@pytest.mark.rule("JUP-INVADE-4")
@pytest.mark.rule("JUP-DEC-7")
def test_a_creep_must_go_on_an_open_edge_space_chosen_by_the_active_robot() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[2], pod=("T19", "SE"))
    state, _ = act(state, "end")
    prompt = active_prompt(state)
    assert prompt.seat == 0 and set(ids(state)) == {"T08.E", "T08.NE", "T08.SE"}
    state, events = act(state, "T08.NE")
    assert state.occupant["T08.NE"] == CREEP and "rises on T08.NE" in texts(events)


def test_a_single_open_edge_space_takes_the_creep_without_asking() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pieces={"T08.E": COLONIST, "T08.NE": CREEP}, rolls=[2])
    state, _ = act(state, "end")
    assert state.occupant["T08.SE"] == CREEP and state.active == 1


@pytest.mark.rule("JUP-INVADE-5")
@pytest.mark.rule("JUP-GAP-INV-6")
def test_with_no_open_edge_space_the_creep_goes_on_any_open_space() -> None:
    pieces = {"T08.E": CREEP, "T08.NE": CREEP, "T08.SE": CREEP}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[2], pod=("T19", "SE"))
    state, _ = act(state, "end")
    assert set(ids(state)) == {"T08.C", "T08.NW", "T08.W", "T08.SW"}


@pytest.mark.rule("JUP-INVADE-6")
@pytest.mark.rule("JUP-DEC-8")
def test_a_full_tile_with_colonists_loses_one_to_the_creep() -> None:
    # T08 (HOOK): the robot on the centre; creeps on E, NE, NW, W; colonists on SW and SE, bridged only to
    # each other, the robot and T19.NE, so Conversion spares them.
    pieces = {d: CREEP for d in ("T08.E", "T08.NE", "T08.NW", "T08.W")} | {"T08.SW": COLONIST, "T08.SE": COLONIST}
    state = position(robots={0: "T08.C", 1: PARK}, pieces=pieces, rolls=[2], pod=("T19", "SE"))
    before = state.lost
    state, _ = act(state, "end")
    assert set(ids(state)) == {"T08.SW", "T08.SE"}
    state, events = act(state, "T08.SE")
    assert state.occupant["T08.SE"] == CREEP and state.lost == before + 1 and "is lost" in texts(events)


@pytest.mark.rule("JUP-GAP-INV-2")
def test_a_tile_without_room_or_colonists_gets_no_creep() -> None:
    pieces = {d: CREEP for d in ("T08.C", "T08.E", "T08.NE", "T08.SE", "T08.NW", "T08.SW")}
    state = position(robots={0: "T08.W", 1: PARK}, pieces=pieces, rolls=[2], pod=("T19", "SE"))
    state, events = act(state, "end")
    assert "no room" in texts(events) and "T08" in state.colony.tiles


@pytest.mark.rule("JUP-DESTROY-1")
@pytest.mark.rule("JUP-SUPER-9")
def test_a_tile_full_of_creeps_self_destructs_with_its_super_creep() -> None:
    pieces = {d: CREEP for d in ("T09.E", "T09.NE", "T09.NW", "T09.W", "T09.SW")}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[3], super_creeps=["T09"])
    assert hand_limit(state) == 3
    state, events = act(state, "end")
    while state.queue:
        state, more = act(state, ids(state)[0])
        events += more
    assert "T09" not in state.colony.tiles and "T09" in state.destroyed
    assert not any(d.startswith("T09.") for d in state.occupant) and state.super_creeps == []
    assert hand_limit(state) == 4 and "self-destructs" in texts(events)


@pytest.mark.rule("JUP-DESTROY-2")
@pytest.mark.rule("JUP-GAP-RV-4")
def test_a_robot_keeps_its_tile_from_self_destructing() -> None:
    pieces = {d: CREEP for d in ("T08.C", "T08.E", "T08.NE", "T08.SE", "T08.NW")}
    state = position(robots={0: "T08.W", 1: PARK}, pieces=pieces, rolls=[2], pod=("T19", "SE"))
    state, _ = act(state, "end")
    assert state.occupant["T08.SW"] == CREEP and "T08" in state.colony.tiles


@pytest.mark.rule("JUP-ISLAND-1")
@pytest.mark.rule("JUP-ISLAND-2")
@pytest.mark.rule("JUP-POD-7")
def test_islands_stay_in_play_and_only_the_pod_or_teleport_cross() -> None:
    # Destroy T02, T09, T03 and T18: T08 and T19 now form an island east of the rest... T19 still touches T07.
    state = position(
        robots={0: "T08.C", 1: PARK}, remove=["T02", "T09", "T19"], rolls=[2], hands={0: ["teleport"]}, pod=("T08", "E")
    )
    islands = state.colony.islands()
    assert any(island == ("T08",) for island in islands) and len(islands) == 2
    state, _ = act(state, "move")
    assert all(d.startswith("T08") or d == "pod" for d in ids(state) if d != "cancel")
    state, _ = act(state, "cancel", "teleport.h")
    assert "T01" in ids(state)


@pytest.mark.rule("JUP-GAP-POD-5")
def test_when_the_pods_tile_blows_up_the_active_robot_docks_it_again() -> None:
    pieces = {d: CREEP for d in ("T08.C", "T08.E", "T08.NE", "T08.NW", "T08.W", "T08.SW")}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[2], pod=("T08", "SE"), pod_colonists=2)
    state, _ = act(state, "end")
    assert "T08" in state.destroyed and state.pod.dock is None and state.pod.colonists == 2
    assert active_prompt(state).seat == 0 and "T02" in ids(state)
    state, _ = act(state, "T19")
    if state.pod.dock is None:
        state, _ = act(state, ids(state)[0])
    assert state.pod.dock is not None and state.pod.dock[0] == "T19" and state.active == 1


@pytest.mark.rule("JUP-DRAW-2")
def test_an_ability_card_drawn_goes_to_hand() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[1], deck=["sniper", "teleport"])
    state, events = act(state, "end")
    assert state.robots[0].hand == ["sniper"] and state.deck == ["teleport"] and "draws Sniper" in texts(events)


@pytest.mark.rule("JUP-DRAW-3")
@pytest.mark.rule("JUP-SETBACK-POWERGRAB-1")
@pytest.mark.rule("JUP-SUPER-1")
@pytest.mark.rule("JUP-SUPER-5")
def test_power_grab_covers_every_unguarded_plant_and_is_discarded() -> None:
    state = position(robots={0: "T10.E", 1: PARK}, rolls=[1], deck=["powergrab", "sniper"], super_creeps=["T11"])
    state, events = act(state, "end")
    assert sorted(state.super_creeps) == ["T09", "T11", "T12"]  # T10 is guarded
    assert state.discard == ["powergrab"] and state.robots[0].hand == [] and "Power Grab" in texts(events)


@pytest.mark.rule("JUP-HAND-3")
@pytest.mark.rule("JUP-SUPER-2")
def test_each_covered_plant_lowers_the_hand_limit_down_to_zero() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, super_creeps=["T09", "T10"])
    assert hand_limit(state) == 2
    state = position(robots={0: "T01.C", 1: PARK}, super_creeps=["T09", "T10", "T11", "T12"])
    assert hand_limit(state) == 0


@pytest.mark.rule("JUP-SETBACK-SIGNAL-1")
@pytest.mark.rule("JUP-SUPER-3")
def test_signal_to_noise_covers_the_dishes_and_turns_have_four_actions() -> None:
    state = position(robots={0: "T01.C", 1: "T13.E"}, rolls=[1], deck=["signal", "sniper"], filler=False, saved=28)
    state, _ = act(state, "end")
    assert sorted(state.super_creeps) == ["T14", "T15", "T16"] and state.active == 1
    assert actions_left(state) == 4


@pytest.mark.rule("JUP-SUPER-8")
def test_a_super_creep_converts_nobody() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pieces={"T09.E": COLONIST}, super_creeps=["T09"], rolls=[1])
    state, _ = act(state, "end")
    assert state.occupant["T09.E"] == COLONIST


@pytest.mark.rule("JUP-SETBACK-SURGE-1")
@pytest.mark.rule("JUP-GAP-INV-5")
def test_surge_adds_a_second_creep_where_this_turn_added_one() -> None:
    state = position(
        robots={0: "T01.C", 1: PARK}, pieces={"T08.E": COLONIST, "T08.NE": COLONIST}, rolls=[2], deck=["surge"]
    )
    state, events = act(state, "end")  # T08.SE is its only open edge space: no question
    assert "Surge: another creep for T08" in texts(events)
    assert set(ids(state)) == {"T08.C", "T08.NW", "T08.W", "T08.SW"}  # no open edge space left: any open space
    state, _ = act(state, "T08.C")
    assert state.occupant["T08.C"] == CREEP and state.discard == ["surge"] and state.active == 1


@pytest.mark.rule("JUP-CARD-PHASE-2")
@pytest.mark.rule("JUP-DEC-5")
def test_phase_shift_rerolls_the_die_once_per_card() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[2, 1], hands={0: ["phaseshift"]})
    state, _ = act(state, "end")
    assert ids(state) == ["keep", "phaseshift.h"]
    state, events = act(state, "phaseshift.h")
    assert "rerolls: 1" in texts(events) and state.active == 1 and state.discard == ["phaseshift"]


@pytest.mark.rule("JUP-CARD-SUPPRESS-2")
@pytest.mark.rule("JUP-GAP-SUPPRESS")
@pytest.mark.rule("JUP-SUPER-6")
@pytest.mark.rule("JUP-DEC-6")
def test_suppressant_protects_one_tile_from_the_roll_and_from_a_setback() -> None:
    state = position(
        robots={0: "T01.C", 1: PARK},
        rolls=[3],
        hands={0: ["suppressant"]},
        cores={0: "suppressant"},
        deck=["powergrab"],
    )
    state, _ = act(state, "end")
    assert ids(state) == ["T09", "T10", "T11", "T12", "none"]
    state, _ = act(state, "T09")  # the core first: protects T09 from this roll
    assert ids(state) == ["T10", "T11", "T12", "none"]  # the hand copy could protect another tile
    state, _ = act(state, "none")
    assert "T09" not in state.queue
    while state.queue:
        state, _ = act(state, ids(state)[0])
    assert ids(state)[:1] == ["T10"]  # Power Grab drawn: the hand copy may protect another plant
    state, _ = act(state, "T10")
    assert sorted(state.super_creeps) == ["T11", "T12"] and not state.pieces_on("T09", CREEP)


@pytest.mark.rule("JUP-HAND-1")
@pytest.mark.rule("JUP-HAND-2")
@pytest.mark.rule("JUP-DEC-9")
def test_over_the_limit_of_four_the_robot_discards_at_the_end_of_its_turn() -> None:
    hand = ["sniper", "swap", "pilot", "teleport"]
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[1], hands={0: list(hand)}, cores={0: "boost"}, deck=["swap"])
    state, _ = act(state, "end")
    assert active_prompt(state).seat == 0 and set(ids(state)) == {"sniper", "swap", "pilot", "teleport"}
    state, _ = act(state, "pilot")
    assert sorted(state.robots[0].hand) == ["sniper", "swap", "swap", "teleport"] and state.robots[0].core == "boost"
    assert state.active == 1


@pytest.mark.rule("JUP-HAND-4")
def test_other_robots_over_the_limit_discard_only_at_the_end_of_their_own_turn() -> None:
    state = position(
        robots={0: "T01.C", 1: PARK}, rolls=[1], hands={1: ["sniper", "swap", "pilot", "teleport", "boost"]}
    )
    state, _ = act(state, "end")
    assert len(state.robots[1].hand) == 5 and state.active == 1 and state.phase == "actions"


@pytest.mark.rule("JUP-GAP-DECK-2")
def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[1], deck=[])
    state.discard = ["sniper"]
    state, events = act(state, "end")
    assert state.robots[0].hand == ["sniper"] and "shuffled into a new Rescue deck" in texts(events)
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[1], deck=[])
    state, events = act(state, "end")
    assert "no card is drawn" in texts(events) and state.active == 1


@pytest.mark.rule("JUP-GAP-INV-4")
def test_a_conversion_that_fills_a_tile_destroys_it() -> None:
    pieces = {d: CREEP for d in ("T09.E", "T09.NE", "T09.NW", "T09.W", "T09.SW")} | {"T09.SE": COLONIST}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[1])
    state, events = act(state, "end")
    assert "T09" in state.destroyed and "self-destructs" in texts(events)


@pytest.mark.rule("JUP-GAP-INV-4")
def test_a_swap_that_moves_a_creep_onto_a_tile_can_fill_it() -> None:
    pieces = {d: CREEP for d in ("T08.C", "T08.E", "T08.NE", "T08.SE", "T08.NW", "T08.SW")} | {"T02.E": CREEP}
    state = position(robots={0: "T08.W", 1: PARK}, pieces=pieces, cores={0: "swap"}, pod=("T19", "SE"))
    state, _ = act(state, "swap", "T02.E")
    assert "T08" in state.destroyed and state.where_is(0) == "T02.E"
