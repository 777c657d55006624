"""A stored game's log replayed from its seed: what the store's snapshot must equal, whatever happened.

Shared by the concurrency scenarios and the crash tests (``tests/crash``): if two requests ever interleaved, or a
kill left a half-written transaction, the snapshot and the log would disagree.
"""

from __future__ import annotations

from typing import Any

from bot.store import ActionRecord, GameRecord, Store
from engine.core import GameSpec, SeatSetup, State
from engine.core.playout import LoggedAction, replay
from engine.registry import GAMES


def replayed(record: GameRecord, log: list[ActionRecord], games: dict[str, GameSpec[Any, Any]] | None = None) -> State:
    """The state the record's game reaches by applying its log to a fresh setup."""
    spec = (games or GAMES)[record.game_key]
    seats = [SeatSetup(role=s.role) for s in sorted(record.seats, key=lambda s: s.seat)]
    actions = [LoggedAction(a.seat, a.prompt_id, a.choice_id) for a in log]
    return replay(spec, seats, spec.parse_options(record.options), record.seed, actions)


async def check_replay(store: Store, game_id: int) -> GameRecord:
    """Assert the stored snapshot is the replay of the stored log (indices 0…n-1, n = ``action_count``)."""
    record = await store.get_game(game_id)
    assert record is not None and record.snapshot is not None, f"game {game_id} is missing or has not begun"
    log = await store.actions(game_id)
    assert [a.index for a in log] == list(range(record.action_count)), f"game {game_id}: the log has gaps"
    spec = GAMES[record.game_key]
    assert spec.load_state(record.snapshot) == replayed(record, log), f"game {game_id}: snapshot is not the replay"
    return record
