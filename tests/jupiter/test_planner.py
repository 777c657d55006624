"""The whole-turn planner of the self-play bot (``engine/jupiter/planner.py``): on small rigged positions it does
what a player would notice, and planning never changes the game it looks at.

Domes are found from the colony rather than written out, so the tests survive a change of the tile patterns in
``data/jupiter/tiles.toml`` (the balance knob): only the cross-tile bridges (JUP-GAP-TILE-2) are relied on.
"""

from __future__ import annotations

from engine.jupiter.heuristic import choose, filler, roles
from engine.jupiter.planner import plan_turn
from engine.jupiter.rules import apply, prompts
from engine.jupiter.state import JupiterState

from .rigging import position


def bot_turn(state: JupiterState, steps: int) -> JupiterState:
    """Robot 0's answers, chosen by the bot, until its actions end (or ``steps`` answers)."""
    for _ in range(steps):
        pending = [p for p in prompts(state) if p.seat == 0]
        if state.phase != "actions" or not pending:
            break
        state, _ = apply(state, 0, pending[0].id, choose(state, pending[0]))
    return state


def test_the_planner_walks_a_colonist_into_the_pod() -> None:
    # Given the pod docked on T08's east side and a colonist one bridge from the docking dome, with the robot
    # on T08 and nothing threatening, when the robot plans its turn, then the colonist ends aboard.
    probe = position(robots={1: "T05.C"})
    colony = probe.colony
    dock = colony.outer("T08", 0)
    near = sorted(n for n in colony.neighbours(dock) if n.startswith("T08"))[0]
    stand = next(d for d in colony.spaces_of("T08") if d not in (dock, near))
    state = position(robots={0: stand, 1: "T05.C"}, pieces={near: "C"})
    path = plan_turn(state)
    steps = path[-1].steps
    assert ("command", near, dock, "") in steps and ("command", dock, "pod", "") in steps
    assert path[-1].aboard == 1


def test_the_planner_shoots_the_creep_about_to_convert_a_colonist() -> None:
    # T01.E and T02.W face each other across a tile side, so they are always bridged (JUP-GAP-TILE-2): the
    # creep on T01.E converts the colonist on T02.W when Player Actions end unless the robot on T01 shoots it.
    state = position(robots={0: "T01.C", 1: "T05.C"}, pieces={"T01.E": "X", "T02.W": "C"})
    steps = plan_turn(state)[-1].steps
    assert ("shoot", "T01.E") in steps


def test_planning_never_changes_the_game_or_its_dice() -> None:
    state = position(robots={0: "T01.C", 1: "T05.C"}, pieces={"T01.E": "X", "T02.W": "C"}, rolls=[3, 4])
    before = state.model_dump_json()
    plan_turn(state)
    assert state.model_dump_json() == before


def test_the_bot_answers_the_planned_turn_with_offered_choices() -> None:
    state = position(robots={0: "T01.C", 1: "T05.C"}, pieces={"T01.E": "X", "T02.W": "C"})
    for prompt in prompts(state):
        assert choose(state, prompt) in {c.id for c in prompt.choices}


def test_once_enough_are_saved_the_robot_walks_aboard_and_wins() -> None:
    # Given 28 colonists saved, the other robot aboard and the active robot two steps from the docking dome,
    # when the bot plays its turn, then it boards the pod and the robots escape (JUP-WIN-1).
    probe = position(robots={0: "T08.C"})
    dock = probe.colony.outer("T08", 0)
    start = next(n for n in probe.colony.neighbours(dock) if n != "T08.C" and n.startswith("T08"))
    state = position(robots={0: start}, saved=28, filler=True)
    assert bot_turn(state, 12).phase == "won"


def test_the_robot_nearest_the_docking_tile_fills_the_pod() -> None:
    # Given two robots, one on the docking tile T08 and one on T01, then the robot on T08 has the filling role
    # and the other clears creeps and guards (the planner's roles, ``heuristic.filler``).
    probe = position(robots={0: "T01.C", 1: "T08.C"})
    dock = probe.colony.outer("T08", 0)
    assert filler(probe, dock) == 1
    assert filler(position(robots={0: "T08.C", 1: "T01.C"}), dock) == 0


def test_going_home_a_far_robot_teleports_aboard() -> None:
    # Given 28 colonists saved, the other robot aboard and the active robot far from the pod with Teleport in
    # hand, when the bot plays, then it teleports into the pod and the robots escape.
    state = position(robots={0: "T01.C"}, saved=28, filler=True, hands={0: ["teleport"]})
    assert choose(state, prompts(state)[0]) == "teleport.h"
    assert bot_turn(state, 6).phase == "won"


def _dome(tile: str) -> str:
    """An outer dome of ``tile`` on the standard layout (Module 3/4 tiles have no centre dome)."""
    return position(robots={0: "T01.C"}).colony.spaces_of(tile)[0]


def test_with_four_robots_the_robots_take_different_jobs() -> None:
    # Given four robots: one on the docking tile T08, one on a Module 3 tile, one on a Module 4 tile and one on
    # T01, then the first fills the pod, the next two guard Module 3 and Module 4 and the last feeds the pod
    # (``heuristic.roles``): four robots, four jobs, nobody crowding the docking tile for the same work.
    state = position(4, robots={0: "T08.C", 1: _dome("T10"), 2: _dome("T13"), 3: "T01.C"})
    dock = state.colony.outer("T08", 0)
    assert roles(state, dock) == {0: "fill", 1: "guard3", 2: "guard4", 3: "feed"}


def test_with_two_robots_one_fills_and_one_guards() -> None:
    state = position(robots={0: "T08.C", 1: "T01.C"})
    assert roles(state, state.colony.outer("T08", 0)) == {0: "fill", 1: "guard"}


def test_a_module_guard_ends_its_turn_on_a_tile_of_its_module() -> None:
    # Given four robots and the active one (the guard of Module 3) on T03, beside the Module 3 tiles T09-T11,
    # when it plans its turn, then it ends standing on a Module 3 tile: a robot there keeps the tile from
    # blowing up, so the plants cannot all be lost (JUP-LOSE-2).
    probe = position(4, robots={0: "T08.C", 1: "T03.C", 2: _dome("T15"), 3: "T05.C"})
    assert roles(probe, probe.colony.outer("T08", 0))[1] == "guard3"
    state = position(4, robots={0: "T08.C", 1: "T03.C", 2: _dome("T15"), 3: "T05.C"}, active=1)
    end = plan_turn(state)[-1].robot
    assert end is not None and end != "pod" and state.colony.module_of(end.split(".")[0]) == 3


def test_a_robot_aboard_boards_a_colonist_and_steps_out_clear_of_the_docking_dome() -> None:
    # Given three robots, two out on the colony and the active one still aboard the docked pod (every robot
    # starts there, JUP-SETUP-9), with two colonists beside the docking dome, when it plans its turn, then it
    # boards one and ends out on the colony, off the docking dome. Aboard it would command the same tiles
    # (JUP-GAP-POD-3), but it takes a colonist's place and the pod launches only on the seventh colonist with no
    # robot aboard: a bot whose last robot stayed aboard while two places were left won 1 game in 50 at three
    # robots, not 5, and saved fewer at four and five (docs/rules/jupiter.md, Balance).
    colony = position(robots={0: "T01.C"}).colony
    dock = colony.outer("T08", 0)
    first, second = sorted(n for n in colony.neighbours(dock) if n.startswith("T08"))[:2]
    state = position(3, robots={0: "T01.C", 1: "T05.C"}, pieces={first: "C", second: "C"}, active=2)
    end = plan_turn(state)[-1]
    assert end.aboard >= 1 and end.robot not in (None, "pod", dock)
