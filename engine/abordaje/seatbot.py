"""The ¡Abordaje! seat bot: a heuristic that reads only its seat's view (its hand, the board, the crew counts).

The game has no balance player that could be reused, and its hidden cards (the opponent's hand and face-down
orders, the set-aside cards) are never read here: ``choose`` builds ``view(state, seat)`` and decides from it
and the prompt alone. Each order is placed where its kind does the most good on that ship-deck card, every
free crew is taken, and every counter card cancels.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Prompt, Rng
from engine.core.seatbot import SeatBot

from .rules import view
from .state import AbordajeState, other
from .view import AbordajeView, CardKind, ShipDeckCardView, Side

# Answers always preferred when offered, in order: take every free crew, cancel with counter cards.
EAGER = ("both", "cancel", "yes")


def crew_on(card: ShipDeckCardView, deck: Side, side: Side) -> int:
    """How many of ``side``'s crew stand on ``deck``'s deck of ``card``."""
    counts = card.decks[deck]
    return counts.pirate_crew if side == "pirate" else counts.spanish_crew


def order_value(kind: CardKind, card: ShipDeckCardView, me: Side) -> float:
    """How much good an order of ``kind`` placed on ``card`` should do for ``me`` (a rough, view-only guess)."""
    them = other(me)
    home = crew_on(card, me, me)  # my crew on my deck
    invaders = crew_on(card, me, them)  # their crew on my deck
    boarders = crew_on(card, them, me)  # my crew on their deck
    enemy_home = crew_on(card, them, them)  # their crew on their deck
    values: dict[CardKind, Callable[[], float]] = {
        "fight": lambda: 2.0 * min(home, invaders) + 2.0 * min(boarders, enemy_home) + 0.5,
        "boarding": lambda: min(home, 3) - 0.5 * enemy_home + 1.0,
        "fire": lambda: 0.8 * enemy_home + 0.5 * invaders,
        "repel": lambda: 0.6 * enemy_home + 1.0 * invaders,
        "take_cover": lambda: 0.4 * enemy_home + 0.2,
        "stand_up": lambda: 1.0 + (1.0 if home < 2 else 0.0),
    }
    return values[kind]()


def place_order(v: AbordajeView, prompt: Prompt, number: int) -> str:
    """The kind in hand that does the most good on ship-deck card ``number``."""
    assert v.my_side is not None
    card = next(c for c in v.cards if c.number == number)
    ids = [c.id for c in prompt.choices]
    return max(ids, key=lambda k: (order_value(k, card, v.my_side), k))  # type: ignore[arg-type]


def choose_from_view(v: AbordajeView, prompt: Prompt, rng: Rng) -> str:
    """The bot's answer to ``prompt`` from the seat's view ``v`` alone."""
    code = prompt.id.split(".", 1)[1]
    ids = [c.id for c in prompt.choices]
    if code.startswith("as") and code[2:].split(".")[0].isdigit():
        return place_order(v, prompt, int(code[2:].split(".")[0]))
    if code.startswith(("sw", "cp")):
        return ids[0]  # keep the orders and the captain where they are
    if code.startswith("m") and "none" in ids:
        return "none"
    for answer in EAGER:
        if answer in ids:
            return answer
    return rng.choice(ids)


def choose(state: AbordajeState, prompt: Prompt, rng: Rng) -> str:
    """The answer from ``view(state, seat)`` only: nothing hidden from the seat is ever read."""
    return choose_from_view(view(state, prompt.seat), prompt, rng)


SEAT_BOT = SeatBot(
    choose=choose,
    about="A bot reads only its own side's view. Easy bots play 40 % of their moves at random.",
)
