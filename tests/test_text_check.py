"""Every text a game writes, checked the way a player would read it, over whole games and many short ones.

The golden playthroughs (``tests/playthroughs``: ``test_playthroughs`` proves each file is its case played
again) and a few hundred short seeded random playouts of each game are played here, and every text a player can
read is checked: events (public and private), prompts' questions and labels, each viewer's ``describe()`` and the
outcome's summary, each with its seat markers named as the host names them. A text fails on a seat code where a
person should be ("P1", "Seat 2", "Player 3", a marker left in), a count that disagrees with its noun ("1 wounds",
"2 card"), unbalanced markdown, a raw id or code (``snake_case``, ``None``, a format brace), a label over Discord's
80 characters once a long display name is in it, or a question with one answer (a game answers those itself).
A failure names the game, the seed, the step and the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import MAX_LABEL, Prompt
from engine.core.playout import random_playout
from engine.core.words import SEAT_REF, name_seats
from engine.registry import GAMES
from tests.playthroughs.cases import CASES
from tests.test_contract import asks_one_answer, seats_for

PLAYOUTS = 100  # short random games per game in the default suite: each starts from its own deal
SLOW_PLAYOUTS = 100  # as many more, from other deals, in the slow set
PLAYOUT_STEPS = 6  # steps of each: the deal, the draft, the first decisions, where most texts are first said
LONG_NAME = "🤖 " + "W" * 32  # Discord's longest display name, as a seat bot: what a label must still hold

NOUNS = (
    "card", "alien", "action", "colonist", "creep", "space", "landing", "step", "turn", "decision", "hour",
    "wound", "item", "slime", "robot", "egg", "planet", "credit", "worm", "lizard", "bug", "squid", "token",
    "intruder", "infection card", "charge", "round", "tile",
)  # fmt: skip
ONE = "|".join(f"{noun}s" for noun in NOUNS)
MANY = "|".join(NOUNS)
KIND = "(?:unused|killed|active|light|serious|new) "  # a word between a count and its noun

CHECKS: dict[str, re.Pattern[str]] = {
    "a seat marker left in": re.compile(r"⟦|⟧"),
    "a seat code where a person should be": re.compile(r"\b(?:P[1-7]|[Ss]eat [1-7]|[Pp]layer [1-7])\b(?![.:])"),
    "a plural written as (s)": re.compile(r"\w\(s\)"),
    "one of a plural noun": re.compile(rf"(?<![\w.#/-])1 (?:{KIND})?(?:{ONE})\b"),
    "several of a singular noun": re.compile(
        rf"(?<![\w.#/-])(?:0|[2-9]|\d\d+) (?:{KIND})?(?:{MANY})\b(?!s)(?! (?:event|card|cards|markers?)\b)"
    ),
    "one thing with a plural verb": re.compile(r"\b1 (?:\w+ )?(?:slime|alien|creep|intruder)s? grow\b"),
    "a raw code": re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\bNone\b|[{}]|\b(?:True|False)\b"),
}


ANY_CHECK = re.compile("|".join(f"(?:{pattern.pattern})" for pattern in CHECKS.values()))
"""Every check at once: most texts pass, and one search costs a fraction of ten."""


def problems(text: str) -> list[str]:
    """What a player would stumble on in ``text`` (already named): each check that fails, by name."""
    found = [what for what, pattern in CHECKS.items() if pattern.search(text)] if ANY_CHECK.search(text) else []
    for mark in ("**", "__", "~~", "`"):
        if text.replace("```", "").count(mark) % 2:
            found.append(f"unbalanced markdown ({mark})")
    return found


def readable(spec: Any, state: Any, players: int) -> Iterator[tuple[str, str]]:
    """Every text ``state`` shows a player: each viewer's description and the outcome's summary."""
    for viewer in [None, *range(players)]:
        yield f"view of {viewer}", spec.view(state, viewer).model_copy(update={"names": NAMES}).describe()
    outcome = spec.outcome(state)
    if outcome is not None:
        yield "outcome", outcome.summary


def prompt_texts(prompt: Prompt) -> Iterator[tuple[str, str]]:
    yield f"question {prompt.id}", prompt.question
    for choice in prompt.choices:
        yield f"label {prompt.id}/{choice.id}", choice.label


NAMES = {seat: name for seat, name in enumerate(("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace"))}


def check_game(
    key: str, seed: int, players: int, options: dict[str, Any], max_steps: int, views_every: int, start: bool = True
) -> None:
    """Play ``key`` from ``seed`` for up to ``max_steps`` random steps and check every text said on the way;
    the views every ``views_every`` steps, at the end, and at the ``start`` when asked."""
    spec = GAMES[key]
    seats = seats_for(spec, players, seed)
    parsed = spec.parse_options(options)
    found: list[str] = []

    def check(where: str, what: str, text: str) -> None:
        for ref in SEAT_REF.findall(text):
            if not 0 <= int(ref) < players:
                found.append(f"{where}: {what}: names seat {ref} of {players}: {text}")
        found.extend(
            f"{where}: {what}: {slip}: {named}" for named in [name_seats(text, NAMES)] for slip in problems(named)
        )

    if start:
        for what, text in readable(spec, spec.setup(seats, parsed, seed), players):
            check(f"{key} seed {seed} start", what, text)
    step = None
    for step in random_playout(spec, seats, parsed, seed, max_steps=max_steps):
        where = f"{key} seed {seed} step {step.index}"
        for prompt in step.prompts:
            for what, text in prompt_texts(prompt):
                check(where, what, text)
            if asks_one_answer(key, prompt):
                found.append(f"{where}: a question with one answer: {prompt.question} {prompt.choices[0].label}")
            for choice in prompt.choices:
                named = name_seats(choice.label, dict.fromkeys(range(players), LONG_NAME))
                if len(named) > MAX_LABEL and len(name_seats(choice.label, NAMES)) > MAX_LABEL:
                    found.append(f"{where}: label over {MAX_LABEL} characters: {named}")
        for event in step.events:
            check(where, f"event to {event.audience}", event.text)
        if step.index % views_every == views_every - 1:
            for what, text in readable(spec, step.after, players):
                check(where, what, text)
        if len(found) > 20:
            break
    if step is not None and step.index % views_every != views_every - 1:  # the last state, whatever its step
        for what, text in readable(spec, step.after, players):
            check(f"{key} seed {seed} end", what, text)
    unique = list(dict.fromkeys(found))
    assert not unique, "\n".join(unique[:20])


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_every_text_of_a_golden_playthrough_reads_right(case: Any) -> None:
    check_game(case.game, case.seed, case.players, case.options, case.max_steps, views_every=1)


def check_short_games(key: str, seeds: range) -> None:
    spec = GAMES[key]
    for seed in seeds:
        players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        check_game(key, 1000 + seed, players, {}, PLAYOUT_STEPS, views_every=PLAYOUT_STEPS, start=seed < 10)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_text_of_short_random_games_reads_right(key: str) -> None:
    check_short_games(key, range(PLAYOUTS))


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_text_of_more_short_random_games_reads_right(key: str) -> None:
    """The same check over ``SLOW_PLAYOUTS`` more deals: rarer first turns (the default suite's deals already
    seat every player count and say every first text of the golden playthroughs)."""
    check_short_games(key, range(PLAYOUTS, PLAYOUTS + SLOW_PLAYOUTS))


@pytest.mark.parametrize(
    "text",
    [
        "⟦1⟧ takes Commander Kade.",
        "P2 takes Commander Kade.",
        "Seat 1 drafts Scout Lindqvist.",
        "Player 2 · Player 3",
        "The matriarch has 1 wounds.",
        "(slime, 1 items)",
        "1 slime grow",
        "a creep for 2 tile",
        "core: every_action",
        "You hold **Long rifle.",
        "core None",
    ],
)
def test_the_check_finds_each_slip(text: str) -> None:
    assert problems(text), text


def test_the_check_leaves_good_text_alone() -> None:
    good = [
        "Alice takes Commander Kade.",
        "The matriarch has 1 wound; endurance check: 8.",
        "Round 2: slot 4 holds the Lab (slime, 1 item).",
        "1 Fern: 1 slime grows; 14 Verdance: 2 slimes grow.",
        "**Cosmic Pioneers** (Cosmic Pioneers), round 2 of 12: Bob's turn.",
        "Escape pod 1 launches with Pilot Okafor aboard.",
        "A Fast alien (F) moves from LAB.o0 to LAB.i0.",
    ]
    for text in good:
        assert not problems(text), (text, problems(text))
