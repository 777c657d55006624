"""What a moderator's step stores, on both backends: a version-checked reset whose notices outlive the game,
an undo with what it owes, and server settings two processes cannot overwrite blindly."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import DeliveryRecord, GameRecord, GuildSettings, Store
from bot.store.factory import open_store
from engine.core.errors import Conflict

from .conftest import Database
from .test_deliveries import MINE, NOW, THEIRS, owed
from .test_store import ALICE, GUILD, action, id_of, start_game


def reset_owes(game: GameRecord) -> list[DeliveryRecord]:
    """A reset's closing of the old board and its notice, for the commit after ``game``."""
    key = {"game_id": id_of(game), "version": game.version + 1, "channel_id": game.channel_id, "created_at": NOW}
    return [
        DeliveryRecord(seq=0, kind="closing", board_message_id=555, text="This game was reset.", **key),
        DeliveryRecord(seq=1, kind="notice", pings=[ALICE], text="🧹 A moderator reset the game.", **key),
    ]


async def test_a_reset_deletes_the_game_and_keeps_what_it_owes_until_delivered(store: Store) -> None:
    game = await start_game(store)
    moved = await store.record_action(game, game.version, action(game, 0), owed(game, game.version + 1))
    rows = reset_owes(moved)
    await store.delete_game(id_of(moved), moved.version, rows, claimed_by=MINE)

    assert await store.get_game(id_of(moved)) is None
    assert await store.claim_deliveries(THEIRS, NOW + 1, NOW - 30, 10) == [], "claimed by the resetting process"
    # The move's own undelivered board went with the game; the reset's rows outlive it, words and all.
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 50, 10) == rows


async def test_a_reset_of_a_game_that_changed_since_it_was_read_deletes_nothing(store: Store) -> None:
    game = await start_game(store)
    await store.record_action(game, game.version, action(game, 0))  # another process moved meanwhile
    with pytest.raises(Conflict):
        await store.delete_game(id_of(game), game.version, reset_owes(game), claimed_by=MINE)
    assert await store.get_game(id_of(game)) is not None
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10) == [], "nor stores what it would owe"
    await store.delete_game(id_of(game))
    with pytest.raises(Conflict, match="no longer exists"):  # a second reset of the same game refuses
        await store.delete_game(id_of(game), game.version + 1)


async def test_an_undo_stores_what_it_owes_and_a_refused_one_nothing(store: Store) -> None:
    game = await start_game(store)
    moved = await store.record_action(game, game.version, action(game, 0))
    rows = owed(moved, moved.version + 1)
    with pytest.raises(Conflict):
        await store.undo_action(moved.model_copy(deep=True), game.version, 0, rows, claimed_by=MINE)
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10) == []
    undone = await store.undo_action(moved, moved.version, 0, rows, claimed_by=MINE)
    assert undone.action_count == 0 and await store.actions(id_of(game)) == []
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 50, 10) == rows


async def test_settings_written_over_a_version_read_before_another_change_are_refused(store: Store) -> None:
    first = await store.guild_settings(GUILD)
    assert first.version == 0
    await store.set_guild_settings(first.model_copy(update={"idle_hours": 5.0}), expected_version=0)
    with pytest.raises(Conflict, match="settings"):  # read before that change: it would undo it
        await store.set_guild_settings(first.model_copy(update={"reminder_hours": 2.0}), expected_version=0)
    now = await store.guild_settings(GUILD)
    assert (now.idle_hours, now.reminder_hours, now.version) == (5.0, None, 1)
    await store.set_guild_settings(now.model_copy(update={"reminder_hours": 2.0}), expected_version=now.version)
    both = await store.guild_settings(GUILD)
    assert (both.idle_hours, both.reminder_hours, both.version) == (5.0, 2.0, 2)


async def test_two_processes_changing_one_servers_settings_at_once_one_wins(store: Store, database: Database) -> None:
    other = await open_store(database.url)
    try:
        changes = [GuildSettings(guild_id=GUILD, idle_hours=3.0), GuildSettings(guild_id=GUILD, reminder_hours=4.0)]
        results = await asyncio.gather(
            *(s.set_guild_settings(c, expected_version=0) for s, c in zip((store, other), changes, strict=True)),
            return_exceptions=True,
        )
    finally:
        await other.close()
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
    assert (await store.guild_settings(GUILD)).version == 1
