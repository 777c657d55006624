"""Numbered migrations: a database an older release left behind opens in this one (both backends)."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import DeliveryRecord, GameRecord, GuildSettings, NoteRecord, SeatRecord, UserPrefs, sql
from bot.store.factory import open_store
from bot.store.migrations import LATEST, MIGRATIONS, SCHEMA_VERSION_POSTGRES, SCHEMA_VERSION_SQLITE, pending

from .conftest import Database


async def build_at_level(database: Database, level: int) -> None:
    """The database as the release at schema ``level`` left it: migrations 1..level, applied by hand."""
    sqlite = database.backend == "sqlite"
    await database.execute(SCHEMA_VERSION_SQLITE if sqlite else SCHEMA_VERSION_POSTGRES)
    for step in MIGRATIONS[:level]:
        for statement in step.sqlite if sqlite else step.postgres:
            await database.execute(statement)
        await database.execute(sql.RECORD_MIGRATION, step.number, step.name, 0.0)


async def build_at_level_one(database: Database) -> None:
    """The database as the first release created it: only migration 1."""
    await build_at_level(database, 1)


async def insert_old_game(database: Database, before_column: str) -> int:
    """``old_game()`` written with the games columns an older release had (those before ``before_column``)."""
    columns = sql.GAME_COLUMNS[: sql.GAME_COLUMNS.index(before_column)]
    insert = (
        f"INSERT INTO games ({', '.join(columns)}) "
        f"VALUES ({', '.join(f'${i}' for i in range(1, len(columns) + 1))}) RETURNING id"
    )
    rows = await database.execute(insert, *sql.game_params(old_game())[: len(columns)])
    game_id: int = rows[0][0]
    old_seat = (
        "INSERT INTO seats (game_id, position, seat, user_id, display_name, role) VALUES ($1, $2, $3, $4, $5, $6)"
    )
    for params in sql.seat_params(game_id, [SeatRecord(seat=0, user_id=1, display_name="one")]):
        await database.execute(old_seat, *params[:6])  # the seat columns before migration 6 (seat bots)
    return game_id


async def levels(database: Database) -> list[int]:
    return [row[0] for row in await database.execute("SELECT version FROM schema_version ORDER BY version")]


def old_game() -> GameRecord:
    return GameRecord(
        id=None,
        channel_id=77,
        game_key="capricorn",
        seed=5,
        engine_version="capricorn-1",
        status="active",
        version=3,
        opener_id=1,
        snapshot='{"old": true}',
    )


NUMBERS = [m.number for m in MIGRATIONS]


def test_migrations_are_numbered_from_one_in_order() -> None:
    assert NUMBERS[0] == 1 and sorted(set(NUMBERS)) == NUMBERS, "ascending, each number once"
    assert LATEST >= 2, "the upgrade test below needs a migration after the first"
    assert all(len(m.sqlite) and len(m.postgres) for m in MIGRATIONS), "every migration serves both backends"


def test_pending_lists_what_a_database_lacks() -> None:
    assert [m.number for m in pending(set())] == NUMBERS
    assert [m.number for m in pending({1})] == NUMBERS[1:]
    assert pending(set(NUMBERS)) == []


def test_a_migration_merged_below_one_already_applied_still_runs() -> None:
    """Two branches add migrations 6 and 7 at once: a database that got 7 first must still get 6."""
    assert [m.number for m in pending(set(NUMBERS) - {NUMBERS[-2]})] == [NUMBERS[-2]]


async def test_a_fresh_database_gets_every_migration_once(database: Database) -> None:
    store = await open_store(database.url)
    await store.close()
    store = await open_store(database.url)  # a second start applies nothing
    await store.close()
    assert await levels(database) == NUMBERS


async def test_a_database_at_level_one_is_upgraded_and_keeps_its_games(database: Database) -> None:
    await build_at_level_one(database)
    # Level one's games table: the columns before migration 3 added ``reminders_sent``.
    game_id = await insert_old_game(database, "reminders_sent")
    assert await levels(database) == [1]

    store = await open_store(database.url)
    try:
        assert await levels(database) == NUMBERS
        stored = await store.get_game(game_id)
        assert stored is not None
        assert stored.snapshot == '{"old": true}' and stored.version == 3
        assert stored.reminders_sent == 0, "migration 3's column starts at its default"
        assert [g.id for g in await store.games_of_user(1)] == [game_id]
        await store.set_user_prefs(UserPrefs(user_id=1, dm_closed=True))  # the table migration 2 added
        assert (await store.user_prefs(1)).dm_closed
    finally:
        await store.close()


async def test_a_database_at_level_three_gets_skip_votes_notes_and_server_settings(database: Database) -> None:
    await build_at_level(database, 3)
    game_id = await insert_old_game(database, "skip_votes")  # level three's columns: all but ``skip_votes``
    await database.execute("INSERT INTO user_prefs (user_id, dm_closed) VALUES ($1, $2)", 1, True)
    assert await levels(database) == [1, 2, 3]

    store = await open_store(database.url)
    try:
        assert await levels(database) == NUMBERS
        stored = await store.get_game(game_id)
        assert stored is not None
        assert stored.snapshot == '{"old": true}' and stored.version == 3
        assert stored.skip_votes == [], "migration 4's column starts empty"
        assert await store.user_prefs(1) == UserPrefs(user_id=1, dm_closed=True, notify_dm=False)
        assert await store.users_prefs([1, 2]) == {1: UserPrefs(user_id=1, dm_closed=True), 2: UserPrefs(user_id=2)}

        stored.skip_votes = [1]
        stored = await store.update_game(stored, stored.version)
        again = await store.get_game(game_id)
        assert again is not None and again.skip_votes == [1]
        await store.add_note(NoteRecord(game_id=game_id, after_action=0, at=1.0, user_id=1, text="upgraded"))
        assert [n.text for n in await store.notes(game_id)] == ["upgraded"]
        assert await store.guild_settings(5) == GuildSettings(guild_id=5)
        await store.set_guild_settings(GuildSettings(guild_id=5, reminder_hours=2.0, channels=[77]))
        assert (await store.guild_settings(5)).channels == [77]
        await store.delete_game(game_id)
        assert await store.notes(game_id) == []
    finally:
        await store.close()


async def test_a_database_newer_than_this_release_is_refused(database: Database) -> None:
    await build_at_level_one(database)
    await database.execute(sql.RECORD_MIGRATION, LATEST + 1, "from the future", 0.0)
    with pytest.raises(RuntimeError, match="newer than this release"):
        await open_store(database.url)


async def test_several_processes_starting_together_migrate_once(database: Database) -> None:
    stores = await asyncio.gather(*(open_store(database.url) for _ in range(4)))
    for store in stores:
        await store.close()
    assert await levels(database) == NUMBERS


async def test_a_database_at_level_seven_keeps_what_is_owed_and_versions_server_settings(database: Database) -> None:
    """Migration 8 rebuilds the deliveries table in SQLite (a CHECK cannot change in place): an item still
    owed when the older release stopped is delivered by the new one, and a server's settings start at 0."""
    await build_at_level(database, 7)
    game_id = await insert_old_game(database, "skip_votes")
    old_payload = '{"new_post": true, "pings": [1], "lines": [], "board_message_id": 55}'  # before ``text``
    await database.execute(
        "INSERT INTO deliveries (game_id, version, seq, channel_id, kind, user_id, payload, created_at, claimed_by, "
        "claimed_at) VALUES ($1, 4, 0, 77, 'board', NULL, $2, 10.0, 'gone:1:aa', 10.0)",
        game_id,
        old_payload,
    )
    await database.execute("INSERT INTO guild_settings (guild_id, idle_hours) VALUES (5, 3.0)")

    store = await open_store(database.url)
    try:
        assert await levels(database) == NUMBERS
        (owed,) = await store.claim_deliveries("new:2:bb", 100.0, 50.0, 10)
        assert (owed.key, owed.kind, owed.pings, owed.board_message_id, owed.text) == (
            (game_id, 4, 0),
            "board",
            [1],
            55,
            None,
        )
        assert await store.guild_settings(5) == GuildSettings(guild_id=5, idle_hours=3.0, version=0)
        notice = DeliveryRecord(game_id=game_id, version=5, seq=0, channel_id=77, kind="notice", text="a new kind")
        await store.delete_game(game_id, 3, [notice], claimed_by="new:2:bb")
        assert await store.claim_deliveries("new:3:cc", 200.0, 150.0, 10) == [
            notice.model_copy(update={"created_at": 0.0})
        ]
    finally:
        await store.close()
