"""Seeded random games with invariants after every action, and determinism (replay of the log).

Invariants: one piece per dome (by construction of ``occupant``) and nothing on a dome that is not in play, the
pod holds at most seven pieces and never a creep, colonists are conserved (on the colony + aboard + saved + lost
= placed at setup, the rest of the 49 staying in the box), prompts keep the contract's id and label limits, and
a finished game prompts nobody. The random player favours actions over "End" so games travel further.
"""

from __future__ import annotations

import pytest

from engine.core import Rng, SeatSetup
from engine.jupiter.catalog import CATALOG
from engine.jupiter.options import JupiterOptions
from engine.jupiter.rules import apply, prompts
from engine.jupiter.setup import setup
from engine.jupiter.state import JupiterState

OPTIONS = [
    {},
    {"robot_vulnerability": True},
    {"fast_creeps": True},
    {"ultimate_heroes": True},
    {"polite_colonists": True},
    {"robot_vulnerability": True, "fast_creeps": True, "polite_colonists": True},
]


def check_invariants(state: JupiterState, where: str) -> None:
    colony = state.colony
    assert all(colony.is_dome(d) for d in state.occupant), f"piece off the colony: {where}"
    assert state.pod.load <= CATALOG.numbers.pod_capacity, f"pod over capacity: {where}"
    on_board = state.colonists_on_board()
    assert on_board + state.pod.colonists + state.saved + state.lost == state.placed, f"colonists: {where}"
    assert state.placed <= CATALOG.numbers.colonists
    robots = [p for p in state.occupant.values() if p.startswith("R")]
    assert len(robots) == len(set(robots)), f"a robot in two places: {where}"
    for seat, robot in enumerate(state.robots):
        placed = state.where_is(seat) is not None
        assert placed == robot.in_play, f"robot {seat} in play={robot.in_play} but placed={placed}: {where}"
    cards = len(state.deck) + len(state.discard) + len(state.in_force) + (1 if state.drawn else 0)
    cards += sum(len(r.hand) + len(r.dealt) + (1 if r.core else 0) for r in state.robots)
    assert cards == 36, f"{cards} rescue cards: {where}"
    pending = prompts(state)
    if state.phase in ("won", "lost"):
        assert pending == [], f"finished game still prompts: {where}"
    else:
        assert pending, f"game waits on nobody: {where}"
    for p in pending:
        assert len(p.id) <= 32 and "|" not in p.id and ":" not in p.id, p.id
        assert p.choices and len({c.id for c in p.choices}) == len(p.choices), p.id
        for c in p.choices:
            assert 0 < len(c.id) <= 24 and "|" not in c.id and ":" not in c.id, (p.id, c.id)
            assert 0 < len(c.label) <= 80, (p.id, c.label)


def play(seed: int, players: int, options: dict[str, bool], max_steps: int = 4000) -> tuple[JupiterState, int]:
    state = setup([SeatSetup() for _ in range(players)], JupiterOptions(**options), seed)
    chooser = Rng.from_seed(seed ^ 0x5EED)
    for step in range(max_steps):
        pending = prompts(state)
        if not pending:
            return state, step
        prompt = chooser.choice(pending)
        choices = [c for c in prompt.choices if c.id not in ("end", "cancel")] or list(prompt.choices)
        if chooser.randrange(5) == 0:
            choices = list(prompt.choices)
        choice = chooser.choice(choices)
        state, _ = apply(state, prompt.seat, prompt.id, choice.id)
        check_invariants(state, f"seed={seed} players={players} options={options} step={step}")
    return state, max_steps


@pytest.mark.parametrize("seed", range(8))
def test_random_games_reach_an_outcome_keeping_every_invariant(seed: int) -> None:
    state, steps = play(seed, 1 + seed % 7, OPTIONS[seed % len(OPTIONS)])
    assert state.phase in ("won", "lost"), f"seed {seed} still running after {steps} steps"
    assert state.result


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(300))
def test_three_hundred_random_games(seed: int) -> None:
    state, steps = play(1000 + seed, 1 + seed % 7, OPTIONS[seed % len(OPTIONS)])
    assert state.phase in ("won", "lost"), f"seed {seed} still running after {steps} steps"


def test_replaying_the_answers_reproduces_the_game() -> None:
    state = setup([SeatSetup() for _ in range(3)], JupiterOptions(fast_creeps=True), 42)
    first = state
    chooser = Rng.from_seed(9)
    log: list[tuple[int, str, str]] = []
    for _ in range(400):
        pending = prompts(state)
        if not pending:
            break
        prompt = chooser.choice(pending)
        choice = chooser.choice(prompt.choices)
        log.append((prompt.seat, prompt.id, choice.id))
        state, _ = apply(state, prompt.seat, prompt.id, choice.id)
    again = setup([SeatSetup() for _ in range(3)], JupiterOptions(fast_creeps=True), 42)
    assert again == first
    for seat, prompt_id, choice_id in log:
        again, _ = apply(again, seat, prompt_id, choice_id)
    assert again.model_dump_json() == state.model_dump_json()
    assert JupiterState.model_validate_json(state.model_dump_json()) == state
