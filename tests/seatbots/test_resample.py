"""A seat bot decides from its seat's knowledge only, shown per game by resampling (OpenSpiel's
``ResampleInfostateTest`` applied to a player instead of a view).

For states of seeded random games, everything the deciding seat cannot see is drawn again (the opponent's
hand and face-down orders, crewmates' hands, deck orders, tiles in the box, the dice generator); the bot, with
the same seed, must give the same answer at both levels. The resample must really change something hidden in
most states, or the comparison would prove nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.abordaje.state import AbordajeState
from engine.capricorn.greedy import ROLES as CAPRICORN_ROLES
from engine.capricorn.state import CapricornState
from engine.core import Rng, SeatSetup
from engine.core.playout import random_playout
from engine.core.seatbot import LEVELS, bot_move
from engine.derelict.state import DerelictState
from engine.jupiter.state import JupiterState
from engine.pioneers.state import PioneersState
from engine.registry import get_spec
from engine.seatbots import seat_bot
from tests.abordaje.resample import resample_hidden
from tests.derelict.resample import resample_hidden as resample_derelict_hidden


def reshuffled(items: list[Any], rng: Rng) -> list[Any]:
    """The same items in another order."""
    copy = list(items)
    rng.shuffle(copy)
    return copy


def resample_abordaje(state: AbordajeState, seat: int, rng: Rng) -> AbordajeState:
    return resample_hidden(state, seat, rng.next_u64())


def resample_capricorn(state: CapricornState, seat: int, rng: Rng) -> CapricornState:
    """Crewmates' hands re-dealt among themselves, every stack and face-down deck reshuffled, dice re-seeded."""
    new = state.clone()
    crew = new.crew
    others = [c for c in crew.characters if c.seat != seat]
    pool = reshuffled([card for c in others for card in c.hand], rng)
    for c in others:
        c.hand, pool = pool[: len(c.hand)], pool[len(c.hand) :]
    for c in crew.characters:
        if c.seat != seat:
            c.stack = reshuffled(c.stack, rng)
    crew.room_decks = {room: reshuffled(deck, rng) for room, deck in crew.room_decks.items()}
    crew.event_deck = reshuffled(crew.event_deck, rng)
    crew.repair_deck = reshuffled(crew.repair_deck, rng)
    new.rng = Rng.from_seed(rng.next_u64())
    return new


def resample_derelict(state: DerelictState, seat: int, rng: Rng) -> DerelictState:
    """Others' hands, items and tasks, infection, face-down tiles and tokens, engine tokens, the coordinates
    card and every deck order drawn again (``tests/derelict/resample.py``), unless the seat has looked."""
    return resample_derelict_hidden(state, seat, rng.next_u64())


def resample_jupiter(state: JupiterState, seat: int, rng: Rng) -> JupiterState:
    new = state.clone()
    new.deck = reshuffled(new.deck, rng)
    new.rng = Rng.from_seed(rng.next_u64())
    return new


def resample_pioneers(state: PioneersState, seat: int, rng: Rng) -> PioneersState:
    new = state.clone()
    new.deck = reshuffled(new.deck, rng)
    new.unused_tiles = reshuffled(new.unused_tiles, rng)
    new.rng = Rng.from_seed(rng.next_u64())
    return new


CASES: dict[str, tuple[Callable[[Any, int, Rng], Any], list[str | None]]] = {
    "abordaje": (resample_abordaje, ["pirate", "spanish"]),
    "capricorn": (resample_capricorn, list(CAPRICORN_ROLES[:3])),
    "derelict": (resample_derelict, [None, None, None]),
    "jupiter": (resample_jupiter, [None, None]),
    "pioneers": (resample_pioneers, [None, None, None]),
}


def seed_cases() -> list[Any]:
    """Every game's first seed by default (¡Abordaje!'s two: one short game holds under ten decisions compared);
    the other games' second seed in the slow set."""
    default = [pytest.param(key, (1, 2) if key == "abordaje" else (1,), id=key) for key in sorted(CASES)]
    others = [key for key in sorted(CASES) if key != "abordaje"]
    slow = [pytest.param(key, (2,), id=f"{key}-seed-2", marks=pytest.mark.slow) for key in others]
    return default + slow


@pytest.mark.parametrize(("key", "seeds"), seed_cases())
def test_bot_answer_ignores_what_its_seat_cannot_see(key: str, seeds: tuple[int, ...]) -> None:
    spec = get_spec(key)
    bot = seat_bot(key)
    assert bot is not None
    resample, roles = CASES[key]
    seats = [SeatSetup(role=r) for r in roles]
    compared = changed = 0
    for seed in seeds:
        rng = Rng.from_seed(seed * 77)
        for step in random_playout(spec, seats, spec.options_model(), seed, max_steps=400):
            if step.index % 7:
                continue
            state, seat = step.before, step.action.seat
            other = resample(state, seat, rng)
            assert spec.view(other, seat) == spec.view(state, seat), f"{key} seed {seed} step {step.index}"
            if spec.unseen is not None and spec.unseen(other, seat) != spec.unseen(state, seat):
                changed += 1
            for level in LEVELS:
                expected = bot_move(bot, spec, state, seat, level, seed * 1000 + step.index)
                got = bot_move(bot, spec, other, seat, level, seed * 1000 + step.index)
                assert got == expected, f"{key} {level} seed {seed} step {step.index}: {expected} became {got}"
            compared += 1
    assert compared >= 10
    assert changed >= compared // 2, f"{key}: the resample changed nothing hidden in most states"
