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


def test_the_seeded_heuristic_plays_a_game_like_the_others_and_prefers_the_surest_task() -> None:
    """``Heuristic(seed)`` is the signature the seat bot builds on; this player does not need the seed."""
    options = DerelictOptions(mode="coop")
    assert play(2, options, 11, Heuristic(5))[0] == play(2, options, 11, Heuristic())[0]
    kept = []
    for seed in range(20):
        state = SPEC.setup([SeatSetup()] * 2, options, seed)
        for prompt in (p for p in SPEC.prompts(state) if p.id.startswith("task")):
            view = SPEC.view(state, prompt.seat)
            assert isinstance(view, DerelictView)
            if "P1" in [c.id for c in prompt.choices]:
                kept.append(Heuristic(5).choose(view, prompt))
    assert kept and set(kept) == {"P1"}  # Homecoming, whenever it is offered
