"""The embedded store: one SQLite file through aiosqlite.

One connection serves the whole process and an ``asyncio.Lock`` lets one operation use it at a time: with a
single connection the lock is what keeps a reader from seeing another task's half-done transaction, and it
gives the process one writer. Another process on the same file (a second store, a maintenance script) is
held off by SQLite's own locks and ``busy_timeout``; writes start with ``BEGIN IMMEDIATE`` so two processes
never deadlock upgrading a read lock. WAL with ``synchronous=NORMAL``: a power cut may lose the last commits
but never corrupts the file, and another process's readers never block the writer. The WAL is copied back into
the file on a thread of its own (``sqlite_checkpoint``), never inside a player's commit.

Each method's statements run together as one function on aiosqlite's thread (``sqlite_thread.one_hop``), their
transaction begun and ended there: one hop to that thread per method, however many statements it runs.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import Sequence
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
from .sqlite_checkpoint import Checkpointer
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
        self._checkpointer: Checkpointer | None = None

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
            if self.path != MEMORY:  # the WAL is checkpointed on its own thread, never inside a commit
                await _pragma(db, "PRAGMA wal_autocheckpoint = 0")
            self._db = db
            await self._migrate()
        except BaseException:
            self._db = None
            await db.close()
            raise
        if self.path != MEMORY:
            self._checkpointer = Checkpointer(self.path)
            self._checkpointer.start()
        log.debug("sqlite store open path=%s", self.path)

    async def close(self) -> None:
        """Close the connection (a second close does nothing)."""
        checkpointer, self._checkpointer = self._checkpointer, None
        if checkpointer is not None:  # first: the store's own connection, closing last, checkpoints the rest
            await asyncio.to_thread(checkpointer.close)
        db, self._db = self._db, None
        if db is not None:
            async with self._lock:
                await db.close()

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("The store is not open: call `await store.open()` (or use open_store).")
        return self._db

    async def _one_hop(self, work: Work[T], begin: str | None = "BEGIN IMMEDIATE") -> T:
        """Hold the lock while ``work`` runs in one transaction on aiosqlite's thread, in one hop
        (``sqlite_thread.one_hop``)."""
        async with self._lock:
            return await one_hop(self._connection(), work, begin)

    async def _single(self, work: Work[T]) -> T:
        """``work`` that is one statement, atomic on its own (no BEGIN and COMMIT), in one hop."""
        return await self._one_hop(work, None)

    async def _migrate(self) -> None:
        """Apply the pending migrations, each in its own transaction with its ``schema_version`` row."""
        await self._single(lambda conn: on_thread.execute(conn, SCHEMA_VERSION_SQLITE))

        def apply_next(conn: sqlite3.Connection) -> int | None:
            todo = pending({int(r[0]) for r in on_thread.rows(conn, sql.APPLIED_MIGRATIONS)})
            if not todo:
                return None
            step = todo[0]
            for statement in step.sqlite:
                conn.execute(statement).close()
            on_thread.execute(conn, sql.RECORD_MIGRATION, (step.number, step.name, time.time()))
            return step.number

        while (number := await self._one_hop(apply_next)) is not None:
            log.debug("sqlite migration applied path=%s number=%s", self.path, number)

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

        params = sql.game_params(stored)
        # Each row's first column is the game's id, known once the game is inserted (``sql.of_game``).
        seats = sql.seat_params(0, stored.seats)
        owed = on_thread.delivery_rows(deliveries, claimed_by, stored.updated_at)

        def insert(conn: sqlite3.Connection) -> int:
            game_id = int(on_thread.value(conn, sql.INSERT_GAME, params))
            on_thread.write_seats(conn, game_id, [(game_id, *row[1:]) for row in seats])
            on_thread.insert_deliveries(conn, [(game_id, *row[1:]) for row in owed])
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
        return await self._single(lambda conn: on_thread.game(conn, sql.LIVE_GAME, (channel_id,)))

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game in any status."""
        return await self._single(lambda conn: on_thread.game(conn, sql.LATEST_GAME, (channel_id,)))

    async def get_game(self, game_id: int) -> GameRecord | None:
        """A game by id."""
        return await self._single(lambda conn: on_thread.game(conn, sql.GAME_BY_ID, (game_id,)))

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

        params = on_thread.update_params(game, game_id, expected_version)
        seats = sql.seat_params(game_id, game.seats)
        owed = on_thread.delivery_rows(deliveries, claimed_by, game.updated_at)
        lines = on_thread.note_rows(notes)

        def update(conn: sqlite3.Connection) -> None:
            on_thread.update(conn, params, game_id)
            on_thread.write_seats(conn, game_id, seats)
            on_thread.insert_deliveries(conn, owed)
            on_thread.mark_done(conn, interaction_id, game_id)
            on_thread.insert_notes(conn, lines)

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
        count = action.index + 1  # written, and in the copy handed back, without a copy of the record for it
        params = on_thread.update_params(game, game_id, expected_version, count)
        logged = sql.action_params(action)
        owed = on_thread.delivery_rows(deliveries, claimed_by, action.at)
        link = (interaction_id, game_id, action.index)

        def record(conn: sqlite3.Connection) -> None:
            on_thread.update(conn, params, game_id)
            try:
                on_thread.execute(conn, sql.INSERT_ACTION, logged)
            except sqlite3.IntegrityError as exc:
                raise sql.duplicate_action() from exc
            on_thread.insert_deliveries(conn, owed)
            if interaction_id is not None:
                on_thread.execute(conn, sql.LINK_DEFERRAL, link)

        await self._one_hop(record)
        log.debug("action recorded id=%s index=%s version=%s", game_id, action.index, expected_version + 1)
        return sql.written(game, game_id, expected_version + 1, count)

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The game's log in order."""
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.ACTIONS_OF_GAME, (game_id,)))
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

        params = on_thread.update_params(stored, game_id, expected_version)
        owed = on_thread.delivery_rows(deliveries, claimed_by, game.updated_at)
        lines = on_thread.note_rows(notes)

        def undo(conn: sqlite3.Connection) -> None:
            # BEGIN IMMEDIATE holds the write lock: the row read here is the one the UPDATE below replaces.
            sql.check_undo(on_thread.row(conn, sql.GAME_LOG_LENGTH, (game_id,)), expected_version, index)
            on_thread.update(conn, params, game_id)
            if on_thread.execute(conn, sql.DELETE_ACTION, (game_id, index)) != 1:
                raise sql.not_the_last_action()  # the log and the count disagree: refuse rather than guess
            on_thread.insert_deliveries(conn, owed)
            on_thread.mark_done(conn, interaction_id, game_id)
            on_thread.insert_notes(conn, lines)

        await self._one_hop(undo)
        log.debug("action undone id=%s index=%s version=%s", game_id, index, expected_version + 1)
        return sql.written(stored, game_id, expected_version + 1)

    async def add_note(self, note: NoteRecord) -> None:
        """Append a line to the game's public log; ``Conflict`` if the game was deleted."""
        try:
            params = sql.note_params(note)
            await self._one_hop(lambda conn: on_thread.execute(conn, sql.INSERT_NOTE, params))
        except sqlite3.IntegrityError as exc:  # the foreign key: no such game
            raise sql.gone() from exc

    async def notes(self, game_id: int) -> list[NoteRecord]:
        """The game's notes in the order they were written."""
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.NOTES_OF_GAME, (game_id,)))
        return [sql.note_from_row(r) for r in rows]

    async def games_due_a_reminder(
        self, now: float, idle_seconds: float, max_reminders: int, limit: int = 200
    ) -> list[GameRecord]:
        """Active games due their next reminder (a server's own reminder time first), longest waiting first."""
        params = (now, idle_seconds, max_reminders, limit)
        return await self._single(lambda conn: on_thread.games(conn, sql.GAMES_DUE_A_REMINDER, params))

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
        owed = on_thread.delivery_rows(deliveries, claimed_by, deliveries[0].created_at if deliveries else 0.0)

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
            on_thread.insert_deliveries(conn, owed)
            on_thread.mark_done(conn, interaction_id, game_id)

        await self._one_hop(delete)
        log.debug("game deleted id=%s", game_id)

    async def games_of_user(self, user_id: int, guild_id: int | None = None) -> list[GameRecord]:
        """Live games where the user holds a seat, oldest first."""
        statement = sql.GAMES_OF_USER if guild_id is None else sql.GAMES_OF_USER_IN_GUILD
        params = (user_id,) if guild_id is None else (user_id, guild_id)
        return await self._single(lambda conn: on_thread.games(conn, statement, params))

    async def games_with_bots(self) -> list[GameRecord]:
        """Running games with a seat bot, oldest first."""
        params = ()
        return await self._single(lambda conn: on_thread.games(conn, sql.GAMES_WITH_BOTS, params))

    # ------------------------------------------------------------------ deliveries and deferrals

    async def claim_deliveries(
        self, claimed_by: str, now: float, stale_before: float, limit: int
    ) -> list[DeliveryRecord]:
        """Claim up to ``limit`` items whose claim went stale, oldest first (one writer at a time: no race)."""
        params = (claimed_by, now, stale_before, limit)
        rows = await self._one_hop(lambda conn: on_thread.rows(conn, sql.CLAIM_DELIVERIES_SQLITE, params))
        return sql.oldest_first(sql.delivery_from_row(r) for r in rows)

    async def finish_deliveries(self, keys: Sequence[tuple[int, int, int]]) -> None:
        """Forget delivered items (one item: a single statement, atomic alone, without BEGIN and COMMIT)."""
        params = [tuple(k) for k in keys]
        if len(params) == 1:
            await self._single(lambda conn: on_thread.execute(conn, sql.DELETE_DELIVERY, params[0]))
            return
        if len({(game_id, version) for game_id, version, _ in params}) == 1:  # one commit's: one statement
            game_id, version, _ = params[0]
            seqs = (game_id, version, json.dumps([seq for _, _, seq in params]))
            await self._single(lambda conn: on_thread.execute(conn, sql.DELETE_COMMIT_ITEMS_SQLITE, seqs))
            return
        await self._one_hop(lambda conn: on_thread.execute_many(conn, sql.DELETE_DELIVERY, params))

    async def finish_commit_deliveries(self, game_id: int, version: int) -> None:
        """Forget every item of one commit (one statement: no BEGIN and COMMIT around it)."""
        await self._single(lambda conn: on_thread.execute(conn, sql.DELETE_COMMIT_DELIVERIES, (game_id, version)))

    async def claimants(self) -> list[str]:
        """Every process holding a claim."""
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.CLAIMANTS))
        return [str(r[0]) for r in rows]

    async def release_claims(self, claimants: Sequence[str]) -> None:
        """Make the claims of dead processes stale at once."""
        params = [(c,) for c in claimants]

        def release(conn: sqlite3.Connection) -> None:
            for statement in (sql.RELEASE_DELIVERIES, sql.RELEASE_DEFERRALS, sql.RELEASE_TIMERS):
                on_thread.execute_many(conn, statement, params)

        await self._one_hop(release)

    # ------------------------------------------------------------------ timers

    async def claim_timer(self, timer: TimerRecord, claimed_by: str, now: float, stale_before: float) -> bool:
        """Claim one firing (see ``sql.CLAIM_TIMER``): whether this caller holds it now."""
        params = (*sql.timer_params(timer), claimed_by, now, stale_before)
        return bool(await self._one_hop(lambda conn: on_thread.rows(conn, sql.CLAIM_TIMER, params)))

    async def schedule_timer(self, timer: TimerRecord) -> None:
        """Store a firing due at once (see ``sql.SCHEDULE_TIMER``)."""
        params = sql.timer_params(timer)
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.SCHEDULE_TIMER, params))

    async def finish_timers(self, keys: Sequence[tuple[int, str, str]], now: float) -> None:
        """Mark firings done."""
        params = [(*k, now) for k in keys]
        await self._one_hop(lambda conn: on_thread.execute_many(conn, sql.FINISH_TIMER, params))

    async def release_timer(self, key: tuple[int, str, str]) -> None:
        """Give up an unfired claim."""
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.RELEASE_TIMER, key))

    async def claim_stale_timers(
        self, kind: str, claimed_by: str, now: float, stale_before: float, limit: int, fired_before: float
    ) -> list[TimerRecord]:
        """Forget old fired rows, then claim stale unfired ones, oldest first (one writer at a time: no race)."""

        def claim(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            on_thread.execute(conn, sql.FORGET_FIRED_TIMERS, (fired_before,))
            return on_thread.rows(conn, sql.CLAIM_STALE_TIMERS_SQLITE, (claimed_by, now, stale_before, limit, kind))

        rows = await self._one_hop(claim)
        return sorted((sql.timer_from_row(r) for r in rows), key=lambda t: (t.created_at, t.key))

    async def add_deferral(self, deferral: DeferralRecord, claimed_by: str) -> None:
        """Remember an interaction about to be deferred (one statement: no BEGIN and COMMIT around it)."""
        params = sql.deferral_params(deferral, claimed_by, deferral.deferred_at)
        await self._single(lambda conn: on_thread.execute(conn, sql.INSERT_DEFERRAL, params))

    async def finish_deferral(self, interaction_id: int) -> None:
        """Forget an answered interaction (one statement)."""
        await self._single(lambda conn: on_thread.execute(conn, sql.DELETE_DEFERRAL, (interaction_id,)))

    async def claim_deferrals(
        self, claimed_by: str, now: float, stale_before: float, answerable_after: float, limit: int
    ) -> list[DeferralRecord]:
        """Forget the interactions Discord no longer accepts, then claim stale ones, oldest first."""

        def claim(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            on_thread.execute(conn, sql.FORGET_OLD_DEFERRALS, (answerable_after,))
            return on_thread.rows(conn, sql.CLAIM_DEFERRALS_SQLITE, (claimed_by, now, stale_before, limit))

        rows = await self._one_hop(claim)
        return sorted((sql.deferral_from_row(r) for r in rows), key=lambda d: (d.deferred_at, d.interaction_id))

    # ------------------------------------------------------------------ users

    async def user_prefs(self, user_id: int) -> UserPrefs:
        """The user's preferences, defaults if never stored."""
        row = await self._single(lambda conn: on_thread.row(conn, sql.USER_PREFS, (user_id,)))
        return sql.prefs_from_row(user_id, row)

    async def set_user_prefs(self, prefs: UserPrefs) -> None:
        """Store (or replace) the user's preferences."""
        params = sql.prefs_params(prefs)
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.UPSERT_USER_PREFS, params))

    async def set_user_pref(self, user_id: int, column: str, value: bool) -> bool:
        """Write one preference of the user, leaving the others as stored; ``True`` when this changed it."""
        statement = sql.upsert_user_pref(column)
        return await self._one_hop(lambda conn: on_thread.execute(conn, statement, (user_id, value)) == 1)

    async def users_prefs(self, user_ids: Sequence[int]) -> dict[int, UserPrefs]:
        """Several users' preferences in one query; defaults for those never stored."""
        if not user_ids:
            return {}
        params = (json.dumps([int(u) for u in user_ids]),)
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.USERS_PREFS_SQLITE, params))
        return sql.prefs_by_user(user_ids, rows)

    # ------------------------------------------------------------------ servers

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings, defaults if never stored."""
        row = await self._single(lambda conn: on_thread.row(conn, sql.GUILD_SETTINGS, (guild_id,)))
        return sql.settings_from_row(guild_id, row)

    async def set_guild_settings(self, settings: GuildSettings, *, expected_version: int | None = None) -> None:
        """Store (or replace) the server's settings; only over ``expected_version`` when given (``Conflict``)."""
        if expected_version is None:
            params = sql.settings_params(settings)
            await self._one_hop(lambda conn: on_thread.execute(conn, sql.UPSERT_GUILD_SETTINGS, params))
            return
        at = (*sql.settings_params(settings), expected_version)
        if await self._one_hop(lambda conn: on_thread.execute(conn, sql.UPSERT_GUILD_SETTINGS_AT, at)) != 1:
            raise sql.stale_settings()

    # ------------------------------------------------------------------ what is kept, and for how long (issue 29)

    async def keep_settings(self, guild_id: int) -> KeepSettings:
        """How long the server keeps finished games and idle lobbies, defaults if never stored."""
        row = await self._single(lambda conn: on_thread.row(conn, sql.KEEP_SETTINGS, (guild_id,)))
        return sql.keep_from_row(guild_id, row)

    async def set_keep_settings(self, settings: KeepSettings, *, expected_version: int) -> None:
        """Store them over ``expected_version`` of the server's settings; ``Conflict`` if they changed since."""
        params = sql.keep_params(settings, expected_version)
        if await self._one_hop(lambda conn: on_thread.execute(conn, sql.UPSERT_KEEP_SETTINGS, params)) != 1:
            raise sql.stale_settings()

    async def prune_finished_games(self, now: float, keep_seconds: float, limit: int) -> list[int]:
        """Delete the finished games kept long enough (the server's time, else ``keep_seconds``), oldest first."""

        def prune(conn: sqlite3.Connection) -> list[int]:
            ids = [int(r[0]) for r in on_thread.rows(conn, sql.FINISHED_PAST_KEEPING, (now, keep_seconds, limit))]
            for statement in sql.GAME_DELETIONS:
                on_thread.execute_many(conn, statement, [(game_id,) for game_id in ids])
            return ids

        return await self._one_hop(prune)

    async def idle_lobbies(self, now: float, idle_seconds: float, limit: int) -> list[GameRecord]:
        """Lobbies untouched for their server's time (else ``idle_seconds``), longest idle first."""
        params = (now, idle_seconds, limit)
        return await self._single(lambda conn: on_thread.games(conn, sql.IDLE_LOBBIES, params))

    async def forget_expired_deferrals(self, answerable_after: float) -> int:
        """Delete the interactions Discord no longer takes an answer to."""
        return await self._one_hop(lambda conn: on_thread.execute(conn, sql.FORGET_OLD_DEFERRALS, (answerable_after,)))

    async def finished_games(self, guild_id: int, limit: int) -> list[GameRecord]:
        """The server's finished and ended games, most recently done first."""
        params = (guild_id, limit)
        return await self._single(lambda conn: on_thread.games(conn, sql.FINISHED_GAMES_OF_GUILD, params))

    async def forget_user(self, user_id: int, names: Sequence[str] = ()) -> int:
        """Forget the person in every finished game, and their preferences (see ``Store.forget_user``)."""

        def forget(conn: sqlite3.Connection) -> tuple[int, int]:
            known = [*names, *(str(r[0]) for r in on_thread.rows(conn, sql.NAMES_TO_FORGET, (user_id,)))]
            games = [int(r[0]) for r in on_thread.rows(conn, sql.GAMES_TO_FORGET_IN, (user_id,))]
            seats = on_thread.execute(conn, sql.FORGET_SEATS, (user_id, FORMER_BASE, FORMER_PLAYER))
            for statement in (sql.FORGET_ACTIONS, sql.FORGET_NOTES_BY, sql.FORGET_OPENER):
                on_thread.execute(conn, statement, (user_id, FORMER_BASE))
            for game_id in games:
                row = on_thread.row(conn, sql.GAME_TEXTS, (game_id,))
                if row is not None:
                    texts = sql.forgotten_texts(row, user_id, known)
                    on_thread.execute(conn, sql.WRITE_GAME_TEXTS, (game_id, *texts))
                for note in on_thread.rows(conn, sql.NOTE_TEXTS, (game_id,)):
                    text = sql.without_person(note["text"], user_id, known)
                    if text != note["text"]:
                        on_thread.execute(conn, sql.WRITE_NOTE_TEXT, (note["id"], text))
            for statement in sql.FORGET_PERSONAL:
                on_thread.execute(conn, statement, (user_id,))
            return seats, len(games)

        seats, games = await self._one_hop(forget)
        log.info("user forgotten seats=%s games=%s", seats, games)
        return seats

    # ------------------------------------------------------------------ games in threads (migration 13)

    async def threads_setting(self, guild_id: int) -> bool | None:
        """The server's threads choice; ``None`` if never made."""
        value = await self._single(lambda conn: on_thread.value(conn, sql.THREADS_SETTING, (guild_id,)))
        return None if value is None else bool(value)

    async def set_threads_setting(self, guild_id: int, threads: bool | None) -> None:
        """Store the server's threads choice."""
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.UPSERT_THREADS_SETTING, (guild_id, threads)))

    async def save_thread(self, thread: ThreadRecord) -> None:
        """Store (or replace) a game thread."""
        params = sql.thread_params(thread)
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.UPSERT_THREAD, params))

    async def thread(self, thread_id: int) -> ThreadRecord | None:
        """A game thread by id."""
        row = await self._single(lambda conn: on_thread.row(conn, sql.THREAD, (thread_id,)))
        return None if row is None else sql.thread_from_row(row)

    async def running_games(self, guild_id: int) -> list[GameRecord]:
        """The server's live games, most recently active first."""
        params = (guild_id,)
        return await self._single(lambda conn: on_thread.games(conn, sql.RUNNING_GAMES, params))

    async def recent_games_of_user(self, user_id: int, since: float) -> list[GameRecord]:
        """Games over since ``since`` where the user held a seat, newest first."""
        params = (user_id, since)
        return await self._single(lambda conn: on_thread.games(conn, sql.RECENT_GAMES_OF_USER, params))

    # ------------------------------------------------------------------ notification choices (migration 11)

    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        """Several users' notification choices in one query; defaults for those never stored."""
        if not user_ids:
            return {}
        params = (json.dumps([int(u) for u in user_ids]),)
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.NOTIFY_PREFS_SQLITE, params))
        return sql.notify_prefs_by_user(user_ids, rows)

    async def set_notify_prefs(self, user_id: int, changes: dict[str, Any]) -> NotifyPrefs:
        """Write only the named columns; the user's choices after the write."""
        columns = list(changes)
        statement, params = sql.upsert_notify_prefs(columns), (user_id, *(changes[c] for c in columns))

        def write(conn: sqlite3.Connection) -> sqlite3.Row | None:
            on_thread.execute(conn, statement, params)
            return on_thread.row(conn, sql.NOTIFY_PREF, (user_id,))

        row = await self._one_hop(write)
        return sql.notify_prefs_from_row(user_id, row)

    async def notify_schedules(self) -> list[NotifyPrefs]:
        """The users with a daily digest or quiet hours."""
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.NOTIFY_SCHEDULES))
        return [sql.notify_prefs_from_row(int(r["user_id"]), r) for r in rows]

    async def note_hint(self, user_id: int, kind: str, prompt_key: str) -> int:
        """Count one decision that showed the user a hint of ``kind``; how many have, this one included."""
        return int(await self._one_hop(lambda conn: on_thread.value(conn, sql.NOTE_HINT, (user_id, kind, prompt_key))))

    async def actions_since(self, game_id: int, first_index: int) -> list[ActionRecord]:
        """The game's log from action ``first_index`` on."""
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.ACTIONS_SINCE, (game_id, first_index)))
        return [sql.action_from_row(r) for r in rows]

    # ------------------------------------------------------------------ players away (issue 28)

    async def away_of(self, user_id: int, guild_id: int) -> AwayRecord | None:
        """The user's away on this server, if stored."""
        row = await self._single(lambda conn: on_thread.row(conn, sql.AWAY_OF, (user_id, guild_id)))
        return None if row is None else sql.away_from_row(row)

    async def aways_among(self, guild_id: int, user_ids: Sequence[int]) -> list[AwayRecord]:
        """The stored aways of these users on this server, in one query."""
        if not user_ids:
            return []
        params = (guild_id, json.dumps([int(u) for u in user_ids]))
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.AWAYS_AMONG_SQLITE, params))
        return [sql.away_from_row(row) for row in rows]

    async def set_away(self, away: AwayRecord) -> None:
        """Store (or replace) the user's away."""
        params = sql.away_params(away)
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.UPSERT_AWAY, params))

    async def end_away(self, user_id: int, guild_id: int) -> AwayRecord | None:
        """Forget the user's away and return it (``None``: none stored, or another writer ended it first)."""

        def end(conn: sqlite3.Connection) -> sqlite3.Row | None:
            row = on_thread.row(conn, sql.AWAY_OF, (user_id, guild_id))
            if row is not None:
                on_thread.execute(conn, sql.DELETE_AWAY, (user_id, guild_id))
            return row

        row = await self._one_hop(end)
        return None if row is None else sql.away_from_row(row)

    async def aways_over(self, now: float) -> list[AwayRecord]:
        """The stored aways whose time is up."""
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.AWAYS_OVER, (now,)))
        return [sql.away_from_row(row) for row in rows]

    async def away_limit(self, guild_id: int) -> float | None:
        """The server's longest away in days, if set."""
        value = await self._single(lambda conn: on_thread.value(conn, sql.AWAY_LIMIT, (guild_id,)))
        return None if value is None else float(value)

    async def set_away_limit(self, guild_id: int, days: float | None) -> None:
        """Store (``None``: forget) the server's longest away."""
        if days is None:
            await self._one_hop(lambda conn: on_thread.execute(conn, sql.DELETE_AWAY_LIMIT, (guild_id,)))
        else:
            await self._one_hop(lambda conn: on_thread.execute(conn, sql.UPSERT_AWAY_LIMIT, (guild_id, days)))

    # ------------------------------------------------------------------ deliveries Discord failed (issue 31)

    async def postpone_deliveries(self, keys: Sequence[tuple[int, int, int]], claimed_by: str, until: float) -> None:
        """Keep failed items owed, held until ``until``."""
        params = [(claimed_by, until, *k) for k in keys]
        await self._one_hop(lambda conn: on_thread.execute_many(conn, sql.POSTPONE_DELIVERY, params))

    async def resume_channel_deliveries(self, channel_id: int, claimed_by: str, since: float) -> int:
        """Make a channel's held items claimable at once."""
        return await self._one_hop(
            lambda conn: on_thread.execute(conn, sql.RESUME_CHANNEL_DELIVERIES, (channel_id, claimed_by, since))
        )

    async def drop_channel_deliveries(self, channel_ids: Sequence[int]) -> int:
        """Forget every item owed to these channels."""

        def drop(conn: sqlite3.Connection) -> int:
            return sum(on_thread.execute(conn, sql.DROP_CHANNEL_DELIVERIES, (c,)) for c in channel_ids)

        return await self._one_hop(drop)

    # ------------------------------------------------------------------ a server that removed the bot (migration 16)

    async def pause_guild_games(self, guild_id: int, now: float) -> int:
        """Pause the server's live games."""
        return await self._one_hop(lambda conn: on_thread.execute(conn, sql.PAUSE_GUILD_GAMES, (guild_id, now)))

    async def resume_game(self, game_id: int, expected_version: int, now: float) -> bool:
        """Take one game's pause off, if it is still as read."""
        return await self._one_hop(
            lambda conn: on_thread.execute(conn, sql.RESUME_GAME, (game_id, expected_version, now)) == 1
        )

    # ------------------------------------------------------------- channels left alone after a refusal (migration 16)

    async def refused_channels(self, now: float) -> list[RefusedChannel]:
        """The channels still left alone."""
        rows = await self._single(lambda conn: on_thread.rows(conn, sql.CHANNEL_BACKOFFS, (now - sql.BACKOFF_KEPT,)))
        return [sql.refused_from_row(r) for r in rows]

    async def save_refused_channel(self, channel: RefusedChannel) -> None:
        """Store one channel's schedule."""
        params = sql.refused_params(channel)
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.SAVE_CHANNEL_BACKOFF, params))

    async def clear_refused_channel(self, channel_id: int) -> None:
        """Forget one channel's schedule."""
        await self._one_hop(lambda conn: on_thread.execute(conn, sql.CLEAR_CHANNEL_BACKOFF, (channel_id,)))

    async def forget_refused_channels(self, now: float) -> int:
        """Forget the schedules over for a day."""
        return await self._one_hop(
            lambda conn: on_thread.execute(conn, sql.FORGET_OLD_CHANNEL_BACKOFFS, (now - sql.BACKOFF_KEPT,))
        )


# ---------------------------------------------------------------------- helpers (inside a transaction)


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
