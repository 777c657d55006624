"""The heuristic self-play player (digest §7): it answers only with offered choices, reads only its own
seat's view, and finishes games that keep every invariant."""

from __future__ import annotations

from engine.core import SeatSetup
from engine.derelict import SPEC, DerelictOptions
from engine.derelict.selfplay import Heuristic, Tally, play
from engine.derelict.view import DerelictView

from .playout import check


def test_heuristic_games_end_with_every_invariant_kept() -> None:
    bot = Heuristic()
    tally = Tally()
    for seed in range(4):
        state = SPEC.setup([SeatSetup()] * 3, DerelictOptions(), seed)
        while prompts := SPEC.prompts(state):
            prompt = prompts[0]
            view = SPEC.view(state, prompt.seat)
            assert isinstance(view, DerelictView)
            choice = bot.choose(view, prompt)
            assert prompt.choice(choice) is not None, f"{choice} not offered by {prompt.id}"
            state, _ = SPEC.apply(state, prompt.seat, prompt.id, choice)
            check(state, f"seed {seed}")
        final, early = play(3, DerelictOptions(), seed, bot)
        assert final == state  # the runner plays the same game
        tally.add(final, early)
    assert tally.games == 4 and tally.row().count("|") == 11
