"""The Cosmic Pioneers seat bot: the balance player's greedy estimate, looking to the end of its own turn, on a
determinized state.

Nothing is secret between players; the event deck's order, the planet tiles left in the box and the dice are
hidden from everyone. The bot plays on a copy where those are drawn again from its own generator (each list
put in a canonical order first), so its answer cannot depend on them.
"""

from __future__ import annotations

from engine.core import Prompt, Rng
from engine.core.seatbot import SeatBot, redrawn

from .catalog import CATALOG
from .rules import apply, prompts
from .selfplay import estimate, greedy_choice
from .state import COLONIST, PioneersState, distance

STEP_COST = 0.2  # VP a step between the ship and its next job costs the bot (a weighting of ours)
UPGRADE_WORTH = 0.5  # VP an attribute level above the first is worth to the bot (a weighting of ours)
SAMPLES = 3  # determinized copies each answer is tried on
FOLLOW_UP = 6  # decisions of the same seat played ahead after each candidate answer


def determinize(state: PioneersState, rng: Rng) -> PioneersState:
    """A copy of ``state`` agreeing with every seat's view: deck and box tiles re-shuffled, dice re-seeded."""
    sample = state.clone()
    sample.deck = redrawn(sample.deck, rng)
    sample.unused_tiles = redrawn(sample.unused_tiles, rng)
    sample.rng = Rng.from_seed(rng.next_u64())
    return sample


def rest_of_turn(state: PioneersState, seat: int, rng: Rng) -> PioneersState:
    """``state`` after ``seat`` answers its following decisions (at most ``FOLLOW_UP``) the one-step greedy way:
    where a ship goes shows its worth only once its colonists are unloaded."""
    for _ in range(FOLLOW_UP):
        mine = [p for p in prompts(state) if p.seat == seat]
        if not mine:
            break
        state, _ = apply(state, seat, mine[0].id, greedy_choice(state, mine[0], rng))
    return state


def worth(state: PioneersState, seat: int) -> float:
    """The balance player's estimate, with credits counted to the credit (not only per whole VP) and each
    attribute level above the first worth a little: both pay later in the game."""
    player = state.player(seat)
    per_vp = state.rules.credits_per_vp or CATALOG.components.credits_per_vp
    levels = sum(player.levels.values()) - len(player.levels)
    value = estimate(state, seat) + (player.credits % per_vp) / per_vp + UPGRADE_WORTH * levels
    return value - STEP_COST * steps_to_work(state, seat)


def steps_to_work(state: PioneersState, seat: int) -> int:
    """How far the ship is from its next job: the Jumpgate while its hold has no colonist, else the nearest
    planet with a free spot (a one-step look-ahead cannot see a target beyond one move)."""
    player = state.player(seat)
    size = len(state.ring)
    if COLONIST not in player.cargo:
        return distance(player.at, 0, size)
    open_slots = [slot for slot in state.planet_slots() if state.ring[slot].empty_spots()]
    return min((distance(player.at, slot, size) for slot in open_slots), default=0)


def choose(state: PioneersState, prompt: Prompt, rng: Rng) -> str:
    """The answer whose rest of the turn (played greedily) leaves the best worth, averaged over ``SAMPLES``
    determinized copies; every answer is tried on the same copies and dice, so the dice do not decide between
    them (ties: at random)."""
    samples = [determinize(state, rng) for _ in range(SAMPLES)]
    dice = [rng.next_u64() for _ in range(SAMPLES)]
    best: list[str] = []
    top = float("-inf")
    for choice in prompt.choices:
        value = 0.0
        for sample, seed in zip(samples, dice, strict=True):
            trial = sample.clone()
            trial.rng = Rng.from_seed(seed)
            after, _ = apply(trial, prompt.seat, prompt.id, choice.id)
            value += worth(rest_of_turn(after, prompt.seat, Rng.from_seed(seed ^ 0xF011)), prompt.seat)
        if value > top + 1e-9:
            top, best = value, [choice.id]
        elif abs(value - top) <= 1e-9:
            best.append(choice.id)
    return rng.choice(best)


SEAT_BOT = SeatBot(
    choose=choose,
    about="A bot takes the most VP one step ahead, blind to deck and dice. Easy: 40 % random.",
)
