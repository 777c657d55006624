"""The public view tells a player who comes back later where the turn stands and what the end of the turn did.

Pinned here: the stage of the turn (``turn_stage``, ``turn_steps``, ``waiting_for``) after each step that can
wait for a decision; the setback drawn this turn and the lasting effects of super creeps on plants and dishes;
the tiles Suppressant protected, the tiles where creeps rose and the tiles that self-destructed, this turn
(``this_turn``) and after the next turn has begun (``last_turn``); and that a snapshot stored before these
fields existed still loads and views.
"""

from __future__ import annotations

import json

import pytest

from engine.jupiter import SPEC
from engine.jupiter.state import COLONIST, CREEP, JupiterState
from engine.jupiter.view import JupiterView

from .rigging import act, ids, new_game, position, prompt_for, ready

PARK = "T06.C"


def seen(state: JupiterState) -> JupiterView:
    """The channel's view, typed."""
    view = SPEC.view(state, None)
    assert isinstance(view, JupiterView)
    return view


def place_all(state: JupiterState) -> JupiterState:
    """Answer every creep placement with the first space offered."""
    while state.queue and state.phase == "end":
        state, _ = act(state, ids(state)[0])
    return state


@pytest.mark.rule("JUP-TURN-1")
@pytest.mark.rule("JUP-VAR-FAST-1")
def test_the_steps_of_a_turn_are_listed_in_this_games_order() -> None:
    view = seen(position(robots={0: "T01.C", 1: PARK}))
    assert view.turn_stage == "actions"
    assert view.turn_steps == ["start", "actions", "conversion", "invasion", "draw", "discard"]
    assert view.waiting_for == "the red robot acts: 5 of 5 actions left"
    fast = seen(position(robots={0: "T01.C", 1: PARK}, fast_creeps=True))
    assert fast.turn_steps == ["start", "actions", "invasion", "conversion", "draw", "discard"]


@pytest.mark.rule("JUP-SETUP-8")
@pytest.mark.rule("JUP-SETUP-11")
def test_setup_is_its_own_stage_and_names_who_is_awaited() -> None:
    state = new_game(players=2, seed=3)
    view = seen(state)
    assert view.turn_stage == "setup" and "red robot, the blue robot" in view.waiting_for
    assert view.this_turn is None and view.last_turn is None and view.setback is None
    state = ready(state)
    assert seen(state).turn_stage == "actions" and seen(state).last_turn is None


@pytest.mark.rule("JUP-CARD-PHASE-2")
@pytest.mark.rule("JUP-INVADE-1")
def test_a_reroll_waits_in_the_invasion_step_with_the_die_shown() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[2, 1], hands={0: ["phaseshift"]})
    state, _ = act(state, "end")
    view = seen(state)
    assert view.turn_stage == "invasion" and view.roll == 2
    assert "may reroll the invasion die (2)" in view.waiting_for
    assert view.this_turn is not None and view.this_turn.roll == 2 and view.this_turn.invaded == []


@pytest.mark.rule("JUP-INVADE-2")
@pytest.mark.rule("JUP-DEC-7")
def test_tiles_where_creeps_rose_are_reported_this_turn_and_the_next() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[3], deck=["sniper"])
    state, _ = act(state, "end")
    view = seen(state)
    assert view.turn_stage == "invasion" and view.invading and "chooses where the creep on" in view.waiting_for
    state = place_all(state)
    assert state.active == 1
    view = seen(state)
    assert view.turn_stage == "actions" and view.invaded == [] and view.this_turn is None
    last = view.last_turn
    assert last is not None and (last.turn, last.seat, last.colour, last.roll) == (1, 0, "red", 3)
    assert last.invaded == ["T09", "T10", "T11", "T12"] and last.drew == "sniper" and last.setback is None
    assert "Turn 1 (red): rolled 3; creeps rose on T09, T10, T11, T12; drew Sniper." in view.describe()


@pytest.mark.rule("JUP-CARD-SUPPRESS-2")
@pytest.mark.rule("JUP-GAP-SUPPRESS")
def test_suppressed_tiles_are_in_the_view_while_the_turn_lasts_and_after() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[3], cores={0: "suppressant"}, deck=["sniper"])
    state, _ = act(state, "end")
    assert "may use Suppressant against the roll of 3" in seen(state).waiting_for
    state, _ = act(state, "T09")
    view = seen(state)
    assert view.suppressed == ["T09"] and view.this_turn is not None and view.this_turn.suppressed == ["T09"]
    assert "T09" not in view.invading
    state = place_all(state)
    view = seen(state)
    assert view.suppressed == [] and view.last_turn is not None
    assert view.last_turn.suppressed == ["T09"] and "T09" not in view.last_turn.invaded


@pytest.mark.rule("JUP-SETBACK-POWERGRAB-1")
@pytest.mark.rule("JUP-HAND-3")
@pytest.mark.rule("JUP-SUPER-2")
def test_power_grab_is_shown_while_it_resolves_and_its_lasting_effect_after() -> None:
    state = position(robots={0: "T10.E", 1: PARK}, rolls=[1], hands={0: ["suppressant"]}, deck=["powergrab"])
    state, _ = act(state, "end")
    view = seen(state)  # the setback is drawn; Suppressant may protect a plant first
    assert view.turn_stage == "setback" and view.setback == "powergrab" and view.setback_pending
    assert view.setback_effect == "a super creep on every unguarded power plant"
    assert "may use Suppressant against Power Grab" in view.waiting_for
    state, _ = act(state, "T11")
    view = seen(state)
    assert view.turn_stage == "actions" and view.setback is None  # the next turn has begun
    last = view.last_turn
    assert last is not None and last.setback == "powergrab" and last.drew == "powergrab"
    assert last.setback_tiles == ["T09", "T12"] and last.suppressed == ["T11"]
    assert last.setback_effect == "super creeps on the power plants of T09, T12"
    assert view.covered_plants == ["T09", "T12"] and view.hand_limit == 2
    assert view.lasting == ["power plants T09, T12 covered: hand limit 2, not 4"]
    assert "Power plants T09, T12 covered: hand limit 2, not 4." in view.describe()


@pytest.mark.rule("JUP-SETBACK-SIGNAL-1")
@pytest.mark.rule("JUP-SUPER-3")
def test_signal_to_noise_shows_the_jammed_dishes_and_the_lost_action() -> None:
    state = position(robots={0: "T13.E", 1: PARK}, rolls=[1], deck=["signal"], filler=False)
    state, _ = act(state, "end")
    view = seen(state)
    assert view.covered_dishes == ["T14", "T15", "T16"] and view.dish_jammed and view.actions_per_turn == 4
    assert view.lasting == ["radar dishes T14, T15, T16 covered: 4 actions a turn, not 5"]
    assert view.waiting_for == "the blue robot acts: 4 of 4 actions left"


@pytest.mark.rule("JUP-SETBACK-SURGE-1")
@pytest.mark.rule("JUP-GAP-INV-5")
def test_surge_names_the_tiles_it_hits_and_its_creeps_are_placed_in_the_setback_step() -> None:
    pieces = {"T09.E": COLONIST, "T09.NE": COLONIST}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[3], deck=["surge"])
    state, _ = act(state, "end")
    while state.phase == "end" and state.stage != "setback_done":
        state, _ = act(state, ids(state)[0])
    if state.phase == "end":  # a Surge creep is waiting for its space
        view = seen(state)
        assert view.turn_stage == "setback" and view.setback == "surge" and not view.setback_pending
        assert view.setback_tiles == ["T09", "T10", "T11", "T12"]
        state = place_all(state)
    last = seen(state).last_turn
    assert last is not None and last.setback == "surge" and last.setback_tiles == ["T09", "T10", "T11", "T12"]
    assert last.setback_effect == "another creep for T09, T10, T11, T12"


@pytest.mark.rule("JUP-DESTROY-1")
@pytest.mark.rule("JUP-GAP-POD-5")
def test_a_tile_that_self_destructs_is_reported_this_turn_and_the_next() -> None:
    pieces = {d: CREEP for d in ("T08.C", "T08.E", "T08.NE", "T08.NW", "T08.W", "T08.SW")}
    state = position(robots={0: "T01.C", 1: PARK}, pieces=pieces, rolls=[2], pod=("T08", "SE"), pod_colonists=2)
    state.destroyed_before = len(state.destroyed)
    state, _ = act(state, "end")
    view = seen(state)  # T08 blew up with the pod docked on it: the pod docks again before anything else
    assert view.destroyed_this_turn == ["T08"] and view.this_turn is not None
    assert view.this_turn.destroyed == ["T08"] and view.this_turn.invaded == ["T08"]
    assert view.turn_stage == "invasion" and "docks the pod again" in view.waiting_for
    state, _ = act(state, "T19")
    if state.pod.dock is None:
        state, _ = act(state, ids(state)[0])
    view = seen(state)
    assert view.destroyed_this_turn == [] and view.last_turn is not None and view.last_turn.destroyed == ["T08"]


@pytest.mark.rule("JUP-HAND-1")
@pytest.mark.rule("JUP-DEC-9")
def test_discarding_to_the_hand_limit_is_the_last_stage() -> None:
    hand = ["sniper", "swap", "pilot", "teleport"]
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[1], hands={0: hand}, deck=["bullhorn"])
    state, _ = act(state, "end")
    view = seen(state)
    assert view.turn_stage == "discard" and view.waiting_for == "the red robot discards down to the hand limit of 4"
    assert view.drew == "bullhorn" and view.this_turn is not None and view.this_turn.drew == "bullhorn"


@pytest.mark.rule("JUP-POD-5")
@pytest.mark.rule("JUP-TURN-3")
def test_docking_the_launched_pod_is_the_start_stage() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[1, 1], pod=None)
    state.pod.launched_by = 1
    state, _ = act(state, "end")
    view = seen(state)
    assert view.turn_stage == "start" and view.waiting_for == "the blue robot docks the pod it launched"


@pytest.mark.rule("JUP-LOSE-1")
def test_a_finished_game_is_over_and_keeps_its_last_report() -> None:
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[3], filler=False, saved=0)
    state, _ = act(state, "end")
    state = place_all(state)
    view = seen(state)
    assert view.phase == "lost" and view.turn_stage == "over" and view.waiting_for == view.result


def test_a_snapshot_from_before_the_new_fields_loads_and_views() -> None:
    """Games stored by the first release have none of the report fields: they load with the defaults."""
    state = position(robots={0: "T01.C", 1: PARK}, rolls=[3], deck=["sniper"])
    state, _ = act(state, "end")
    state = place_all(state)
    data = json.loads(state.model_dump_json())
    for key in ("drew", "setback", "setback_tiles", "destroyed_before", "last_turn", "owners"):
        del data[key]
    old = SPEC.load_state(json.dumps(data))
    assert old.last_turn is None and old.destroyed_before is None and old.owners == [] and old.seats == 2
    view = seen(old)
    assert view.last_turn is None and view.destroyed_this_turn == [] and view.turn_stage == "actions"
    assert [r.owner for r in view.robots] == [0, 1] and view.seats == 2
    # and it plays on: the next turn records its report again
    old, _ = act(old, "end")
    old = place_all(old)
    assert seen(old).last_turn is not None and prompt_for(old, old.active).seat == old.active


@pytest.mark.parametrize("players", [1, 3, 7])
def test_the_robots_marked_waiting_are_exactly_those_the_game_asks(players: int) -> None:
    """The board's "to play" marks come from a shortcut (``rules.deciding``) that must follow ``prompts``."""
    from engine.core import SeatSetup
    from engine.core.playout import random_playout
    from engine.jupiter import rules

    options = SPEC.parse_options({"robot_vulnerability": True})
    seen_steps = 0
    for step in random_playout(SPEC, [SeatSetup() for _ in range(players)], options, 11 + players, max_steps=300):
        state = step.after
        asked = {p.seat for p in rules.prompts(state)}
        assert rules.deciding(state) == asked, f"step {step.index}"
        marked = {r.seat for r in SPEC.view(state, None).robots if r.waiting}
        assert marked == asked, f"step {step.index}"
        seen_steps += 1
    assert seen_steps > 20


def test_each_viewer_gets_its_own_view_of_one_state() -> None:
    """Views of one state are built once and copied per viewer: the copies must not share viewer fields."""
    state = ready(new_game(3))
    board, mine, theirs = SPEC.view(state, None), SPEC.view(state, 1), SPEC.view(state, 2)
    assert (board.viewer, mine.viewer, theirs.viewer) == (None, 1, 2)
    assert (board.my_seat, mine.my_seat, theirs.my_seat) == (None, 1, 2)
    assert board.describe() == SPEC.view(state, None).describe()
