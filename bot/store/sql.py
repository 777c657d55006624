"""The SQL text and the row ↔ record mapping both backends share.

Statements use PostgreSQL's numbered placeholders (``$1``); the SQLite backend rewrites them to SQLite's
equivalent (``?1``) with ``for_sqlite``. Only the DDL differs between the two, and it lives in
``migrations.py``.

Rows are read by column name, which both ``sqlite3.Row`` and ``asyncpg.Record`` support.
"""

from __future__ import annotations

import json
import re
from typing import Any, Protocol

from engine.core.errors import Conflict

from .base import ActionRecord, GameRecord, SeatRecord, UserPrefs


class Row(Protocol):
    """A result row readable by column name."""

    def __getitem__(self, key: str, /) -> Any: ...


# ------------------------------------------------------------------ games

GAME_COLUMNS = (
    "guild_id",
    "channel_id",
    "game_key",
    "options",
    "seed",
    "engine_version",
    "status",
    "version",
    "opener_id",
    "snapshot",
    "board_message_id",
    "narration",
    "action_count",
    "result",
    "created_at",
    "updated_at",
    "waiting_since",
    "reminders_sent",
)
_N = len(GAME_COLUMNS)

SELECT_GAME = f"SELECT id, {', '.join(GAME_COLUMNS)} FROM games"

INSERT_GAME = (
    f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) "
    f"VALUES ({', '.join(f'${i}' for i in range(1, _N + 1))}) RETURNING id"
)

# Parameters: the game's columns ($1..$N), then its id and the version the writer read.
UPDATE_GAME = (
    f"UPDATE games SET {', '.join(f'{c} = ${i}' for i, c in enumerate(GAME_COLUMNS, 1))} "
    f"WHERE id = ${_N + 1} AND version = ${_N + 2}"
)

GAME_BY_ID = f"{SELECT_GAME} WHERE id = $1"
LIVE_GAME = f"{SELECT_GAME} WHERE channel_id = $1 AND status IN ('lobby', 'active')"
LATEST_GAME = f"{SELECT_GAME} WHERE channel_id = $1 ORDER BY id DESC LIMIT 1"
GAMES_OF_USER = (
    f"{SELECT_GAME} WHERE status IN ('lobby', 'active') "
    "AND id IN (SELECT game_id FROM seats WHERE user_id = $1) ORDER BY id"
)
GAMES_OF_USER_IN_GUILD = (
    f"{SELECT_GAME} WHERE status IN ('lobby', 'active') AND guild_id = $2 "
    "AND id IN (SELECT game_id FROM seats WHERE user_id = $1) ORDER BY id"
)
# $1 now, $2 the idle time in seconds, $3 the most reminders per wait, $4 the limit. A wait is due its next
# reminder after the idle time, then 2x, 4x… it (``1 << reminders_sent``), computed here so the query returns
# only games that are due, however many have already been reminded.
GAMES_DUE_A_REMINDER = (
    f"{SELECT_GAME} WHERE status = 'active' AND reminders_sent < $3 "
    "AND waiting_since + CAST($2 AS DOUBLE PRECISION) * (1 << reminders_sent) <= $1 "
    "ORDER BY waiting_since, id LIMIT $4"
)
GAME_EXISTS = "SELECT version FROM games WHERE id = $1"
DELETE_GAME = "DELETE FROM games WHERE id = $1"

# ------------------------------------------------------------------ seats

SEATS_OF_GAME = "SELECT seat, user_id, display_name, role FROM seats WHERE game_id = $1 ORDER BY position"
DELETE_SEATS = "DELETE FROM seats WHERE game_id = $1"
INSERT_SEAT = (
    "INSERT INTO seats (game_id, position, seat, user_id, display_name, role) VALUES ($1, $2, $3, $4, $5, $6)"
)
DELETE_ACTIONS = "DELETE FROM actions WHERE game_id = $1"

# ------------------------------------------------------------------ actions

ACTIONS_OF_GAME = (
    "SELECT game_id, idx, seat, user_id, prompt_id, choice_id, public, at FROM actions "
    "WHERE game_id = $1 ORDER BY idx"
)
INSERT_ACTION = (
    "INSERT INTO actions (game_id, idx, seat, user_id, prompt_id, choice_id, public, at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
)

# ------------------------------------------------------------------ users

USER_PREFS = "SELECT user_id, dm_closed FROM user_prefs WHERE user_id = $1"
UPSERT_USER_PREFS = (
    "INSERT INTO user_prefs (user_id, dm_closed) VALUES ($1, $2) "
    "ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed"
)

# ------------------------------------------------------------------ migrations

SCHEMA_LEVEL = "SELECT COALESCE(MAX(version), 0) FROM schema_version"
RECORD_MIGRATION = "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)"

_PLACEHOLDER = re.compile(r"\$(\d+)")


def for_sqlite(statement: str) -> str:
    """The statement with ``$n`` placeholders written as SQLite's ``?n`` (also "the n-th parameter")."""
    return _PLACEHOLDER.sub(r"?\1", statement)


# ------------------------------------------------------------------ mapping


def game_params(game: GameRecord) -> tuple[Any, ...]:
    """The game's column values in ``GAME_COLUMNS`` order (JSON fields as text)."""
    return (
        game.guild_id,
        game.channel_id,
        game.game_key,
        json.dumps(game.options),
        game.seed,
        game.engine_version,
        game.status,
        game.version,
        game.opener_id,
        game.snapshot,
        game.board_message_id,
        json.dumps(game.narration),
        game.action_count,
        game.result,
        game.created_at,
        game.updated_at,
        game.waiting_since,
        game.reminders_sent,
    )


def game_from_row(row: Row, seats: list[SeatRecord]) -> GameRecord:
    """A fresh record from a ``SELECT_GAME`` row and the game's seats."""
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game_key=row["game_key"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        engine_version=row["engine_version"],
        status=row["status"],
        version=row["version"],
        opener_id=row["opener_id"],
        seats=seats,
        snapshot=row["snapshot"],
        board_message_id=row["board_message_id"],
        narration=json.loads(row["narration"]),
        action_count=row["action_count"],
        result=row["result"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        waiting_since=row["waiting_since"],
        reminders_sent=row["reminders_sent"],
    )


def seat_params(game_id: int, seats: list[SeatRecord]) -> list[tuple[Any, ...]]:
    """``INSERT_SEAT`` parameters for each seat, keeping the list's order."""
    return [(game_id, pos, s.seat, s.user_id, s.display_name, s.role) for pos, s in enumerate(seats)]


def seat_from_row(row: Row) -> SeatRecord:
    """A fresh seat from a ``SEATS_OF_GAME`` row."""
    return SeatRecord(
        seat=row["seat"], user_id=row["user_id"], display_name=row["display_name"], role=row["role"]
    )


def action_params(action: ActionRecord) -> tuple[Any, ...]:
    """``INSERT_ACTION`` parameters."""
    return (
        action.game_id,
        action.index,
        action.seat,
        action.user_id,
        action.prompt_id,
        action.choice_id,
        json.dumps(action.public),
        action.at,
    )


def action_from_row(row: Row) -> ActionRecord:
    """A fresh action from an ``ACTIONS_OF_GAME`` row."""
    return ActionRecord(
        game_id=row["game_id"],
        index=row["idx"],
        seat=row["seat"],
        user_id=row["user_id"],
        prompt_id=row["prompt_id"],
        choice_id=row["choice_id"],
        public=json.loads(row["public"]),
        at=row["at"],
    )


def prefs_from_row(user_id: int, row: Row | None) -> UserPrefs:
    """The stored preferences, or the defaults when the user has none."""
    if row is None:
        return UserPrefs(user_id=user_id)
    return UserPrefs(user_id=row["user_id"], dm_closed=bool(row["dm_closed"]))


# ------------------------------------------------------------------ checks shared by both backends


def game_id_of(game: GameRecord) -> int:
    """The id of a stored game; a record never inserted has none, which is a bug in the caller."""
    if game.id is None:
        raise ValueError("This game has no id: insert it with insert_game before updating it.")
    return game.id


def check_action(game_id: int, action: ActionRecord) -> None:
    """The action must belong to the game it is recorded with."""
    if action.game_id != game_id:
        raise ValueError(f"The action belongs to game {action.game_id}, not to game {game_id}.")


def written(game: GameRecord, game_id: int, version: int) -> GameRecord:
    """A fresh copy of what was just written, with its id and new version (callers mutate their copy)."""
    return game.model_copy(deep=True, update={"id": game_id, "version": version})


def channel_busy() -> Conflict:
    """The refusal when a channel already has a live game (a player may read it: no ids)."""
    return Conflict("This channel already has a game in its lobby or in play; finish or end it first.")


def stale_version() -> Conflict:
    """The refusal when somebody else wrote the game since the caller read it."""
    return Conflict("Somebody else changed this game first; look at the board again and retry.")


def gone() -> Conflict:
    """The refusal when the game was deleted since the caller read it."""
    return Conflict("This game no longer exists: it was reset meanwhile.")


def duplicate_action() -> Conflict:
    """The refusal when the log already holds an action at this position (a second writer won)."""
    return Conflict("Somebody else moved first; look at the board again and retry.")
