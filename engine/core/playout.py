"""Replaying a stored log and playing seeded random games: the tools behind determinism and contract tests."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from .contract import Event, GameSpec, Prompt, SeatSetup, State
from .rng import Rng


@dataclass(frozen=True)
class LoggedAction:
    """One answered prompt as the store keeps it."""

    seat: int
    prompt_id: str
    choice_id: str


def replay(
    spec: GameSpec[Any, Any],
    seats: Sequence[SeatSetup],
    options: BaseModel,
    seed: int,
    actions: Sequence[LoggedAction],
) -> State:
    """The state reached by applying ``actions`` to a fresh setup (every action checked again)."""
    state: State = spec.setup(seats, options, seed)
    for action in actions:
        state, _ = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
    return state


@dataclass(frozen=True)
class PlayoutStep:
    """One step of a random playout: the state before, the action taken, the state and events after."""

    index: int
    before: State
    action: LoggedAction
    prompts: list[Prompt]
    after: State
    events: list[Event]


def random_playout(
    spec: GameSpec[Any, Any],
    seats: Sequence[SeatSetup],
    options: BaseModel,
    seed: int,
    max_steps: int = 5000,
) -> Iterator[PlayoutStep]:
    """Play uniformly random legal choices until the game ends or ``max_steps`` is reached.

    The random player's own choices come from a generator seeded apart from the game's, so the game's
    randomness is untouched by the player.
    """
    state = spec.setup(seats, options, seed)
    chooser = Rng.from_seed(seed ^ 0x5EED)
    for index in range(max_steps):
        prompts = spec.prompts(state)
        if not prompts:
            return
        prompt = chooser.choice(prompts)
        choice = chooser.choice(prompt.choices)
        action = LoggedAction(prompt.seat, prompt.id, choice.id)
        after, events = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
        yield PlayoutStep(index, state, action, prompts, after, events)
        state = after
