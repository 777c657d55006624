"""A server that outgrows SQLite takes every game along (issue 29): ``python -m bot.backup to-postgres`` copies a
SQLite database into an empty PostgreSQL one, checks the copy, and the bot over PostgreSQL serves every game as
before: the running one goes on from where it stood, the finished one reads back, new games get new ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.backup import main as backup
from bot.store.factory import open_store
from bot.store.transfer import TransferError, transfer
from tests.host.conftest import ALICE, BOB, GUILD, Clock, make_host

from .conftest import PostgresServer

pytestmark = pytest.mark.postgres

RUNNING, FINISHED, LOBBY = 5001, 5002, 5003


async def sqlite_with_games(path: Path, clock: Clock) -> None:
    """A running duel, a finished one and an open lobby, played through the host as the bot plays them."""
    store = await open_store(str(path))
    try:
        host = make_host(store, clock)
        for channel in (RUNNING, FINISHED):
            await host.delivered(await host.start(GUILD, channel, ALICE, "duel", {}))
            await host.delivered(await host.join(channel, BOB))
            await host.begin(channel, ALICE)  # its board is still owed: an owed delivery travels too
            await host.delivered(await host.act(channel, ALICE, "r1.s0", "2"))
        while (record := await store.latest_game(FINISHED)) is not None and record.status == "active":
            for player in (ALICE, BOB):
                for _, value in (await host.choices_for(FINISHED, player.user_id))[:1]:
                    prompt, choice = value.split("|")
                    await host.delivered(await host.act(FINISHED, player, prompt, choice))
        await host.start(GUILD, LOBBY, BOB, "duel", {})
    finally:
        await store.close()


async def test_every_game_moves_to_postgres_and_plays_on(tmp_path: Path, postgres_server: PostgresServer) -> None:
    clock = Clock()
    lite = tmp_path / "games.db"
    await sqlite_with_games(lite, clock)
    url = postgres_server.url(await postgres_server.create_schema())

    done = await transfer(str(lite), url)

    assert done.rows["games"] == 3 and done.rows["actions"] > 0 and done.rows["seats"] == 5
    before, after = await open_store(str(lite)), await open_store(url)
    try:
        for channel in (RUNNING, FINISHED, LOBBY):
            old, new = await before.latest_game(channel), await after.latest_game(channel)
            assert old is not None and new is not None and old.id is not None
            assert new.model_dump() == old.model_dump()
            assert await after.actions(old.id) == await before.actions(old.id)
        host = make_host(after, clock)
        assert [label for label, _ in await host.choices_for(RUNNING, BOB.user_id)] == ["Pick 1", "Pick 2", "Pick 3"]
        await host.act(RUNNING, BOB, "r1.s1", "1")
        assert "turn 2" in await host.status(RUNNING)
        finished = await after.latest_game(FINISHED)
        assert finished is not None and finished.status == "finished"
        await host.delivered(await host.start(GUILD, 5004, ALICE, "duel", {}))
        newest = await after.latest_game(5004)
        assert newest is not None and newest.id is not None and newest.id > 3, "ids go on after the copied ones"
    finally:
        await before.close()
        await after.close()


async def test_a_database_that_already_holds_games_is_refused(tmp_path: Path, postgres_server: PostgresServer) -> None:
    clock = Clock()
    lite = tmp_path / "games.db"
    await sqlite_with_games(lite, clock)
    url = postgres_server.url(await postgres_server.create_schema())
    await transfer(str(lite), url)

    with pytest.raises(TransferError, match="already holds"):
        await transfer(str(lite), url)


def test_the_command_says_what_it_copied_and_what_to_do_next(
    tmp_path: Path, postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    lite = tmp_path / "games.db"
    asyncio.run(sqlite_with_games(lite, Clock()))
    url = postgres_server.url(asyncio.run(postgres_server.create_schema()))

    assert backup(["--database", str(lite), "to-postgres", url]) == 0
    said = capsys.readouterr().out
    assert "Copied 3 games" in said and "set DATABASE_URL" in said
    assert backup(["--database", str(lite), "to-postgres", str(tmp_path / "other.db")]) == 1
    assert "must be a PostgreSQL database" in capsys.readouterr().err
