"""The SQL text and the row ↔ record mapping both backends share.

Statements use PostgreSQL's numbered placeholders (``$1``); the SQLite backend rewrites them to SQLite's
equivalent (``?1``) with ``for_sqlite``. Only the DDL differs between the two, and it lives in
``migrations.py`` — with one exception here: reading many users' preferences in one query passes the ids as
one parameter, a PostgreSQL array or a JSON list for SQLite (``USERS_PREFS_*``).

Rows are read by column name, which both ``sqlite3.Row`` and ``asyncpg.Record`` support.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from engine.core.errors import Conflict

from .base import (
    FORMER_PLAYER,
    NOTIFY_COLUMNS,
    ActionRecord,
    AwayRecord,
    DeferralRecord,
    DeliveryRecord,
    GameRecord,
    GuildSettings,
    HandedSeat,
    KeepSettings,
    NoteRecord,
    NotifyPrefs,
    RefusedChannel,
    SeatRecord,
    ThreadRecord,
    TimerRecord,
    UserPrefs,
)


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
    "skip_votes",
)
_N = len(GAME_COLUMNS)

SELECT_GAME = f"SELECT id, {', '.join(GAME_COLUMNS)}, paused_at FROM games"
"""``paused_at`` is read with every game but written only by ``PAUSE_GUILD_GAMES`` and ``RESUME_GAME``: a game's
ordinary writes (``UPDATE_GAME``) never undo or make a pause."""
SELECT_GAME_JOINED = f"SELECT {', '.join(f'games.{c}' for c in ('id', *GAME_COLUMNS, 'paused_at'))} FROM games"
"""``SELECT_GAME`` for a query that joins another table (each column named with its table)."""

INSERT_GAME = (
    f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) "
    f"VALUES ({', '.join(f'${i}' for i in range(1, _N + 1))}) RETURNING id"
)

# Parameters: the game's columns ($1..$N), then its id and the version the writer read.
UPDATE_GAME = (
    f"UPDATE games SET {', '.join(f'{c} = ${i}' for i, c in enumerate(GAME_COLUMNS, 1))} "
    f"WHERE id = ${_N + 1} AND version = ${_N + 2}"
)

# A game read with its seats in one statement (``with_seats``): each game's seats as JSON in its own row, which the
# database reads at one moment, so no transaction is needed around it (SQLite: one hop to aiosqlite's thread, not
# six; PostgreSQL: one round trip, not four). A list of games needs no query per game for its seats either.
_SEATS_OF_ROW = "position, seat, user_id, display_name, role, bot"
SEATS_JSON_SQLITE = (
    f"(SELECT json_group_array(json_array({_SEATS_OF_ROW})) FROM seats WHERE seats.game_id = games.id) AS seats_json"
)
SEATS_JSON_POSTGRES = (
    f"(SELECT coalesce(json_agg(json_build_array({_SEATS_OF_ROW})), '[]'::json) FROM seats "
    "WHERE seats.game_id = games.id)::text AS seats_json"
)


@functools.lru_cache(maxsize=64)
def with_seats(statement: str, seats_json: str) -> str:
    """``statement`` (a ``SELECT_GAME`` query) selecting each game's seats too, as ``seats_json`` (one of the
    ``SEATS_JSON_*``); ``game_with_seats`` reads its rows."""
    select = next(s for s in (SELECT_GAME, SELECT_GAME_JOINED) if statement.startswith(s))
    return select.removesuffix(" FROM games") + f", {seats_json} FROM games" + statement.removeprefix(select)


def game_with_seats(row: Row) -> GameRecord:
    """A fresh record from a ``with_seats`` row, its seats in their stored order."""
    seats = [
        SeatRecord(seat=seat, user_id=user_id, display_name=name, role=role, bot=bot)
        for _, seat, user_id, name, role, bot in sorted(json.loads(row["seats_json"]))
    ]
    return game_from_row(row, seats)


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
GAMES_WITH_BOTS = (
    f"{SELECT_GAME} WHERE status = 'active' AND id IN (SELECT game_id FROM seats WHERE bot IS NOT NULL) ORDER BY id"
)
# $1 now, $2 the idle time in seconds, $3 the most reminders per wait, $4 the limit. A wait is due its next
# reminder after the idle time, then 2x, 4x… it (``1 << reminders_sent``), computed here so the query returns
# only games that are due, however many have already been reminded. A server's own ``reminder_hours`` replaces
# the idle time for its games (the LEFT JOIN finds no row for a game without a server or a server that never
# changed its settings, and a NULL keeps the default); 0 turns its reminders off. Columns are qualified
# because both tables have ``guild_id``; rows still read by bare column name.
GAMES_DUE_A_REMINDER = (
    f"{SELECT_GAME_JOINED} "
    "LEFT JOIN guild_settings ON guild_settings.guild_id = games.guild_id "
    "WHERE games.status = 'active' AND games.reminders_sent < $3 AND games.paused_at IS NULL "
    "AND (guild_settings.reminder_hours IS NULL OR guild_settings.reminder_hours > 0) "
    "AND games.waiting_since + COALESCE(guild_settings.reminder_hours * 3600, CAST($2 AS DOUBLE PRECISION)) "
    "* (1 << games.reminders_sent) <= $1 "
    "ORDER BY games.waiting_since, games.id LIMIT $4"
)
GAME_EXISTS = "SELECT version FROM games WHERE id = $1"
# What a version-checked delete reads first; PostgreSQL locks the row until the transaction ends (SQLite's
# BEGIN IMMEDIATE already holds the whole database).
GAME_VERSION_FOR_DELETE_POSTGRES = f"{GAME_EXISTS} FOR UPDATE"
# What undo_action checks before writing: the version the caller read, and which action is the last.
GAME_LOG_LENGTH = "SELECT version, action_count FROM games WHERE id = $1"
DELETE_GAME = "DELETE FROM games WHERE id = $1"

# ------------------------------------------------------------------ seats

SEATS_OF_GAME = "SELECT seat, user_id, display_name, role, bot FROM seats WHERE game_id = $1 ORDER BY position"
DELETE_SEATS = "DELETE FROM seats WHERE game_id = $1"
INSERT_SEAT = (
    "INSERT INTO seats (game_id, position, seat, user_id, display_name, role, bot) VALUES ($1, $2, $3, $4, $5, $6, $7)"
)
DELETE_ACTIONS = "DELETE FROM actions WHERE game_id = $1"
DELETE_NOTES = "DELETE FROM game_notes WHERE game_id = $1"

# ------------------------------------------------------------------ actions

ACTIONS_OF_GAME = (
    "SELECT game_id, idx, seat, user_id, prompt_id, choice_id, public, at FROM actions WHERE game_id = $1 ORDER BY idx"
)
INSERT_ACTION = (
    "INSERT INTO actions (game_id, idx, seat, user_id, prompt_id, choice_id, public, at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
)
DELETE_ACTION = "DELETE FROM actions WHERE game_id = $1 AND idx = $2"

# ------------------------------------------------------------------ notes

NOTES_OF_GAME = "SELECT game_id, after_action, at, user_id, text FROM game_notes WHERE game_id = $1 ORDER BY id"
INSERT_NOTE = "INSERT INTO game_notes (game_id, after_action, at, user_id, text) VALUES ($1, $2, $3, $4, $5)"

# ------------------------------------------------------------------ users

_PREFS_COLUMNS = "user_id, dm_closed, notify_dm"
USER_PREFS = f"SELECT {_PREFS_COLUMNS} FROM user_prefs WHERE user_id = $1"
# $1 holds every id at once, so the statement text (and its prepared plan) is the same for any number of users.
USERS_PREFS_POSTGRES = f"SELECT {_PREFS_COLUMNS} FROM user_prefs WHERE user_id = ANY($1::BIGINT[])"
USERS_PREFS_SQLITE = f"SELECT {_PREFS_COLUMNS} FROM user_prefs WHERE user_id IN (SELECT value FROM json_each($1))"
UPSERT_USER_PREFS = (
    f"INSERT INTO user_prefs ({_PREFS_COLUMNS}) VALUES ($1, $2, $3) "
    "ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed, notify_dm = excluded.notify_dm"
)
PREF_COLUMNS = ("dm_closed", "notify_dm")  # each written on its own (``set_user_pref``): no change overwrites another


def upsert_user_pref(column: str) -> str:
    """Write one preference column only; no row is affected when it already holds the value ($2)."""
    if column not in PREF_COLUMNS:
        raise ValueError(f"no user preference {column!r}")
    return (
        f"INSERT INTO user_prefs (user_id, {column}) VALUES ($1, $2) ON CONFLICT (user_id) "
        f"DO UPDATE SET {column} = excluded.{column} WHERE user_prefs.{column} <> excluded.{column}"
    )


# ------------------------------------------------------------------ servers

GUILD_SETTINGS = (
    "SELECT guild_id, reminder_hours, idle_hours, channels, skip_to_bot, version FROM guild_settings "
    "WHERE guild_id = $1"
)
UPSERT_GUILD_SETTINGS = (
    "INSERT INTO guild_settings (guild_id, reminder_hours, idle_hours, channels, skip_to_bot, version) "
    "VALUES ($1, $2, $3, $4, $5, 1) "
    "ON CONFLICT (guild_id) DO UPDATE SET reminder_hours = excluded.reminder_hours, "
    "idle_hours = excluded.idle_hours, channels = excluded.channels, skip_to_bot = excluded.skip_to_bot, "
    "version = guild_settings.version + 1"
)
# The same, only over the version the writer read ($6): no row written (none "affected") means a change since.
UPSERT_GUILD_SETTINGS_AT = f"{UPSERT_GUILD_SETTINGS} WHERE guild_settings.version = $6"

# ------------------------------------------------------------------ deliveries and deferrals

# A delivery's key and addressing are columns; what to draw and whom to ping is one JSON payload.
_DELIVERY_KEYS = ("game_id", "version", "seq", "channel_id", "kind", "user_id", "created_at")
_DELIVERY_PAYLOAD = ("new_post", "pings", "lines", "board_message_id", "text", "lobby", "recap")
_DELIVERY_COLUMNS = ", ".join((*_DELIVERY_KEYS, "payload"))
if set(DeliveryRecord.model_fields) != {*_DELIVERY_KEYS, *_DELIVERY_PAYLOAD}:  # a new field must be stored too
    raise AssertionError("DeliveryRecord's fields and the deliveries table's columns and payload disagree.")
INSERT_DELIVERY = (
    f"INSERT INTO deliveries ({_DELIVERY_COLUMNS}, claimed_by, claimed_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
)


# An action's whole commit in one PostgreSQL statement (one round trip, not six: BEGIN, the game's UPDATE, the
# action's INSERT, the deliveries, the interaction's link, COMMIT). Each data-modifying part runs once and to
# completion in the statement's one snapshot, and only for a game row the version-checked UPDATE wrote: no row,
# nothing written (``RECORD_ACTION_POSTGRES`` answers how many rows it wrote). Parameters: ``UPDATE_GAME``'s,
# the action's (``action_params``), the asking interaction (or NULL), the deliveries' columns as arrays
# (``delivery_arrays``) and their claim.
_ACTION_TYPES = ("bigint", "bigint", "integer", "bigint", "text", "text", "text", "double precision")
_DELIVERY_TYPES = ("bigint", "bigint", "integer", "bigint", "text", "bigint", "double precision", "text")
_AT = _N + 3  # the first of the action's parameters
_LINK = _AT + len(_ACTION_TYPES)
_ARRAYS = _LINK + 1
_CLAIM = _ARRAYS + len(_DELIVERY_TYPES)
RECORD_ACTION_POSTGRES = (
    f"WITH updated AS ({UPDATE_GAME} RETURNING id), "
    "logged AS (INSERT INTO actions (game_id, idx, seat, user_id, prompt_id, choice_id, public, at) "
    f"SELECT {', '.join(f'${_AT + i}::{t}' for i, t in enumerate(_ACTION_TYPES))} FROM updated), "
    f"owed AS (INSERT INTO deliveries ({_DELIVERY_COLUMNS}, claimed_by, claimed_at) "
    f"SELECT owed.*, ${_CLAIM}::text, ${_CLAIM + 1}::double precision FROM updated, "
    f"unnest({', '.join(f'${_ARRAYS + i}::{t}[]' for i, t in enumerate(_DELIVERY_TYPES))}) AS owed), "
    f"linked AS (UPDATE deferrals SET game_id = updated.id, action_index = ${_AT + 1}::bigint FROM updated "
    f"WHERE deferrals.interaction_id = ${_LINK}::bigint) "
    "SELECT count(*) FROM updated"
)
# A game's whole write without notes in one PostgreSQL statement (``update_game``; one round trip, was five or
# more). The seats are upserted by position and those past the new count deleted: the two parts touch different
# rows, as the parts of one statement must. Parameters: ``UPDATE_GAME``'s, the number of seats, the seats'
# columns as arrays (``seat_arrays``), the deliveries' as arrays and their claim, the asking interaction (or NULL).
_SEAT_TYPES = ("integer", "integer", "bigint", "text", "text", "text")  # position, seat, user_id, name, role, bot
_COUNT = _N + 3
_SEATS = _COUNT + 1
_OWED = _SEATS + len(_SEAT_TYPES)
_OWED_CLAIM = _OWED + len(_DELIVERY_TYPES)
_ASKED = _OWED_CLAIM + 2
UPDATE_GAME_POSTGRES = (
    f"WITH updated AS ({UPDATE_GAME} RETURNING id), "
    f"unseated AS (DELETE FROM seats USING updated WHERE seats.game_id = updated.id AND seats.position >= ${_COUNT}), "
    "seated AS (INSERT INTO seats (game_id, position, seat, user_id, display_name, role, bot) "
    f"SELECT updated.id, seat.* FROM updated, "
    f"unnest({', '.join(f'${_SEATS + i}::{t}[]' for i, t in enumerate(_SEAT_TYPES))}) AS seat "
    "ON CONFLICT (game_id, position) DO UPDATE SET seat = EXCLUDED.seat, user_id = EXCLUDED.user_id, "
    "display_name = EXCLUDED.display_name, role = EXCLUDED.role, bot = EXCLUDED.bot), "
    f"owed AS (INSERT INTO deliveries ({_DELIVERY_COLUMNS}, claimed_by, claimed_at) "
    f"SELECT owed.*, ${_OWED_CLAIM}::text, ${_OWED_CLAIM + 1}::double precision FROM updated, "
    f"unnest({', '.join(f'${_OWED + i}::{t}[]' for i, t in enumerate(_DELIVERY_TYPES))}) AS owed), "
    f"asked AS (UPDATE deferrals SET game_id = updated.id, done = TRUE FROM updated "
    f"WHERE deferrals.interaction_id = ${_ASKED}::bigint) "
    "SELECT count(*) FROM updated"
)


def seat_arrays(seats: Sequence[SeatRecord]) -> list[list[Any]]:
    """The seats' ``INSERT_SEAT`` columns after the game's id (position first), one list per column."""
    rows = [row[1:] for row in seat_params(0, list(seats))]
    return [[row[i] for row in rows] for i in range(len(_SEAT_TYPES))]


ACTIONS_KEY = "actions_pkey"
"""The constraint a second action of the same number breaks (PostgreSQL's name for the table's primary key)."""
LIVE_GAME_KEY = "games_one_live_per_channel"
"""The index a second live game in one channel breaks (``migrations._ONE_LIVE_GAME``)."""


def delivery_arrays(deliveries: Sequence[DeliveryRecord]) -> list[list[Any]]:
    """The deliveries' ``INSERT_DELIVERY`` columns (without the claim), one list per column."""
    rows = [delivery_params(d, "", 0.0)[:-2] for d in deliveries]
    return [[row[i] for row in rows] for i in range(len(_DELIVERY_TYPES))]


def _claims(table: str, keys: str, condition: str, order: str, columns: str) -> tuple[str, str]:
    """The claim of up to ``$4`` rows of ``table`` matching ``condition``, oldest (``order``) first, for SQLite and
    for PostgreSQL; ``$1`` is the claimant, ``$2`` now, ``$3`` the time before which a claim is stale. The
    condition names its columns with the table (``timers.kind``): it is checked again on the rows written, so
    of two processes racing for one row only the first claims it.

    On PostgreSQL the rows are chosen once, locked and skipped by any other claimant (``FOR UPDATE SKIP
    LOCKED``) in a materialized CTE: an ``IN (SELECT … LIMIT … SKIP LOCKED)`` may be evaluated again for each
    row the UPDATE scans, skipping the rows it has just locked, so one claim could take every due row and its
    limit would mean nothing (one process then takes all the work of a round while the others find none).
    """
    chosen = f"SELECT {keys} FROM {table} WHERE {condition} ORDER BY {order} LIMIT $4"
    claim = f"UPDATE {table} SET claimed_by = $1, claimed_at = $2"
    sqlite = f"{claim} WHERE {condition} AND ({keys}) IN ({chosen}) RETURNING {columns}"
    joined = " AND ".join(f"{table}.{key} = due.{key}" for key in keys.split(", "))
    returned = ", ".join(f"{table}.{column}" for column in columns.split(", "))
    postgres = (
        f"WITH due AS MATERIALIZED ({chosen} FOR UPDATE SKIP LOCKED) "
        f"{claim} FROM due WHERE {joined} AND {condition} RETURNING {returned}"
    )
    return sqlite, postgres


CLAIM_DELIVERIES_SQLITE, CLAIM_DELIVERIES_POSTGRES = _claims(
    "deliveries",
    "game_id, version, seq",
    "deliveries.claimed_at < $3",
    "created_at, game_id, version, seq",
    _DELIVERY_COLUMNS,
)
CLAIMANTS = (
    "SELECT claimed_by FROM deliveries UNION SELECT claimed_by FROM deferrals "
    "UNION SELECT claimed_by FROM timers WHERE fired_at IS NULL"
)
RELEASE_DELIVERIES = "UPDATE deliveries SET claimed_at = 0 WHERE claimed_by = $1"
RELEASE_DEFERRALS = "UPDATE deferrals SET claimed_at = 0 WHERE claimed_by = $1"
DELETE_DELIVERY = "DELETE FROM deliveries WHERE game_id = $1 AND version = $2 AND seq = $3"
DELETE_COMMIT_DELIVERIES = "DELETE FROM deliveries WHERE game_id = $1 AND version = $2"
DELETE_COMMIT_ITEMS_SQLITE = (  # some items of one commit (their seqs a JSON array): one statement, not one each
    "DELETE FROM deliveries WHERE game_id = $1 AND version = $2 AND seq IN (SELECT value FROM json_each($3))"
)
DELETE_GAME_DELIVERIES = "DELETE FROM deliveries WHERE game_id = $1"

_DEFERRAL_COLUMNS = ", ".join(DeferralRecord.model_fields)  # the record's fields are the table's columns
_DEFERRAL_VALUES = ", ".join(f"${n}" for n in range(1, len(DeferralRecord.model_fields) + 3))
INSERT_DEFERRAL = (
    f"INSERT INTO deferrals ({_DEFERRAL_COLUMNS}, claimed_by, claimed_at) "
    f"VALUES ({_DEFERRAL_VALUES}) ON CONFLICT (interaction_id) DO NOTHING"
)
LINK_DEFERRAL = "UPDATE deferrals SET game_id = $2, action_index = $3 WHERE interaction_id = $1"
# A command's commit marks its interaction done ($3 is TRUE): the catch-up then says it was taken.
MARK_DEFERRAL_DONE = "UPDATE deferrals SET game_id = $2, done = $3 WHERE interaction_id = $1"
DELETE_DEFERRAL = "DELETE FROM deferrals WHERE interaction_id = $1"
FORGET_OLD_DEFERRALS = "DELETE FROM deferrals WHERE deferred_at < $1"
# (Older than Discord accepts were deleted just before.)
CLAIM_DEFERRALS_SQLITE, CLAIM_DEFERRALS_POSTGRES = _claims(
    "deferrals", "interaction_id", "deferrals.claimed_at < $3", "deferred_at, interaction_id", _DEFERRAL_COLUMNS
)

# ------------------------------------------------------------------ timers

_TIMER_COLUMNS = "game_id, kind, due_key, channel_id, payload, created_at"
# $1..$6 the timer, $7 the claimant, $8 now, $9 claims older than this are stale. A new key is inserted
# claimed; an existing one is taken over only when unfired and stale. ``RETURNING`` yields a row only when
# this call holds the claim: on PostgreSQL a second inserter of the same key waits for the first to commit,
# then sees its row and its fresh claim, so exactly one of them wins.
CLAIM_TIMER = (
    f"INSERT INTO timers ({_TIMER_COLUMNS}, claimed_by, claimed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
    "ON CONFLICT (game_id, kind, due_key) DO UPDATE SET claimed_by = excluded.claimed_by, "
    "claimed_at = excluded.claimed_at WHERE timers.fired_at IS NULL AND timers.claimed_at < $9 RETURNING game_id"
)
# A firing due at once, held by nobody (claimed at 0: stale for every claimant); a key already there is kept.
SCHEDULE_TIMER = (
    f"INSERT INTO timers ({_TIMER_COLUMNS}, claimed_by, claimed_at) VALUES ($1, $2, $3, $4, $5, $6, '', 0) "
    "ON CONFLICT (game_id, kind, due_key) DO NOTHING"
)
FINISH_TIMER = "UPDATE timers SET fired_at = $4 WHERE game_id = $1 AND kind = $2 AND due_key = $3"
RELEASE_TIMER = "DELETE FROM timers WHERE game_id = $1 AND kind = $2 AND due_key = $3 AND fired_at IS NULL"
FORGET_FIRED_TIMERS = "DELETE FROM timers WHERE fired_at < $1"
# $5 the kind.
CLAIM_STALE_TIMERS_SQLITE, CLAIM_STALE_TIMERS_POSTGRES = _claims(
    "timers",
    "game_id, kind, due_key",
    "timers.fired_at IS NULL AND timers.kind = $5 AND timers.claimed_at < $3",
    "created_at, game_id, kind, due_key",
    _TIMER_COLUMNS,
)
RELEASE_TIMERS = "UPDATE timers SET claimed_at = 0 WHERE claimed_by = $1 AND fired_at IS NULL"
DELETE_GAME_TIMERS = "DELETE FROM timers WHERE game_id = $1"


def timer_params(timer: TimerRecord) -> tuple[Any, ...]:
    """The timer's values in ``_TIMER_COLUMNS`` order."""
    return (timer.game_id, timer.kind, timer.due_key, timer.channel_id, json.dumps(timer.payload), timer.created_at)


def timer_from_row(row: Row) -> TimerRecord:
    return TimerRecord(
        game_id=row["game_id"],
        kind=row["kind"],
        due_key=row["due_key"],
        channel_id=row["channel_id"],
        payload=json.loads(row["payload"]),
        created_at=row["created_at"],
    )


# ------------------------------------------------------------------ migrations

APPLIED_MIGRATIONS = "SELECT version FROM schema_version"
RECORD_MIGRATION = "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)"

_PLACEHOLDER = re.compile(r"\$(\d+)")


@functools.lru_cache(maxsize=512)  # the statements are the module's constants: each is rewritten once
def for_sqlite(statement: str) -> str:
    """The statement with ``$n`` placeholders written as SQLite's ``?n`` (also "the n-th parameter")."""
    return _PLACEHOLDER.sub(r"?\1", statement)


# ------------------------------------------------------------------ mapping


def game_params(game: GameRecord, version: int | None = None, action_count: int | None = None) -> tuple[Any, ...]:
    """The game's column values in ``GAME_COLUMNS`` order (JSON fields as text); ``version`` and ``action_count``
    written in place of the record's when given (a commit writes the next ones without copying the record)."""
    return (
        game.guild_id,
        game.channel_id,
        game.game_key,
        json.dumps(game.options),
        game.seed,
        game.engine_version,
        game.status,
        game.version if version is None else version,
        game.opener_id,
        game.snapshot,
        game.board_message_id,
        json.dumps(game.narration),
        game.action_count if action_count is None else action_count,
        game.result,
        game.created_at,
        game.updated_at,
        game.waiting_since,
        game.reminders_sent,
        json.dumps(game.skip_votes),
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
        skip_votes=json.loads(row["skip_votes"]),
        paused_at=row["paused_at"],
    )


def seat_params(game_id: int, seats: list[SeatRecord]) -> list[tuple[Any, ...]]:
    """``INSERT_SEAT`` parameters for each seat, keeping the list's order."""
    return [(game_id, pos, s.seat, s.user_id, s.display_name, s.role, s.bot) for pos, s in enumerate(seats)]


def seat_from_row(row: Row) -> SeatRecord:
    """A fresh seat from a ``SEATS_OF_GAME`` row."""
    return SeatRecord(
        seat=row["seat"], user_id=row["user_id"], display_name=row["display_name"], role=row["role"], bot=row["bot"]
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
    return UserPrefs(user_id=row["user_id"], dm_closed=bool(row["dm_closed"]), notify_dm=bool(row["notify_dm"]))


def prefs_params(prefs: UserPrefs) -> tuple[Any, ...]:
    """``UPSERT_USER_PREFS`` parameters."""
    return (prefs.user_id, prefs.dm_closed, prefs.notify_dm)


def prefs_by_user(user_ids: Sequence[int], rows: Iterable[Row]) -> dict[int, UserPrefs]:
    """Every requested user's preferences, the defaults for those without a row."""
    found = {int(r["user_id"]): r for r in rows}
    return {uid: prefs_from_row(uid, found.get(uid)) for uid in user_ids}


def note_params(note: NoteRecord) -> tuple[Any, ...]:
    """``INSERT_NOTE`` parameters."""
    return (note.game_id, note.after_action, note.at, note.user_id, note.text)


def note_from_row(row: Row) -> NoteRecord:
    """A fresh note from a ``NOTES_OF_GAME`` row."""
    return NoteRecord(
        game_id=row["game_id"], after_action=row["after_action"], at=row["at"], user_id=row["user_id"], text=row["text"]
    )


def settings_params(settings: GuildSettings) -> tuple[Any, ...]:
    """``UPSERT_GUILD_SETTINGS`` parameters (channels as JSON text)."""
    channels = json.dumps(settings.channels)
    return (settings.guild_id, settings.reminder_hours, settings.idle_hours, channels, settings.skip_to_bot)


def settings_from_row(guild_id: int, row: Row | None) -> GuildSettings:
    """The stored settings, or the defaults when the server never changed any."""
    if row is None:
        return GuildSettings(guild_id=guild_id)
    return GuildSettings(
        guild_id=row["guild_id"],
        reminder_hours=row["reminder_hours"],
        idle_hours=row["idle_hours"],
        channels=json.loads(row["channels"]),
        skip_to_bot=bool(row["skip_to_bot"]),
        version=row["version"],
    )


def of_game(deliveries: Sequence[DeliveryRecord], game_id: int) -> list[DeliveryRecord]:
    """``deliveries`` of a game just inserted, given its id (the caller could not know it before)."""
    return [d.model_copy(update={"game_id": game_id}) for d in deliveries]


def delivery_params(item: DeliveryRecord, claimed_by: str, claimed_at: float) -> tuple[Any, ...]:
    """A delivery's columns for ``INSERT_DELIVERY``, then its claim."""
    payload = json.dumps({k: getattr(item, k) for k in _DELIVERY_PAYLOAD})
    return (*(getattr(item, k) for k in _DELIVERY_KEYS), payload, claimed_by, claimed_at)


def delivery_from_row(row: Row) -> DeliveryRecord:
    return DeliveryRecord(**{k: row[k] for k in _DELIVERY_KEYS}, **json.loads(row["payload"]))


def oldest_first(items: Iterable[DeliveryRecord]) -> list[DeliveryRecord]:
    """``RETURNING`` gives rows in no promised order: the claimed items in the order they were committed."""
    return sorted(items, key=lambda d: (d.created_at, d.key))


def deferral_params(deferral: DeferralRecord, claimed_by: str, claimed_at: float) -> tuple[Any, ...]:
    """A deferral's columns for ``INSERT_DEFERRAL``: its fields in order, then its claim."""
    return (*deferral.model_dump().values(), claimed_by, claimed_at)


def deferral_from_row(row: Row) -> DeferralRecord:
    return DeferralRecord(**{k: row[k] for k in DeferralRecord.model_fields})


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


def written(game: GameRecord, game_id: int, version: int, action_count: int | None = None) -> GameRecord:
    """A fresh copy of what was just written, with its id and new version (callers mutate their copy).

    Copied by hand, every mutable part anew (seats, narration, votes, options), rather than through a deep copy
    of the whole record: a move's commit pays for it (a deep copy walked every string of the snapshot's record
    and cost about a tenth of a move's time on the loop)."""
    return game.model_copy(
        update={
            "id": game_id,
            "version": version,
            "action_count": game.action_count if action_count is None else action_count,
            "seats": [seat.model_copy() for seat in game.seats],  # a seat's fields are plain values
            "narration": list(game.narration),
            "skip_votes": list(game.skip_votes),
            "options": copy_json(game.options),
        }
    )


def copy_json(value: Any) -> Any:
    """A copy of JSON-shaped data (dicts, lists and plain values), every container anew."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def channel_busy() -> Conflict:
    """The refusal when a channel already has a live game (a player may read it: no ids)."""
    return Conflict("This channel already has a game in its lobby or in play; finish or end it first.")


def stale_version() -> Conflict:
    """The refusal when somebody else wrote the game since the caller read it."""
    return Conflict("Somebody else changed this game first; look at the board again and retry.")


def check_delete(version: int | None, expected_version: int | None) -> None:
    """Refuse a version-checked delete (``Conflict``) unless the game read at ``expected_version`` still
    stands; ``version`` is the stored one, read inside the delete's transaction (``None``: no such game)."""
    if expected_version is None:
        return
    if version is None:
        raise gone()
    if version != expected_version:
        raise stale_version()


def stale_settings() -> Conflict:
    """The refusal when somebody else changed the server's settings since the caller read them."""
    return Conflict("Somebody else changed this server's settings first; look at `/settings` again and retry.")


def check_undo(row: Row | None, expected_version: int, index: int) -> None:
    """Refuse an undo (``Conflict``, nothing changed) unless the game read at ``expected_version`` still stands
    and ``index`` is its last action; ``row`` is ``GAME_LOG_LENGTH``'s, read inside the undo's transaction."""
    if row is None:
        raise gone()
    if row["version"] != expected_version:
        raise stale_version()
    if index != row["action_count"] - 1:
        raise not_the_last_action()


def gone() -> Conflict:
    """The refusal when the game was deleted since the caller read it."""
    return Conflict("This game no longer exists: it was reset meanwhile.")


def not_the_last_action() -> Conflict:
    """The refusal when an undo names an action that is not (or no longer) the last in the log."""
    return Conflict("That is not the last move any more; look at the board again and retry.")


def duplicate_action() -> Conflict:
    """The refusal when the log already holds an action at this position (a second writer won)."""
    return Conflict("Somebody else moved first; look at the board again and retry.")


# ------------------------------------------------------------------ what is kept, and for how long (issue 29)

KEEP_SETTINGS = "SELECT guild_id, keep_days, lobby_hours, version FROM guild_settings WHERE guild_id = $1"
# $4 the settings version the writer read: a new row is written at version 1, an existing one only over $4.
UPSERT_KEEP_SETTINGS = (
    "INSERT INTO guild_settings (guild_id, keep_days, lobby_hours, version) VALUES ($1, $2, $3, 1) "
    "ON CONFLICT (guild_id) DO UPDATE SET keep_days = excluded.keep_days, lobby_hours = excluded.lobby_hours, "
    "version = guild_settings.version + 1 WHERE guild_settings.version = $4"
)
# $1 now, $2 the default keep in seconds, $3 the limit. A server's ``keep_days`` replaces the default (the LEFT
# JOIN finds no row for a game outside a server or a server that never set it). A game paused because its server
# removed the bot (migration 16) is kept as long from its pause, then goes the same way: the server did not want
# the bot back within its keeping time.
_KEEP = "COALESCE(guild_settings.keep_days * 86400, CAST($2 AS DOUBLE PRECISION))"
FINISHED_PAST_KEEPING = (
    "SELECT games.id FROM games LEFT JOIN guild_settings ON guild_settings.guild_id = games.guild_id "
    f"WHERE (games.status IN ('finished', 'ended') AND games.updated_at + {_KEEP} <= $1 "
    f"OR games.status IN ('lobby', 'active') AND games.paused_at + {_KEEP} <= $1) "
    "ORDER BY games.updated_at, games.id LIMIT $3"
)
# $1 now, $2 the default idle time in seconds, $3 the limit; a server's ``lobby_hours`` of 0: never.
IDLE_LOBBIES = (
    f"{SELECT_GAME_JOINED} "
    "LEFT JOIN guild_settings ON guild_settings.guild_id = games.guild_id "
    "WHERE games.status = 'lobby' AND games.paused_at IS NULL "
    "AND (guild_settings.lobby_hours IS NULL OR guild_settings.lobby_hours > 0) "
    "AND games.updated_at + COALESCE(guild_settings.lobby_hours * 3600, CAST($2 AS DOUBLE PRECISION)) <= $1 "
    "ORDER BY games.updated_at, games.id LIMIT $3"
)
FINISHED_GAMES_OF_GUILD = (
    f"{SELECT_GAME} WHERE guild_id = $1 AND status IN ('finished', 'ended') ORDER BY updated_at DESC, id DESC LIMIT $2"
)
DELETE_GAME_THREAD = (
    "DELETE FROM game_threads WHERE thread_id = (SELECT channel_id FROM games WHERE id = $1) "
    "AND NOT EXISTS (SELECT 1 FROM games AS other WHERE other.channel_id = game_threads.thread_id AND other.id <> $1)"
)
"""A game's thread record goes with the last game played in that thread."""
GAME_DELETIONS = (
    DELETE_NOTES,
    DELETE_GAME_DELIVERIES,
    DELETE_GAME_TIMERS,
    DELETE_ACTIONS,
    DELETE_SEATS,
    DELETE_GAME_THREAD,
    DELETE_GAME,
)
"""What deleting one game runs, in order (``$1`` its id): the rows that point at it, then the game."""

# Forgetting a person ($1 their id, $2 ``FORMER_BASE``). Placeholders: ``former_player_id`` written in SQL; a
# note or an action of theirs outside a seat of theirs takes the game's seat-99 placeholder.
_DONE_GAMES = "SELECT id FROM games WHERE status IN ('finished', 'ended')"
_LIVE_SEATS = f"SELECT game_id FROM seats WHERE user_id = $1 AND game_id NOT IN ({_DONE_GAMES})"
"""The games where the person still holds a seat (a lobby, a running game): left as they are."""
GAMES_TO_FORGET_IN = (
    f"SELECT id FROM games WHERE id NOT IN ({_LIVE_SEATS}) AND (opener_id = $1 "
    "OR id IN (SELECT game_id FROM seats WHERE user_id = $1) OR id IN (SELECT game_id FROM actions WHERE user_id = $1) "
    "OR id IN (SELECT game_id FROM game_notes WHERE user_id = $1)) ORDER BY id"
)
NAMES_TO_FORGET = f"SELECT DISTINCT display_name FROM seats WHERE user_id = $1 AND game_id IN ({_DONE_GAMES})"
FORGET_SEATS = (
    "UPDATE seats SET user_id = $2 - game_id * 100 - seat, display_name = $3 "
    f"WHERE user_id = $1 AND game_id IN ({_DONE_GAMES})"
)
FORGET_ACTIONS = (
    f"UPDATE actions SET user_id = $2 - game_id * 100 - seat WHERE user_id = $1 AND game_id NOT IN ({_LIVE_SEATS})"
)
FORGET_NOTES_BY = (
    f"UPDATE game_notes SET user_id = $2 - game_id * 100 - 99 WHERE user_id = $1 AND game_id NOT IN ({_LIVE_SEATS})"
)
FORGET_OPENER = f"UPDATE games SET opener_id = $2 - id * 100 - 99 WHERE opener_id = $1 AND id NOT IN ({_LIVE_SEATS})"
GAME_TEXTS = "SELECT result, narration, skip_votes FROM games WHERE id = $1"
# The version goes up: a writer holding the game as it was read before (names and all) is refused.
WRITE_GAME_TEXTS = "UPDATE games SET result = $2, narration = $3, skip_votes = $4, version = version + 1 WHERE id = $1"
NOTE_TEXTS = "SELECT id, text FROM game_notes WHERE game_id = $1"
WRITE_NOTE_TEXT = "UPDATE game_notes SET text = $2 WHERE id = $1"
FORGET_PREFS = "DELETE FROM user_prefs WHERE user_id = $1"
FORGET_NOTIFY_PREFS = "DELETE FROM notify_prefs WHERE user_id = $1"
FORGET_HINT_COUNTS = "DELETE FROM hint_counts WHERE user_id = $1"
FORGET_AWAY = "DELETE FROM away WHERE user_id = $1"
FORGET_DEFERRALS = "DELETE FROM deferrals WHERE user_id = $1"
FORGET_DMS = "DELETE FROM deliveries WHERE user_id = $1"
FORGET_PERSONAL = (FORGET_PREFS, FORGET_NOTIFY_PREFS, FORGET_HINT_COUNTS, FORGET_AWAY, FORGET_DEFERRALS, FORGET_DMS)
"""What goes entirely when a person is forgotten ($1 their id): their choices (DMs, notifications, hint counts,
an `/away`),
their unanswered interactions and the DMs still owed to them."""


def keep_from_row(guild_id: int, row: Row | None) -> KeepSettings:
    """The stored keeping times, or the defaults when the server never set any."""
    if row is None:
        return KeepSettings(guild_id=guild_id)
    return KeepSettings(
        guild_id=row["guild_id"], keep_days=row["keep_days"], lobby_hours=row["lobby_hours"], version=row["version"]
    )


def keep_params(settings: KeepSettings, expected_version: int) -> tuple[Any, ...]:
    """``UPSERT_KEEP_SETTINGS`` parameters."""
    return (settings.guild_id, settings.keep_days, settings.lobby_hours, expected_version)


def without_person(text: str, user_id: int, names: Iterable[str]) -> str:
    """``text`` with a forgotten person's mentions and display names (whole words, two characters or more: a
    one-letter name would take every "a" with it) written as ``FORMER_PLAYER``."""
    text = re.sub(rf"<@!?{user_id}>", FORMER_PLAYER, text)
    for name in sorted({n for n in names if len(n) >= 2}, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", FORMER_PLAYER, text)
    return text


def forgotten_texts(row: Row, user_id: int, names: Sequence[str]) -> tuple[str | None, str, str]:
    """``WRITE_GAME_TEXTS``'s result, narration and skip votes for a ``GAME_TEXTS`` row, the person taken out."""
    result = row["result"]
    narration = [without_person(line, user_id, names) for line in json.loads(row["narration"])]
    votes = [v for v in json.loads(row["skip_votes"]) if v != user_id]
    return (
        None if result is None else without_person(result, user_id, names),
        json.dumps(narration),
        json.dumps(votes),
    )


# ------------------------------------------------------------------ games in threads (migration 13)

THREADS_SETTING = "SELECT threads FROM thread_settings WHERE guild_id = $1"
UPSERT_THREADS_SETTING = (
    "INSERT INTO thread_settings (guild_id, threads) VALUES ($1, $2) "
    "ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads"
)
THREAD_COLUMNS = (
    "thread_id",
    "guild_id",
    "parent_id",
    "starter_message_id",
    "name",
    "shown_name",
    "renamed_at",
    "locked",
    "created_at",
)
THREAD = f"SELECT {', '.join(THREAD_COLUMNS)} FROM game_threads WHERE thread_id = $1"
UPSERT_THREAD = (
    f"INSERT INTO game_threads ({', '.join(THREAD_COLUMNS)}) "
    f"VALUES ({', '.join(f'${i}' for i in range(1, len(THREAD_COLUMNS) + 1))}) "
    f"ON CONFLICT (thread_id) DO UPDATE SET {', '.join(f'{c} = excluded.{c}' for c in THREAD_COLUMNS[1:])}"
)
RUNNING_GAMES = f"{SELECT_GAME} WHERE status IN ('lobby', 'active') AND guild_id = $1 ORDER BY updated_at DESC, id DESC"
RECENT_GAMES_OF_USER = (
    f"{SELECT_GAME} WHERE status IN ('finished', 'ended') AND updated_at >= $2 "
    "AND id IN (SELECT game_id FROM seats WHERE user_id = $1) ORDER BY updated_at DESC, id DESC"
)


def thread_params(thread: ThreadRecord) -> tuple[Any, ...]:
    """A thread's columns in ``THREAD_COLUMNS`` order."""
    return (
        thread.thread_id,
        thread.guild_id,
        thread.parent_id,
        thread.starter_message_id,
        thread.name,
        thread.shown_name,
        json.dumps(thread.renamed_at),
        thread.locked,
        thread.created_at,
    )


def thread_from_row(row: Row) -> ThreadRecord:
    return ThreadRecord(
        thread_id=row["thread_id"],
        guild_id=row["guild_id"],
        parent_id=row["parent_id"],
        starter_message_id=row["starter_message_id"],
        name=row["name"],
        shown_name=row["shown_name"],
        renamed_at=json.loads(row["renamed_at"]),
        locked=bool(row["locked"]),
        created_at=row["created_at"],
    )


# ------------------------------------------------------------------ notification choices (migration 11)

_NOTIFY_SELECT = "SELECT user_id, hints, digest_hour, quiet_start, quiet_end, quiet_since, time_zone FROM notify_prefs"
NOTIFY_PREFS_POSTGRES = f"{_NOTIFY_SELECT} WHERE user_id = ANY($1::BIGINT[])"
NOTIFY_PREFS_SQLITE = f"{_NOTIFY_SELECT} WHERE user_id IN (SELECT value FROM json_each($1))"
NOTIFY_PREF = f"{_NOTIFY_SELECT} WHERE user_id = $1"
NOTIFY_SCHEDULES = f"{_NOTIFY_SELECT} WHERE digest_hour IS NOT NULL OR quiet_start IS NOT NULL ORDER BY user_id"
# $1 the user, $2 the kind, $3 the decision: a decision already counted last (the same panel drawn again) adds 0.
NOTE_HINT = (
    "INSERT INTO hint_counts (user_id, kind, shown, last_prompt) VALUES ($1, $2, 1, $3) "
    "ON CONFLICT (user_id, kind) DO UPDATE SET "
    "shown = hint_counts.shown + CASE WHEN hint_counts.last_prompt = excluded.last_prompt THEN 0 ELSE 1 END, "
    "last_prompt = excluded.last_prompt RETURNING shown"
)


def upsert_notify_prefs(columns: Sequence[str]) -> str:
    """Write these columns only ($2…, in order), creating the user's row with the defaults for the others."""
    unknown = set(columns) - set(NOTIFY_COLUMNS)
    if unknown or not columns:
        raise ValueError(f"no notification choice {sorted(unknown)!r}")
    values = ", ".join(f"${i}" for i in range(2, len(columns) + 2))
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns)
    return (
        f"INSERT INTO notify_prefs (user_id, {', '.join(columns)}) VALUES ($1, {values}) "
        f"ON CONFLICT (user_id) DO UPDATE SET {updates}"
    )


def notify_prefs_from_row(user_id: int, row: Row | None) -> NotifyPrefs:
    """The stored choices, or the defaults when the user has none."""
    if row is None:
        return NotifyPrefs(user_id=user_id)
    return NotifyPrefs(
        user_id=int(row["user_id"]),
        hints=bool(row["hints"]),
        digest_hour=row["digest_hour"],
        quiet_start=row["quiet_start"],
        quiet_end=row["quiet_end"],
        quiet_since=row["quiet_since"],
        time_zone=row["time_zone"],
    )


def notify_prefs_by_user(user_ids: Sequence[int], rows: Iterable[Row]) -> dict[int, NotifyPrefs]:
    """Every requested user's choices, the defaults for those without a row."""
    found = {int(r["user_id"]): r for r in rows}
    return {uid: notify_prefs_from_row(uid, found.get(uid)) for uid in user_ids}


ACTIONS_SINCE = (
    "SELECT game_id, idx, seat, user_id, prompt_id, choice_id, public, at FROM actions "
    "WHERE game_id = $1 AND idx >= $2 ORDER BY idx"
)

# ------------------------------------------------------------------ players away (issue 28)

_AWAY_COLUMNS = "user_id, guild_id, since, until, reason, bot, handed"
AWAY_OF = f"SELECT {_AWAY_COLUMNS} FROM away WHERE user_id = $1 AND guild_id = $2"
AWAYS_AMONG_SQLITE = (
    f"SELECT {_AWAY_COLUMNS} FROM away WHERE guild_id = $1 AND user_id IN (SELECT value FROM json_each($2))"
)
AWAYS_AMONG_POSTGRES = f"SELECT {_AWAY_COLUMNS} FROM away WHERE guild_id = $1 AND user_id = ANY($2::BIGINT[])"
AWAYS_OVER = f"SELECT {_AWAY_COLUMNS} FROM away WHERE until <= $1 ORDER BY until"
UPSERT_AWAY = (
    f"INSERT INTO away ({_AWAY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, guild_id) "
    "DO UPDATE SET since = excluded.since, until = excluded.until, reason = excluded.reason, bot = excluded.bot, "
    "handed = excluded.handed"
)
DELETE_AWAY = "DELETE FROM away WHERE user_id = $1 AND guild_id = $2"
AWAY_RETURNED = _AWAY_COLUMNS  # what ``DELETE_AWAY ... RETURNING`` gives back (PostgreSQL)
AWAY_LIMIT = "SELECT max_days FROM away_limits WHERE guild_id = $1"
UPSERT_AWAY_LIMIT = (
    "INSERT INTO away_limits (guild_id, max_days) VALUES ($1, $2) "
    "ON CONFLICT (guild_id) DO UPDATE SET max_days = excluded.max_days"
)
DELETE_AWAY_LIMIT = "DELETE FROM away_limits WHERE guild_id = $1"


def away_from_row(row: Row) -> AwayRecord:
    """A stored away."""
    return AwayRecord(
        user_id=row["user_id"],
        guild_id=row["guild_id"],
        since=row["since"],
        until=row["until"],
        reason=row["reason"],
        bot=bool(row["bot"]),
        handed=[HandedSeat.model_validate(h) for h in json.loads(row["handed"])],
    )


def away_params(away: AwayRecord) -> tuple[Any, ...]:
    """``UPSERT_AWAY`` parameters."""
    handed = json.dumps([h.model_dump() for h in away.handed])
    return (away.user_id, away.guild_id, away.since, away.until, away.reason, away.bot, handed)


# ------------------------------------------------------------------ deliveries Discord failed (issue 31)

POSTPONE_DELIVERY = (
    "UPDATE deliveries SET claimed_by = $1, claimed_at = $2 WHERE game_id = $3 AND version = $4 AND seq = $5"
)
RESUME_CHANNEL_DELIVERIES = (
    "UPDATE deliveries SET claimed_at = 0 WHERE channel_id = $1 AND claimed_by = $2 AND claimed_at > $3"
)
DROP_CHANNEL_DELIVERIES = "DELETE FROM deliveries WHERE channel_id = $1"


# ------------------------------------------------------------------ a server that removed the bot (migration 16)

# $1 the server, $2 now. The version goes up: a bot move or a reminder claimed for the game as it was is stale.
PAUSE_GUILD_GAMES = (
    "UPDATE games SET paused_at = $2, version = version + 1 "
    "WHERE guild_id = $1 AND status IN ('lobby', 'active') AND paused_at IS NULL"
)
# $1 the game, $2 the version the resumer read, $3 now (a lobby's idle time starts again).
RESUME_GAME = (
    "UPDATE games SET paused_at = NULL, version = version + 1, updated_at = $3 "
    "WHERE id = $1 AND version = $2 AND paused_at IS NOT NULL"
)

# ------------------------------------------------------------- channels left alone after a refusal (migration 16)

CHANNEL_BACKOFFS = "SELECT channel_id, until, failures, missing FROM channel_backoff WHERE until > $1"
SAVE_CHANNEL_BACKOFF = (
    "INSERT INTO channel_backoff (channel_id, until, failures, missing) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT (channel_id) DO UPDATE SET until = excluded.until, failures = excluded.failures, "
    "missing = excluded.missing"
)
CLEAR_CHANNEL_BACKOFF = "DELETE FROM channel_backoff WHERE channel_id = $1"
FORGET_OLD_CHANNEL_BACKOFFS = "DELETE FROM channel_backoff WHERE until <= $1"
BACKOFF_KEPT = 86400.0
"""Seconds a channel's schedule is kept after it ran out (its refusals in a row still count the next delay)."""


def refused_params(channel: RefusedChannel) -> tuple[Any, ...]:
    return (channel.channel_id, channel.until, channel.failures, json.dumps(channel.missing))


def refused_from_row(row: Row) -> RefusedChannel:
    return RefusedChannel(
        channel_id=row["channel_id"], until=row["until"], failures=row["failures"], missing=json.loads(row["missing"])
    )
