"""The Derelict seat bot: the balance player (``heuristic.Heuristic``), which already decides from the seat's
``DerelictView`` and its prompt only.

``view(state, seat)`` holds the seat's own hand, items, task and the peeks it took, never another seat's
hand, inventory or task, a deck order, an unscanned infection status, a face-down tile or token, an engine
token or the coordinates card (digest §5), so nothing hidden from the seat can reach the answer.

The heuristic answers every prompt a seat gets (the draft and secret task at setup, turns, movement, noise,
pay and discard prompts, pods, combat); in an exchange it makes no offer of its own and declines what it is
offered. The bot keeps that, except that it accepts a gift: an offer whose label says it gives nothing back
(the prompt is the seat's own, so reading its label reads nothing hidden).
"""

from __future__ import annotations

from engine.core import Prompt, Rng
from engine.core.seatbot import SeatBot

from .heuristic import Heuristic
from .state import DerelictState
from .view import view

GIFT = ", give nothing"  # how an accept label ends when the offer asks for nothing back (exchange.accept_label)


def accepts_gift(prompt: Prompt) -> bool:
    """Whether ``prompt`` offers the seat something for nothing (always worth taking)."""
    accept = prompt.choice("accept")
    return accept is not None and accept.label.endswith(GIFT)


def choose(state: DerelictState, prompt: Prompt, rng: Rng) -> str:
    """The balance player's answer from the seat's view only (a gift is accepted)."""
    if accepts_gift(prompt):
        return "accept"
    return Heuristic(rng.next_u64()).choose(view(state, prompt.seat), prompt)


SEAT_BOT = SeatBot(
    choose=choose,
    about="A bot plays its own view like the balance player; it accepts gifts. Easy: 40 % random.",
)
