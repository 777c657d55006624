"""Games in threads (migration 13): a server's threads choice, the threads the bot opened, the server's running
games newest activity first, and a player's games that ended lately — on both backends."""

from __future__ import annotations

from bot.store import GameRecord, SeatRecord, Store, ThreadRecord

GUILD = 900


def game(channel_id: int, updated_at: float, *, status: str = "active", user_id: int = 1) -> GameRecord:
    return GameRecord(
        guild_id=GUILD,
        channel_id=channel_id,
        game_key="capricorn",
        seed=1,
        engine_version="capricorn-1",
        status=status,  # type: ignore[arg-type]
        opener_id=user_id,
        seats=[SeatRecord(seat=0, user_id=user_id, display_name="one")],
        created_at=updated_at,
        updated_at=updated_at,
        waiting_since=updated_at,
    )


async def test_a_servers_threads_choice_is_kept_and_can_be_forgotten(store: Store) -> None:
    assert await store.threads_setting(GUILD) is None
    await store.set_threads_setting(GUILD, False)
    assert await store.threads_setting(GUILD) is False
    await store.set_threads_setting(GUILD, True)
    assert await store.threads_setting(GUILD) is True
    await store.set_threads_setting(GUILD, None)
    assert await store.threads_setting(GUILD) is None


async def test_a_game_thread_is_stored_and_replaced(store: Store) -> None:
    assert await store.thread(5) is None
    thread = ThreadRecord(thread_id=5, guild_id=GUILD, parent_id=4, starter_message_id=5, name="a", shown_name="a")
    await store.save_thread(thread)
    later = thread.model_copy(update={"name": "b", "renamed_at": [1.0, 2.5], "locked": True})
    await store.save_thread(later)
    assert await store.thread(5) == later


async def test_running_games_of_a_server_come_newest_activity_first(store: Store) -> None:
    for channel, at in ((10, 100.0), (11, 300.0), (12, 200.0)):
        await store.insert_game(game(channel, at), [])
    await store.insert_game(game(13, 400.0).model_copy(update={"guild_id": GUILD + 1}), [])
    assert [g.channel_id for g in await store.running_games(GUILD)] == [11, 12, 10]


async def test_a_players_games_that_ended_lately(store: Store) -> None:
    old = await store.insert_game(game(20, 100.0), [])
    await store.update_game(old.model_copy(update={"status": "ended"}), old.version, [])
    recent = await store.insert_game(game(21, 500.0), [])
    await store.update_game(recent.model_copy(update={"status": "ended"}), recent.version, [])
    await store.insert_game(game(22, 600.0), [])  # still running
    assert [g.channel_id for g in await store.recent_games_of_user(1, since=400.0)] == [21]
    assert await store.recent_games_of_user(2, since=0.0) == []


async def test_a_pruned_game_takes_its_threads_record_along_only_when_it_was_the_threads_last(store: Store) -> None:
    thread = ThreadRecord(thread_id=30, guild_id=GUILD, parent_id=4, starter_message_id=30, name="a", shown_name="a")
    await store.save_thread(thread)
    for at in (100.0, 200.0):  # two tables played one after the other in the same thread
        played = await store.insert_game(game(30, at), [])
        await store.update_game(played.model_copy(update={"status": "finished"}), played.version, [])
    assert len(await store.prune_finished_games(now=10**9, keep_seconds=1.0, limit=1)) == 1
    assert await store.thread(30) == thread  # the later game still lives in that thread
    assert len(await store.prune_finished_games(now=10**9, keep_seconds=1.0, limit=1)) == 1
    assert await store.thread(30) is None
