"""Player Actions: move, shoot, command, trade, the action count and the pod (JUP-ACT-*, JUP-POD-*).

Positions use the standard layout of ``rigging.position`` (T01 FULL at the centre, T02 HUB east of it, T08 HOOK
east of T02 on the edge...). Given a position, when the active robot answers its prompts, then one rule holds.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.jupiter.cards import actions_left

from .rigging import act, ids, position, texts


@pytest.mark.rule("JUP-ACT-1")
@pytest.mark.rule("JUP-DEC-4")
def test_a_turn_has_five_actions_in_any_mix() -> None:
    state = position(robots={0: "T01.C", 1: "T07.C"}, pieces={"T01.W": "X", "T01.E": "C"})
    assert actions_left(state) == 5
    state, _ = act(state, "shoot", "T01.W")  # 1
    state, _ = act(state, "command", "T01.E", "T02.W")  # 2
    state, _ = act(state, "move", "T01.NE", "move", "T01.NW", "move", "T01.C")  # 3, 4, 5
    assert state.phase != "actions" or state.active != 0  # no action left and nothing free: the turn moved on


@pytest.mark.rule("JUP-GAP-ACT-1")
def test_a_robot_may_end_its_actions_early_and_loses_the_rest() -> None:
    state = position(robots={0: "T01.C", 1: "T07.C"}, rolls=[1])
    assert ids(state)[-1] == "end"
    state, events = act(state, "end")
    assert state.active == 1 and state.spent == 0 and "Turn 2" in texts(events)


@pytest.mark.rule("JUP-ACT-MOVE-1")
def test_move_steps_one_space_along_a_bridge_into_an_open_space() -> None:
    state = position(robots={0: "T01.E", 1: "T07.C"})
    state, _ = act(state, "move")
    assert set(ids(state)) == {"T01.C", "T01.NE", "T01.SE", "T02.W", "cancel"}
    state, events = act(state, "T02.W")
    assert state.where_is(0) == "T02.W" and actions_left(state) == 4 and "moves to T02.W" in texts(events)


@pytest.mark.rule("JUP-ACT-MOVE-2")
def test_an_occupied_space_is_not_a_destination() -> None:
    state = position(robots={0: "T01.E", 1: "T01.C"}, pieces={"T01.NE": "C", "T02.W": "X"})
    state, _ = act(state, "move")
    assert set(ids(state)) == {"T01.SE", "cancel"}


@pytest.mark.rule("JUP-ACT-MOVE-3")
def test_no_bridge_no_step() -> None:
    # T07 is a STAR (spokes only): its outer domes are not bridged to each other.
    state = position(robots={0: "T07.E", 1: "T05.C"})
    state, _ = act(state, "move")
    assert "T07.NE" not in ids(state) and "T07.C" in ids(state)


@pytest.mark.rule("JUP-ACT-MOVE-4")
def test_pieces_block_the_way_without_polite_colonists() -> None:
    state = position(robots={0: "T01.W", 1: "T07.C"}, pieces={"T01.C": "C", "T01.NW": "C", "T01.SW": "C"})
    state, _ = act(state, "move")
    assert set(ids(state)) == {"T05.E", "cancel"}  # T01.E lies beyond the colonist on T01.C


@pytest.mark.rule("JUP-ACT-SHOOT-1")
def test_shoot_any_creep_on_your_own_tile_even_far_from_you() -> None:
    state = position(robots={0: "T01.W", 1: "T07.C"}, pieces={"T01.E": "X", "T01.C": "C"})
    state, _ = act(state, "shoot")
    assert ids(state) == ["T01.E", "cancel"]
    state, events = act(state, "T01.E")
    assert "T01.E" not in state.occupant and actions_left(state) == 4 and "kills the creep on T01.E" in texts(events)


@pytest.mark.rule("JUP-ACT-SHOOT-2")
def test_a_creep_one_bridge_away_on_another_tile_cannot_be_shot() -> None:
    state = position(robots={0: "T01.E", 1: "T07.C"}, pieces={"T02.W": "X"})
    assert "shoot" not in ids(state)


@pytest.mark.rule("JUP-ACT-CMD-1")
def test_command_moves_a_colonist_on_your_tile_or_an_adjacent_one_by_one_space() -> None:
    state = position(robots={0: "T01.C", 1: "T07.C"}, pieces={"T02.E": "C", "T01.NE": "C", "T19.C": "C"})
    state, _ = act(state, "command")
    assert set(ids(state)) == {"T02.E", "T01.NE", "cancel"}  # T19 is two tiles away
    state, _ = act(state, "T02.E")
    assert "T08.W" in ids(state)
    state, _ = act(state, "T08.W")
    assert state.occupant.get("T08.W") == "C" and "T02.E" not in state.occupant and actions_left(state) == 4


@pytest.mark.rule("JUP-ACT-CMD-2")
def test_command_range_is_your_tile_and_the_tiles_beside_it() -> None:
    state = position(robots={0: "T02.C", 1: "T07.C"}, pieces={"T08.E": "C", "T09.E": "C", "T10.E": "C"})
    state, _ = act(state, "command")
    assert set(ids(state)) == {"T08.E", "T09.E", "cancel"}  # T10 does not touch T02


@pytest.mark.rule("JUP-ACT-CMD-3")
def test_a_colonist_moved_out_of_range_is_stuck_until_a_robot_comes_near() -> None:
    state = position(robots={0: "T01.C", 1: "T07.C"}, pieces={"T02.E": "C"})
    state, _ = act(state, "command", "T02.E", "T08.W")
    assert state.occupant["T08.W"] == "C"
    assert "command" not in ids(state)  # T08 does not touch T01: nobody can command that colonist now


def test_command_is_offered_only_with_a_colonist_that_can_move() -> None:
    state = position(robots={0: "T01.C", 1: "T07.C"})
    assert "command" not in ids(state)


@pytest.mark.rule("JUP-ACT-TRADE-1")
def test_one_trade_gives_and_takes_any_number_of_cards() -> None:
    state = position(robots={0: "T01.C", 1: "T02.C"}, hands={0: ["sniper", "swap"], 1: ["teleport", "pilot", "boost"]})
    state, _ = act(state, "trade", "s1", "sniper", "swap", "done", "teleport", "boost", "done")
    assert sorted(state.robots[0].hand) == ["boost", "teleport"]
    assert sorted(state.robots[1].hand) == ["pilot", "sniper", "swap"]
    assert actions_left(state) == 4


@pytest.mark.rule("JUP-ACT-TRADE-2")
def test_passing_a_card_from_one_robot_to_a_third_takes_two_trades() -> None:
    state = position(players=3, robots={0: "T01.C", 1: "T02.C", 2: "T07.C"}, hands={1: ["teleport"]})
    state, _ = act(state, "trade", "s1", "done", "teleport", "done")
    state, _ = act(state, "trade", "s2", "teleport", "done", "done")
    assert state.robots[2].hand == ["teleport"] and actions_left(state) == 3


@pytest.mark.rule("JUP-ACT-TRADE-3")
def test_only_robots_in_command_range_can_trade() -> None:
    state = position(players=3, robots={0: "T01.C", 1: "T02.C", 2: "T19.C"}, hands={2: ["teleport"], 1: ["swap"]})
    state, _ = act(state, "trade")
    assert ids(state) == ["s1", "cancel"]


def test_a_trade_of_nothing_costs_nothing() -> None:
    state = position(robots={0: "T01.C", 1: "T02.C"}, hands={1: ["swap"]})
    state, events = act(state, "trade", "s1", "done", "done")
    assert actions_left(state) == 5 and "calls off" in texts(events)


def test_cancel_returns_to_the_menu_for_free() -> None:
    state = position(robots={0: "T01.C", 1: "T07.C"})
    state, _ = act(state, "move", "cancel")
    assert actions_left(state) == 5 and "move" in ids(state)


def test_an_answer_not_offered_is_refused() -> None:
    state = position(robots={0: "T01.C", 1: "T07.C"})
    with pytest.raises(IllegalAction):
        act(state, "shoot")


# The pod ----------------------------------------------------------------------------------------------------


@pytest.mark.rule("JUP-POD-1")
def test_the_pod_is_one_space_for_up_to_seven_pieces() -> None:
    state = position(robots={0: "T08.E", 1: "pod"}, pod_colonists=6)
    state, _ = act(state, "move")
    assert "pod" not in ids(state)  # 6 colonists and a robot: full
    state = position(robots={0: "T08.E", 1: "pod"}, pod_colonists=5)
    state, _ = act(state, "move", "pod")
    assert state.where_is(0) == "pod" and state.pod.load == 7


@pytest.mark.rule("JUP-POD-2")
def test_pieces_aboard_never_block_the_way_in_or_out() -> None:
    state = position(players=3, robots={0: "T08.E", 1: "pod", 2: "pod"}, pod_colonists=2)
    state, _ = act(state, "move", "pod")
    assert state.pod.robots == [0, 1, 2]
    state, _ = act(state, "move")
    assert ids(state) == ["T08.E", "cancel"]


@pytest.mark.rule("JUP-POD-3")
@pytest.mark.rule("JUP-POD-4")
def test_the_seventh_colonist_launches_the_pod_at_once() -> None:
    state = position(robots={0: "T08.C", 1: "T07.C"}, pieces={"T08.E": "C"}, pod_colonists=6, saved=10)
    state, events = act(state, "command", "T08.E", "pod")
    assert state.saved == 17 and state.pod.colonists == 0 and state.pod.dock is None
    assert state.pod.launched_by == 0 and "launches" in texts(events)
    assert state.phase == "actions" and actions_left(state) == 4  # the launch happened mid-turn


@pytest.mark.rule("JUP-POD-5")
@pytest.mark.rule("JUP-TURN-3")
def test_a_launched_pod_returns_at_the_start_of_the_launchers_next_turn() -> None:
    state = position(robots={0: "T08.C", 1: "T07.C"}, pieces={"T08.E": "C"}, pod_colonists=6, rolls=[1, 1])
    state, _ = act(state, "command", "T08.E", "pod", "end")
    assert state.active == 1 and state.phase == "actions" and state.pod.dock is None  # not the launcher
    state, _ = act(state, "end")
    assert state.active == 0 and state.phase == "start"
    tiles = ids(state)
    assert "T08" in tiles
    state, _ = act(state, "T08")
    if state.phase == "start":
        state, _ = act(state, "E")
    assert state.pod.dock == ("T08", 0) and state.phase == "actions"


@pytest.mark.rule("JUP-POD-6")
@pytest.mark.rule("JUP-CONVERT-2")
def test_colonists_aboard_never_convert() -> None:
    state = position(robots={0: "T01.C", 1: "T07.C"}, pieces={"T08.E": "X"}, pod_colonists=3, rolls=[1])
    state, _ = act(state, "end")
    assert state.pod.colonists == 3


@pytest.mark.rule("JUP-GAP-POD-3")
def test_a_robot_aboard_the_docked_pod_acts_from_the_docking_tile() -> None:
    state = position(robots={0: "pod", 1: "T07.C"}, pieces={"T08.W": "X", "T02.C": "C"})
    assert "shoot" in ids(state)
    state, _ = act(state, "command")
    assert "T02.C" in ids(state)


@pytest.mark.rule("JUP-GAP-POD-2")
def test_a_robot_leaves_the_pod_onto_the_docking_dome_and_colonists_never_leave() -> None:
    state = position(robots={0: "pod", 1: "T07.C"}, pod_colonists=3)
    state, _ = act(state, "move")
    assert ids(state) == ["T08.E", "cancel"]
    state = position(robots={0: "T08.C", 1: "T07.C"}, pod_colonists=3)
    assert "command" not in ids(state)


@pytest.mark.rule("JUP-GAP-POD-1")
def test_the_pod_hangs_off_one_dome_which_stays_an_edge_space() -> None:
    state = position(robots={0: "T02.C", 1: "T06.C"}, pieces={"T08.NE": "X", "T08.SE": "X"}, rolls=[2])
    state, _ = act(state, "end")
    assert state.occupant["T08.E"] == "X"  # the only open edge space of T08 is the docking dome
    state = position(robots={0: "pod", 1: "T06.C"}, pieces={"T08.E": "X"})
    assert "move" not in ids(state)  # the creep blocks the way out


@pytest.mark.rule("JUP-GAP-POD-4")
def test_robots_aboard_stay_aboard_at_a_launch_and_come_back_with_the_pod() -> None:
    state = position(robots={0: "T01.C", 1: "pod"}, pod_colonists=2, saved=10, hands={0: ["pilot", "pilot"]})
    state, _ = act(state, "pilot.h")
    assert state.pod.dock is None and state.pod.robots == [1] and state.where_is(1) == "pod"
    state, _ = act(state, "pilot.h", "T19")
    if state.pod.dock is None:
        state, _ = act(state, ids(state)[0])
    assert state.pod.dock is not None and state.where_is(1) == "pod"
