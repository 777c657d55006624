"""The contract every registered game passes (OpenSpiel's RandomSimTest): a game that lands later gets it free.

Seeded random playouts check after every action: the state's JSON round trip, unique prompt and choice ids
within their limits, prompts only to seated players, every view valid, events addressed to real seats, a
finished game has an outcome and no prompts, a game with no prompts is finished, no question has one answer
(a single choice, or choices alike: the game answers those itself), and replaying the log reproduces the state
exactly. A failure names the game, seed and step.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import MAX_CHOICE_ID, MAX_DETAIL, MAX_LABEL, MAX_PROMPT_ID, GameSpec, Prompt, SeatSetup, is_forced
from engine.core.playout import LoggedAction, random_playout, replay
from engine.registry import GAMES

from .host.duel_game import SPEC as DUEL

SPECS: dict[str, GameSpec[Any, Any]] = {**GAMES, DUEL.key: DUEL}
SEEDS = range(6)
MAX_STEPS = 3000
ASKS_ONLY_REAL_QUESTIONS = {"abordaje", "capricorn", "derelict", "jupiter", "pioneers"}
"""The games that ask no question with one answer: Pioneers, Jupiter, Derelict and Capricorn answer them
themselves (``answering_forced``, Capricorn's turn script); ¡Abordaje!'s resolution answers its own."""


def kept_for_secrecy(key: str, prompt: Prompt) -> bool:
    """A question with one answer a game asks anyway because not asking would tell the channel a secret:
    ¡Abordaje!'s placement from a hand of cards all alike (the channel sees who is asked, never the hands;
    docs/rules/abordaje.md, ABO-GAP-11)."""
    return key == "abordaje" and ".as" in prompt.id and prompt.private


def asks_one_answer(key: str, prompt: Prompt) -> bool:
    """Whether ``prompt`` is a question with one answer that ``key`` should not have asked."""
    return key in ASKS_ONLY_REAL_QUESTIONS and is_forced(prompt) and not kept_for_secrecy(key, prompt)


def seats_for(spec: GameSpec[Any, Any], players: int, seed: int) -> list[SeatSetup]:
    """Seats with distinct roles (rotated by seed so every role order is exercised)."""
    if not spec.roles:
        return [SeatSetup() for _ in range(players)]
    keys = [r.key for r in spec.roles]
    shift = seed % len(keys)
    keys = keys[shift:] + keys[:shift]
    return [SeatSetup(role=keys[i % len(keys)]) for i in range(players)]


def players_for(spec: GameSpec[Any, Any], seed: int) -> int:
    """The seed's table size: every count the game seats, in turn."""
    return spec.min_players + seed % (spec.max_players - spec.min_players + 1)


def playout_cases() -> list[Any]:
    """Every game at each seed of ``SEEDS``; a seed whose table (players and role order) an earlier seed of the
    same game already plays runs in the slow set: the default suite plays each distinct table once."""
    cases = []
    for key in sorted(SPECS):
        spec, tables = SPECS[key], set()
        for seed in SEEDS:
            players = players_for(spec, seed)
            table = (players, tuple(s.role for s in seats_for(spec, players, seed)))
            marks = [pytest.mark.slow] if table in tables else []
            tables.add(table)
            cases.append(pytest.param(key, seed, marks=marks, id=f"{seed}-{key}"))
    return cases


@pytest.mark.parametrize(("key", "seed"), playout_cases())
def test_random_playouts_keep_the_contract(key: str, seed: int) -> None:
    spec = SPECS[key]
    players = players_for(spec, seed)
    seats = seats_for(spec, players, seed)
    options = spec.options_model()
    log: list[LoggedAction] = []
    last = spec.setup(seats, options, seed)
    for step in random_playout(spec, seats, options, seed, max_steps=MAX_STEPS):
        where = f"game={key} seed={seed} step={step.index}"
        state = step.after
        log.append(step.action)
        assert spec.state_model.model_validate_json(state.model_dump_json()) == state, f"JSON round trip: {where}"
        prompts = spec.prompts(state)
        ids = [p.id for p in prompts]
        assert len(ids) == len(set(ids)), f"duplicate prompt ids {ids}: {where}"
        for p in prompts:
            assert 0 <= p.seat < players, f"prompt to unseated seat {p.seat}: {where}"
            assert len(p.id) <= MAX_PROMPT_ID and "|" not in p.id and ":" not in p.id, f"prompt id {p.id!r}: {where}"
            assert p.choices, f"prompt {p.id} has no choices: {where}"
            assert not asks_one_answer(key, p), f"{p.question!r} has one answer, {p.choices[0].label!r}: {where}"
            assert len(p.choices) <= 25 * 8, f"prompt {p.id} too long: {where}"
            cids = [c.id for c in p.choices]
            assert len(cids) == len(set(cids)), f"duplicate choice ids in {p.id}: {where}"
            for c in p.choices:
                well_formed = 0 < len(c.id) <= MAX_CHOICE_ID and "|" not in c.id and ":" not in c.id
                assert well_formed, f"choice {c.id!r}: {where}"
                assert 0 < len(c.label) <= MAX_LABEL, f"label {c.label!r}: {where}"
                assert c.detail is None or 0 < len(c.detail) <= MAX_DETAIL, f"detail {c.detail!r}: {where}"
        for e in step.events:
            assert isinstance(e.audience, str) or all(0 <= s < players for s in e.audience), (
                f"event audience {e.audience}: {where}"
            )
        for viewer in [None, *range(players)]:
            view = spec.view(state, viewer)
            assert view.viewer == viewer, f"view for {viewer} says viewer={view.viewer}: {where}"
        outcome = spec.outcome(state)
        if outcome is not None:
            assert prompts == [], f"finished game still prompts: {where}"
        else:
            assert prompts, f"game waits on nobody but has no outcome: {where}"
        last = state
    assert replay(spec, seats, options, seed, log) == last, f"replay differs: game={key} seed={seed}"
