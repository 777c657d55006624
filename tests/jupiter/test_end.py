"""Winning, losing and the alternate rules (JUP-WIN-*, JUP-LOSE-*, JUP-VAR-*, JUP-GAP-ESCAPE, JUP-GAP-RV-*)."""

from __future__ import annotations

import pytest

from engine.jupiter.cards import actions_left
from engine.jupiter.rules import prompts
from engine.jupiter.state import COLONIST, CREEP

from .rigging import act, answer, ids, position, prompt_for, texts

PARK = "T06.C"


@pytest.mark.rule("JUP-WIN-1")
@pytest.mark.rule("JUP-GAP-ESCAPE")
def test_the_team_wins_when_28_are_saved_and_every_robot_is_aboard() -> None:
    state = position(robots={0: "T08.E", 1: "pod"}, pod_colonists=2, saved=26, filler=False)
    state, events = act(state, "move", "pod")
    assert state.phase == "won" and state.saved == 28 and prompts(state) == []
    assert "escape" in texts(events) and any(e.headline for e in events)


@pytest.mark.rule("JUP-WIN-1")
def test_saving_28_is_not_enough_while_a_robot_is_on_the_colony() -> None:
    state = position(robots={0: "T08.C", 1: PARK}, pieces={"T08.E": COLONIST}, pod_colonists=6, saved=21)
    state, _ = act(state, "command", "T08.E", "pod")
    assert state.saved == 28 and state.phase == "actions"


@pytest.mark.rule("JUP-LOSE-1")
def test_the_team_loses_when_28_can_no_longer_be_saved() -> None:
    pieces = {"T01.C": CREEP, "T01.E": COLONIST}
    state = position(robots={0: "T19.C", 1: PARK}, pieces=pieces, rolls=[1], filler=False, saved=27)
    state, events = act(state, "end")
    assert state.phase == "lost" and "can no longer be saved" in texts(events) and prompts(state) == []


@pytest.mark.rule("JUP-LOSE-2")
@pytest.mark.rule("JUP-GAP-LOSE-MODULES")
def test_the_team_loses_when_every_module_3_tile_is_destroyed() -> None:
    pieces = {d: CREEP for d in ("T12.E", "T12.NE", "T12.NW", "T12.W", "T12.SW")}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[3], remove=["T09", "T10", "T11"])
    state, events = act(state, "end")
    assert state.phase == "lost" and "Every Module 3 tile is destroyed" in texts(events)


@pytest.mark.rule("JUP-LOSE-2")
def test_losing_every_module_4_tile_loses_too() -> None:
    pieces = {d: CREEP for d in ("T16.E", "T16.NE", "T16.NW", "T16.W", "T16.SW")}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[4], remove=["T13", "T14", "T15"], filler=False)
    state, events = act(state, "end")
    assert state.phase == "lost" and "Every Module 4 tile" in texts(events)


@pytest.mark.rule("JUP-VAR-HERO-1")
@pytest.mark.rule("JUP-GAP-HERO")
def test_ultimate_heroes_lose_at_the_first_lost_colonist() -> None:
    pieces = {"T01.C": CREEP, "T01.E": COLONIST}
    state = position(robots={0: "T19.C", 1: PARK}, pieces=pieces, rolls=[1], ultimate_heroes=True, saved=40)
    state.lost, state.saved = 0, 49 - state.colonists_on_board()
    state, _ = act(state, "end")
    assert state.phase == "lost"


@pytest.mark.rule("JUP-VAR-POLITE-1")
@pytest.mark.rule("JUP-GAP-MOVE-PATH")
def test_polite_colonists_let_a_robot_pass_pieces_but_not_end_on_them() -> None:
    pieces = {"T01.C": COLONIST, "T01.E": COLONIST, "T01.NW": CREEP}
    state = position(robots={0: "T01.W", 1: PARK}, pieces=pieces, polite_colonists=True)
    state, _ = act(state, "move")
    options = ids(state)
    assert "T01.C" not in options and "T02.W" in options and "T01.NW" not in options
    state, _ = act(state, "T02.W")
    assert state.where_is(0) == "T02.W" and actions_left(state) == 2  # three spaces, three actions


@pytest.mark.rule("JUP-VAR-POLITE-1")
def test_polite_colonists_pass_each_other_when_commanded() -> None:
    pieces = {"T01.C": COLONIST, "T01.E": COLONIST}
    state = position(robots={0: "T01.NW", 1: PARK}, pieces=pieces, polite_colonists=True)
    state, _ = act(state, "command", "T01.C")
    assert "T02.W" in ids(state)


@pytest.mark.rule("JUP-VAR-RV-1")
@pytest.mark.rule("JUP-VAR-RV-2")
@pytest.mark.rule("JUP-GAP-RV-1")
def test_robot_vulnerability_a_robot_blows_up_with_its_tile() -> None:
    pieces = {d: CREEP for d in ("T08.E", "T08.NE", "T08.NW", "T08.W", "T08.SW")}
    state = position(
        robots={0: "T01.C", 1: "T08.C"},
        pieces=pieces,
        rolls=[2],
        pod=("T19", "SE"),
        hands={1: ["sniper"]},
        cores={1: "swap"},
        robot_vulnerability=True,
    )
    state, events = act(state, "end")
    assert "T08" in state.destroyed and state.where_is(1) is None and not state.robots[1].in_play
    assert state.robots[1].hand == [] and state.robots[1].core is None and {"sniper", "swap"} <= set(state.discard)
    assert "is lost with the tile" in texts(events)


@pytest.mark.rule("JUP-GAP-RV-2")
@pytest.mark.rule("JUP-VAR-RV-3")
@pytest.mark.rule("JUP-VAR-RV-4")
@pytest.mark.rule("JUP-DEC-10")
def test_a_lost_robot_skips_its_turns_until_the_pod_docks_and_brings_it_back() -> None:
    state = position(
        robots={0: "T01.C", 1: PARK},
        rolls=[1, 1],
        pod=None,
        hands={0: ["pilot"]},
        deck=["sniper", "teleport", "surge", "swap", "boost"],
        robot_vulnerability=True,
    )
    state.occupant.pop(PARK)
    state.robots[1].in_play, state.robots[1].hand, state.robots[1].core = False, [], None
    state, events = act(state, "end")  # robot 1's turn: no actions, no draw; back to robot 0
    assert state.active == 0 and state.phase == "actions" and "out of play" in texts(events)
    assert state.deck == ["teleport", "surge", "swap", "boost"]  # only robot 0 drew
    state, events = act(state, "pilot.h", "T08")
    if state.pod.dock is None:
        state, more = act(state, ids(state)[0])
        events += more
    assert state.robots[1].in_play and state.where_is(1) == "pod" and state.robots[1].dealt == ["teleport", "swap"]
    assert "returns aboard" in texts(events) and "Surge to the bottom" in texts(events)
    recore = prompt_for(state, 1)
    assert recore.id.endswith(".recore.1") and {c.id for c in recore.choices} == {"teleport", "swap"}
    state, _ = answer(state, 1, "swap")
    assert state.robots[1].core == "swap" and state.robots[1].hand == ["teleport"] and state.recore == []


@pytest.mark.rule("JUP-GAP-RV-3")
def test_with_every_robot_lost_and_the_pod_docked_the_game_is_lost() -> None:
    pieces = {d: CREEP for d in ("T08.E", "T08.NE", "T08.NW", "T08.W", "T08.SW")}
    state = position(
        robots={0: "T08.C", 1: PARK}, pieces=pieces, rolls=[2], pod=("T19", "SE"), robot_vulnerability=True
    )
    state.occupant.pop(PARK)
    state.robots[1].in_play = False
    state, events = act(state, "end")
    assert state.phase == "lost" and "Every robot is lost" in texts(events)
