"""The Jupiter Deep seat bot: the balance player (``heuristic.choose``) on a determinized state.

Every hand and core is public (JUP digest §6); only the Rescue deck's order and the dice are hidden. The bot
therefore plays on a copy whose deck is put in a canonical order and shuffled again with the bot's own
generator, and whose dice generator is re-seeded: what it decides cannot depend on the real deck order.
"""

from __future__ import annotations

from engine.core import Prompt, Rng
from engine.core.seatbot import SeatBot, redrawn

from .heuristic import choose as balance_choice
from .state import JupiterState


def determinize(state: JupiterState, rng: Rng) -> JupiterState:
    """A copy of ``state`` agreeing with every seat's view: the deck re-shuffled, the dice re-seeded."""
    sample = state.clone()
    sample.deck = redrawn(sample.deck, rng)
    sample.rng = Rng.from_seed(rng.next_u64())
    return sample


def choose(state: JupiterState, prompt: Prompt, rng: Rng) -> str:
    """The balance player's answer on a determinized copy."""
    sample = determinize(state, rng)
    return balance_choice(sample, prompt, rng.next_u64())


SEAT_BOT = SeatBot(
    choose=choose,
    about="A bot plays like the balance player but never knows the deck order. Easy: 40 % random.",
)
