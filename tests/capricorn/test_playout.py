"""Seeded random games through ``prompts``/``apply`` to an outcome, with the invariants checked after every
action: JSON round trip, prompt and choice ids within their limits, every card in exactly one place, the
alien count conserved, at most one character on a room space, at most three aliens on a space (but while a
push is being decided), no Mother on a character, health within bounds, a finished game has no prompts and
an unfinished one has some, and replaying the answers reproduces the game. ``-m slow`` plays 300 games.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.capricorn import rules
from engine.capricorn.catalog import CATALOG
from engine.capricorn.options import CapricornOptions
from engine.capricorn.setup import setup
from engine.capricorn.state import CapricornState
from engine.capricorn.terms import POD
from engine.core import MAX_CHOICE_ID, MAX_LABEL, MAX_PROMPT_ID, Rng, SeatSetup

SHARED_CARDS = [*CATALOG.legendary, *CATALOG.found, *CATALOG.repair, *CATALOG.events]


def cards_in_game(state: CapricornState) -> list[str]:
    """The starter decks of the roles in play and every shared card: each must be in exactly one place."""
    starters = [card for c in state.crew.characters for card in CATALOG.starter[c.role]]
    return sorted([*starters, *SHARED_CARDS])


def check(state: CapricornState, where: str) -> None:
    assert CapricornState.model_validate_json(state.model_dump_json()) == state, f"JSON round trip: {where}"
    crew = state.crew
    assert sorted(crew.all_cards()) == cards_in_game(state), f"cards misplaced: {where}"
    assert crew.alien_total() == 54, f"alien count: {where}"
    spaces = [c.space for c in crew.characters if c.space != POD]
    assert len(spaces) == len(set(spaces)), f"two characters on one space: {where}"
    for c in crew.characters:
        assert 0 <= c.health <= CATALOG.rules.character_health, f"health {c.health}: {where}"
    pushing = any(p.question.startswith("Where is") for p in rules.prompts(state))  # a push asks mid-way
    most = max(Counter(a.space for a in crew.aliens).values(), default=0)
    assert most <= 3 or pushing, f"four aliens on a space: {where}"
    # Only the active character may stand on an alien's or a Mother's space, halfway through a move
    # (CAP-G-MOVE-1): while a step or a push it caused is asked, or when it killed them.
    questions = [p.question for p in rules.prompts(state)]
    moving = rules.outcome(state) is not None or any(q.startswith(("Move:", "Dash:", "Where is")) for q in questions)
    for m in crew.mothers.values():
        if m.on_map:
            assert m.space is not None, f"Mother nowhere: {where}"
            on_her = crew.character_at(m.space)
            assert on_her is None or (on_her == crew.active and moving), f"Mother on a character: {where}"
    for a in crew.aliens:
        on_it = crew.character_at(a.space)
        assert on_it is None or (on_it == crew.active and moving), f"alien on a character: {where}"
    ids = [p.id for p in rules.prompts(state)]
    assert len(ids) == len(set(ids)), f"duplicate prompt ids: {where}"
    for p in rules.prompts(state):
        assert len(p.id) <= MAX_PROMPT_ID and "|" not in p.id and ":" not in p.id, f"prompt id {p.id}: {where}"
        assert 0 <= p.seat < state.seats, f"prompt to seat {p.seat}: {where}"
        cids = [c.id for c in p.choices]
        assert cids and len(cids) == len(set(cids)), f"choices of {p.id}: {where}"
        for c in p.choices:
            assert 0 < len(c.id) <= MAX_CHOICE_ID and "|" not in c.id and ":" not in c.id, f"{c.id!r}: {where}"
            assert 0 < len(c.label) <= MAX_LABEL, f"label {c.label!r}: {where}"
    if rules.outcome(state) is None:
        assert rules.prompts(state), f"waiting on nobody: {where}"
    else:
        assert rules.prompts(state) == [], f"finished game prompts: {where}"


def play_out(seed: int, checked: bool = True) -> tuple[CapricornState, int]:
    """One seeded random game to its end (or 4000 answers), the invariants checked after every answer, then
    replayed from its answers; the final state and the number of answers."""
    players = 1 + seed % 5
    difficulty = ("easy", "normal", "hard", "nightmare")[seed % 4]
    variant = "rotation-gone-mad" if seed % 3 == 0 else "standard"
    options = CapricornOptions.model_validate({"difficulty": difficulty, "variant": variant})
    seats = [SeatSetup() for _ in range(players)]
    state = setup(seats, options, seed)
    chooser = Rng.from_seed(seed ^ 0x5EED)
    log: list[tuple[int, str, str]] = []
    for step in range(4000):
        if rules.outcome(state) is not None:
            break
        prompt = chooser.choice(rules.prompts(state))
        choice = chooser.choice(prompt.choices)
        state, _ = rules.apply(state, prompt.seat, prompt.id, choice.id)
        log.append((prompt.seat, prompt.id, choice.id))
        if checked:
            check(state, f"seed={seed} step={step}")
    again = setup(seats, options, seed)
    for seat, prompt_id, choice_id in log:
        again, _ = rules.apply(again, seat, prompt_id, choice_id)
    assert again == state, f"replay differs: seed={seed}"
    return state, len(log)


@pytest.mark.parametrize(
    "seed", [*range(5), *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(5, 10))]
)  # five random games by default, five more in the slow set
def test_random_games_reach_an_outcome_keeping_every_invariant(seed: int) -> None:
    state, _ = play_out(seed)
    assert rules.outcome(state) is not None, f"no outcome: seed={seed}"


@pytest.mark.slow
def test_three_hundred_random_games() -> None:
    finished = 0
    for seed in range(100, 400):
        state, _ = play_out(seed)
        finished += rules.outcome(state) is not None
    assert finished >= 285, f"only {finished} of 300 random games reached an outcome"
