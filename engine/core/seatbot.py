"""Seat bots: a player the host seats in place of a person, deciding from that seat's knowledge only.

A game offers bots by registering a ``SeatBot`` in ``engine/seatbots.py`` (a game without one simply has no
"Add a bot" in its lobby). ``choose(state, prompt, rng)`` must read only what ``prompt.seat`` may see: its
``view``, its prompts, or a state *resampled* so that everything hidden from that seat is drawn again from the
bot's own generator (determinization). Each game's resampling test (``tests/seatbots``) shows it: states that
differ only in what the seat cannot see give the same answer.

The bot's generator is seeded from the game's seed, the number of actions taken and the seat
(``bot_seed``), so a restart of the host makes exactly the same move again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, get_args

from .contract import GameSpec, Prompt
from .rng import Rng

Level = Literal["easy", "normal"]
LEVELS: tuple[Level, ...] = get_args(Level)

T = TypeVar("T")

# The share of an easy bot's decisions taken uniformly at random (the rest are the normal bot's).
EASY_NOISE = 0.4


@dataclass(frozen=True)
class SeatBot:
    """One game's seat bot: ``choose`` answers one prompt of its seat; ``about`` is the line ``/rules`` adds
    (under 95 characters: the rules text already fills most of a message)."""

    choose: Callable[[Any, Prompt, Rng], str]
    about: str


def redrawn(items: Sequence[T], rng: Rng) -> list[T]:
    """Hidden items drawn again for a determinized copy: put in a canonical (sorted) order first, so the result
    depends on which items are hidden and the bot's generator, never on their real order."""
    again = sorted(items)  # type: ignore[type-var]
    rng.shuffle(again)
    return again


def bot_seed(game_seed: int, actions: int, seat: int) -> int:
    """The generator seed of one decision: same game, same moment, same seat -> same move after a restart."""
    return (game_seed * 1_000_003 + actions * 7919 + seat * 104_729 + 0xB07) & 0xFFFF_FFFF_FFFF_FFFF


def bot_move(
    bot: SeatBot, spec: GameSpec[Any, Any], state: Any, seat: int, level: Level, seed: int
) -> tuple[str, str] | None:
    """The bot's answer ``(prompt id, choice id)`` to its seat's first pending prompt; ``None`` when none waits."""
    pending = [p for p in spec.prompts(state) if p.seat == seat]
    if not pending:
        return None
    prompt = pending[0]
    if len(prompt.choices) == 1:
        return prompt.id, prompt.choices[0].id
    rng = Rng.from_seed(seed)
    if level == "easy" and rng.randrange(1000) < EASY_NOISE * 1000:
        return prompt.id, rng.choice(prompt.choices).id
    choice = bot.choose(state, prompt, rng)
    if prompt.choice(choice) is None:  # a bot bug must never stall a table: fall back to a legal answer
        choice = prompt.choices[0].id
    return prompt.id, choice
