"""The Cosmic Pioneers seat bot: the balance player's one-step greedy choice on a determinized state.

Nothing is secret between players; the event deck's order, the planet tiles left in the box and the dice are
hidden from everyone. The bot plays on a copy where those are drawn again from its own generator (each list
put in a canonical order first), so its answer cannot depend on them.
"""

from __future__ import annotations

from engine.core import Prompt, Rng
from engine.core.seatbot import SeatBot

from .selfplay import greedy_choice
from .state import PioneersState


def determinize(state: PioneersState, rng: Rng) -> PioneersState:
    """A copy of ``state`` agreeing with every seat's view: deck and box tiles re-shuffled, dice re-seeded."""
    sample = state.clone()
    deck = sorted(sample.deck)
    rng.shuffle(deck)
    sample.deck = deck
    tiles = sorted(sample.unused_tiles)
    rng.shuffle(tiles)
    sample.unused_tiles = tiles
    sample.rng = Rng.from_seed(rng.next_u64())
    return sample


def choose(state: PioneersState, prompt: Prompt, rng: Rng) -> str:
    """The greedy answer (best victory-point estimate one step ahead) on a determinized copy."""
    return greedy_choice(determinize(state, rng), prompt, rng)


SEAT_BOT = SeatBot(
    choose=choose,
    about="A bot takes the most VP one step ahead, blind to deck and dice. Easy: 40 % random.",
)
