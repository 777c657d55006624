"""Prompts handed along one ``apply`` call (``engine.core.handed``, issue 26's speed work) change nothing a player
sees: the host hands ``apply`` the prompts of the state it answers and takes the new state's prompts from it, so a
move works each state's prompts out once; the states, events and prompts must be exactly those of the plain calls.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import GameSpec, IllegalAction
from engine.core.handed import handing, known
from engine.core.rng import Rng
from engine.jupiter import JupiterOptions
from engine.registry import GAMES

from .test_engine_copies import seats_for

MAX_STEPS = 150


def played(spec: GameSpec[Any, Any], seats: list[Any], options: Any, seed: int) -> int:
    """Play one seeded game both ways, step by step; returns how many moves handed their prompts on."""
    state = spec.setup(seats, options, seed)
    chooser = Rng.from_seed(seed ^ 0x4A4D)
    handed_on = 0
    for _ in range(MAX_STEPS):
        prompts = spec.prompts(state)
        if not prompts:
            break
        prompt = chooser.choice(prompts)
        choice = chooser.choice(list(prompt.choices))
        plain, plain_events = spec.apply(state, prompt.seat, prompt.id, choice.id)
        with handing(state, spec.prompts(state)) as hand:
            new, events = spec.apply(state, prompt.seat, prompt.id, choice.id)
        assert new.model_dump_json() == plain.model_dump_json()
        assert [e.model_dump_json() for e in events] == [e.model_dump_json() for e in plain_events]
        after = hand.after(new)
        if after is not None:
            handed_on += 1
            assert [p.model_dump_json() for p in after] == [p.model_dump_json() for p in spec.prompts(new)]
        assert hand.after(plain) is None  # only the very state ``apply`` returned
        state = new
    return handed_on


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_move_with_prompts_handed_along_is_the_same_move(key: str) -> None:
    spec = GAMES[key]
    handed_on = played(spec, seats_for(spec, 1), spec.options_model(), 1)
    if key in ("jupiter", "derelict", "pioneers"):  # the games whose ``apply`` answers one-choice questions
        assert handed_on > 0


def test_a_jupiter_player_with_several_robots_plays_the_same_game_with_prompts_handed() -> None:
    spec = GAMES["jupiter"]
    assert played(spec, seats_for(spec, 0)[:1], JupiterOptions(robots=2), 3) > 0


def test_a_choice_not_offered_is_refused_with_prompts_handed() -> None:
    spec = GAMES["jupiter"]
    state = spec.setup(seats_for(spec, 0), spec.options_model(), 5)
    prompt = spec.prompts(state)[0]
    with handing(state, spec.prompts(state)), pytest.raises(IllegalAction):
        spec.apply(state, prompt.seat, prompt.id, "no-such-choice")


def test_nothing_handed_outlives_its_move() -> None:
    """A state changed in place after its move (as tests set up positions) is never answered from a hand."""
    spec = GAMES["jupiter"]
    state = spec.setup(seats_for(spec, 0), spec.options_model(), 5)
    with handing(state, spec.prompts(state)):
        assert known(state) is not None
        assert known(spec.setup(seats_for(spec, 0), spec.options_model(), 5)) is None  # an equal state, not it
    assert known(state) is None
