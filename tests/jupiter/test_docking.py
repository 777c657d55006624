"""Where the pod may dock: any exposed edge of the colony, at every docking (JUP-SETUP-11, JUP-GAP-POD-8).

The rigged colony is the standard layout of ``rigging.position`` with T12 (RING4, the outer corner at (0, -2))
turned by five sixths: its NE-NW-W arc then faces only the deep, so the three domes beside those sides lead
nowhere but round their arc. The rulebook's "Any exposed edge of the colony is a valid docking location" offers
them like every other side: at the first docking, when the launching robot docks, with Pilot and when the
docking tile blows up. A pod docked there still boards and launches.
"""

from __future__ import annotations

import pytest

from engine.jupiter.catalog import CATALOG
from engine.jupiter.colony import spiral_layout
from engine.jupiter.rules import prompts
from engine.jupiter.state import COLONIST, CREEP, JupiterState

from .rigging import act, answer, ids, new_game, position, prompt_for

PARK = "T06.C"
ARC = ("NE", "NW", "W")  # T12's sides once it is turned: all three exposed, their domes bridged only to each other


def turn_t12(state: JupiterState) -> JupiterState:
    """The same game with T12 turned so its NE-NW-W arc touches no other tile."""
    state.placements = [p.model_copy(update={"rotation": 5}) if p.tile == "T12" else p for p in state.placements]
    assert state.colony.component("T12.NW") == {"T12.NE", "T12.NW", "T12.W"}
    return state


def arc_sides(state: JupiterState) -> list[str]:
    """The sides of T12 the active robot is offered once it picks T12 in the docking chain."""
    state, _ = act(state, "T12")
    return ids(state)[:-1]  # the last choice is "Pick another tile"


@pytest.mark.rule("JUP-SETUP-11")
@pytest.mark.rule("JUP-GAP-POD-8")
def test_the_first_docking_offers_all_30_exposed_sides_on_12_tiles() -> None:
    state = new_game(players=2, seed=12)
    for seat in range(2):
        state, _ = answer(state, seat, state.robots[seat].dealt[0])
    state, _ = answer(state, 0, "s1")
    state = state.clone()
    state.placements = list(spiral_layout(sorted(CATALOG.tiles)[:19], [0] * 19))
    state.out_of_game = "T20"
    state.occupant = {d: COLONIST for t in state.colony.tiles[:7] for d in state.colony.spaces_of(t)}
    state = turn_t12(state)
    tiles = prompt_for(state, 1).choices
    assert len(tiles) == 12 and sum(c.label.count(",") + 1 for c in tiles) == 30
    assert next(c.label for c in tiles if c.id == "T12").endswith("side NE, NW, W")
    state, _ = answer(state, 1, "T12")
    assert [c.id for c in prompt_for(state, 1).choices] == [*ARC, "back"]
    state, _ = answer(state, 1, "NW")
    assert state.pod.dock == ("T12", 2) and state.phase == "actions" and state.active == 1


@pytest.mark.rule("JUP-GAP-POD-8")
@pytest.mark.rule("JUP-GAP-POD-2")
@pytest.mark.rule("JUP-GAP-POD-3")
def test_a_pod_on_a_dead_end_arc_is_left_and_boarded_over_its_docking_dome() -> None:
    state = position(robots={0: "pod", 1: PARK}, pieces={"T12.W": COLONIST}, pod=("T12", "NW"))
    state = turn_t12(state)
    state, _ = act(state, "move")
    assert ids(state) == ["T12.NW", "cancel"]  # the way out is the docking dome
    state, _ = act(state, "cancel", "command")
    assert "T12.W" in ids(state)  # aboard, the robot commands the docking tile
    state, _ = act(state, "T12.W", "T12.NW", "command", "T12.NW", "pod")
    assert state.pod.colonists == 1 and "T12.W" not in state.occupant


@pytest.mark.rule("JUP-GAP-POD-8")
@pytest.mark.rule("JUP-POD-3")
@pytest.mark.rule("JUP-POD-5")
def test_a_pod_on_a_dead_end_arc_launches_and_its_launcher_may_dock_there_again() -> None:
    pieces = {"T12.NE": COLONIST}
    state = position(robots={0: "T12.W", 1: PARK}, pieces=pieces, pod=("T12", "NW"), pod_colonists=6, rolls=[1, 1])
    state, _ = act(turn_t12(state), "command", "T12.NE", "T12.NW", "command", "T12.NW", "pod")
    assert state.pod.dock is None and state.pod.launched_by == 0 and state.pod.colonists == 0  # the 7th launched it
    state, _ = act(state, "end", "end")
    assert state.active == 0 and state.phase == "start"
    assert arc_sides(state) == list(ARC)
    state, _ = act(state, "T12", "NE")
    assert state.pod.dock == ("T12", 1) and state.phase == "actions"


@pytest.mark.rule("JUP-GAP-POD-8")
@pytest.mark.rule("JUP-CARD-PILOT-2")
def test_pilot_may_dock_on_a_dead_end_arc() -> None:
    state = turn_t12(position(robots={0: "T01.C", 1: PARK}, pod=None, hands={0: ["pilot"]}))
    state.pod.launched_by = 1
    state, _ = act(state, "pilot.h")
    assert arc_sides(state) == list(ARC)
    state, _ = act(state, "T12", "NE")
    assert state.pod.dock == ("T12", 1)


@pytest.mark.rule("JUP-GAP-POD-8")
@pytest.mark.rule("JUP-GAP-POD-5")
def test_when_the_docking_tile_blows_up_a_dead_end_arc_is_offered_for_the_new_dock() -> None:
    pieces = {d: CREEP for d in ("T08.C", "T08.E", "T08.NE", "T08.NW", "T08.W", "T08.SW")}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[2], pod=("T08", "SE"), pod_colonists=2)
    state, _ = act(turn_t12(state), "end")
    assert "T08" in state.destroyed and state.pod.dock is None and [p.seat for p in prompts(state)] == [0]
    assert arc_sides(state) == list(ARC)
    state, _ = act(state, "T12", "NW")
    assert state.pod.dock == ("T12", 2) and state.pod.colonists == 2 and state.active == 1
