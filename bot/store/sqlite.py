"""The embedded store: one SQLite file through aiosqlite.

One connection serves the whole process and an ``asyncio.Lock`` lets one operation use it at a time: with a
single connection the lock is what keeps a reader from seeing another task's half-done transaction, and it
gives the process one writer. Another process on the same file (a second store, a maintenance script) is
held off by SQLite's own locks and ``busy_timeout``; writes start with ``BEGIN IMMEDIATE`` so two processes
never deadlock upgrading a read lock. WAL with ``synchronous=NORMAL``: a power cut may lose the last commits
but never corrupts the file, and another process's readers never block the writer.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from . import sql
from . import sqlite_thread as on_thread
from .base import (
    FORMER_BASE,
    FORMER_PLAYER,
    ActionRecord,
    AwayRecord,
    DeferralRecord,
    DeliveryRecord,
    GameRecord,
    GuildSettings,
    KeepSettings,
    NoteRecord,
    NotifyPrefs,
    RefusedChannel,
    ThreadRecord,
    TimerRecord,
    UserPrefs,
)
from .migrations import SCHEMA_VERSION_SQLITE, pending
from .private_files import private_file
from .sqlite_thread import Work, one_hop

log = logging.getLogger(__name__)
T = TypeVar("T")

MEMORY = ":memory:"
BUSY_TIMEOUT_MS = 5000


class SqliteStore:
    """A ``Store`` in one SQLite file (or in memory, for tests: ``SqliteStore(":memory:")``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    def __repr__(self) -> str:
        return f"SqliteStore({self.path!r})"

    # ------------------------------------------------------------------ connection

    async def open(self) -> None:
        """Connect, set the pragmas and bring the schema up to date."""
        if self._db is not None:
            return
        if self.path != MEMORY:
            private_file(Path(self.path))
        # isolation_level=None: no implicit transactions; every BEGIN/COMMIT below is explicit.
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            db.row_factory = aiosqlite.Row
            # Each statement's cursor is closed at once: an open one would keep a statement "in progress" and
            # make the migration's COMMIT fail.
            await _pragma(db, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await _switch_to_wal(db)
            await _pragma(db, "PRAGMA synchronous = NORMAL")
            await _pragma(db, "PRAGMA foreign_keys = ON")
            self._db = db
            await self._migrate()
        except BaseException:
            self._db = None
            await db.close()
            raise
        log.debug("sqlite store open path=%s", self.path)

    async def close(self) -> None:
        """Close the connection (a second close does nothing)."""
        db, self._db = self._db, None
        if db is not None:
            async with self._lock:
                await db.close()

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("The store is not open: call `await store.open()` (or use open_store).")
        return self._db

    @asynccontextmanager
    async def _transaction(self, begin: str = "BEGIN IMMEDIATE") -> AsyncIterator[aiosqlite.Connection]:
        """Hold the lock for one transaction: committed if the block ends normally, rolled back otherwise.

        Reads use a deferred ``BEGIN`` too, so a game row and its seats come from the same moment. BEGIN and
        COMMIT sit inside the ``try``: a task cancelled while either is queued on aiosqlite's thread, or a
        failed COMMIT, must not leave the shared connection inside a transaction. The ROLLBACK runs after
        them (aiosqlite runs one statement at a time, in order) and is harmless if none is open.
        """
        async with self._lock:
            db = self._connection()
            try:
                await db.execute(begin)
                yield db
                await db.execute("COMMIT")
            except BaseException:
                with suppress(sqlite3.OperationalError):  # "cannot rollback - no transaction is active"
                    await db.execute("ROLLBACK")
                raise

    def _read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        return self._transaction("BEGIN")

    async def _one_hop(self, work: Work[T], begin: str | None = "BEGIN IMMEDIATE") -> T:
        """Hold the lock while ``work`` runs in one transaction on aiosqlite's thread, in one hop
        (``sqlite_thread.one_hop``; ``begin=None`` for a single statement, atomic on its own)."""
        async with self._lock:
            return await one_hop(self._connection(), work, begin)

    async def _migrate(self) -> None:
        """Apply the pending migrations, each in its own transaction with its ``schema_version`` row."""
        db = self._connection()
        await db.execute(SCHEMA_VERSION_SQLITE)
        while True:
            async with self._transaction() as db:
                applied = {int(r[0]) for r in await db.execute_fetchall(sql.APPLIED_MIGRATIONS)}
                todo = pending(applied)
                if not todo:
                    return
                step = todo[0]
                for statement in step.sqlite:
                    await db.execute(statement)
                await db.execute(sql.for_sqlite(sql.RECORD_MIGRATION), (step.number, step.name, time.time()))
            log.debug("sqlite migration applied path=%s number=%s", self.path, step.number)

    # ------------------------------------------------------------------ games

    async def insert_game(
        self,
        game: GameRecord,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
    ) -> GameRecord:
        """Store a new game at version 1; ``Conflict`` if the channel already has a live one."""
        stored = game.model_copy(deep=True, update={"id": None, "version": 1})

        def insert(conn: sqlite3.Connection) -> int:
            game_id = int(on_thread.value(conn, sql.INSERT_GAME, sql.game_params(stored)))
            on_thread.write_seats(conn, game_id, stored.seats)
            on_thread.insert_deliveries(conn, sql.of_game(deliveries, game_id), claimed_by, stored.updated_at)
            on_thread.mark_done(conn, interaction_id, game_id)
            return game_id

        try:
            game_id = await self._one_hop(insert)
        except sqlite3.IntegrityError as exc:
            raise sql.channel_busy() from exc
        log.debug("game inserted id=%s channel=%s", game_id, game.channel_id)
        return sql.written(stored, game_id, 1)

    async def live_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in lobby or active status, if any."""
        async with self._lock:  # one statement (``_game``): atomic on its own
            return await _game(self._connection(), sql.LIVE_GAME, (channel_id,))

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game in any status."""
        async with self._lock:
            return await _game(self._connection(), sql.LATEST_GAME, (channel_id,))

    async def get_game(self, game_id: int) -> GameRecord | None:
        """A game by id."""
        async with self._lock:
            return await _game(self._connection(), sql.GAME_BY_ID, (game_id,))

    async def update_game(
        self,
        game: GameRecord,
        expected_version: int,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
        notes: Sequence[NoteRecord] = (),
    ) -> GameRecord:
        """Write every field of ``game`` if it is still at ``expected_version``, with ``deliveries``; else
        ``Conflict`` (nothing written)."""
        game_id = sql.game_id_of(game)

        def update(conn: sqlite3.Connection) -> None:
            on_thread.update(conn, game, game_id, expected_version)
            on_thread.write_seats(conn, game_id, game.seats)
            on_thread.insert_deliveries(conn, deliveries, claimed_by, game.updated_at)
            on_thread.mark_done(conn, interaction_id, game_id)
            on_thread.insert_notes(conn, notes)

        await self._one_hop(update)
        log.debug("game updated id=%s version=%s", game_id, expected_version + 1)
        return sql.written(game, game_id, expected_version + 1)

    async def record_action(
        self,
        game: GameRecord,
        expected_version: int,
        action: ActionRecord,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
    ) -> GameRecord:
        """Append ``action`` and write ``game``'s row in one transaction, with what must be delivered about it
        and the link from the interaction that asked; ``Conflict`` changes nothing.

        Seats are not rewritten: they change in the lobby and by moderation, through ``update_game``.
        """
        game_id = sql.game_id_of(game)
        sql.check_action(game_id, action)
        stored = game.model_copy(update={"action_count": action.index + 1})

        def record(conn: sqlite3.Connection) -> None:
            on_thread.update(conn, stored, game_id, expected_version)
            try:
                on_thread.execute(conn, sql.INSERT_ACTION, sql.action_params(action))
            except sqlite3.IntegrityError as exc:
                raise sql.duplicate_action() from exc
            on_thread.insert_deliveries(conn, deliveries, claimed_by, action.at)
            if interaction_id is not None:
                on_thread.execute(conn, sql.LINK_DEFERRAL, (interaction_id, game_id, action.index))

        await self._one_hop(record)
        log.debug("action recorded id=%s index=%s version=%s", game_id, action.index, expected_version + 1)
        return sql.written(stored, game_id, expected_version + 1)

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The game's log in order."""
        async with self._read() as db:
            rows = await db.execute_fetchall(sql.for_sqlite(sql.ACTIONS_OF_GAME), (game_id,))
        return [sql.action_from_row(r) for r in rows]

    async def undo_action(
        self,
        game: GameRecord,
        expected_version: int,
        index: int,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
        notes: Sequence[NoteRecord] = (),
    ) -> GameRecord:
        """Remove the last action (number ``index``) and write ``game``'s row in one transaction, with what the
        undo owes Discord.

        ``Conflict`` (changing nothing) if the game moved on since the caller read it or ``index`` is not the
        last action. The action count is set from ``index``, as ``record_action`` sets it, so it always
        matches the log. Seats are not rewritten.
        """
        game_id = sql.game_id_of(game)
        stored = game.model_copy(update={"action_count": index})

        def undo(conn: sqlite3.Connection) -> None:
            # BEGIN IMMEDIATE holds the write lock: the row read here is the one the UPDATE below replaces.
            sql.check_undo(on_thread.row(conn, sql.GAME_LOG_LENGTH, (game_id,)), expected_version, index)
            on_thread.update(conn, stored, game_id, expected_version)
            if on_thread.execute(conn, sql.DELETE_ACTION, (game_id, index)) != 1:
                raise sql.not_the_last_action()  # the log and the count disagree: refuse rather than guess
            on_thread.insert_deliveries(conn, deliveries, claimed_by, game.updated_at)
            on_thread.mark_done(conn, interaction_id, game_id)
            on_thread.insert_notes(conn, notes)

        await self._one_hop(undo)
        log.debug("action undone id=%s index=%s version=%s", game_id, index, expected_version + 1)
        return sql.written(stored, game_id, expected_version + 1)

    async def add_note(self, note: NoteRecord) -> None:
        """Append a line to the game's public log; ``Conflict`` if the game was deleted."""
        try:
            await self._one_hop(lambda conn: on_thread.execute(conn, sql.INSERT_NOTE, sql.note_params(note)))
        except sqlite3.IntegrityError as exc:  # the foreign key: no such game
            raise sql.gone() from exc

    async def notes(self, game_id: int) -> list[NoteRecord]:
        """The game's notes in the order they were written."""
        async with self._read() as db:
            rows = await db.execute_fetchall(sql.for_sqlite(sql.NOTES_OF_GAME), (game_id,))
        return [sql.note_from_row(r) for r in rows]

    async def games_due_a_reminder(
        self, now: float, idle_seconds: float, max_reminders: int, limit: int = 200
    ) -> list[GameRecord]:
        """Active games due their next reminder (a server's own reminder time first), longest waiting first."""
        params = (now, idle_seconds, max_reminders, limit)
        return await self._one_hop(lambda conn: on_thread.games(conn, sql.GAMES_DUE_A_REMINDER, params), None)

    async def delete_game(
        self,
        game_id: int,
        expected_version: int | None = None,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
    ) -> None:
        """Remove the game, its seats, its log and its notes (nothing if it does not exist, unless the caller
        names the version it read: then ``Conflict``), then store what the removal owes."""

        def delete(conn: sqlite3.Connection) -> None:
            sql.check_delete(on_thread.value(conn, sql.GAME_EXISTS, (game_id,)), expected_version)
            for statement in (
                sql.DELETE_NOTES,
                sql.DELETE_GAME_DELIVERIES,
                sql.DELETE_GAME_TIMERS,
                sql.DELETE_ACTIONS,
                sql.DELETE_SEATS,
                sql.DELETE_GAME,
            ):
                on_thread.execute(conn, statement, (game_id,))
            on_thread.insert_deliveries(conn, deliveries, claimed_by, deliveries[0].created_at if deliveries else 0.0)
            on_thread.mark_done(conn, interaction_id, game_id)

        await self._one_hop(delete)
        log.debug("game deleted id=%s", game_id)

    async def games_of_user(self, user_id: int, guild_id: int | None = None) -> list[GameRecord]:
        """Live games where the user holds a seat, oldest first."""
        statement = sql.GAMES_OF_USER if guild_id is None else sql.GAMES_OF_USER_IN_GUILD
        params = (user_id,) if guild_id is None else (user_id, guild_id)
        return await self._one_hop(lambda conn: on_thread.games(conn, statement, params), None)

    async def games_with_bots(self) -> list[GameRecord]:
        """Running games with a seat bot, oldest first."""
        params = ()
        return await self._one_hop(lambda conn: on_thread.games(conn, sql.GAMES_WITH_BOTS, params), None)

    # ------------------------------------------------------------------ deliveries and deferrals

    async def claim_deliveries(
        self, claimed_by: str, now: float, stale_before: float, limit: int
    ) -> list[DeliveryRecord]:
        """Claim up to ``limit`` items whose claim went stale, oldest first (one writer at a time: no race)."""
        params = (claimed_by, now, stale_before, limit)
        rows = await self._one_hop(lambda conn: on_thread.rows(conn, sql.CLAIM_DELIVERIES_SQLITE, params))
        return sql.oldest_first(sql.delivery_from_row(r) for r in rows)

    async def finish_deliveries(self, keys: Sequence[tuple[int, int, int]]) -> None:
        """Forget delivered items."""
        params = [tuple(k) for k in keys]
        await self._one_hop(lambda conn: on_thread.execute_many(conn, sql.DELETE_DELIVERY, params))

    async def finish_commit_deliveries(self, game_id: int, version: int) -> None:
        """Forget every item of one commit."""
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.DELETE_COMMIT_DELIVERIES, (game_id, version)))

    async def claimants(self) -> list[str]:
        """Every process holding a claim."""
        async with self._read() as db:
            rows = await db.execute_fetchall(sql.CLAIMANTS)
        return [str(r[0]) for r in rows]

    async def release_claims(self, claimants: Sequence[str]) -> None:
        """Make the claims of dead processes stale at once."""
        async with self._transaction() as db:
            for statement in (sql.RELEASE_DELIVERIES, sql.RELEASE_DEFERRALS, sql.RELEASE_TIMERS):
                await _execute_many(db, sql.for_sqlite(statement), [(c,) for c in claimants])

    # ------------------------------------------------------------------ timers

    async def claim_timer(self, timer: TimerRecord, claimed_by: str, now: float, stale_before: float) -> bool:
        """Claim one firing (see ``sql.CLAIM_TIMER``): whether this caller holds it now."""
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                sql.for_sqlite(sql.CLAIM_TIMER), (*sql.timer_params(timer), claimed_by, now, stale_before)
            )
        return bool(list(rows))

    async def schedule_timer(self, timer: TimerRecord) -> None:
        """Store a firing due at once (see ``sql.SCHEDULE_TIMER``)."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.SCHEDULE_TIMER), sql.timer_params(timer))

    async def finish_timers(self, keys: Sequence[tuple[int, str, str]], now: float) -> None:
        """Mark firings done."""
        async with self._transaction() as db:
            await _execute_many(db, sql.for_sqlite(sql.FINISH_TIMER), [(*k, now) for k in keys])

    async def release_timer(self, key: tuple[int, str, str]) -> None:
        """Give up an unfired claim."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.RELEASE_TIMER), key)

    async def claim_stale_timers(
        self, kind: str, claimed_by: str, now: float, stale_before: float, limit: int, fired_before: float
    ) -> list[TimerRecord]:
        """Forget old fired rows, then claim stale unfired ones, oldest first (one writer at a time: no race)."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.FORGET_FIRED_TIMERS), (fired_before,))
            rows = await db.execute_fetchall(
                sql.for_sqlite(sql.CLAIM_STALE_TIMERS_SQLITE), (claimed_by, now, stale_before, limit, kind)
            )
        return sorted((sql.timer_from_row(r) for r in rows), key=lambda t: (t.created_at, t.key))

    async def add_deferral(self, deferral: DeferralRecord, claimed_by: str) -> None:
        """Remember an interaction about to be deferred."""
        params = sql.deferral_params(deferral, claimed_by, deferral.deferred_at)
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.INSERT_DEFERRAL, params))

    async def finish_deferral(self, interaction_id: int) -> None:
        """Forget an answered interaction."""
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.DELETE_DEFERRAL, (interaction_id,)))

    async def claim_deferrals(
        self, claimed_by: str, now: float, stale_before: float, answerable_after: float, limit: int
    ) -> list[DeferralRecord]:
        """Forget the interactions Discord no longer accepts, then claim stale ones, oldest first."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.FORGET_OLD_DEFERRALS), (answerable_after,))
            rows = await db.execute_fetchall(
                sql.for_sqlite(sql.CLAIM_DEFERRALS_SQLITE), (claimed_by, now, stale_before, limit)
            )
        return sorted((sql.deferral_from_row(r) for r in rows), key=lambda d: (d.deferred_at, d.interaction_id))

    # ------------------------------------------------------------------ users

    async def user_prefs(self, user_id: int) -> UserPrefs:
        """The user's preferences, defaults if never stored."""
        # One statement is atomic on its own: no transaction needed.
        row = await self._one_hop(lambda conn: on_thread.row(conn, sql.USER_PREFS, (user_id,)), None)
        return sql.prefs_from_row(user_id, row)

    async def set_user_prefs(self, prefs: UserPrefs) -> None:
        """Store (or replace) the user's preferences."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.UPSERT_USER_PREFS), sql.prefs_params(prefs))

    async def set_user_pref(self, user_id: int, column: str, value: bool) -> bool:
        """Write one preference of the user, leaving the others as stored; ``True`` when this changed it."""
        statement = sql.upsert_user_pref(column)
        return await self._one_hop(lambda conn: on_thread.execute(conn, statement, (user_id, value)) == 1)

    async def users_prefs(self, user_ids: Sequence[int]) -> dict[int, UserPrefs]:
        """Several users' preferences in one query; defaults for those never stored."""
        if not user_ids:
            return {}
        async with self._lock:  # one statement: atomic on its own
            rows = await self._connection().execute_fetchall(
                sql.for_sqlite(sql.USERS_PREFS_SQLITE), (json.dumps([int(u) for u in user_ids]),)
            )
        return sql.prefs_by_user(user_ids, rows)

    # ------------------------------------------------------------------ servers

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings, defaults if never stored."""
        async with self._lock:  # one statement: atomic on its own
            row = await _row(self._connection(), sql.GUILD_SETTINGS, (guild_id,))
        return sql.settings_from_row(guild_id, row)

    async def set_guild_settings(self, settings: GuildSettings, *, expected_version: int | None = None) -> None:
        """Store (or replace) the server's settings; only over ``expected_version`` when given (``Conflict``)."""
        async with self._transaction() as db:
            if expected_version is None:
                await db.execute(sql.for_sqlite(sql.UPSERT_GUILD_SETTINGS), sql.settings_params(settings))
                return
            params = (*sql.settings_params(settings), expected_version)
            cursor = await db.execute(sql.for_sqlite(sql.UPSERT_GUILD_SETTINGS_AT), params)
            if cursor.rowcount != 1:
                raise sql.stale_settings()

    # ------------------------------------------------------------------ what is kept, and for how long (issue 29)

    async def keep_settings(self, guild_id: int) -> KeepSettings:
        """How long the server keeps finished games and idle lobbies, defaults if never stored."""
        async with self._lock:  # one statement: atomic on its own
            row = await _row(self._connection(), sql.KEEP_SETTINGS, (guild_id,))
        return sql.keep_from_row(guild_id, row)

    async def set_keep_settings(self, settings: KeepSettings, *, expected_version: int) -> None:
        """Store them over ``expected_version`` of the server's settings; ``Conflict`` if they changed since."""
        async with self._transaction() as db:
            cursor = await db.execute(
                sql.for_sqlite(sql.UPSERT_KEEP_SETTINGS), sql.keep_params(settings, expected_version)
            )
            if cursor.rowcount != 1:
                raise sql.stale_settings()

    async def prune_finished_games(self, now: float, keep_seconds: float, limit: int) -> list[int]:
        """Delete the finished games kept long enough (the server's time, else ``keep_seconds``), oldest first."""
        async with self._transaction() as db:
            rows = await db.execute_fetchall(sql.for_sqlite(sql.FINISHED_PAST_KEEPING), (now, keep_seconds, limit))
            ids = [int(r[0]) for r in rows]
            for statement in sql.GAME_DELETIONS:
                await _execute_many(db, sql.for_sqlite(statement), [(game_id,) for game_id in ids])
        return ids

    async def idle_lobbies(self, now: float, idle_seconds: float, limit: int) -> list[GameRecord]:
        """Lobbies untouched for their server's time (else ``idle_seconds``), longest idle first."""
        params = (now, idle_seconds, limit)
        return await self._one_hop(lambda conn: on_thread.games(conn, sql.IDLE_LOBBIES, params), None)

    async def forget_expired_deferrals(self, answerable_after: float) -> int:
        """Delete the interactions Discord no longer takes an answer to."""
        async with self._transaction() as db:
            cursor = await db.execute(sql.for_sqlite(sql.FORGET_OLD_DEFERRALS), (answerable_after,))
            return cursor.rowcount

    async def finished_games(self, guild_id: int, limit: int) -> list[GameRecord]:
        """The server's finished and ended games, most recently done first."""
        params = (guild_id, limit)
        return await self._one_hop(lambda conn: on_thread.games(conn, sql.FINISHED_GAMES_OF_GUILD, params), None)

    async def forget_user(self, user_id: int, names: Sequence[str] = ()) -> int:
        """Forget the person in every finished game, and their preferences (see ``Store.forget_user``)."""
        async with self._transaction() as db:
            found = await db.execute_fetchall(sql.for_sqlite(sql.NAMES_TO_FORGET), (user_id,))
            known = [*names, *(str(r[0]) for r in found)]
            games = [int(r[0]) for r in await db.execute_fetchall(sql.for_sqlite(sql.GAMES_TO_FORGET_IN), (user_id,))]
            cursor = await db.execute(sql.for_sqlite(sql.FORGET_SEATS), (user_id, FORMER_BASE, FORMER_PLAYER))
            seats = cursor.rowcount
            for statement in (sql.FORGET_ACTIONS, sql.FORGET_NOTES_BY, sql.FORGET_OPENER):
                await db.execute(sql.for_sqlite(statement), (user_id, FORMER_BASE))
            for game_id in games:
                row = await _row(db, sql.GAME_TEXTS, (game_id,))
                if row is not None:
                    texts = sql.forgotten_texts(row, user_id, known)
                    await db.execute(sql.for_sqlite(sql.WRITE_GAME_TEXTS), (game_id, *texts))
                for note in await db.execute_fetchall(sql.for_sqlite(sql.NOTE_TEXTS), (game_id,)):
                    text = sql.without_person(note["text"], user_id, known)
                    if text != note["text"]:
                        await db.execute(sql.for_sqlite(sql.WRITE_NOTE_TEXT), (note["id"], text))
            for statement in sql.FORGET_PERSONAL:
                await db.execute(sql.for_sqlite(statement), (user_id,))
        log.info("user forgotten seats=%s games=%s", seats, len(games))
        return seats

    # ------------------------------------------------------------------ games in threads (migration 13)

    async def threads_setting(self, guild_id: int) -> bool | None:
        """The server's threads choice; ``None`` if never made."""
        async with self._lock:  # one statement: atomic on its own
            value = await _value(self._connection(), sql.THREADS_SETTING, (guild_id,))
        return None if value is None else bool(value)

    async def set_threads_setting(self, guild_id: int, threads: bool | None) -> None:
        """Store the server's threads choice."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.UPSERT_THREADS_SETTING), (guild_id, threads))

    async def save_thread(self, thread: ThreadRecord) -> None:
        """Store (or replace) a game thread."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.UPSERT_THREAD), sql.thread_params(thread))

    async def thread(self, thread_id: int) -> ThreadRecord | None:
        """A game thread by id."""
        async with self._lock:  # one statement: atomic on its own
            row = await _row(self._connection(), sql.THREAD, (thread_id,))
        return None if row is None else sql.thread_from_row(row)

    async def running_games(self, guild_id: int) -> list[GameRecord]:
        """The server's live games, most recently active first."""
        params = (guild_id,)
        return await self._one_hop(lambda conn: on_thread.games(conn, sql.RUNNING_GAMES, params), None)

    async def recent_games_of_user(self, user_id: int, since: float) -> list[GameRecord]:
        """Games over since ``since`` where the user held a seat, newest first."""
        params = (user_id, since)
        return await self._one_hop(lambda conn: on_thread.games(conn, sql.RECENT_GAMES_OF_USER, params), None)

    # ------------------------------------------------------------------ notification choices (migration 11)

    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        """Several users' notification choices in one query; defaults for those never stored."""
        if not user_ids:
            return {}
        async with self._lock:  # one statement: atomic on its own
            rows = await self._connection().execute_fetchall(
                sql.for_sqlite(sql.NOTIFY_PREFS_SQLITE), (json.dumps([int(u) for u in user_ids]),)
            )
        return sql.notify_prefs_by_user(user_ids, rows)

    async def set_notify_prefs(self, user_id: int, changes: dict[str, Any]) -> NotifyPrefs:
        """Write only the named columns; the user's choices after the write."""
        columns = list(changes)
        async with self._transaction() as db:
            await db.execute(
                sql.for_sqlite(sql.upsert_notify_prefs(columns)), (user_id, *(changes[c] for c in columns))
            )
            row = await _row(db, sql.NOTIFY_PREF, (user_id,))
        return sql.notify_prefs_from_row(user_id, row)

    async def notify_schedules(self) -> list[NotifyPrefs]:
        """The users with a daily digest or quiet hours."""
        async with self._lock:  # one statement: atomic on its own
            rows = await self._connection().execute_fetchall(sql.for_sqlite(sql.NOTIFY_SCHEDULES))
        return [sql.notify_prefs_from_row(int(r["user_id"]), r) for r in rows]

    async def note_hint(self, user_id: int, kind: str, prompt_key: str) -> int:
        """Count one decision that showed the user a hint of ``kind``; how many have, this one included."""
        return int(await self._one_hop(lambda conn: on_thread.value(conn, sql.NOTE_HINT, (user_id, kind, prompt_key))))

    async def actions_since(self, game_id: int, first_index: int) -> list[ActionRecord]:
        """The game's log from action ``first_index`` on."""
        async with self._lock:  # one statement: atomic on its own
            rows = await self._connection().execute_fetchall(sql.for_sqlite(sql.ACTIONS_SINCE), (game_id, first_index))
        return [sql.action_from_row(r) for r in rows]

    # ------------------------------------------------------------------ players away (issue 28)

    async def away_of(self, user_id: int, guild_id: int) -> AwayRecord | None:
        """The user's away on this server, if stored."""
        async with self._lock:  # one statement: atomic on its own
            row = await _row(self._connection(), sql.AWAY_OF, (user_id, guild_id))
        return None if row is None else sql.away_from_row(row)

    async def aways_among(self, guild_id: int, user_ids: Sequence[int]) -> list[AwayRecord]:
        """The stored aways of these users on this server, in one query."""
        if not user_ids:
            return []
        params = (guild_id, json.dumps([int(u) for u in user_ids]))
        async with self._lock:  # one statement: atomic on its own
            rows = await self._connection().execute_fetchall(sql.for_sqlite(sql.AWAYS_AMONG_SQLITE), params)
        return [sql.away_from_row(row) for row in rows]

    async def set_away(self, away: AwayRecord) -> None:
        """Store (or replace) the user's away."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.UPSERT_AWAY), sql.away_params(away))

    async def end_away(self, user_id: int, guild_id: int) -> AwayRecord | None:
        """Forget the user's away and return it (``None``: none stored, or another writer ended it first)."""
        async with self._transaction() as db:
            row = await _row(db, sql.AWAY_OF, (user_id, guild_id))
            if row is None:
                return None
            await db.execute(sql.for_sqlite(sql.DELETE_AWAY), (user_id, guild_id))
            return sql.away_from_row(row)

    async def aways_over(self, now: float) -> list[AwayRecord]:
        """The stored aways whose time is up."""
        async with self._lock:
            rows = await self._connection().execute_fetchall(sql.for_sqlite(sql.AWAYS_OVER), (now,))
        return [sql.away_from_row(row) for row in rows]

    async def away_limit(self, guild_id: int) -> float | None:
        """The server's longest away in days, if set."""
        async with self._lock:
            value = await _value(self._connection(), sql.AWAY_LIMIT, (guild_id,))
        return None if value is None else float(value)

    async def set_away_limit(self, guild_id: int, days: float | None) -> None:
        """Store (``None``: forget) the server's longest away."""
        async with self._transaction() as db:
            if days is None:
                await db.execute(sql.for_sqlite(sql.DELETE_AWAY_LIMIT), (guild_id,))
            else:
                await db.execute(sql.for_sqlite(sql.UPSERT_AWAY_LIMIT), (guild_id, days))

    # ------------------------------------------------------------------ deliveries Discord failed (issue 31)

    async def postpone_deliveries(self, keys: Sequence[tuple[int, int, int]], claimed_by: str, until: float) -> None:
        """Keep failed items owed, held until ``until``."""
        async with self._transaction() as db:
            await _execute_many(db, sql.for_sqlite(sql.POSTPONE_DELIVERY), [(claimed_by, until, *k) for k in keys])

    async def resume_channel_deliveries(self, channel_id: int, claimed_by: str, since: float) -> int:
        """Make a channel's held items claimable at once."""
        async with self._transaction() as db:
            cursor = await db.execute(sql.for_sqlite(sql.RESUME_CHANNEL_DELIVERIES), (channel_id, claimed_by, since))
            return cursor.rowcount

    async def drop_channel_deliveries(self, channel_ids: Sequence[int]) -> int:
        """Forget every item owed to these channels."""
        dropped = 0
        async with self._transaction() as db:
            for channel_id in channel_ids:
                cursor = await db.execute(sql.for_sqlite(sql.DROP_CHANNEL_DELIVERIES), (channel_id,))
                dropped += cursor.rowcount
        return dropped

    # ------------------------------------------------------------------ a server that removed the bot (migration 16)

    async def pause_guild_games(self, guild_id: int, now: float) -> int:
        """Pause the server's live games."""
        async with self._transaction() as db:
            cursor = await db.execute(sql.for_sqlite(sql.PAUSE_GUILD_GAMES), (guild_id, now))
            return cursor.rowcount

    async def resume_game(self, game_id: int, expected_version: int, now: float) -> bool:
        """Take one game's pause off, if it is still as read."""
        async with self._transaction() as db:
            cursor = await db.execute(sql.for_sqlite(sql.RESUME_GAME), (game_id, expected_version, now))
            return cursor.rowcount == 1

    # ------------------------------------------------------------- channels left alone after a refusal (migration 16)

    async def refused_channels(self, now: float) -> list[RefusedChannel]:
        """The channels still left alone."""
        async with self._read() as db:
            rows = await db.execute_fetchall(sql.for_sqlite(sql.CHANNEL_BACKOFFS), (now - sql.BACKOFF_KEPT,))
        return [sql.refused_from_row(r) for r in rows]

    async def save_refused_channel(self, channel: RefusedChannel) -> None:
        """Store one channel's schedule."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.SAVE_CHANNEL_BACKOFF), sql.refused_params(channel))

    async def clear_refused_channel(self, channel_id: int) -> None:
        """Forget one channel's schedule."""
        async with self._transaction() as db:
            await db.execute(sql.for_sqlite(sql.CLEAR_CHANNEL_BACKOFF), (channel_id,))

    async def forget_refused_channels(self, now: float) -> int:
        """Forget the schedules over for a day."""
        async with self._transaction() as db:
            cursor = await db.execute(sql.for_sqlite(sql.FORGET_OLD_CHANNEL_BACKOFFS), (now - sql.BACKOFF_KEPT,))
            return cursor.rowcount


# ---------------------------------------------------------------------- helpers (inside a transaction)


async def _row(db: aiosqlite.Connection, statement: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
    async with db.execute(sql.for_sqlite(statement), tuple(params)) as cursor:
        row: sqlite3.Row | None = await cursor.fetchone()
        return row


async def _value(db: aiosqlite.Connection, statement: str, params: Iterable[Any] = ()) -> Any:
    row = await _row(db, statement, params)
    return None if row is None else row[0]


async def _game(db: aiosqlite.Connection, statement: str, params: tuple[Any, ...]) -> GameRecord | None:
    """The one game ``statement`` (a ``sql.SELECT_GAME`` query) finds, with its seats, in one statement."""
    rows = list(await db.execute_fetchall(_with_seats(statement), params))
    return sql.game_with_seats(rows[0]) if rows else None


def _with_seats(statement: str) -> str:
    return sql.for_sqlite(sql.with_seats(statement, sql.SEATS_JSON_SQLITE))


async def _execute_many(db: aiosqlite.Connection, statement: str, rows: Iterable[Iterable[Any]]) -> None:
    """``executemany``, its cursor closed on aiosqlite's thread before the event loop gets it.

    Such a cursor keeps its statement, and Python's ``sqlite3`` resets that statement when the cursor is freed,
    on whichever thread lets go of it last: freed on the event loop (it travels there as the call's result)
    while aiosqlite's thread runs the same cached statement for the next commit, it resets it between two
    rows and the next row fails with ``InterfaceError: bad parameter or other API misuse`` (seen under load
    in the SimCord concurrency tests; ``tests/store/sqlite_cursor_race.py`` shows it in plain ``sqlite3``).
    A closed cursor holds no statement. Other cursors need no care: a single ``execute`` of a write lets go
    of its statement when it is done, and reads are fetched and closed on aiosqlite's thread (``_row``,
    ``execute_fetchall``).
    """
    async with db.executemany(statement, rows):
        pass


async def _pragma(db: aiosqlite.Connection, statement: str) -> None:
    async with db.execute(statement) as cursor:
        await cursor.fetchall()


async def _switch_to_wal(db: aiosqlite.Connection) -> None:
    """Switch the file to WAL. Two processes opening a new file together may both try: SQLite answers the
    loser "database is locked" at once (a lock upgrade it will not wait for, so ``busy_timeout`` does not
    apply), so it retries within the same time limit."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            await _pragma(db, "PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.01)
