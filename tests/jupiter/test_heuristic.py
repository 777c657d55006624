"""The self-play bot (turn planner over the greedy helpers): only offered choices, whole legal games, the same
game from the same seed, and clearly better play than random choices (a behaviour test on a small seeded sample,
not a balance measurement; the longer samples are ``slow``)."""

from __future__ import annotations

import pytest

from engine.core import SeatSetup
from engine.jupiter.heuristic import choose, play_one
from engine.jupiter.options import JupiterOptions
from engine.jupiter.rules import apply, prompts
from engine.jupiter.selfplay import random_game, reason_of
from engine.jupiter.setup import setup
from engine.jupiter.state import JupiterState

from .rigging import new_game


def _invariants(state: JupiterState) -> None:
    """Pieces stay conserved and the pod within its capacity after every answer."""
    assert state.pod.load <= 7
    on_board = state.colonists_on_board()
    assert on_board + state.pod.colonists + state.saved + state.lost == state.placed


@pytest.mark.parametrize(
    ("seed", "robots", "flags"),
    [(1, 2, {}), pytest.param(2, 3, {"fast_creeps": True}, marks=pytest.mark.slow)],
)
def test_the_bot_plays_a_whole_legal_game(seed: int, robots: int, flags: dict[str, bool]) -> None:
    # Given a fresh game, when the bot answers every prompt, then each answer is offered and the game ends.
    state = setup([SeatSetup() for _ in range(robots)], JupiterOptions(**flags), seed)
    for _ in range(20000):
        pending = prompts(state)
        if not pending:
            break
        prompt = pending[0]
        answer = choose(state, prompt, seed)
        assert answer in {c.id for c in prompt.choices}
        state, _ = apply(state, prompt.seat, prompt.id, answer)
        _invariants(state)
    assert state.phase in ("won", "lost") and state.result


def test_the_bot_answers_with_an_offered_choice() -> None:
    state = new_game(players=3, seed=4)
    for prompt in prompts(state):
        assert choose(state, prompt) in {c.id for c in prompt.choices}


def test_the_same_seed_plays_the_same_game() -> None:
    first = play_one(5, 1, max_steps=250)
    second = play_one(5, 1, max_steps=250)
    assert first.turn > 3 and first.model_dump_json() == second.model_dump_json()


def test_the_bot_outplays_random_choices() -> None:
    # Given the same seeded colony, the bot saves at least two pod loads more than random play and holds out
    # longer (random play launches no pod at all).
    bot = play_one(3, 1)
    rand = random_game(3, 1, JupiterOptions())
    assert bot.saved >= rand.saved + 14 and bot.turn > rand.turn
    assert all(reason_of(s) in ("win", "colonists", "modules", "robots") for s in (bot, rand))


@pytest.mark.slow
def test_the_bot_outplays_random_choices_on_more_colonies() -> None:
    seeds = range(1, 6)
    bot = [play_one(seed, 1) for seed in seeds]
    rand = [random_game(seed, 1, JupiterOptions()) for seed in seeds]
    assert sum(s.saved for s in bot) >= sum(s.saved for s in rand) + 7 * len(seeds)
    assert sum(s.turn for s in bot) > sum(s.turn for s in rand)


def test_a_robot_hands_follower_to_the_robot_filling_the_pod() -> None:
    # Given robot 0 on the docking tile T08 (it fills the pod) and robot 1 on a neighbouring tile with Follower
    # in hand, when robot 1 acts, then it trades Follower to robot 0 for one action.
    from engine.jupiter.heuristic import trade_plan

    from .rigging import position

    probe = position(robots={0: "T08.C", 1: "T05.C"})
    near = next(t for t in probe.colony.command_tiles("T08") if t != "T08")
    state = position(robots={0: "T08.C", 1: f"{near}.C"}, hands={1: ["follower", "sniper"]}, active=1)
    assert trade_plan(state) == (0, ["follower"], [])
    for _ in range(6):
        prompt = next(p for p in prompts(state) if p.seat == 1)
        state, _ = apply(state, 1, prompt.id, choose(state, prompt))
        if "follower" in state.robots[0].hand:
            break
    assert state.robots[0].hand == ["follower"] and state.robots[1].hand == ["sniper"]


def test_with_three_robots_or_more_the_bot_takes_pilot_as_its_core() -> None:
    # A launched pod stays away until its launcher's next turn (JUP-POD-5): with three robots that is two
    # invasions, so the bot keeps Pilot as its core to dock it sooner; a lone robot keeps Follower.
    for robots, wanted in ((3, "pilot"), (1, "follower")):
        state = new_game(players=robots, seed=4).clone()
        state.robots[0].dealt = ["follower", "pilot"]
        prompt = next(p for p in prompts(state) if p.seat == 0)
        assert choose(state, prompt) == wanted


def test_with_three_robots_a_pilot_docks_the_pod_its_own_robot_launched() -> None:
    # Given three robots and the pod away after the active robot launched it, with Pilot in hand, then the bot
    # docks it now with Pilot rather than leave it away for the other two robots' turns.
    from .rigging import position

    state = position(3, robots={0: "T08.C", 1: "T01.C", 2: "T05.C"}, pod=None, hands={0: ["pilot"]})
    state.pod.launched_by = 0
    prompt = next(p for p in prompts(state) if p.seat == 0)
    assert choose(state, prompt) == "pilot.h"
