"""The Derelict seat bot: the balance player (``heuristic.Heuristic``), which already decides from the seat's
``DerelictView`` and its prompt only.

``view(state, seat)`` holds the seat's own hand, items, task and the peeks it took, never another seat's
hand, inventory or task, a deck order, an unscanned infection status, a face-down tile or token, an engine
token or the coordinates card (digest §5), so nothing hidden from the seat can reach the answer.

The heuristic answers every prompt a seat gets (the draft and secret task at setup, turns, movement, noise,
pay and discard prompts, pods, combat); in an exchange it makes no offer of its own and declines what it is
offered. The bot keeps that, except that it accepts a gift: an offer that asks nothing back, read from the
seat's view (``DerelictView.incoming``), never from the accept button's wording, so a label can be reworded
(or shortened to fit a button) without changing what the bot does.
"""

from __future__ import annotations

from engine.core import Prompt, Rng
from engine.core.seatbot import SeatBot

from .heuristic import Heuristic
from .state import DerelictState
from .view import DerelictView, view


def accepts_gift(seen: DerelictView, prompt: Prompt) -> bool:
    """Whether ``prompt`` answers an offer of something for nothing (always worth taking)."""
    offer = seen.incoming
    return prompt.choice("accept") is not None and offer is not None and offer.asks_nothing


def choose(state: DerelictState, prompt: Prompt, rng: Rng) -> str:
    """The balance player's answer from the seat's view only (a gift is accepted)."""
    seen = view(state, prompt.seat)
    if accepts_gift(seen, prompt):
        return "accept"
    return Heuristic(rng.next_u64()).choose(seen, prompt)


SEAT_BOT = SeatBot(
    choose=choose,
    about="A bot plays its own view like the balance player; it accepts gifts. Easy: 40 % random.",
)
