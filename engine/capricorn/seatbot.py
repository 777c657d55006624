"""The Capricorn seat bot: the balance player (``greedy.Greedy``), which already decides from the seat's view.

``Greedy.choose`` reads ``view(state, seat)`` and the prompt only, so a crewmate's hand, the stacks and the
face-down decks never reach it (CAP-G-SEAT-1: in this cooperative game a seat does not see the others' hands).
"""

from __future__ import annotations

from engine.core import Prompt, Rng
from engine.core.seatbot import SeatBot

from .greedy import Greedy
from .state import CapricornState
from .view import view


def choose(state: CapricornState, prompt: Prompt, rng: Rng) -> str:
    """The greedy crewmate's answer, from the seat's view only."""
    return Greedy(rng.next_u64()).choose(view(state, prompt.seat), prompt)


SEAT_BOT = SeatBot(
    choose=choose,
    about="A bot crewmate sees only its own seat's view. Easy bots play 40 % of moves at random.",
)
