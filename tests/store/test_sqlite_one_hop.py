"""The SQLite store runs a method's statements together on aiosqlite's thread (``bot.store.sqlite_thread``).

An action's commit and the delivery bookkeeping around it are one hop each to aiosqlite's thread (they were
four to seven: every hop waits for a core on a busy machine, which is what a player waits for); the loop
receives rows and numbers, never a cursor (a cursor freed on the loop breaks the next commit:
``test_sqlite_cursors.py``); and a transaction begun on the thread ends there, even when the caller gave up.
``one_hop`` uses aiosqlite's private ``Connection._execute``: these tests fail first if aiosqlite changes it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from aiosqlite.core import Connection

from bot.store import GameRecord
from bot.store.sqlite import SqliteStore
from engine.core.errors import Conflict

from .test_deliveries import MINE, deferral, owed
from .test_sqlite_cursors import cursors_reaching_the_loop
from .test_store import action, id_of, start_game


@pytest.fixture
def store(sqlite_file_store: SqliteStore) -> SqliteStore:
    return sqlite_file_store


async def hops(call: Callable[[], Awaitable[Any]]) -> int:
    """How many calls ``call`` queues on aiosqlite's thread."""
    original = Connection._execute
    count = 0

    async def counted(connection: Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += 1
        return await original(connection, fn, *args, **kwargs)

    Connection._execute = counted  # type: ignore[method-assign]
    try:
        await call()
    finally:
        Connection._execute = original  # type: ignore[method-assign]
    return count


async def test_an_action_and_its_delivery_bookkeeping_take_one_hop_each(store: SqliteStore) -> None:
    game = await start_game(store)
    game_id = id_of(game)
    await store.add_deferral(deferral(1), MINE)
    written: list[GameRecord] = []

    async def commit() -> None:
        items = owed(game, game.version + 1)
        written.append(await store.record_action(game, game.version, action(game, 0), items, interaction_id=1))

    assert await hops(commit) == 1
    assert await hops(lambda: store.finish_commit_deliveries(game_id, written[0].version)) == 1
    assert await hops(lambda: store.finish_deferral(1)) == 1
    assert await hops(lambda: store.get_game(game_id)) == 1
    assert await hops(lambda: store.user_prefs(1)) == 1
    # What the one hop wrote is all there, and what it forgot is gone.
    stored = await store.get_game(game_id)
    assert stored is not None and stored.version == written[0].version and stored.action_count == 1
    assert [a.choice_id for a in await store.actions(game_id)] == [action(game, 0).choice_id]
    assert await store.claim_deliveries("someone", 2e9, 2e9, 10) == []
    assert await store.claim_deferrals("someone", 2e9, 2e9, 0, 10) == []


async def test_a_commit_hands_the_loop_no_open_cursor(store: SqliteStore) -> None:
    game = await start_game(store)
    items = owed(game, game.version + 1)
    handed = await cursors_reaching_the_loop(
        lambda: store.record_action(game, game.version, action(game, 0), items, claimed_by=MINE)
    )
    assert not any(isinstance(h, sqlite3.Cursor) for h in handed)


async def test_a_refused_commit_in_one_hop_writes_nothing_and_the_next_one_works(store: SqliteStore) -> None:
    game = await start_game(store)
    first = await store.record_action(game.model_copy(deep=True), game.version, action(game, 0))
    with pytest.raises(Conflict):  # the version it read is stale: rolled back on the thread, with its deliveries
        await store.record_action(game, game.version, action(game, 0, choice="x"), owed(game, 9), claimed_by=MINE)
    assert await store.claim_deliveries("someone", 2e9, 2e9, 10) == []
    second = await store.record_action(first, first.version, action(first, 1))
    assert second.version == first.version + 1


async def test_a_commit_whose_caller_gave_up_still_ends_its_transaction(store: SqliteStore) -> None:
    """Cancelled once queued, the commit runs whole on the thread (it may well have landed, as before): the
    connection is not left inside a transaction, and the next commit reads what it wrote."""
    game = await start_game(store)
    task = asyncio.create_task(store.record_action(game, game.version, action(game, 0)))
    await asyncio.sleep(0)  # queued on aiosqlite's thread
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    stored = await store.get_game(id_of(game))
    assert stored is not None and stored.action_count == 1, "the queued commit ran whole"
    after = await store.record_action(stored, stored.version, action(stored, 1))
    assert after.action_count == 2
    assert not store._connection().in_transaction
