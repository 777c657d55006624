"""``open_store``: which URLs mean which database, and the sentences for the ones that mean nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import GameRecord
from bot.store.factory import open_store, sqlite_path
from bot.store.sqlite import SqliteStore


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("games.db", "games.db"),
        ("/var/lib/spacehost/games.db", "/var/lib/spacehost/games.db"),
        ("sqlite:///games.db", "games.db"),
        ("sqlite:///data/games.db", "data/games.db"),
        ("sqlite:////var/lib/spacehost/games.db", "/var/lib/spacehost/games.db"),
        ("SQLite:////abs.db", "/abs.db"),
        ("sqlite://", ":memory:"),
        ("sqlite://:memory:", ":memory:"),
        ("sqlite:///:memory:", ":memory:"),
        (":memory:", ":memory:"),
        ("postgresql://bot@db.example/spacehost", None),
        ("postgres://bot:secret@db.example:5433/spacehost", None),
    ],
)
def test_urls_name_the_expected_database(url: str, path: str | None) -> None:
    assert sqlite_path(url) == path


def test_a_home_relative_path_is_expanded() -> None:
    assert sqlite_path("~/games.db") == str(Path.home() / "games.db")


@pytest.mark.parametrize(
    ("url", "sentence"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("mysql://bot@db/spacehost", "scheme 'mysql' is not supported"),
        ("sqlite://somehost/games.db", "names a host"),
        ("sqlite:///", "no file path"),
    ],
)
async def test_a_bad_url_is_a_value_error_with_a_sentence(url: str, sentence: str) -> None:
    with pytest.raises(ValueError, match=sentence):
        await open_store(url)


async def test_a_relative_sqlite_url_is_relative_to_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    store = await open_store("sqlite:///nested/folder/games.db")
    await store.close()
    assert (tmp_path / "nested" / "folder" / "games.db").is_file(), "the missing folders were created"


async def test_a_plain_path_opens_sqlite_with_wal(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "games.db"))
    try:
        assert isinstance(store, SqliteStore)
        assert (tmp_path / "games.db-wal").exists(), "the file is in WAL mode"
    finally:
        await store.close()


async def test_an_in_memory_store_works_and_forgets(tmp_path: Path) -> None:
    store = await open_store("sqlite://:memory:")
    try:
        game = await store.insert_game(
            GameRecord(channel_id=1, game_key="duel", seed=1, engine_version="1", opener_id=1)
        )
        assert await store.live_game(1) == game
    finally:
        await store.close()
    assert list(tmp_path.iterdir()) == []
