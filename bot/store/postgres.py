"""The shared store: PostgreSQL through an asyncpg pool, for several bot processes over one database.

Each write is one transaction on one pooled connection. The version check is the ``UPDATE … WHERE id = $n
AND version = $m`` itself: under READ COMMITTED a second writer blocks on the row lock, then re-checks the
condition against the committed row and updates nothing, so exactly one of two racing writers wins. Reads
that need the game row and its seats run in one REPEATABLE READ transaction so both come from one moment.
Migrations take a transaction-level advisory lock so two processes starting together apply each once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import asyncpg  # ships no type information: mypy treats it as Any (ignore_missing_imports)

from . import sql
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
    SeatRecord,
    ThreadRecord,
    TimerRecord,
    UserPrefs,
)
from .migrations import SCHEMA_VERSION_POSTGRES, pending

log = logging.getLogger(__name__)

# Any constant shared by every process of this application; pg_advisory_xact_lock takes a bigint.
MIGRATION_LOCK = 0x5350_4143_4548_4F53  # "SPACEHOS"

Connection = Any  # asyncpg.Connection, untyped


class PostgresStore:
    """A ``Store`` in a PostgreSQL database named by a ``postgresql://`` URL."""

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        self._pool: Any = None

    def __repr__(self) -> str:
        return "PostgresStore(<url hidden>)"  # the URL may hold a password

    # ------------------------------------------------------------------ connection

    async def open(self) -> None:
        """Create the pool and bring the schema up to date."""
        if self._pool is not None:
            return
        pool = await asyncpg.create_pool(self.url, min_size=self.min_size, max_size=self.max_size)
        try:
            self._pool = pool
            await self._migrate()
        except BaseException:
            self._pool = None
            await pool.close()
            raise
        log.debug("postgres store open")

    async def close(self) -> None:
        """Close the pool (a second close does nothing)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    @asynccontextmanager
    async def _transaction(self, isolation: str = "read_committed") -> AsyncIterator[Connection]:
        """One pooled connection inside one transaction: committed on success, rolled back on any error."""
        if self._pool is None:
            raise RuntimeError("The store is not open: call `await store.open()` (or use open_store).")
        async with self._pool.acquire() as conn, conn.transaction(isolation=isolation):
            yield conn

    @asynccontextmanager
    async def _statement(self) -> AsyncIterator[Connection]:
        """One pooled connection for one statement, which is atomic on its own (no BEGIN and COMMIT round trips)."""
        if self._pool is None:
            raise RuntimeError("The store is not open: call `await store.open()` (or use open_store).")
        async with self._pool.acquire() as conn:
            yield conn

    def _read(self) -> AbstractAsyncContextManager[Connection]:
        return self._transaction("repeatable_read")

    async def _migrate(self) -> None:
        """Apply the pending migrations in one transaction under an advisory lock."""
        async with self._transaction() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(SCHEMA_VERSION_POSTGRES)
            applied = {int(r[0]) for r in await conn.fetch(sql.APPLIED_MIGRATIONS)}
            for step in pending(applied):
                for statement in step.postgres:
                    await conn.execute(statement)
                await conn.execute(sql.RECORD_MIGRATION, step.number, step.name, time.time())
                log.debug("postgres migration applied number=%s", step.number)

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
        try:
            async with self._transaction() as conn:
                game_id = int(await conn.fetchval(sql.INSERT_GAME, *sql.game_params(stored)))
                await _write_seats(conn, game_id, stored.seats)
                await _insert_deliveries(conn, sql.of_game(deliveries, game_id), claimed_by, stored.updated_at)
                await _mark_done(conn, interaction_id, game_id)
        except asyncpg.UniqueViolationError as exc:
            raise sql.channel_busy() from exc
        log.debug("game inserted id=%s channel=%s", game_id, game.channel_id)
        return sql.written(stored, game_id, 1)

    async def live_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in lobby or active status, if any."""
        async with self._statement() as conn:  # one statement (``_game``): one moment, no transaction needed
            return await _game(conn, sql.LIVE_GAME, channel_id)

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game in any status."""
        async with self._statement() as conn:
            return await _game(conn, sql.LATEST_GAME, channel_id)

    async def get_game(self, game_id: int) -> GameRecord | None:
        """A game by id."""
        async with self._statement() as conn:
            return await _game(conn, sql.GAME_BY_ID, game_id)

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
        if notes:  # a moderator's step, with its /log lines: the statements one by one, in one transaction
            async with self._transaction() as conn:
                await _update(conn, game, game_id, expected_version)
                await _write_seats(conn, game_id, game.seats)
                await _insert_deliveries(conn, deliveries, claimed_by, game.updated_at)
                await _mark_done(conn, interaction_id, game_id)
                await _insert_notes(conn, notes)
        else:
            params = (
                *sql.game_params(game.model_copy(update={"version": expected_version + 1})),
                game_id,
                expected_version,
                len(game.seats),
                *sql.seat_arrays(game.seats),
                *sql.delivery_arrays(deliveries),
                claimed_by,
                game.updated_at,
                interaction_id,
            )
            async with self._statement() as conn:  # one statement (``sql.UPDATE_GAME_POSTGRES``): atomic
                try:
                    written = await conn.fetchval(sql.UPDATE_GAME_POSTGRES, *params)
                except asyncpg.UniqueViolationError as exc:
                    if exc.constraint_name == sql.LIVE_GAME_KEY:  # live in a channel that has another live game
                        raise sql.channel_busy() from exc
                    raise
                if written != 1:
                    raise sql.gone() if await conn.fetchval(sql.GAME_EXISTS, game_id) is None else sql.stale_version()
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
        params = (
            *sql.game_params(game, expected_version + 1, count),
            game_id,
            expected_version,
            *sql.action_params(action),
            interaction_id,
            *sql.delivery_arrays(deliveries),
            claimed_by,
            action.at,
        )
        async with self._statement() as conn:  # one statement (``sql.RECORD_ACTION_POSTGRES``): atomic on its own
            try:
                written = await conn.fetchval(sql.RECORD_ACTION_POSTGRES, *params)
            except asyncpg.UniqueViolationError as exc:
                if exc.constraint_name == sql.ACTIONS_KEY:
                    raise sql.duplicate_action() from exc
                if exc.constraint_name == sql.LIVE_GAME_KEY:  # live in a channel that has another live game
                    raise sql.channel_busy() from exc
                raise
            if written != 1:
                raise sql.gone() if await conn.fetchval(sql.GAME_EXISTS, game_id) is None else sql.stale_version()
        log.debug("action recorded id=%s index=%s version=%s", game_id, action.index, expected_version + 1)
        return sql.written(game, game_id, expected_version + 1, count)

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The game's log in order."""
        async with self._read() as conn:
            rows = await conn.fetch(sql.ACTIONS_OF_GAME, game_id)
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
        async with self._transaction() as conn:
            # A version names one state of the row, so the count read at ``expected_version`` is the one the
            # version-checked UPDATE below replaces; if another writer got there first, that UPDATE refuses.
            sql.check_undo(await conn.fetchrow(sql.GAME_LOG_LENGTH, game_id), expected_version, index)
            await _update(conn, stored, game_id, expected_version)
            if await conn.execute(sql.DELETE_ACTION, game_id, index) != "DELETE 1":
                raise sql.not_the_last_action()  # the log and the count disagree: refuse rather than guess
            await _insert_deliveries(conn, deliveries, claimed_by, game.updated_at)
            await _mark_done(conn, interaction_id, game_id)
            await _insert_notes(conn, notes)
        log.debug("action undone id=%s index=%s version=%s", game_id, index, expected_version + 1)
        return sql.written(stored, game_id, expected_version + 1)

    async def add_note(self, note: NoteRecord) -> None:
        """Append a line to the game's public log; ``Conflict`` if the game was deleted."""
        try:
            async with self._transaction() as conn:
                await conn.execute(sql.INSERT_NOTE, *sql.note_params(note))
        except asyncpg.ForeignKeyViolationError as exc:  # no such game
            raise sql.gone() from exc

    async def notes(self, game_id: int) -> list[NoteRecord]:
        """The game's notes in the order they were written."""
        async with self._read() as conn:
            rows = await conn.fetch(sql.NOTES_OF_GAME, game_id)
        return [sql.note_from_row(r) for r in rows]

    async def games_due_a_reminder(
        self, now: float, idle_seconds: float, max_reminders: int, limit: int = 200
    ) -> list[GameRecord]:
        """Active games due their next reminder (a server's own reminder time first), longest waiting first."""
        async with self._statement() as conn:  # one statement, each game's seats with it: one moment
            return await _games(conn, sql.GAMES_DUE_A_REMINDER, now, idle_seconds, max_reminders, limit)

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
        async with self._transaction() as conn:
            if expected_version is not None:
                version = await conn.fetchval(sql.GAME_VERSION_FOR_DELETE_POSTGRES, game_id)
                sql.check_delete(version, expected_version)
            await conn.execute(sql.DELETE_NOTES, game_id)
            await conn.execute(sql.DELETE_GAME_DELIVERIES, game_id)
            await conn.execute(sql.DELETE_GAME_TIMERS, game_id)
            await conn.execute(sql.DELETE_ACTIONS, game_id)
            await conn.execute(sql.DELETE_SEATS, game_id)
            await conn.execute(sql.DELETE_GAME, game_id)
            await _insert_deliveries(conn, deliveries, claimed_by, deliveries[0].created_at if deliveries else 0.0)
            await _mark_done(conn, interaction_id, game_id)
        log.debug("game deleted id=%s", game_id)

    async def games_of_user(self, user_id: int, guild_id: int | None = None) -> list[GameRecord]:
        """Live games where the user holds a seat, oldest first."""
        async with self._read() as conn:
            if guild_id is None:
                return await _games(conn, sql.GAMES_OF_USER, user_id)
            return await _games(conn, sql.GAMES_OF_USER_IN_GUILD, user_id, guild_id)

    async def games_with_bots(self) -> list[GameRecord]:
        """Running games with a seat bot, oldest first."""
        async with self._read() as conn:
            return await _games(conn, sql.GAMES_WITH_BOTS)

    # ------------------------------------------------------------------ deliveries and deferrals

    async def claim_deliveries(
        self, claimed_by: str, now: float, stale_before: float, limit: int
    ) -> list[DeliveryRecord]:
        """Claim up to ``limit`` items whose claim went stale, oldest first; rows another process is claiming
        at this moment are skipped (``FOR UPDATE SKIP LOCKED``), never claimed twice."""
        async with self._transaction() as conn:
            rows = await conn.fetch(sql.CLAIM_DELIVERIES_POSTGRES, claimed_by, now, stale_before, limit)
        return sql.oldest_first(sql.delivery_from_row(r) for r in rows)

    async def finish_deliveries(self, keys: Sequence[tuple[int, int, int]]) -> None:
        """Forget delivered items."""
        async with self._statement() as conn:  # asyncpg's executemany is atomic, and one round trip
            await conn.executemany(sql.DELETE_DELIVERY, [tuple(k) for k in keys])

    async def finish_commit_deliveries(self, game_id: int, version: int) -> None:
        """Forget every item of one commit."""
        async with self._statement() as conn:
            await conn.execute(sql.DELETE_COMMIT_DELIVERIES, game_id, version)

    async def claimants(self) -> list[str]:
        """Every process holding a claim."""
        async with self._read() as conn:
            rows = await conn.fetch(sql.CLAIMANTS)
        return [str(r[0]) for r in rows]

    async def release_claims(self, claimants: Sequence[str]) -> None:
        """Make the claims of dead processes stale at once."""
        async with self._transaction() as conn:
            for statement in (sql.RELEASE_DELIVERIES, sql.RELEASE_DEFERRALS, sql.RELEASE_TIMERS):
                await conn.executemany(statement, [(c,) for c in claimants])

    # ------------------------------------------------------------------ timers

    async def claim_timer(self, timer: TimerRecord, claimed_by: str, now: float, stale_before: float) -> bool:
        """Claim one firing (see ``sql.CLAIM_TIMER``): whether this caller holds it now."""
        async with self._transaction() as conn:
            won = await conn.fetchval(sql.CLAIM_TIMER, *sql.timer_params(timer), claimed_by, now, stale_before)
        return won is not None

    async def schedule_timer(self, timer: TimerRecord) -> None:
        """Store a firing due at once (see ``sql.SCHEDULE_TIMER``)."""
        async with self._transaction() as conn:
            await conn.execute(sql.SCHEDULE_TIMER, *sql.timer_params(timer))

    async def finish_timers(self, keys: Sequence[tuple[int, str, str]], now: float) -> None:
        """Mark firings done."""
        async with self._transaction() as conn:
            await conn.executemany(sql.FINISH_TIMER, [(*k, now) for k in keys])

    async def release_timer(self, key: tuple[int, str, str]) -> None:
        """Give up an unfired claim."""
        async with self._transaction() as conn:
            await conn.execute(sql.RELEASE_TIMER, *key)

    async def claim_stale_timers(
        self, kind: str, claimed_by: str, now: float, stale_before: float, limit: int, fired_before: float
    ) -> list[TimerRecord]:
        """Forget old fired rows, then claim at most ``limit`` stale unfired ones, oldest first (``sql._claims``)."""
        async with self._transaction() as conn:
            await conn.execute(sql.FORGET_FIRED_TIMERS, fired_before)
            rows = await conn.fetch(sql.CLAIM_STALE_TIMERS_POSTGRES, claimed_by, now, stale_before, limit, kind)
        return sorted((sql.timer_from_row(r) for r in rows), key=lambda t: (t.created_at, t.key))

    async def add_deferral(self, deferral: DeferralRecord, claimed_by: str) -> None:
        """Remember an interaction about to be deferred."""
        async with self._statement() as conn:
            await conn.execute(sql.INSERT_DEFERRAL, *sql.deferral_params(deferral, claimed_by, deferral.deferred_at))

    async def finish_deferral(self, interaction_id: int) -> None:
        """Forget an answered interaction."""
        async with self._statement() as conn:
            await conn.execute(sql.DELETE_DEFERRAL, interaction_id)

    async def claim_deferrals(
        self, claimed_by: str, now: float, stale_before: float, answerable_after: float, limit: int
    ) -> list[DeferralRecord]:
        """Forget the interactions Discord no longer accepts, then claim stale ones, oldest first."""
        async with self._transaction() as conn:
            await conn.execute(sql.FORGET_OLD_DEFERRALS, answerable_after)
            rows = await conn.fetch(sql.CLAIM_DEFERRALS_POSTGRES, claimed_by, now, stale_before, limit)
        return sorted((sql.deferral_from_row(r) for r in rows), key=lambda d: (d.deferred_at, d.interaction_id))

    # ------------------------------------------------------------------ users

    async def user_prefs(self, user_id: int) -> UserPrefs:
        """The user's preferences, defaults if never stored."""
        async with self._read() as conn:
            row = await conn.fetchrow(sql.USER_PREFS, user_id)
        return sql.prefs_from_row(user_id, row)

    async def set_user_prefs(self, prefs: UserPrefs) -> None:
        """Store (or replace) the user's preferences."""
        async with self._transaction() as conn:
            await conn.execute(sql.UPSERT_USER_PREFS, *sql.prefs_params(prefs))

    async def set_user_pref(self, user_id: int, column: str, value: bool) -> bool:
        """Write one preference of the user, leaving the others as stored; ``True`` when this changed it."""
        async with self._transaction() as conn:
            return str(await conn.execute(sql.upsert_user_pref(column), user_id, value)) == "INSERT 0 1"

    async def users_prefs(self, user_ids: Sequence[int]) -> dict[int, UserPrefs]:
        """Several users' preferences in one query; defaults for those never stored."""
        if not user_ids:
            return {}
        async with self._read() as conn:
            rows = await conn.fetch(sql.USERS_PREFS_POSTGRES, [int(u) for u in user_ids])
        return sql.prefs_by_user(user_ids, rows)

    # ------------------------------------------------------------------ servers

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings, defaults if never stored."""
        async with self._read() as conn:
            row = await conn.fetchrow(sql.GUILD_SETTINGS, guild_id)
        return sql.settings_from_row(guild_id, row)

    async def set_guild_settings(self, settings: GuildSettings, *, expected_version: int | None = None) -> None:
        """Store (or replace) the server's settings; only over ``expected_version`` when given (``Conflict``)."""
        async with self._transaction() as conn:
            if expected_version is None:
                await conn.execute(sql.UPSERT_GUILD_SETTINGS, *sql.settings_params(settings))
                return
            status = await conn.execute(sql.UPSERT_GUILD_SETTINGS_AT, *sql.settings_params(settings), expected_version)
            if status != "INSERT 0 1":
                raise sql.stale_settings()

    # ------------------------------------------------------------------ what is kept, and for how long (issue 29)

    async def keep_settings(self, guild_id: int) -> KeepSettings:
        """How long the server keeps finished games and idle lobbies, defaults if never stored."""
        async with self._read() as conn:
            row = await conn.fetchrow(sql.KEEP_SETTINGS, guild_id)
        return sql.keep_from_row(guild_id, row)

    async def set_keep_settings(self, settings: KeepSettings, *, expected_version: int) -> None:
        """Store them over ``expected_version`` of the server's settings; ``Conflict`` if they changed since."""
        async with self._transaction() as conn:
            status = await conn.execute(sql.UPSERT_KEEP_SETTINGS, *sql.keep_params(settings, expected_version))
            if status != "INSERT 0 1":
                raise sql.stale_settings()

    async def prune_finished_games(self, now: float, keep_seconds: float, limit: int) -> list[int]:
        """Delete the finished games kept long enough (the server's time, else ``keep_seconds``), oldest first."""
        async with self._transaction() as conn:
            ids = [int(r[0]) for r in await conn.fetch(sql.FINISHED_PAST_KEEPING, now, keep_seconds, limit)]
            for statement in sql.GAME_DELETIONS:
                await conn.executemany(statement, [(game_id,) for game_id in ids])
        return ids

    async def idle_lobbies(self, now: float, idle_seconds: float, limit: int) -> list[GameRecord]:
        """Lobbies untouched for their server's time (else ``idle_seconds``), longest idle first."""
        async with self._statement() as conn:  # one statement, each game's seats with it: one moment
            return await _games(conn, sql.IDLE_LOBBIES, now, idle_seconds, limit)

    async def forget_expired_deferrals(self, answerable_after: float) -> int:
        """Delete the interactions Discord no longer takes an answer to."""
        async with self._transaction() as conn:
            status: str = await conn.execute(sql.FORGET_OLD_DEFERRALS, answerable_after)
        return int(status.split()[-1])

    async def finished_games(self, guild_id: int, limit: int) -> list[GameRecord]:
        """The server's finished and ended games, most recently done first."""
        async with self._read() as conn:
            return await _games(conn, sql.FINISHED_GAMES_OF_GUILD, guild_id, limit)

    async def forget_user(self, user_id: int, names: Sequence[str] = ()) -> int:
        """Forget the person in every finished game, and their preferences (see ``Store.forget_user``)."""
        async with self._transaction() as conn:
            known = [*names, *(str(r[0]) for r in await conn.fetch(sql.NAMES_TO_FORGET, user_id))]
            games = [int(r[0]) for r in await conn.fetch(sql.GAMES_TO_FORGET_IN, user_id)]
            status: str = await conn.execute(sql.FORGET_SEATS, user_id, FORMER_BASE, FORMER_PLAYER)
            seats = int(status.split()[-1])
            for statement in (sql.FORGET_ACTIONS, sql.FORGET_NOTES_BY, sql.FORGET_OPENER):
                await conn.execute(statement, user_id, FORMER_BASE)
            for game_id in games:
                row = await conn.fetchrow(sql.GAME_TEXTS, game_id)
                if row is not None:
                    await conn.execute(sql.WRITE_GAME_TEXTS, game_id, *sql.forgotten_texts(row, user_id, known))
                for note in await conn.fetch(sql.NOTE_TEXTS, game_id):
                    text = sql.without_person(note["text"], user_id, known)
                    if text != note["text"]:
                        await conn.execute(sql.WRITE_NOTE_TEXT, note["id"], text)
            for statement in sql.FORGET_PERSONAL:
                await conn.execute(statement, user_id)
        log.info("user forgotten seats=%s games=%s", seats, len(games))
        return seats

    # ------------------------------------------------------------------ games in threads (migration 13)

    async def threads_setting(self, guild_id: int) -> bool | None:
        """The server's threads choice; ``None`` if never made."""
        async with self._read() as conn:
            value = await conn.fetchval(sql.THREADS_SETTING, guild_id)
        return None if value is None else bool(value)

    async def set_threads_setting(self, guild_id: int, threads: bool | None) -> None:
        """Store the server's threads choice."""
        async with self._transaction() as conn:
            await conn.execute(sql.UPSERT_THREADS_SETTING, guild_id, threads)

    async def save_thread(self, thread: ThreadRecord) -> None:
        """Store (or replace) a game thread."""
        async with self._transaction() as conn:
            await conn.execute(sql.UPSERT_THREAD, *sql.thread_params(thread))

    async def thread(self, thread_id: int) -> ThreadRecord | None:
        """A game thread by id."""
        async with self._read() as conn:
            row = await conn.fetchrow(sql.THREAD, thread_id)
        return None if row is None else sql.thread_from_row(row)

    async def running_games(self, guild_id: int) -> list[GameRecord]:
        """The server's live games, most recently active first."""
        async with self._read() as conn:
            return await _games(conn, sql.RUNNING_GAMES, guild_id)

    async def recent_games_of_user(self, user_id: int, since: float) -> list[GameRecord]:
        """Games over since ``since`` where the user held a seat, newest first."""
        async with self._read() as conn:
            return await _games(conn, sql.RECENT_GAMES_OF_USER, user_id, since)

    # ------------------------------------------------------------------ notification choices (migration 11)

    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        """Several users' notification choices in one query; defaults for those never stored."""
        if not user_ids:
            return {}
        async with self._read() as conn:
            rows = await conn.fetch(sql.NOTIFY_PREFS_POSTGRES, [int(u) for u in user_ids])
        return sql.notify_prefs_by_user(user_ids, rows)

    async def set_notify_prefs(self, user_id: int, changes: dict[str, Any]) -> NotifyPrefs:
        """Write only the named columns; the user's choices after the write."""
        columns = list(changes)
        async with self._transaction() as conn:
            await conn.execute(sql.upsert_notify_prefs(columns), user_id, *(changes[c] for c in columns))
            row = await conn.fetchrow(sql.NOTIFY_PREF, user_id)
        return sql.notify_prefs_from_row(user_id, row)

    async def notify_schedules(self) -> list[NotifyPrefs]:
        """The users with a daily digest or quiet hours."""
        async with self._read() as conn:
            rows = await conn.fetch(sql.NOTIFY_SCHEDULES)
        return [sql.notify_prefs_from_row(int(r["user_id"]), r) for r in rows]

    async def note_hint(self, user_id: int, kind: str, prompt_key: str) -> int:
        """Count one decision that showed the user a hint of ``kind``; how many have, this one included."""
        async with self._transaction() as conn:
            return int(await conn.fetchval(sql.NOTE_HINT, user_id, kind, prompt_key))

    async def actions_since(self, game_id: int, first_index: int) -> list[ActionRecord]:
        """The game's log from action ``first_index`` on."""
        async with self._read() as conn:
            rows = await conn.fetch(sql.ACTIONS_SINCE, game_id, first_index)
        return [sql.action_from_row(r) for r in rows]

    # ------------------------------------------------------------------ players away (issue 28)

    async def away_of(self, user_id: int, guild_id: int) -> AwayRecord | None:
        """The user's away on this server, if stored."""
        async with self._read() as conn:
            row = await conn.fetchrow(sql.AWAY_OF, user_id, guild_id)
        return None if row is None else sql.away_from_row(row)

    async def aways_among(self, guild_id: int, user_ids: Sequence[int]) -> list[AwayRecord]:
        """The stored aways of these users on this server, in one query."""
        if not user_ids:
            return []
        async with self._read() as conn:
            rows = await conn.fetch(sql.AWAYS_AMONG_POSTGRES, guild_id, [int(u) for u in user_ids])
        return [sql.away_from_row(row) for row in rows]

    async def set_away(self, away: AwayRecord) -> None:
        """Store (or replace) the user's away."""
        async with self._transaction() as conn:
            await conn.execute(sql.UPSERT_AWAY, *sql.away_params(away))

    async def end_away(self, user_id: int, guild_id: int) -> AwayRecord | None:
        """Forget the user's away and return it (``None``: none stored, or another writer ended it first)."""
        async with self._transaction() as conn:
            row = await conn.fetchrow(sql.DELETE_AWAY + " RETURNING " + sql.AWAY_RETURNED, user_id, guild_id)
        return None if row is None else sql.away_from_row(row)

    async def aways_over(self, now: float) -> list[AwayRecord]:
        """The stored aways whose time is up."""
        async with self._read() as conn:
            rows = await conn.fetch(sql.AWAYS_OVER, now)
        return [sql.away_from_row(row) for row in rows]

    async def away_limit(self, guild_id: int) -> float | None:
        """The server's longest away in days, if set."""
        async with self._read() as conn:
            value = await conn.fetchval(sql.AWAY_LIMIT, guild_id)
        return None if value is None else float(value)

    async def set_away_limit(self, guild_id: int, days: float | None) -> None:
        """Store (``None``: forget) the server's longest away."""
        async with self._transaction() as conn:
            if days is None:
                await conn.execute(sql.DELETE_AWAY_LIMIT, guild_id)
            else:
                await conn.execute(sql.UPSERT_AWAY_LIMIT, guild_id, days)

    # ------------------------------------------------------------------ deliveries Discord failed (issue 31)

    async def postpone_deliveries(self, keys: Sequence[tuple[int, int, int]], claimed_by: str, until: float) -> None:
        """Keep failed items owed, held until ``until``."""
        async with self._transaction() as conn:
            await conn.executemany(sql.POSTPONE_DELIVERY, [(claimed_by, until, *k) for k in keys])

    async def resume_channel_deliveries(self, channel_id: int, claimed_by: str, since: float) -> int:
        """Make a channel's held items claimable at once."""
        async with self._transaction() as conn:
            status: str = await conn.execute(sql.RESUME_CHANNEL_DELIVERIES, channel_id, claimed_by, since)
        return int(status.split()[-1])

    async def drop_channel_deliveries(self, channel_ids: Sequence[int]) -> int:
        """Forget every item owed to these channels."""
        dropped = 0
        async with self._transaction() as conn:
            for channel_id in channel_ids:
                status: str = await conn.execute(sql.DROP_CHANNEL_DELIVERIES, channel_id)
                dropped += int(status.split()[-1])
        return dropped

    # ------------------------------------------------------------------ a server that removed the bot (migration 16)

    async def pause_guild_games(self, guild_id: int, now: float) -> int:
        """Pause the server's live games."""
        async with self._transaction() as conn:
            status: str = await conn.execute(sql.PAUSE_GUILD_GAMES, guild_id, now)
        return int(status.split()[-1])

    async def resume_game(self, game_id: int, expected_version: int, now: float) -> bool:
        """Take one game's pause off, if it is still as read."""
        async with self._transaction() as conn:
            status: str = await conn.execute(sql.RESUME_GAME, game_id, expected_version, now)
        return int(status.split()[-1]) == 1

    # ------------------------------------------------------------- channels left alone after a refusal (migration 16)

    async def refused_channels(self, now: float) -> list[RefusedChannel]:
        """The channels still left alone."""
        async with self._read() as conn:
            rows = await conn.fetch(sql.CHANNEL_BACKOFFS, now - sql.BACKOFF_KEPT)
        return [sql.refused_from_row(r) for r in rows]

    async def save_refused_channel(self, channel: RefusedChannel) -> None:
        """Store one channel's schedule."""
        async with self._transaction() as conn:
            await conn.execute(sql.SAVE_CHANNEL_BACKOFF, *sql.refused_params(channel))

    async def clear_refused_channel(self, channel_id: int) -> None:
        """Forget one channel's schedule."""
        async with self._transaction() as conn:
            await conn.execute(sql.CLEAR_CHANNEL_BACKOFF, channel_id)

    async def forget_refused_channels(self, now: float) -> int:
        """Forget the schedules over for a day."""
        async with self._transaction() as conn:
            status: str = await conn.execute(sql.FORGET_OLD_CHANNEL_BACKOFFS, now - sql.BACKOFF_KEPT)
        return int(status.split()[-1])


# ---------------------------------------------------------------------- helpers (inside a transaction)


async def _game(conn: Connection, statement: str, *params: Any) -> GameRecord | None:
    """The one game ``statement`` (a ``sql.SELECT_GAME`` query) finds, with its seats, in one statement."""
    row = await conn.fetchrow(sql.with_seats(statement, sql.SEATS_JSON_POSTGRES), *params)
    return None if row is None else sql.game_with_seats(row)


async def _games(conn: Connection, statement: str, *params: Any) -> list[GameRecord]:
    """The games ``statement`` (a ``sql.SELECT_GAME`` query) finds, with their seats, in one statement."""
    rows = await conn.fetch(sql.with_seats(statement, sql.SEATS_JSON_POSTGRES), *params)
    return [sql.game_with_seats(r) for r in rows]


async def _insert_deliveries(
    conn: Connection, deliveries: Sequence[DeliveryRecord], claimed_by: str, claimed_at: float
) -> None:
    """Store what a commit owes, claimed by the committing process (inside the caller's transaction)."""
    if deliveries:
        params = [sql.delivery_params(d, claimed_by, claimed_at) for d in deliveries]
        await conn.executemany(sql.INSERT_DELIVERY, params)


async def _mark_done(conn: Connection, interaction_id: int | None, game_id: int) -> None:
    """Mark the interaction that asked for this commit done (inside the commit's transaction)."""
    if interaction_id is not None:
        await conn.execute(sql.MARK_DEFERRAL_DONE, interaction_id, game_id, True)


async def _write_seats(conn: Connection, game_id: int, seats: list[SeatRecord]) -> None:
    await conn.execute(sql.DELETE_SEATS, game_id)
    if seats:
        await conn.executemany(sql.INSERT_SEAT, sql.seat_params(game_id, seats))


async def _update(conn: Connection, game: GameRecord, game_id: int, expected_version: int) -> None:
    """The version-checked UPDATE of the game row; ``Conflict`` if stale (the caller rolls back)."""
    params = (
        *sql.game_params(game.model_copy(update={"version": expected_version + 1})),
        game_id,
        expected_version,
    )
    try:
        status: str = await conn.execute(sql.UPDATE_GAME, *params)
    except asyncpg.UniqueViolationError as exc:  # the game became live in a channel that has another live game
        raise sql.channel_busy() from exc
    if status == "UPDATE 1":
        return
    if await conn.fetchval(sql.GAME_EXISTS, game_id) is None:
        raise sql.gone()
    raise sql.stale_version()


async def _insert_notes(conn: Connection, notes: Sequence[NoteRecord]) -> None:
    """Write the ``/log`` lines of a commit inside its transaction (a moderator's step says who made it)."""
    if notes:
        await conn.executemany(sql.INSERT_NOTE, [sql.note_params(n) for n in notes])
