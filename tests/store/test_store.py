"""The ``Store`` guarantees, checked against both backends (each test runs on SQLite and on PostgreSQL)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.store import ActionRecord, GameRecord, GuildSettings, NoteRecord, SeatRecord, Store, UserPrefs
from bot.store.factory import open_store
from engine.core.errors import Conflict

from .conftest import Database

CHANNEL = 7_000_000_000_000_000_001  # Discord ids are 64-bit
OTHER_CHANNEL = 7_000_000_000_000_000_002
GUILD = 6_000_000_000_000_000_001
OTHER_GUILD = 6_000_000_000_000_000_002
QUIET_GUILD = 6_000_000_000_000_000_003
BIG_USER = 7_000_000_000_000_000_777  # a real Discord id needs all 64 bits
ALICE = 101
BOB = 102
ROOT = Path(__file__).resolve().parents[2]


def new_game(channel_id: int = CHANNEL, *, guild_id: int | None = GUILD, **fields: object) -> GameRecord:
    """A lobby record with every field set to something that would show a lossy round trip."""
    values: dict[str, object] = {
        "guild_id": guild_id,
        "channel_id": channel_id,
        "game_key": "abordaje",
        "options": {"variant": "advanced", "nested": {"z": 1, "a": [1.5, None, True]}, "ñ": "🚀"},
        "seed": 2**62 - 1,
        "engine_version": "abordaje-1.2",
        "opener_id": ALICE,
        # Not in seat order: the list's order must survive too.
        "seats": [
            SeatRecord(seat=1, user_id=BOB, display_name="bob 🏴‍☠️", role="spanish"),
            SeatRecord(seat=0, user_id=ALICE, display_name="alice", role=None),
        ],
        "narration": ["Alice opened a lobby.", "«quoted» line"],
        "board_message_id": 9_000_000_000_000_000_009,
        "created_at": 1_700_000_000.125,
        "updated_at": 1_700_000_001.5,
        "waiting_since": 1_700_000_002.25,
        "skip_votes": [BOB, 7_000_000_000_000_000_123],
    }
    values.update(fields)
    return GameRecord.model_validate(values)


def id_of(game: GameRecord) -> int:
    """The id of a stored game (every record the store returns has one)."""
    assert game.id is not None
    return game.id


def action(game: GameRecord, index: int, *, choice: str = "c") -> ActionRecord:
    return ActionRecord(
        game_id=id_of(game),
        index=index,
        seat=index % 2,
        user_id=ALICE if index % 2 == 0 else BOB,
        prompt_id=f"p{index}",
        choice_id=f"{choice}{index}",
        public=[f"line {index}", "ünïcode"],
        at=1_700_000_100.0 + index,
    )


async def start_game(store: Store, channel_id: int = CHANNEL) -> GameRecord:
    """A stored game moved from its lobby into play (version 2)."""
    game = await store.insert_game(new_game(channel_id))
    game.status = "active"
    game.snapshot = '{"turn": 0}'
    return await store.update_game(game, game.version)


# ---------------------------------------------------------------------- insert and read


async def test_insert_assigns_an_id_and_version_one_and_reads_back_exactly(store: Store) -> None:
    given = new_game()
    stored = await store.insert_game(given)
    assert stored.version == 1
    assert given.id is None and given.version == 0, "the caller's record is not touched"
    expected = given.model_copy(update={"id": stored.id, "version": 1})
    assert stored == expected
    assert await store.get_game(id_of(stored)) == expected
    assert await store.live_game(CHANNEL) == expected
    assert await store.latest_game(CHANNEL) == expected


async def test_seats_read_back_exactly_in_every_list_of_games(store: Store) -> None:
    """A game is read with its seats in one statement (SQLite: the seats as JSON): names with quotes, backslashes
    and emoji, 64-bit ids, seat bots and roles come back as written, in their order, alone and in lists."""
    seats = [
        SeatRecord(seat=2, user_id=BIG_USER, display_name='Zoë "the \\ quote" 🚀', role="mothers"),
        SeatRecord(seat=0, user_id=ALICE, display_name="a,b]}", bot="normal"),
        SeatRecord(seat=1, user_id=BOB, display_name="", role=None),
    ]
    stored = await store.insert_game(new_game(seats=seats))
    other = await store.insert_game(new_game(OTHER_CHANNEL, seats=[]))
    assert (await store.live_game(CHANNEL)) == stored
    assert [g.seats for g in await store.running_games(GUILD)] == [[], seats]
    assert [g.id for g in await store.games_of_user(BIG_USER)] == [stored.id]
    assert other.seats == []


async def test_missing_games_read_as_none(store: Store) -> None:
    assert await store.get_game(12345) is None
    assert await store.live_game(CHANNEL) is None
    assert await store.latest_game(CHANNEL) is None
    assert await store.actions(12345) == []


async def test_every_returned_record_is_a_fresh_object(store: Store) -> None:
    stored = await store.insert_game(new_game())
    stored.seats.append(SeatRecord(seat=2, user_id=999, display_name="x"))
    stored.options["variant"] = "changed"
    stored.narration.clear()
    first = await store.get_game(id_of(stored))
    assert first is not None
    first.seats[0].display_name = "mutated"
    first.options["nested"]["z"] = 2
    second = await store.get_game(id_of(stored))
    assert second == new_game().model_copy(update={"id": stored.id, "version": 1})


async def test_a_finished_game_is_not_live_but_stays_the_latest(store: Store) -> None:
    game = await start_game(store)
    game.status = "finished"
    game.result = "Pirates win."
    finished = await store.update_game(game, game.version)
    assert await store.live_game(CHANNEL) is None
    assert await store.latest_game(CHANNEL) == finished
    newer = await store.insert_game(new_game())
    assert await store.latest_game(CHANNEL) == newer
    assert await store.live_game(CHANNEL) == newer


# ---------------------------------------------------------------------- one live game per channel


async def test_a_channel_holds_one_live_game(store: Store) -> None:
    first = await store.insert_game(new_game())
    with pytest.raises(Conflict, match="already has a game"):
        await store.insert_game(new_game())
    assert await store.live_game(CHANNEL) == first
    assert await store.insert_game(new_game(OTHER_CHANNEL)), "another channel is free"


async def test_an_active_game_also_blocks_a_new_lobby(store: Store) -> None:
    await start_game(store)
    with pytest.raises(Conflict):
        await store.insert_game(new_game())


async def test_an_ended_game_frees_the_channel(store: Store) -> None:
    game = await store.insert_game(new_game())
    game.status = "ended"
    await store.update_game(game, game.version)
    assert (await store.insert_game(new_game())).status == "lobby"


async def test_reviving_an_old_game_beside_a_live_one_is_a_conflict(store: Store) -> None:
    old = await store.insert_game(new_game())
    old.status = "ended"
    old = await store.update_game(old, old.version)
    await store.insert_game(new_game())
    old.status = "lobby"
    with pytest.raises(Conflict, match="already has a game"):
        await store.update_game(old, old.version)
    stored = await store.get_game(id_of(old))
    assert stored is not None and stored.status == "ended"


# ---------------------------------------------------------------------- optimistic concurrency


async def test_update_bumps_the_version_and_writes_every_field(store: Store) -> None:
    game = await store.insert_game(new_game())
    game.seats = [SeatRecord(seat=0, user_id=BOB, display_name="bob", role="pirates")]
    game.options = {"variant": "basic"}
    game.narration = ["new"]
    game.board_message_id = None
    game.waiting_since = 5.5
    updated = await store.update_game(game, 1)
    assert updated.version == 2
    assert updated == game.model_copy(update={"version": 2})
    assert await store.get_game(id_of(game)) == updated


async def test_update_against_a_stale_version_changes_nothing(store: Store) -> None:
    game = await store.insert_game(new_game())
    game.narration = ["first writer"]
    winner = await store.update_game(game, 1)
    loser = winner.model_copy(deep=True, update={"narration": ["second writer"], "seats": []})
    with pytest.raises(Conflict, match="changed this game first"):
        await store.update_game(loser, 1)
    assert await store.get_game(id_of(game)) == winner


async def test_record_action_against_a_stale_version_changes_nothing(store: Store) -> None:
    game = await start_game(store)
    stale = game.version - 1
    moved = game.model_copy(deep=True, update={"snapshot": '{"turn": 1}', "narration": ["moved"]})
    with pytest.raises(Conflict):
        await store.record_action(moved, stale, action(game, 0))
    assert await store.get_game(id_of(game)) == game
    assert await store.actions(id_of(game)) == []


async def test_writing_a_deleted_game_is_a_conflict(store: Store) -> None:
    game = await start_game(store)
    await store.delete_game(id_of(game))
    with pytest.raises(Conflict, match="no longer exists"):
        await store.update_game(game, game.version)
    with pytest.raises(Conflict, match="no longer exists"):
        await store.record_action(game, game.version, action(game, 0))
    assert await store.actions(id_of(game)) == []


async def test_two_tasks_recording_against_one_version_one_wins(store: Store) -> None:
    game = await start_game(store)
    version = game.version

    async def move(choice: str) -> GameRecord:
        mine = game.model_copy(deep=True, update={"snapshot": f'{{"by": "{choice}"}}'})
        return await store.record_action(mine, version, action(game, 0, choice=choice))

    results = await asyncio.gather(move("a"), move("b"), return_exceptions=True)
    winners = [r for r in results if isinstance(r, GameRecord)]
    assert len(winners) == 1, results
    assert sum(isinstance(r, Conflict) for r in results) == 1, results
    log = await store.actions(id_of(game))
    assert len(log) == 1
    assert winners[0].snapshot == f'{{"by": "{log[0].choice_id[0]}"}}', "the winner's action and snapshot"
    assert await store.get_game(id_of(game)) == winners[0]


async def test_two_stores_on_one_database_race_and_one_wins(store: Store, database: Database) -> None:
    """Two processes' worth of connections: the version check holds across connections, not only tasks."""
    game = await start_game(store)
    other = await open_store(database.url)
    try:
        results = await asyncio.gather(
            *(
                s.record_action(game.model_copy(deep=True), game.version, action(game, 0, choice=c))
                for s, c in ((store, "a"), (other, "b"))
            ),
            return_exceptions=True,
        )
    finally:
        await other.close()
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "GameRecord"], results
    assert len(await store.actions(id_of(game))) == 1


# ---------------------------------------------------------------------- the action log


async def test_record_action_writes_the_log_and_the_snapshot_together(store: Store) -> None:
    game = await start_game(store)
    expected_log = []
    for index in range(3):
        version = game.version
        game.snapshot = f'{{"turn": {index + 1}}}'
        game.narration = [*game.narration, f"move {index}"]
        game.action_count = index + 1
        entry = action(game, index)
        game = await store.record_action(game, version, entry)
        expected_log.append(entry)
        assert game.version == version + 1
        assert game.action_count == index + 1
        stored = await store.get_game(id_of(game))
        assert stored == game
        assert await store.actions(id_of(game)) == expected_log
    assert game.status == "active"


async def test_record_action_sets_the_action_count_from_the_action(store: Store) -> None:
    game = await start_game(store)
    game.action_count = 0  # a caller that forgot to count: the log position decides
    recorded = await store.record_action(game, game.version, action(game, 0))
    assert recorded.action_count == 1
    stored = await store.get_game(id_of(game))
    assert stored is not None and stored.action_count == 1


async def test_a_failed_action_insert_rolls_back_the_snapshot(store: Store) -> None:
    """The version matches but the log already has this position: neither the row nor the snapshot change."""
    game = await start_game(store)
    game = await store.record_action(game, game.version, action(game, 0))
    clash = game.model_copy(deep=True, update={"snapshot": '{"turn": "bad"}'})
    with pytest.raises(Conflict):
        await store.record_action(clash, game.version, action(game, 0, choice="other"))
    assert await store.get_game(id_of(game)) == game
    assert [a.choice_id for a in await store.actions(id_of(game))] == ["c0"]


async def test_an_action_must_belong_to_its_game(store: Store) -> None:
    game = await start_game(store)
    stray = action(game, 0).model_copy(update={"game_id": 424242})
    with pytest.raises(ValueError, match="belongs to game"):
        await store.record_action(game, game.version, stray)


async def test_the_final_action_finishes_the_game(store: Store) -> None:
    game = await start_game(store)
    game.status = "finished"
    game.result = "Spain holds the galleon."
    done = await store.record_action(game, game.version, action(game, 0))
    assert await store.live_game(CHANNEL) is None
    assert await store.latest_game(CHANNEL) == done


# ---------------------------------------------------------------------- delete


async def test_delete_game_removes_the_game_and_its_log(store: Store) -> None:
    game = await start_game(store)
    game = await store.record_action(game, game.version, action(game, 0))
    keep = await start_game(store, OTHER_CHANNEL)
    await store.delete_game(id_of(game))
    assert await store.get_game(id_of(game)) is None
    assert await store.live_game(CHANNEL) is None
    assert await store.latest_game(CHANNEL) is None
    assert await store.actions(id_of(game)) == []
    assert await store.games_of_user(ALICE) == [keep]
    await store.delete_game(id_of(game))  # a second reset is harmless
    assert (await store.insert_game(new_game())).id != game.id, "ids are never reused"


# ---------------------------------------------------------------------- players and preferences


async def test_games_of_user_lists_live_games_where_they_sit(store: Store) -> None:
    here = await start_game(store)
    lobby = await store.insert_game(
        new_game(OTHER_CHANNEL, seats=[SeatRecord(seat=0, user_id=ALICE, display_name="a")])
    )
    elsewhere = await store.insert_game(new_game(1, guild_id=55))
    done = await store.insert_game(new_game(2))
    done.status = "finished"
    await store.update_game(done, done.version)

    assert await store.games_of_user(ALICE) == [here, lobby, elsewhere]
    assert await store.games_of_user(BOB) == [here, elsewhere]
    assert await store.games_of_user(BOB, GUILD) == [here]
    assert await store.games_of_user(ALICE, 55) == [elsewhere]
    assert await store.games_of_user(999) == []


async def test_games_due_a_reminder_are_active_waiting_long_enough_and_not_reminded_too_often(
    store: Store,
) -> None:
    """The reminder loop's query at 1000 s with a 100 s idle time: due after 100, 200, 400… seconds."""
    first = await store.insert_game(new_game(1, status="active", waiting_since=800.0))  # waited 200 ≥ 100
    second = await store.insert_game(new_game(2, status="active", waiting_since=700.0, reminders_sent=1))
    await store.insert_game(new_game(3, status="active", waiting_since=850.0, reminders_sent=1))  # 150 < 200
    await store.insert_game(new_game(4, status="active", waiting_since=950.0))  # 50 < 100
    await store.insert_game(new_game(5, status="active", waiting_since=0.0, reminders_sent=4))  # had them all
    await store.insert_game(new_game(6, status="lobby", waiting_since=0.0))  # not begun
    over = await store.insert_game(new_game(7, status="active", waiting_since=0.0))
    over.status = "finished"
    await store.update_game(over, over.version)

    found = await store.games_due_a_reminder(1000.0, 100.0, max_reminders=4)
    assert [g.id for g in found] == [second.id, first.id], "longest waiting first"
    assert found[0].reminders_sent == 1, "the count of reminders sent round-trips"
    assert [g.id for g in await store.games_due_a_reminder(1000.0, 100.0, 4, limit=1)] == [second.id]


HOUR = 3600.0


async def test_a_servers_reminder_hours_replace_the_default_idle_time(store: Store) -> None:
    """Default idle time 10 h, at ``now``: GUILD reminds after 1 h, QUIET_GUILD never, OTHER_GUILD keeps 10 h."""
    now = 1_000_000.0
    await store.set_guild_settings(GuildSettings(guild_id=GUILD, reminder_hours=1.0))
    await store.set_guild_settings(GuildSettings(guild_id=QUIET_GUILD, reminder_hours=0))
    await store.set_guild_settings(GuildSettings(guild_id=OTHER_GUILD, idle_hours=2.0))  # reminder_hours NULL

    def active(channel: int, guild: int | None, waited_hours: float, sent: int = 0) -> GameRecord:
        return new_game(
            channel, guild_id=guild, status="active", waiting_since=now - waited_hours * HOUR, reminders_sent=sent
        )

    short = await store.insert_game(active(1, GUILD, 2))  # 2 h ≥ the server's 1 h, though < 10 h
    await store.insert_game(active(2, GUILD, 1.5, sent=1))  # the second reminder waits 2 h: not yet
    doubled = await store.insert_game(active(3, GUILD, 2.5, sent=1))
    await store.insert_game(active(4, QUIET_GUILD, 1000))  # reminders off: never, however long
    await store.insert_game(active(5, OTHER_GUILD, 2))  # a settings row without reminder_hours: 10 h
    other = await store.insert_game(active(6, OTHER_GUILD, 11))
    unset = await store.insert_game(active(7, 6_000_000_000_000_000_999, 11))  # a server with no settings
    no_guild = await store.insert_game(active(8, None, 12))  # a game outside any server

    found = await store.games_due_a_reminder(now, 10 * HOUR, max_reminders=4)
    assert [g.id for g in found] == [no_guild.id, other.id, unset.id, doubled.id, short.id], "longest wait first"

    await store.set_guild_settings(GuildSettings(guild_id=GUILD, reminder_hours=0))  # the server turns them off
    found = await store.games_due_a_reminder(now, 10 * HOUR, max_reminders=4)
    assert [g.id for g in found] == [no_guild.id, other.id, unset.id]


async def test_user_prefs_default_then_persist(store: Store) -> None:
    assert await store.user_prefs(ALICE) == UserPrefs(user_id=ALICE, dm_closed=False)
    await store.set_user_prefs(UserPrefs(user_id=ALICE, dm_closed=True))
    assert await store.user_prefs(ALICE) == UserPrefs(user_id=ALICE, dm_closed=True)
    assert await store.user_prefs(BOB) == UserPrefs(user_id=BOB)
    await store.set_user_prefs(UserPrefs(user_id=ALICE, dm_closed=False))
    assert await store.user_prefs(ALICE) == UserPrefs(user_id=ALICE, dm_closed=False)


# ---------------------------------------------------------------------- persistence


async def test_a_new_store_reads_what_a_closed_one_wrote(database: Database) -> None:
    first = await open_store(database.url)
    game = await start_game(first)
    game = await first.record_action(game, game.version, action(game, 0))
    await first.set_user_prefs(UserPrefs(user_id=BOB, dm_closed=True))
    await first.close()

    second = await open_store(database.url)
    try:
        assert await second.get_game(id_of(game)) == game
        assert await second.actions(id_of(game)) == [action(game, 0)]
        assert (await second.user_prefs(BOB)).dm_closed
    finally:
        await second.close()


WRITER = textwrap.dedent(
    """
    import asyncio, sys
    from bot.store import ActionRecord, GameRecord, SeatRecord
    from bot.store.factory import open_store

    async def main(url: str) -> None:
        store = await open_store(url)
        game = await store.insert_game(GameRecord(
            channel_id=31, game_key="duel", seed=7, engine_version="1", opener_id=1,
            seats=[SeatRecord(seat=0, user_id=1, display_name="one")],
        ))
        game.status = "active"
        game.snapshot = "from another process"
        game = await store.record_action(game, game.version, ActionRecord(
            game_id=game.id, index=0, seat=0, user_id=1, prompt_id="p", choice_id="c", public=["moved"],
        ))
        await store.close()
        print(game.id)

    asyncio.run(main(sys.argv[1]))
    """
)


async def test_another_process_writes_and_this_one_reads(database: Database) -> None:
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-c", WRITER, database.url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    game_id = int(done.stdout)
    store = await open_store(database.url)
    try:
        game = await store.live_game(31)
        assert game is not None and game.id == game_id
        assert (game.status, game.snapshot, game.version, game.action_count) == (
            "active",
            "from another process",
            2,
            1,
        )
        assert [a.public for a in await store.actions(game_id)] == [["moved"]]
    finally:
        await store.close()


async def test_a_closed_store_refuses_work(database: Database) -> None:
    store = await open_store(database.url)
    await store.close()
    await store.close()  # closing twice is harmless
    with pytest.raises(RuntimeError, match="not open"):
        await store.live_game(CHANNEL)


async def test_a_cancelled_write_is_all_or_nothing_and_the_store_goes_on(store: Store) -> None:
    """A task cancelled mid-write (a timeout, a shutdown) leaves no half action and no open transaction."""
    game = await start_game(store)
    for steps in range(12):  # cancel after 0, 1, 2… trips through the event loop: each stage of the write
        current = await store.get_game(id_of(game))
        assert current is not None
        index = current.action_count
        task = asyncio.create_task(store.record_action(current, current.version, action(current, index)))
        for _ in range(steps):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        after = await store.get_game(id_of(game))
        assert after is not None
        log = await store.actions(id_of(game))
        assert after.action_count == len(log) and after.version == current.version + len(log) - index
    final = await store.get_game(id_of(game))
    assert final is not None
    await store.update_game(final, final.version)  # the store still writes


# ---------------------------------------------------------------------- undo


async def recorded(store: Store, moves: int) -> GameRecord:
    """A game in play with ``moves`` actions in its log (snapshot ``{"turn": n}`` after move n)."""
    game = await start_game(store)
    for index in range(moves):
        game.snapshot = f'{{"turn": {index + 1}}}'
        game = await store.record_action(game, game.version, action(game, index))
    return game


async def test_undo_removes_the_last_action_and_bumps_the_version(store: Store) -> None:
    game = await recorded(store, 3)
    before = await store.actions(id_of(game))
    back = game.model_copy(deep=True, update={"snapshot": '{"turn": 2}', "skip_votes": [], "narration": ["undone"]})
    undone = await store.undo_action(back, game.version, 2)
    assert undone.version == game.version + 1
    assert undone.action_count == 2
    assert await store.actions(id_of(game)) == before[:2]
    assert await store.get_game(id_of(game)) == undone
    assert undone.snapshot == '{"turn": 2}' and undone.narration == ["undone"] and undone.skip_votes == []
    # The freed position takes the next move.
    again = await store.record_action(undone, undone.version, action(undone, 2, choice="x"))
    assert [a.choice_id for a in await store.actions(id_of(game))] == ["c0", "c1", "x2"]
    assert again.action_count == 3


async def test_undo_twice_walks_the_log_back(store: Store) -> None:
    game = await recorded(store, 2)
    game = await store.undo_action(game, game.version, 1)
    game = await store.undo_action(game, game.version, 0)
    assert await store.actions(id_of(game)) == []
    stored = await store.get_game(id_of(game))
    assert stored is not None and stored.action_count == 0 and stored.version == game.version


async def test_undo_sets_the_count_from_the_index_and_leaves_the_seats(store: Store) -> None:
    game = await recorded(store, 2)
    careless = game.model_copy(deep=True, update={"action_count": 2, "seats": []})
    undone = await store.undo_action(careless, game.version, 1)
    stored = await store.get_game(id_of(game))
    assert stored is not None
    assert stored.action_count == undone.action_count == 1, "the count follows the log"
    assert stored.seats == game.seats, "seats change only through update_game"


@pytest.mark.parametrize("index", [0, 1, 3, -1], ids=["first", "middle", "past-the-end", "negative"])
async def test_undo_of_an_action_that_is_not_the_last_changes_nothing(store: Store, index: int) -> None:
    game = await recorded(store, 3)
    log = await store.actions(id_of(game))
    changed = game.model_copy(deep=True, update={"snapshot": '{"turn": "undone"}'})
    with pytest.raises(Conflict, match="not the last move"):
        await store.undo_action(changed, game.version, index)
    assert await store.get_game(id_of(game)) == game
    assert await store.actions(id_of(game)) == log


async def test_undo_on_an_empty_log_is_refused(store: Store) -> None:
    game = await start_game(store)
    with pytest.raises(Conflict):
        await store.undo_action(game, game.version, 0)
    assert await store.get_game(id_of(game)) == game


async def test_undo_against_a_stale_version_changes_nothing(store: Store) -> None:
    game = await recorded(store, 2)
    log = await store.actions(id_of(game))
    changed = game.model_copy(deep=True, update={"snapshot": '{"turn": "undone"}'})
    with pytest.raises(Conflict, match="changed this game first"):
        await store.undo_action(changed, game.version - 1, 1)
    assert await store.get_game(id_of(game)) == game
    assert await store.actions(id_of(game)) == log


async def test_undo_of_a_deleted_game_is_a_conflict(store: Store) -> None:
    game = await recorded(store, 1)
    await store.delete_game(id_of(game))
    with pytest.raises(Conflict, match="no longer exists"):
        await store.undo_action(game, game.version, 0)


async def test_an_undo_racing_a_move_one_wins(store: Store, database: Database) -> None:
    """A moderator's undo and a player's move, both against the same version, from two stores."""
    game = await recorded(store, 1)
    other = await open_store(database.url)
    try:
        results = await asyncio.gather(
            store.undo_action(game.model_copy(deep=True), game.version, 0),
            other.record_action(game.model_copy(deep=True), game.version, action(game, 1)),
            return_exceptions=True,
        )
    finally:
        await other.close()
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "GameRecord"], results
    stored = await store.get_game(id_of(game))
    assert stored is not None and stored.version == game.version + 1
    log = await store.actions(id_of(game))
    assert stored.action_count == len(log) and len(log) in (0, 2), "the undo or the move, never half of each"


# ---------------------------------------------------------------------- notes


def note(game: GameRecord, after: int, text: str, user_id: int = ALICE) -> NoteRecord:
    return NoteRecord(game_id=id_of(game), after_action=after, at=1_700_000_200.5 + after, user_id=user_id, text=text)


async def test_notes_read_back_in_the_order_they_were_written(store: Store) -> None:
    game = await recorded(store, 2)
    elsewhere = await start_game(store, OTHER_CHANNEL)
    written = [
        note(game, 2, "zz: Bob's turn was skipped 🚫", BOB),
        note(game, 2, "aa: a moderator undid move 2", BIG_USER),
        note(game, 1, "mm: placed by the log, listed by time"),
    ]
    for n in written[:2]:
        await store.add_note(n)
    await store.add_note(note(elsewhere, 0, "another game's note"))
    await store.add_note(written[2])
    assert await store.notes(id_of(game)) == written
    assert [n.text for n in await store.notes(id_of(elsewhere))] == ["another game's note"]
    assert await store.notes(424242) == []


async def test_notes_are_deleted_with_their_game(store: Store) -> None:
    game = await recorded(store, 1)
    keep = await start_game(store, OTHER_CHANNEL)
    await store.add_note(note(game, 1, "goes"))
    await store.add_note(note(keep, 0, "stays"))
    await store.delete_game(id_of(game))
    assert await store.notes(id_of(game)) == []
    assert [n.text for n in await store.notes(id_of(keep))] == ["stays"]
    with pytest.raises(Conflict, match="no longer exists"):
        await store.add_note(note(game, 1, "too late"))
    assert await store.notes(id_of(game)) == []


# ---------------------------------------------------------------------- skip votes and preferences


async def test_skip_votes_are_written_by_every_game_write(store: Store) -> None:
    game = await start_game(store)
    assert game.skip_votes == [BOB, 7_000_000_000_000_000_123]
    game.skip_votes = [ALICE]
    game = await store.update_game(game, game.version)
    stored = await store.get_game(id_of(game))
    assert stored is not None and stored.skip_votes == [ALICE]
    game.skip_votes = []  # a move ends the wait, and its votes
    game = await store.record_action(game, game.version, action(game, 0))
    stored = await store.get_game(id_of(game))
    assert stored is not None and stored.skip_votes == []
    fresh = await store.insert_game(new_game(OTHER_CHANNEL, skip_votes=[]))
    assert (await store.live_game(OTHER_CHANNEL)) == fresh and fresh.skip_votes == []


async def test_notify_dm_is_stored_beside_dm_closed(store: Store) -> None:
    assert (await store.user_prefs(ALICE)).notify_dm is False
    await store.set_user_prefs(UserPrefs(user_id=ALICE, notify_dm=True))
    assert await store.user_prefs(ALICE) == UserPrefs(user_id=ALICE, dm_closed=False, notify_dm=True)
    await store.set_user_prefs(UserPrefs(user_id=ALICE, dm_closed=True, notify_dm=True))
    assert await store.user_prefs(ALICE) == UserPrefs(user_id=ALICE, dm_closed=True, notify_dm=True)
    await store.set_user_prefs(UserPrefs(user_id=ALICE, dm_closed=True, notify_dm=False))
    assert await store.user_prefs(ALICE) == UserPrefs(user_id=ALICE, dm_closed=True, notify_dm=False)


async def test_users_prefs_answers_for_every_user_asked(store: Store) -> None:
    await store.set_user_prefs(UserPrefs(user_id=ALICE, dm_closed=True))
    await store.set_user_prefs(UserPrefs(user_id=BIG_USER, notify_dm=True))
    await store.set_user_prefs(UserPrefs(user_id=999, dm_closed=True, notify_dm=True))  # not asked for
    found = await store.users_prefs([BIG_USER, BOB, ALICE, BOB])
    assert found == {
        BIG_USER: UserPrefs(user_id=BIG_USER, notify_dm=True),
        BOB: UserPrefs(user_id=BOB),
        ALICE: UserPrefs(user_id=ALICE, dm_closed=True),
    }
    assert await store.users_prefs([]) == {}
    assert await store.users_prefs([BOB]) == {BOB: UserPrefs(user_id=BOB)}


# ---------------------------------------------------------------------- server settings


async def test_guild_settings_default_then_upsert(store: Store) -> None:
    assert await store.guild_settings(GUILD) == GuildSettings(guild_id=GUILD)
    chosen = GuildSettings(guild_id=GUILD, reminder_hours=0.25, idle_hours=None, channels=[CHANNEL, OTHER_CHANNEL])
    await store.set_guild_settings(chosen)
    assert await store.guild_settings(GUILD) == chosen.model_copy(update={"version": 1}), "each write counts"
    assert await store.guild_settings(OTHER_GUILD) == GuildSettings(guild_id=OTHER_GUILD), "another server"
    changed = GuildSettings(guild_id=GUILD, reminder_hours=None, idle_hours=36.5, channels=[])
    await store.set_guild_settings(changed)
    assert await store.guild_settings(GUILD) == changed.model_copy(update={"version": 2})
    await store.set_guild_settings(GuildSettings(guild_id=GUILD, reminder_hours=0))
    assert (await store.guild_settings(GUILD)).reminder_hours == 0, "0 (off) is not read back as unset"
