"""The SQLite store's WAL is checkpointed on a thread of its own, never inside a player's commit
(``bot.store.sqlite_checkpoint``).

SQLite by itself copies the WAL back into the database file inside whichever commit takes it past 1,000 pages:
that move waited 20-26 ms for the copy and its ``fsync``. Here: the store's commits never do it however long the
WAL grows, the checkpointer moves every committed page once something was committed (and does nothing when
nothing was), its thread keeps the WAL from growing without end while the bot plays, and closing the store leaves
one complete file behind.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from bot.store import GameRecord
from bot.store.sqlite import SqliteStore
from bot.store.sqlite_checkpoint import Checkpointer

from .test_store import start_game

PAGES = 1_200
"""More pages than SQLite's own automatic checkpoint lets the WAL reach (1,000)."""


@pytest.fixture
def store(sqlite_file_store: SqliteStore) -> SqliteStore:
    return sqlite_file_store


def wal_pages(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size // 4096 if wal.exists() else 0


async def write_pages(store: SqliteStore, game: GameRecord, pages: int) -> GameRecord:
    """Commit ``game`` again and again with a fresh 16 KB snapshot until about ``pages`` WAL pages are written."""
    for n in range(pages // 4):
        game.snapshot = json.dumps({"turn": n, "pad": "x" * 16_000})
        game = await store.update_game(game, game.version)
    return game


def stop_checkpointer(store: SqliteStore) -> None:
    """As if the checkpointer's thread were slow to come round: only the store's own commits run."""
    assert store._checkpointer is not None
    store._checkpointer.close()


async def test_a_commit_never_checkpoints_however_long_the_wal_grows(store: SqliteStore, tmp_path: Path) -> None:
    stop_checkpointer(store)
    game = await start_game(store)
    await write_pages(store, game, PAGES)
    # SQLite's own checkpoint would have run inside the commit that passed 1,000 pages, then reused the WAL from
    # its start: the file would have stopped growing there.
    assert wal_pages(tmp_path / "games.db") > PAGES - 100


async def test_the_checkpointer_moves_what_was_committed_and_only_then(store: SqliteStore, tmp_path: Path) -> None:
    stop_checkpointer(store)
    path = tmp_path / "games.db"
    checkpointer = Checkpointer(str(path))
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        assert checkpointer.look(conn)  # the first look always checkpoints (what start-up wrote)
        assert not checkpointer.look(conn)  # nothing committed since
        game = await start_game(store)
        await write_pages(store, game, 40)
        assert checkpointer.look(conn)
        # Everything committed was moved: a second checkpoint finds every frame of the WAL already copied.
        busy, frames, moved = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert (busy, moved) == (0, frames)
        assert not checkpointer.look(conn)
    finally:
        conn.close()
    assert checkpointer.checkpoints == 2


async def test_the_wal_stays_short_while_the_bot_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.store.sqlite_checkpoint.INTERVAL_S", 0.01)
    path = tmp_path / "games.db"
    store = SqliteStore(path)
    await store.open()
    try:
        game = await start_game(store)
        for _ in range(6):
            game = await write_pages(store, game, PAGES // 6)
            await asyncio.sleep(0.2)  # players think between moves: the checkpointer's thread comes round
        assert store._checkpointer is not None and store._checkpointer.checkpoints >= 2
        # A complete checkpoint lets the next commit reuse the WAL from its start: it never held all the pages.
        assert wal_pages(path) < PAGES // 2
    finally:
        await store.close()


async def test_closing_leaves_one_complete_file(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    store = SqliteStore(path)
    await store.open()
    game = await write_pages(store, await start_game(store), 200)
    await store.close()
    assert not path.with_name(path.name + "-wal").exists()
    again = SqliteStore(path)
    await again.open()
    try:
        kept = await again.get_game(game.id or 0)
        assert kept is not None and kept.snapshot == game.snapshot and kept.version == game.version
    finally:
        await again.close()
