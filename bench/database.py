"""A SQLite database holding many stored games (10,000 by default), built fast and cached between runs.

Realistic rows matter more than realistic history: each stored game is a real state reached by a seeded
random playout (half of them mid-game and ``active``, half finished), with its seats and its action log up
to that state, written through the store's own SQL and row mapping (``bot.store.sql``) with ``executemany``
in one transaction. The schema comes from ``open_store`` (the migrations), so the file is exactly what the
bot would open. It is cached in a temporary folder under a name made of the schema version, the games and
their engine versions and the count: a re-run reuses it, a schema change rebuilds it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.store import sql
from bot.store.base import ActionRecord, GameRecord, SeatRecord
from bot.store.factory import open_store
from bot.store.migrations import LATEST
from engine.core import GameSpec
from engine.core.playout import random_playout

from .throughput import seats_for

FORMAT = 1  # bump when the rows written here change shape
CHANNEL_BASE = 50_000_000
USER_BASE = 70_000_000
NOW = 1_760_000_000.0


@dataclass(frozen=True)
class Step:
    """One step of a sample playout: the state after it, as stored, and its log row's fields."""

    snapshot: str
    seat: int
    prompt_id: str
    choice_id: str
    public: tuple[str, ...]


@dataclass(frozen=True)
class StoredGames:
    """The database file and which channels hold an active game of which key."""

    path: Path
    total: int
    active_channels: dict[str, list[int]]
    built: bool  # False when a cached file was reused


def channel_of(index: int) -> int:
    return CHANNEL_BASE + index


def db_name(specs: Sequence[GameSpec[Any, Any]], total: int) -> str:
    """The cache file name: schema version, bench format, count, and a digest of the games' versions."""
    names = ",".join(f"{s.key}={s.engine_version}" for s in specs)
    digest = hashlib.sha256(names.encode()).hexdigest()[:12]
    return f"games-schema{LATEST}-f{FORMAT}-{total}-{digest}.db"


def active_channels(specs: Sequence[GameSpec[Any, Any]], total: int) -> dict[str, list[int]]:
    """Game ``i`` is of ``specs[i % len]`` and active when ``(i // len)`` is even: half of each key is active."""
    found: dict[str, list[int]] = {s.key: [] for s in specs}
    for i in range(total):
        if (i // len(specs)) % 2 == 0:
            found[specs[i % len(specs)].key].append(channel_of(i))
    return found


def sample_playouts(spec: GameSpec[Any, Any], count: int) -> list[list[Step]]:
    """``count`` seeded random games of ``spec``, every step kept (what stored games are cut from)."""
    seats = seats_for(spec)
    options = spec.options_model()
    games = []
    for seed in range(count):
        steps = [
            Step(
                step.after.model_dump_json(),
                step.action.seat,
                step.action.prompt_id,
                step.action.choice_id,
                tuple(e.text for e in step.events if e.is_public),
            )
            for step in random_playout(spec, seats, options, seed=seed)
        ]
        if steps:
            games.append(steps)
    return games


def build_rows(
    specs: Sequence[GameSpec[Any, Any]], total: int, playouts: dict[str, list[list[Step]]]
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Game, seat and action rows for ``total`` games, in the store's own column order."""
    chooser = random.Random(FORMAT)
    games: list[tuple[Any, ...]] = []
    seats: list[tuple[Any, ...]] = []
    actions: list[tuple[Any, ...]] = []
    for i in range(total):
        spec = specs[i % len(specs)]
        active = (i // len(specs)) % 2 == 0
        game = chooser.choice(playouts[spec.key])
        cut = chooser.randrange(1, len(game)) if active and len(game) > 1 else len(game)
        game_id = i + 1
        roster = [
            SeatRecord(seat=k, user_id=USER_BASE + 10 * i + k, display_name=f"player{k}", role=setup.role)
            for k, setup in enumerate(seats_for(spec))
        ]
        last = game[cut - 1]
        record = GameRecord(
            id=game_id,
            guild_id=1 + i % 50,
            channel_id=channel_of(i),
            game_key=spec.key,
            options=spec.options_model().model_dump(mode="json"),
            seed=i,
            engine_version=spec.engine_version,
            status="active" if active else "finished",
            version=cut + 2,
            opener_id=roster[0].user_id,
            snapshot=last.snapshot,
            board_message_id=900_000_000 + i,
            narration=list(last.public),
            action_count=cut,
            result=None if active else "A finished benchmark game.",
            created_at=NOW - 86_400,
            updated_at=NOW,
            waiting_since=NOW,
        )
        games.append((game_id, *sql.game_params(record)))
        seats.extend(sql.seat_params(game_id, roster))
        for index, step in enumerate(game[:cut]):
            row = ActionRecord(
                game_id=game_id,
                index=index,
                seat=step.seat,
                user_id=roster[step.seat].user_id,
                prompt_id=step.prompt_id,
                choice_id=step.choice_id,
                public=list(step.public),
                at=NOW,
            )
            actions.append(sql.action_params(row))
    return games, seats, actions


async def _create_schema(path: Path) -> None:
    store = await open_store(str(path))
    await store.close()


def empty_database(folder: Path) -> Path:
    """A migrated database with no game (what a first start sees after its first run), cached like the big one."""
    path = folder / f"empty-schema{LATEST}.db"
    if not path.exists():
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        asyncio.run(_create_schema(tmp))
        os.replace(tmp, path)
    return path


def stored_games(specs: Sequence[GameSpec[Any, Any]], total: int, folder: Path, playouts_per_game: int) -> StoredGames:
    """The cached database of ``total`` games of ``specs`` in ``folder``; built first if missing."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / db_name(specs, total)
    channels = active_channels(specs, total)
    if path.exists():
        return StoredGames(path, total, channels, built=False)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        leftover.unlink(missing_ok=True)
    asyncio.run(_create_schema(tmp))
    playouts = {spec.key: sample_playouts(spec, playouts_per_game) for spec in specs}
    game_rows, seat_rows, action_rows = build_rows(specs, total, playouts)
    columns = ", ".join(("id", *sql.GAME_COLUMNS))
    marks = ", ".join("?" for _ in range(len(sql.GAME_COLUMNS) + 1))
    db = sqlite3.connect(tmp, isolation_level=None)
    try:
        db.execute("BEGIN")
        db.executemany(f"INSERT INTO games ({columns}) VALUES ({marks})", game_rows)
        db.executemany(sql.for_sqlite(sql.INSERT_SEAT), seat_rows)
        db.executemany(sql.for_sqlite(sql.INSERT_ACTION), action_rows)
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("ANALYZE")
    finally:
        db.close()
    os.replace(tmp, path)
    for side in ("-wal", "-shm"):
        Path(f"{tmp}{side}").unlink(missing_ok=True)
    return StoredGames(path, total, channels, built=True)


def describe(stored: StoredGames) -> str:
    """One line about the database: where, how big, built or reused."""
    size = stored.path.stat().st_size / 1e6
    how = "built now" if stored.built else "reused from cache"
    counts = json.dumps({k: len(v) for k, v in stored.active_channels.items()})
    return f"{stored.total} stored games ({size:.1f} MB, {how}; active per game: {counts}) at {stored.path}"
