"""Rescue cards: each card's effect, standard and core scope, and the combinations (JUP-CARD-*, JUP-COMBO-*).

Standard layout of ``rigging.position``: T01 FULL at (0,0); T02 HUB east of it, then T08 HOOK on the east edge
(spokes C-E, C-NW, C-SW only); T07 STAR south-east of T01; T19 STAR at (1,1), two tiles from T01.
"""

from __future__ import annotations

import pytest

from engine.jupiter.cards import actions_left
from engine.jupiter.rules import prompts
from engine.jupiter.state import COLONIST, CREEP

from .rigging import act, ids, position, texts

PARK = "T06.C"  # where robot 1 waits out of the way


@pytest.mark.rule("JUP-CARD-BOOST-2")
@pytest.mark.rule("JUP-ACT-2")
@pytest.mark.rule("JUP-GAP-CARD-1")
def test_boost_gives_one_extra_action() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, hands={0: ["boost"]})
    state, events = act(state, "play.boost")
    assert actions_left(state) == 6 and "plays Boost" in texts(events)


@pytest.mark.rule("JUP-COMBO-1")
def test_two_boosts_make_seven_actions_or_six_under_a_covered_dish() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, hands={0: ["boost", "boost"]})
    state, _ = act(state, "play.boost", "play.boost")
    assert actions_left(state) == 7
    state = position(robots={0: "T01.C", 1: PARK}, hands={0: ["boost"]}, cores={0: "boost"}, super_creeps=["T13"])
    state, _ = act(state, "play.boost")
    assert actions_left(state) == 6


@pytest.mark.rule("JUP-CARD-BULLHORN-2")
def test_bullhorn_extends_command_range_over_the_whole_colony() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pieces={"T19.C": COLONIST}, hands={0: ["bullhorn"]})
    assert "command" not in ids(state)
    state, _ = act(state, "play.bullhorn", "command")
    assert "T19.C" in ids(state)


@pytest.mark.rule("JUP-CARD-FOLLOWER-2")
@pytest.mark.rule("JUP-GAP-CARD-3")
def test_follower_lets_an_adjacent_colonist_step_into_the_vacated_space() -> None:
    pieces = {"T01.E": COLONIST, "T01.C": COLONIST, "T01.NE": COLONIST}
    state = position(robots={0: "T01.W", 1: PARK}, pieces=pieces, cores={0: "follower"})
    state, _ = act(state, "command", "T01.E", "T02.W")
    assert set(ids(state)) == {"T01.C", "T01.NE", "none"}
    state, events = act(state, "T01.C")
    assert state.occupant["T01.E"] == COLONIST and "T01.C" not in state.occupant
    assert actions_left(state) == 4 and "moves from T01.C to T01.E" in texts(events)


@pytest.mark.rule("JUP-GAP-FOLLOW")
def test_the_follower_may_be_declined_and_never_calls_another() -> None:
    pieces = {"T01.E": COLONIST, "T01.C": COLONIST, "T01.W": COLONIST}
    state = position(robots={0: "T01.NW", 1: PARK}, pieces=pieces, cores={0: "follower"})
    state, _ = act(state, "command", "T01.E", "T02.W", "T01.C")
    assert ids(state)[0] in ("move", "command")  # back at the menu: T01.W does not follow in turn
    state = position(robots={0: "T01.NW", 1: PARK}, pieces=pieces, cores={0: "follower"})
    state, _ = act(state, "command", "T01.E", "T02.W", "none")
    assert state.occupant.get("T01.C") == COLONIST and "T01.E" not in state.occupant


@pytest.mark.rule("JUP-CARD-GRENADIER-2")
@pytest.mark.rule("JUP-GAP-GREN")
def test_grenadier_kills_one_creep_adjacent_to_each_kill_for_free() -> None:
    pieces = {"T01.E": CREEP, "T02.W": CREEP}
    state = position(robots={0: "T01.W", 1: PARK}, pieces=pieces, cores={0: "grenadier"})
    state, events = act(state, "shoot", "T01.E")
    assert "T01.E" not in state.occupant and "T02.W" not in state.occupant  # across the tile side
    assert actions_left(state) == 4 and "grenade kills the creep on T02.W" in texts(events)
    pieces = {"T01.E": CREEP, "T02.W": CREEP, "T01.NE": CREEP, "T02.C": CREEP}
    state = position(robots={0: "T01.W", 1: PARK}, pieces=pieces, cores={0: "grenadier"})
    state, _ = act(state, "shoot", "T01.E")
    assert set(ids(state)) == {"T02.W", "T01.NE"}
    state, _ = act(state, "T02.W")
    assert state.occupant["T01.NE"] == CREEP and state.occupant["T02.C"] == CREEP  # no chain reaction


@pytest.mark.rule("JUP-CARD-HEATSEEKER-2")
@pytest.mark.rule("JUP-CARD-GEN-2")
def test_heat_seeker_kills_a_creep_anywhere_for_three_actions_and_is_discarded() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pieces={"T19.C": CREEP}, hands={0: ["heatseeker"]})
    state, _ = act(state, "heatseeker.h", "T19", "T19.C")
    assert "T19.C" not in state.occupant and actions_left(state) == 2
    assert state.robots[0].hand == [] and state.discard == ["heatseeker"]


@pytest.mark.rule("JUP-CARD-JUGGERNAUT-2")
def test_juggernaut_moves_onto_a_creep_and_kills_it() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pieces={"T01.E": CREEP}, cores={0: "juggernaut"})
    state, _ = act(state, "move")
    assert "T01.E" in ids(state)
    state, events = act(state, "T01.E")
    assert state.where_is(0) == "T01.E" and actions_left(state) == 4 and "Juggernaut kills" in texts(events)


@pytest.mark.rule("JUP-CARD-MODCTRL-2")
@pytest.mark.rule("JUP-GAP-MODCTRL")
def test_module_control_moves_an_edge_tile_with_its_pieces_and_rotation() -> None:
    state = position(
        robots={0: "T01.C", 1: PARK}, pieces={"T08.E": COLONIST}, hands={0: ["modctrl"]}, pod=("T18", "SE")
    )
    state, _ = act(state, "modctrl.h")
    assert "T08" in ids(state) and "T18" not in ids(state)  # the pod's tile stays put
    assert "T01" not in ids(state)  # no exposed side at all
    state, _ = act(state, "T08")
    assert "T08" not in ids(state)
    state, events = act(state, "T16", "SE")
    colony = state.colony
    assert colony.cell_of("T08") == (-2, 3) and state.occupant["T08.E"] == COLONIST
    assert "T16" in colony.adjacent_tiles("T08") and "moves against side SE of T16" in texts(events)
    assert state.discard == ["modctrl"] and actions_left(state) == 5


@pytest.mark.rule("JUP-CARD-OVERRIDE-2")
@pytest.mark.rule("JUP-GAP-OVERRIDE")
def test_override_spends_your_actions_on_another_robots_standard_move_or_shot() -> None:
    state = position(
        robots={0: "T01.C", 1: "T19.C"}, pieces={"T19.E": CREEP}, hands={0: ["override"]}, cores={1: "juggernaut"}
    )
    state, _ = act(state, "play.override", "ovmove", "s1")
    assert "T19.E" not in ids(state)  # the other robot's Juggernaut core does not apply
    state, _ = act(state, "cancel", "ovshoot", "s1", "T19.E")
    assert "T19.E" not in state.occupant and actions_left(state) == 4
    state, _ = act(state, "ovmove", "s1", "T19.E")
    assert state.where_is(1) == "T19.E" and state.where_is(0) == "T01.C" and actions_left(state) == 3


@pytest.mark.rule("JUP-CARD-PILOT-2")
def test_pilot_launches_the_docked_pod_now() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pod_colonists=3, saved=10, hands={0: ["pilot"]})
    state, events = act(state, "pilot.h")
    assert state.saved == 13 and state.pod.dock is None and state.pod.launched_by == 0 and "Pilot" in texts(events)


@pytest.mark.rule("JUP-CARD-PILOT-2")
@pytest.mark.rule("JUP-GAP-POD-7")
def test_pilot_docks_an_away_pod_now_cancelling_the_pending_dock() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pod=None, hands={0: ["pilot"]})
    state.pod.launched_by = 1
    state, _ = act(state, "pilot.h", "T08", "E")
    assert state.pod.dock == ("T08", 0) and state.pod.launched_by is None and state.discard == ["pilot"]


@pytest.mark.rule("JUP-COMBO-6")
def test_pilot_and_pilot_launch_and_redock_in_one_turn() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pod_colonists=2, saved=10, hands={0: ["pilot"]}, cores={0: "pilot"})
    state, _ = act(state, "pilot.c", "pilot.h", "T19")
    if state.pod.dock is None:
        state, _ = act(state, ids(state)[0])
    assert state.saved == 12 and state.pod.dock is not None and state.pod.dock[0] == "T19"


@pytest.mark.rule("JUP-CARD-ROCKET-2")
@pytest.mark.rule("JUP-GAP-LINE")
@pytest.mark.rule("JUP-GAP-ROCKET")
def test_rocket_boots_fly_a_straight_line_over_colonists_but_not_creeps() -> None:
    pieces = {"T01.C": COLONIST, "T02.C": CREEP}
    state = position(robots={0: "T01.W", 1: PARK}, pieces=pieces, hands={0: ["rocketboots"]})
    state, _ = act(state, "rocketboots.h", "E")
    assert ids(state) == ["T01.E", "T02.W", "cancel"]  # jumps the colonist, stops at the creep
    state, _ = act(state, "T02.W")
    assert state.where_is(0) == "T02.W" and actions_left(state) == 4 and state.discard == ["rocketboots"]


@pytest.mark.rule("JUP-CARD-SNIPER-2")
def test_sniper_kills_a_creep_on_an_adjacent_tile_for_one_action() -> None:
    state = position(robots={0: "T01.W", 1: PARK}, pieces={"T02.E": CREEP, "T19.C": CREEP}, hands={0: ["sniper"]})
    state, _ = act(state, "sniper.h")
    assert ids(state) == ["T02.E", "cancel"]
    state, _ = act(state, "T02.E")
    assert "T02.E" not in state.occupant and actions_left(state) == 4


@pytest.mark.rule("JUP-CARD-GEN-5")
@pytest.mark.rule("JUP-CARD-GEN-1")
def test_an_every_action_core_works_on_every_action_and_stays() -> None:
    pieces = {"T02.E": CREEP, "T02.C": CREEP, "T02.W": CREEP}
    state = position(robots={0: "T01.W", 1: PARK}, pieces=pieces, cores={0: "sniper"})
    state, _ = act(state, "sniper.c", "T02.E", "sniper.c", "T02.C", "sniper.c", "T02.W")
    assert not any(p == CREEP for p in state.occupant.values())
    assert state.robots[0].core == "sniper" and state.discard == [] and actions_left(state) == 2


@pytest.mark.rule("JUP-CARD-GEN-6")
def test_a_once_per_turn_core_works_once_each_turn() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, cores={0: "teleport"}, rolls=[1, 1])
    state, _ = act(state, "teleport.c", "T19", "T19.C")
    assert state.where_is(0) == "T19.C" and "teleport.c" not in ids(state)
    state, _ = act(state, "end", "end")
    assert state.active == 0 and "teleport.c" in ids(state)


@pytest.mark.rule("JUP-CARD-GEN-7")
def test_two_copies_give_two_uses() -> None:
    state = position(robots={0: "T01.W", 1: PARK}, pieces={"T02.E": CREEP, "T02.W": CREEP}, hands={0: ["sniper"] * 2})
    state, _ = act(state, "sniper.h", "T02.E", "sniper.h", "T02.W")
    assert state.discard == ["sniper", "sniper"] and actions_left(state) == 3


@pytest.mark.rule("JUP-CARD-GEN-3")
@pytest.mark.rule("JUP-CARD-GEN-9")
def test_a_single_turn_card_lasts_the_turn_and_is_discarded_at_its_end() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, hands={0: ["bullhorn"], 1: ["boost"]}, rolls=[1])
    state, _ = act(state, "play.bullhorn")
    assert state.in_force == ["bullhorn"] and state.discard == []
    state, _ = act(state, "end")
    assert state.in_force == [] and state.discard == ["bullhorn"] and state.active == 1
    # cards are used only in your own turn: nothing is offered to robot 0 now
    assert all(p.seat == 1 for p in prompts(state))


@pytest.mark.rule("JUP-CARD-GEN-4")
@pytest.mark.rule("JUP-CARD-DATACORE-2")
def test_data_core_replaces_the_core_with_a_card_from_hand() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, hands={0: ["datacore", "sniper"]}, cores={0: "boost"})
    state, _ = act(state, "datacore.h")
    assert ids(state) == ["sniper", "cancel"]
    state, events = act(state, "sniper")
    robot = state.robots[0]
    assert robot.core == "sniper" and robot.hand == [] and sorted(state.discard) == ["boost", "datacore"]
    assert actions_left(state) == 5 and "new core" in texts(events)


@pytest.mark.rule("JUP-CARD-SWAP-2")
def test_swap_trades_places_with_an_adjacent_piece_for_one_action() -> None:
    pieces = {"T01.E": COLONIST, "T01.C": CREEP}
    state = position(robots={0: "T02.W", 1: PARK}, pieces=pieces, cores={0: "swap"})
    state, _ = act(state, "swap")
    assert set(ids(state)) == {"T01.E", "cancel"}
    state, _ = act(state, "T01.E")
    assert state.where_is(0) == "T01.E" and state.occupant["T02.W"] == COLONIST and actions_left(state) == 4


@pytest.mark.rule("JUP-CARD-TELEPORT-2")
def test_teleport_moves_to_any_open_space_for_three_actions() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, pieces={"T19.C": COLONIST}, hands={0: ["teleport"]})
    state, _ = act(state, "teleport.h", "T19")
    assert "T19.C" not in ids(state) and "T19.E" in ids(state)
    state, _ = act(state, "T19.E")
    assert state.where_is(0) == "T19.E" and actions_left(state) == 2


@pytest.mark.rule("JUP-GAP-POD-6")
def test_teleport_may_end_in_the_docked_pod() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, hands={0: ["teleport"]})
    state, _ = act(state, "teleport.h", "pod")
    assert state.where_is(0) == "pod"


@pytest.mark.rule("JUP-COMBO-2")
def test_juggernaut_and_teleport_land_on_a_creep_and_kill_it() -> None:
    state = position(
        robots={0: "T01.C", 1: PARK}, pieces={"T19.C": CREEP}, hands={0: ["teleport"]}, cores={0: "juggernaut"}
    )
    state, _ = act(state, "teleport.h", "T19", "T19.C")
    assert state.where_is(0) == "T19.C" and state.creeps_on_board() == 0


@pytest.mark.rule("JUP-COMBO-3")
def test_juggernaut_and_rocket_boots_kill_a_line_of_creeps() -> None:
    pieces = {"T01.C": CREEP, "T01.E": CREEP, "T02.W": COLONIST, "T02.C": CREEP}
    state = position(robots={0: "T01.W", 1: PARK}, pieces=pieces, hands={0: ["rocketboots"]}, cores={0: "juggernaut"})
    state, _ = act(state, "rocketboots.h", "E", "T02.C")
    assert state.where_is(0) == "T02.C" and state.creeps_on_board() == 0 and state.occupant["T02.W"] == COLONIST


@pytest.mark.rule("JUP-COMBO-4")
def test_swap_and_teleport_land_on_a_colonist_who_goes_to_your_start() -> None:
    state = position(
        robots={0: "T01.C", 1: PARK}, pieces={"T19.C": COLONIST}, hands={0: ["teleport"]}, cores={0: "swap"}
    )
    state, _ = act(state, "teleport.h", "T19", "T19.C")
    assert state.where_is(0) == "T19.C" and state.occupant["T01.C"] == COLONIST and actions_left(state) == 2


@pytest.mark.rule("JUP-GAP-POD-9")
def test_swap_with_rocket_boots_costs_only_the_boots() -> None:
    state = position(
        robots={0: "T01.W", 1: PARK}, pieces={"T01.E": COLONIST}, hands={0: ["rocketboots"]}, cores={0: "swap"}
    )
    state, _ = act(state, "rocketboots.h", "E", "T01.E")
    assert state.where_is(0) == "T01.E" and state.occupant["T01.W"] == COLONIST and actions_left(state) == 4


@pytest.mark.rule("JUP-GAP-SWAP")
def test_a_swap_from_the_pod_puts_the_colonist_aboard() -> None:
    state = position(robots={0: "pod", 1: PARK}, pieces={"T08.E": COLONIST}, cores={0: "swap"})
    state, _ = act(state, "swap", "T08.E")
    assert state.where_is(0) == "T08.E" and state.pod.colonists == 1


@pytest.mark.rule("JUP-COMBO-5")
def test_bullhorn_and_follower_move_colonists_anywhere_with_followers() -> None:
    pieces = {"T19.C": COLONIST, "T19.E": COLONIST}
    state = position(robots={0: "T05.C", 1: PARK}, pieces=pieces, hands={0: ["bullhorn", "follower"]})
    state, _ = act(state, "play.bullhorn", "play.follower", "command", "T19.C", "T19.NE", "T19.E")
    assert (
        state.occupant["T19.NE"] == COLONIST and state.occupant["T19.C"] == COLONIST and "T19.E" not in state.occupant
    )


@pytest.mark.rule("JUP-COMBO-7")
def test_grenadier_and_sniper_kill_two_adjacent_creeps_on_another_tile() -> None:
    pieces = {"T02.E": CREEP, "T02.C": CREEP}
    state = position(robots={0: "T01.W", 1: PARK}, pieces=pieces, hands={0: ["sniper"]}, cores={0: "grenadier"})
    state, _ = act(state, "sniper.h", "T02.E")
    assert state.creeps_on_board() == 0 and actions_left(state) == 4


@pytest.mark.rule("JUP-COMBO-8")
def test_grenadier_and_juggernaut_kill_a_creep_beside_the_one_run_over() -> None:
    pieces = {"T01.E": CREEP, "T02.W": CREEP}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, hands={0: ["grenadier"]}, cores={0: "juggernaut"})
    state, _ = act(state, "play.grenadier", "move", "T01.E")
    assert state.creeps_on_board() == 0 and state.where_is(0) == "T01.E"


@pytest.mark.rule("JUP-COMBO-9")
@pytest.mark.rule("JUP-GAP-DOUBLE")
def test_two_teleports_make_one_teleport_for_one_action() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, hands={0: ["teleport", "teleport", "teleport"]})
    assert "teleport.2" in ids(state)
    state, _ = act(state, "teleport.2", "T19", "T19.C")
    assert actions_left(state) == 4 and state.discard == ["teleport", "teleport"]
    assert not any(i.startswith("teleport") for i in ids(state))  # the ability is used for this turn
    state = position(
        robots={0: "T01.C", 1: PARK}, pieces={"T19.C": CREEP}, hands={0: ["heatseeker"]}, cores={0: "heatseeker"}
    )
    state, _ = act(state, "heatseeker.2", "T19", "T19.C")
    assert actions_left(state) == 4 and state.discard == ["heatseeker"] and state.robots[0].core == "heatseeker"


@pytest.mark.rule("JUP-GAP-SUPERKILL")
@pytest.mark.rule("JUP-SUPER-4")
@pytest.mark.rule("JUP-GAP-ACT-2")
def test_shooting_the_last_dish_super_creep_gives_the_fifth_action_back_at_once() -> None:
    state = position(robots={0: "T13.E", 1: PARK}, super_creeps=["T13"], filler=False, saved=28)
    assert actions_left(state) == 4
    state, _ = act(state, "shoot", "T13.C")
    assert state.super_creeps == [] and actions_left(state) == 4  # 5 - the shot


@pytest.mark.rule("JUP-GAP-CARD-2")
def test_phase_shift_and_suppressant_wait_for_the_roll() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, hands={0: ["phaseshift", "suppressant"]})
    assert not any(i.startswith(("phaseshift", "suppressant")) for i in ids(state))


@pytest.mark.rule("JUP-GAP-CARD-4")
def test_a_card_received_by_trade_can_be_played_the_same_turn() -> None:
    state = position(robots={0: "T01.C", 1: "T02.C"}, hands={1: ["boost"]})
    state, _ = act(state, "trade", "s1", "done", "boost", "done")
    assert "play.boost" in ids(state)
    state, _ = act(state, "play.boost")
    assert actions_left(state) == 5


@pytest.mark.rule("JUP-GAP-CARD-5")
def test_a_core_card_cannot_be_traded() -> None:
    state = position(robots={0: "T01.C", 1: "T02.C"}, hands={0: ["sniper"]}, cores={0: "teleport", 1: "swap"})
    state, _ = act(state, "trade", "s1")
    assert ids(state) == ["sniper", "done", "cancel"]
    state, _ = act(state, "done")
    assert ids(state) == ["done", "cancel"]  # the partner's core is not offered either


@pytest.mark.rule("JUP-CARD-GEN-8")
def test_the_ability_type_is_a_label_the_rules_never_read() -> None:
    from pathlib import Path

    import engine.jupiter as package

    for module in Path(package.__file__).parent.glob("*.py"):
        if module.name != "catalog.py":
            assert ".types" not in module.read_text(), module.name


@pytest.mark.rule("JUP-CARD-OVERRIDE-2")
def test_an_overridden_polite_move_costs_one_action_per_space() -> None:
    state = position(
        robots={0: "T05.C", 1: "T01.W"}, pieces={"T01.C": COLONIST}, hands={0: ["override"]}, polite_colonists=True
    )
    state, _ = act(state, "play.override", "ovmove", "s1", "T01.E")
    assert state.where_is(1) == "T01.E" and actions_left(state) == 3
