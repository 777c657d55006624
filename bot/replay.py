"""Rebuilding a game's states from its seed and log: the engine is deterministic, so the log is the game.

``/log private`` replays to recover what one player was told (never stored as text); ``/undo`` replays all
but the last action to find the state before it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from engine.core import Event, GameSpec, NoGameHere, SeatSetup, State

from .store import ActionRecord, GameRecord


def first_state(spec: GameSpec[Any, Any], record: GameRecord) -> State:
    """The state the game began with; a game begun under other rules cannot be rebuilt (a sentence says so)."""
    if record.engine_version != spec.engine_version:
        raise NoGameHere("This game was begun under an older version of its rules, so its history cannot be rebuilt.")
    seats = [SeatSetup(role=s.role) for s in record.seats]
    state: State = spec.setup(seats, spec.parse_options(record.options), record.seed)
    return state


def replay(
    spec: GameSpec[Any, Any], state: State, actions: Sequence[ActionRecord]
) -> Iterator[tuple[State, list[Event]]]:
    """Each action of ``actions`` applied in turn from ``state``: the state after it and its events.

    A log that no longer replays raises the engine's ``GameError``; callers decide what a reader sees.
    """
    for action in actions:
        state, events = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
        yield state, events


def state_after(spec: GameSpec[Any, Any], record: GameRecord, actions: Sequence[ActionRecord]) -> State:
    """The state once ``actions`` (the start of the game's log) have been played from the first state."""
    state = first_state(spec, record)
    for action in actions:
        state, _ = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
    return state
