"""A games database, its journal files and its backups are readable by the bot's user alone (issue 31): they
hold every hand, deck order and seed."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.backup import save
from bot.store.sqlite import SqliteStore


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The usual umask (0022), under which SQLite would create a database every local user can read."""
    before = os.umask(0o022)
    yield
    os.umask(before)


async def test_a_new_database_its_folders_and_a_backup_are_private(tmp_path: Path, open_umask: None) -> None:
    db = tmp_path / "data" / "spacehost" / "games.db"
    store = SqliteStore(str(db))
    await store.open()
    try:
        files = [db, *(db.parent / f"games.db{end}" for end in ("-wal", "-shm"))]
        assert {f.name: mode(f) for f in files if f.exists()} == {f.name: 0o600 for f in files if f.exists()}
        assert mode(db.parent) == mode(db.parent.parent) == 0o700
        copy, _ = save(db)
    finally:
        await store.close()
    assert mode(copy) == 0o600 and mode(copy.parent) == 0o700


async def test_a_database_an_older_release_left_readable_is_tightened(tmp_path: Path, open_umask: None) -> None:
    db = tmp_path / "games.db"
    first = SqliteStore(str(db))
    await first.open()
    await first.close()
    db.chmod(0o644)
    before = mode(tmp_path)

    again = SqliteStore(str(db))
    await again.open()
    await again.close()

    assert mode(db) == 0o600
    assert mode(tmp_path) == before, "the operator's own folder keeps its mode"
