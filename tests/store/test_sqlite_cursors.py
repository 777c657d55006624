"""The SQLite store makes and frees every cursor on aiosqlite's thread: the event loop never gets one.

Such a cursor keeps its prepared statement, and Python's ``sqlite3`` resets that statement when the cursor is
freed, on whichever thread lets go of it last. aiosqlite runs statements on its own thread but hands each
result to the event loop; freed there while aiosqlite's thread runs the same statement for the next commit, it
breaks that commit: ``sqlite3.InterfaceError: bad parameter or other API misuse`` (seen under load in the
SimCord concurrency tests; ``tests/store/sqlite_cursor_race.py`` shows the race in plain ``sqlite3``). The store
runs each method's statements as one function on that thread (``bot.store.sqlite_thread``), which closes its
cursors there and hands the loop rows and numbers only.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.store.sqlite_thread import execute_many, one_hop

INSERT = "INSERT INTO t (a, b) VALUES (?1, ?2)"
ROWS = [(1, "a"), (2, "b"), (3, "c")]


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    connection = await aiosqlite.connect(tmp_path / "t.db", isolation_level=None)
    await connection.execute("CREATE TABLE t (a INTEGER, b TEXT)")
    yield connection
    await connection.close()


def is_closed(cursor: sqlite3.Cursor) -> bool:
    """Whether a cursor made on another thread was closed (a closed one says so before the thread check)."""
    try:
        cursor.fetchone()
    except sqlite3.ProgrammingError as exc:
        return "closed cursor" in str(exc)
    raise AssertionError("a cursor of aiosqlite's thread answered on the event loop's thread")


async def cursors_reaching_the_loop(call: Callable[[], Awaitable[Any]]) -> list[sqlite3.Cursor]:
    """The ``sqlite3`` cursors aiosqlite hands to the event loop while ``call`` runs."""
    loop = asyncio.get_running_loop()
    original = loop.call_soon_threadsafe
    handed: list[sqlite3.Cursor] = []

    def keeping(callback: Any, *args: Any, **kwargs: Any) -> asyncio.Handle:
        handed.extend(a for a in args if isinstance(a, sqlite3.Cursor))
        return original(callback, *args, **kwargs)

    loop.call_soon_threadsafe = keeping  # type: ignore[method-assign]
    try:
        await call()
    finally:
        loop.call_soon_threadsafe = original  # type: ignore[method-assign]
    return handed


async def test_the_stores_executemany_hands_the_loop_no_cursor(db: aiosqlite.Connection) -> None:
    handed = await cursors_reaching_the_loop(lambda: one_hop(db, lambda conn: execute_many(conn, INSERT, ROWS)))
    assert not any(isinstance(h, sqlite3.Cursor) for h in handed)
    assert await db.execute_fetchall("SELECT a, b FROM t ORDER BY a") == ROWS, "every row written"


async def test_a_plain_executemany_would_hand_it_an_open_one(db: aiosqlite.Connection) -> None:
    """The check above can fail: aiosqlite alone leaves the cursor (and its statement) to the loop."""
    handed = await cursors_reaching_the_loop(lambda: db.executemany(INSERT, ROWS))
    assert handed and not any(is_closed(c) for c in handed)
