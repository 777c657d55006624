"""The first heuristic player only ever answers with an offered choice and plays games to their end."""

from __future__ import annotations

import pytest

from engine.jupiter.heuristic import choose, play_one
from engine.jupiter.options import JupiterOptions
from engine.jupiter.rules import prompts

from .rigging import new_game


@pytest.mark.parametrize(("seed", "robots"), [(1, 2), (2, 5)])
def test_the_heuristic_plays_a_whole_game(seed: int, robots: int) -> None:
    final = play_one(seed, robots, JupiterOptions(polite_colonists=seed == 2))
    assert final.phase in ("won", "lost") and final.result


def test_the_heuristic_answers_with_an_offered_choice() -> None:
    state = new_game(players=3, seed=4)
    for prompt in prompts(state):
        assert choose(state, prompt) in {c.id for c in prompt.choices}
