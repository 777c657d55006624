"""Seeded random games through the contract, and the invariants every state must keep.

Shared by the playout test (many seeds) and the leak test (states mid-game). A random player picks
uniformly among the prompts and their choices, like a fuzzer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache

from engine.core import MAX_CHOICE_ID, MAX_LABEL, MAX_PROMPT_ID, SeatSetup
from engine.derelict import SPEC, DerelictOptions, DerelictState
from engine.derelict.catalog import CATALOG
from engine.derelict.state import is_infection

MAX_CHOICES = 25


def options_for(seed: int) -> tuple[int, DerelictOptions]:
    """Player count 1-5, both modes and lengths, spread over the seeds."""
    players = seed % 5 + 1
    mode = ("standard", "coop")[seed // 5 % 2]
    length = ("full", "short")[seed // 10 % 2]
    return players, DerelictOptions(mode=mode, length=length)  # type: ignore[arg-type]


Answered = tuple[DerelictState, tuple[int, str, str] | None]


def random_game(seed: int, max_steps: int = 6000) -> Iterator[Answered]:
    """Yield each state of a seeded random game with the answer that led to it (``None`` for setup).

    The default suite's seeds (``KEPT``) are played once a process (``played``): the playout, leak, phone and
    render tests read the same games (states are never changed in place: ``apply`` and the resampling make new
    ones). Other seeds (the slow set's hundreds) are played afresh and not kept."""
    if seed in KEPT:
        yield from played(seed, max_steps)
    else:
        yield from _play(seed, max_steps)


KEPT = range(12)


@cache
def played(seed: int, max_steps: int = 6000) -> tuple[Answered, ...]:
    """Every state of one seeded random game with its answer, in order (about 4 MB a game)."""
    return tuple(_play(seed, max_steps))


def _play(seed: int, max_steps: int) -> Iterator[Answered]:
    players, options = options_for(seed)
    state = SPEC.setup([SeatSetup()] * players, options, seed)
    pick = random.Random(seed)
    yield state, None
    for _ in range(max_steps):
        prompts = SPEC.prompts(state)
        if not prompts:
            return
        prompt = pick.choice(prompts)
        choice = pick.choice(prompt.choices).id
        state, _ = SPEC.apply(state, prompt.seat, prompt.id, choice)
        yield state, (prompt.seat, prompt.id, choice)
    raise AssertionError(f"seed {seed}: no end after {max_steps} answers")


def check(state: DerelictState, where: str) -> None:
    """Every invariant of a reachable state."""
    assert DerelictState.model_validate_json(state.model_dump_json()) == state, f"JSON round trip: {where}"
    check_prompts(state, where)
    check_cards(state, where)
    check_tokens(state, where)
    check_figures(state, where)


def check_prompts(state: DerelictState, where: str) -> None:
    prompts = SPEC.prompts(state)
    assert (state.phase == "over") == (not prompts), f"prompts vs end: {where}"
    assert (SPEC.outcome(state) is not None) == (state.phase == "over"), f"outcome: {where}"
    for p in prompts:
        assert len(p.id) <= MAX_PROMPT_ID and p.choices and len(p.choices) <= MAX_CHOICES, f"{p.id}: {where}"
        ids = [c.id for c in p.choices]
        assert len(ids) == len(set(ids)), f"duplicate choice in {p.id}: {where}"
        assert all(len(c.id) <= MAX_CHOICE_ID and len(c.label) <= MAX_LABEL for c in p.choices), f"{p.id}: {where}"
        # Discord custom ids are split on ":" and "|" (engine/core/contract.py): never inside an id.
        assert not any(sep in c.id for c in p.choices for sep in ":|"), f"separator in {ids}: {where}"
        assert ":" not in p.id and "|" not in p.id, f"separator in {p.id}: {where}"
    if state.phase == "play" and state.exchange is None:
        assert len(prompts) == 1, f"only one player acts at a time outside an exchange: {where}"


def check_cards(state: DerelictState, where: str) -> None:
    """Action cards conserved per character; every infection card in exactly one place."""
    infection: list[str] = [*state.ship.infection_deck, *state.ship.infection_discard]
    for p in state.players:
        cards = [*p.deck, *p.hand, *p.discard]
        infection += [c for c in cards if is_infection(c)]
        if p.character is None:
            continue
        actions = sorted(c for c in cards if not is_infection(c))
        assert actions == sorted(CATALOG.deck_of(p.character)), f"seat {p.seat} cards: {where}"
    assert sorted(infection) == sorted(f"inf{i}" for i in range(20)), f"infection cards: {where}"


def check_tokens(state: DerelictState, where: str) -> None:
    """Every bag token in exactly one place (bag, supply, out of the game, under a figure); one blank."""
    ship = state.ship
    under = [i.token for i in ship.intruders if i.token is not None]
    places = Counter([*ship.bag, *ship.supply, *ship.gone, *under])
    assert places["blank"] == 1, f"blank: {where}"
    del places["blank"]
    assert sorted(places) == sorted(CATALOG.bag_token), f"tokens: {where}"
    assert all(n == 1 for n in places.values()), f"a token in two places: {where}"
    assert len(ship.fire) == len(set(ship.fire)) <= CATALOG.ship.tokens.fire, f"fire: {where}"
    assert len(ship.malfunction) == len(set(ship.malfunction)) <= CATALOG.ship.tokens.malfunction, f"malf: {where}"
    assert len(ship.noise) == len(set(ship.noise)), f"noise: {where}"


def check_figures(state: DerelictState, where: str) -> None:
    """Figure limits; characters where their status says; nobody waits in a bay holding an intruder."""
    ship = state.ship
    on_board = Counter(i.type for i in ship.intruders)
    on_board["larva"] += sum(1 for p in state.players if p.larva and p.status != "dead")
    for kind, n in on_board.items():
        assert n <= CATALOG.intruder[kind].figures, f"{n} {kind} figures: {where}"  # type: ignore[index]
    for pod in ship.pods:
        assert len(pod.seats) <= 2, f"pod {pod.number} over capacity: {where}"
        for seat in pod.seats:
            status = state.players[seat].status
            assert status in ("pod", "escaped", "dead"), f"seat {seat} in pod {pod.number} as {status}: {where}"
            assert (status == "escaped") == pod.launched or status == "dead", f"pod {pod.number}: {where}"
        if not pod.launched and state.phase == "play":
            waiting = [s for s in pod.seats if state.players[s].status == "pod"]
            assert not (waiting and any(i.room == pod.bay for i in ship.intruders)), f"bay {pod.bay}: {where}"
