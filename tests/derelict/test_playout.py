"""Seeded random games to the end with the invariants checked after every answer, and determinism: the
same seed and answers give the same game. ``-m slow`` plays 300 games (the issue's count)."""

from __future__ import annotations

import pytest

from engine.core import SeatSetup
from engine.derelict import SPEC

from .playout import check, options_for, random_game


def play_and_check(seed: int) -> None:
    answers = []
    state = None
    for step, (state, answer) in enumerate(random_game(seed)):
        check(state, f"seed {seed} step {step}")
        if answer is not None:
            answers.append(answer)
    assert state is not None and SPEC.outcome(state) is not None
    players, options = options_for(seed)
    replay = SPEC.setup([SeatSetup()] * players, options, seed)
    for seat, prompt, choice in answers:
        replay, _ = SPEC.apply(replay, seat, prompt, choice)
    assert replay == state, f"seed {seed}: the replay differs"


@pytest.mark.rule("DER-SOLO-1")
@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_every_invariant_and_replay_exactly(seed: int) -> None:
    play_and_check(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12, 312))
def test_three_hundred_random_games(seed: int) -> None:
    play_and_check(seed)
