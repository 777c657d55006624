"""A SQLite store method's statements, run together on aiosqlite's thread: one hop per method, not one per statement.

aiosqlite runs every statement on its own thread and hands the result back to the event loop: each statement
is a hop there and back, and on a busy machine each hop waits for a core. A commit was seven of them (BEGIN,
the game's UPDATE, the action's INSERT, the deliveries' ``executemany``, its cursor's close, the interaction's
link, COMMIT). ``one_hop`` queues one plain function instead, with the ``sqlite3`` connection aiosqlite opened
on that thread, the way aiosqlite queues its own calls (``Connection._execute``: its one road to its thread,
which its ``backup`` and ``create_function`` use too; private, so ``tests/store/test_sqlite_one_hop.py`` pins
it). The function's statements run back to back, its transaction begins and ends inside it, and its cursors
are made and freed on that thread: the loop receives rows and numbers, never a cursor (an ``executemany``
cursor freed on the loop while the thread reuses its statement breaks the next commit:
``tests/store/sqlite_cursor_race.py``).

The helpers below take that ``sqlite3.Connection`` and run on aiosqlite's thread only. Their parameters are
worked out on the event loop before the work is queued (``update_params``, ``delivery_rows``...): the thread reads
no record that another task on the loop might change meanwhile.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from typing import Any, TypeVar

import aiosqlite

from . import sql
from .base import DeliveryRecord, GameRecord, NoteRecord

T = TypeVar("T")

Work = Callable[[sqlite3.Connection], T]
"""What a store method does inside its transaction, on aiosqlite's thread."""


async def one_hop(db: aiosqlite.Connection, work: Work[T], begin: str | None = "BEGIN IMMEDIATE") -> T:
    """Run ``work`` on aiosqlite's thread in one transaction (``begin``; ``None``: a single statement, atomic
    on its own), committed if it returns, rolled back if it raises: one hop for the whole method.

    A task cancelled while the work is queued does not stop it: the work still runs whole, begun and ended on
    the thread (the connection is never left inside a transaction), and what the store queues next runs after
    it (aiosqlite's queue is first in, first out).
    """
    result: T = await db._execute(_in_transaction, db, work, begin)  # type: ignore[no-untyped-call]
    return result


def _in_transaction(db: aiosqlite.Connection, work: Work[T], begin: str | None) -> T:
    conn = db._conn  # aiosqlite's sqlite3 connection, on its own thread
    if begin is None:
        return work(conn)
    conn.execute(begin)
    try:
        result = work(conn)
        conn.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.OperationalError):  # "cannot rollback - no transaction is active"
            conn.execute("ROLLBACK")
        raise
    return result


# ---------------------------------------------------------------------- statements (on aiosqlite's thread)


def execute(conn: sqlite3.Connection, statement: str, params: Iterable[Any] = ()) -> int:
    """Run one statement (``$n`` placeholders); the rows it changed."""
    cursor = conn.execute(sql.for_sqlite(statement), tuple(params))
    try:
        return cursor.rowcount
    finally:
        cursor.close()


def rows(conn: sqlite3.Connection, statement: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
    """Every row of one query (``$n`` placeholders)."""
    cursor = conn.execute(sql.for_sqlite(statement), tuple(params))
    try:
        return cursor.fetchall()
    finally:
        cursor.close()


def row(conn: sqlite3.Connection, statement: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
    """The first row of one query, if any."""
    found = rows(conn, statement, params)
    return found[0] if found else None


def value(conn: sqlite3.Connection, statement: str, params: Iterable[Any] = ()) -> Any:
    """The first column of the first row, if any."""
    first = row(conn, statement, params)
    return None if first is None else first[0]


def execute_many(conn: sqlite3.Connection, statement: str, params: Iterable[Sequence[Any]]) -> None:
    """``executemany``, its cursor closed here, where its statement runs."""
    conn.executemany(sql.for_sqlite(statement), params).close()


def update_params(
    game: GameRecord, game_id: int, expected_version: int, action_count: int | None = None
) -> tuple[Any, ...]:
    """``UPDATE_GAME``'s parameters: ``game`` written at the next version (with ``action_count`` when given), if
    still at ``expected_version``."""
    return (*sql.game_params(game, expected_version + 1, action_count), game_id, expected_version)


def update(conn: sqlite3.Connection, params: Sequence[Any], game_id: int) -> None:
    """The version-checked UPDATE of the game row (``update_params``); ``Conflict`` if stale (the caller rolls
    back)."""
    try:
        changed = execute(conn, sql.UPDATE_GAME, params)
    except sqlite3.IntegrityError as exc:  # the game became live in a channel that has another live game
        raise sql.channel_busy() from exc
    if changed == 1:
        return
    if value(conn, sql.GAME_EXISTS, (game_id,)) is None:
        raise sql.gone()
    raise sql.stale_version()


def write_seats(conn: sqlite3.Connection, game_id: int, seat_rows: list[tuple[Any, ...]]) -> None:
    """Replace the game's seats with ``seat_rows`` (``sql.seat_params``)."""
    execute(conn, sql.DELETE_SEATS, (game_id,))
    execute_many(conn, sql.INSERT_SEAT, seat_rows)


def delivery_rows(deliveries: Sequence[DeliveryRecord], claimed_by: str, claimed_at: float) -> list[tuple[Any, ...]]:
    """``INSERT_DELIVERY``'s parameters: what a commit owes, claimed by the committing process."""
    return [sql.delivery_params(d, claimed_by, claimed_at) for d in deliveries]


def insert_deliveries(conn: sqlite3.Connection, delivery_rows: list[tuple[Any, ...]]) -> None:
    """Store what a commit owes (``delivery_rows``), inside the caller's transaction."""
    if delivery_rows:
        execute_many(conn, sql.INSERT_DELIVERY, delivery_rows)


def mark_done(conn: sqlite3.Connection, interaction_id: int | None, game_id: int) -> None:
    """Mark the interaction that asked for this commit done (inside the commit's transaction)."""
    if interaction_id is not None:
        execute(conn, sql.MARK_DEFERRAL_DONE, (interaction_id, game_id, True))


def note_rows(notes: Sequence[NoteRecord]) -> list[tuple[Any, ...]]:
    """``INSERT_NOTE``'s parameters for the ``/log`` lines of a commit."""
    return [sql.note_params(n) for n in notes]


def insert_notes(conn: sqlite3.Connection, note_rows: list[tuple[Any, ...]]) -> None:
    """Write the ``/log`` lines of a commit inside its transaction (a moderator's step says who made it)."""
    if note_rows:
        execute_many(conn, sql.INSERT_NOTE, note_rows)


def games(conn: sqlite3.Connection, statement: str, params: Iterable[Any] = ()) -> list[GameRecord]:
    """The games ``statement`` (a ``sql.SELECT_GAME`` query) finds, each with its seats, in one statement."""
    found = rows(conn, sql.with_seats(statement, sql.SEATS_JSON_SQLITE), params)
    return [sql.game_with_seats(r) for r in found]


def game(conn: sqlite3.Connection, statement: str, params: Iterable[Any] = ()) -> GameRecord | None:
    """The one game ``statement`` (a ``sql.SELECT_GAME`` query) finds, with its seats, in one statement."""
    found = games(conn, statement, params)
    return found[0] if found else None
