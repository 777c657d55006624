"""The Derelict seat bot decides from structured data (its view, the prompt's ids), never from wording: every
label and question of every prompt reworded, it answers exactly as before, so a sentence can be improved (or a
label shortened to fit a button) without changing a bot's play; likewise every peek it remembers reworded (what
it saw of the engines and the course is kept apart, ``engines_seen`` and ``course_seen``). A gift (an offer asking
nothing back) is read from the view's ``incoming`` offer, and accepted."""

from __future__ import annotations

from engine.core import Choice, Prompt, Rng
from engine.core.playout import random_playout
from engine.derelict import SPEC
from engine.derelict.seatbot import SEAT_BOT
from engine.derelict.view import view
from tests.test_contract import seats_for


def reworded(prompt: Prompt) -> Prompt:
    """``prompt`` with other words: each label and the question replaced, ids kept."""
    choices = tuple(Choice(id=c.id, label=f"Option {n}") for n, c in enumerate(prompt.choices, 1))
    return prompt.model_copy(update={"question": "What now?", "choices": choices})


def test_a_reworded_label_changes_no_bot_decision() -> None:
    asked = 0
    for seed in range(4):
        players = 2 + seed % 3
        seats = seats_for(SPEC, players, seed)
        for step in random_playout(SPEC, seats, SPEC.parse_options({}), seed, max_steps=250):
            for prompt in step.prompts:
                as_worded = SEAT_BOT.choose(step.before, prompt, Rng.from_seed(seed))
                other_words = SEAT_BOT.choose(step.before, reworded(prompt), Rng.from_seed(seed))
                assert as_worded == other_words, f"seed {seed} step {step.index}: {prompt.question}"
                told_otherwise = step.before.model_copy(deep=True)
                for player in told_otherwise.players:
                    player.peeks = ["(said another way)" for _ in player.peeks]
                peeks_reworded = SEAT_BOT.choose(told_otherwise, prompt, Rng.from_seed(seed))
                assert as_worded == peeks_reworded, f"peeks read as words: seed {seed} step {step.index}"
                asked += 1
                incoming = view(step.before, prompt.seat).incoming
                if prompt.choice("accept") and incoming is not None and incoming.asks_nothing:
                    assert as_worded == "accept", f"a gift declined: seed {seed} step {step.index}"
    assert asked > 500
