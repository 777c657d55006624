"""What is kept, and for how long (issue 29), on SQLite and on a real PostgreSQL: finished games deleted after
their server's keeping time by an hourly clean-up that one process of several does, idle lobbies closed with a
sentence, dead interaction tokens dropped, a moderator deleting a finished game, and a person forgotten."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.history import History
from bot.store import Store, TimerRecord
from bot.store.base import FORMER_PLAYER, former_player_id, is_former_player
from bot.store.factory import open_store
from bot.tables import Actor, Host
from bot.tables.retention import HOUSEKEEPING
from engine.core import Conflict, LobbyError, NoGameHere, NotAllowed
from tests.host.conftest import ALICE, BOB, CAROL, GUILD, MOD, Clock, make_host

from .conftest import Database

DAY = 86400.0
OTHER_GUILD = 2
OWNER = Actor(901, "owner", can_moderate=True, can_manage_server=True)


async def finished_duel(host: Host, channel: int, guild: int = GUILD, *, replace_bob_by: Actor | None = None) -> int:
    """A duel of ALICE and BOB in ``channel`` played to its end (BOB's seat given to someone first, if asked);
    the game's id."""
    await host.delivered(await host.start(guild, channel, ALICE, "duel", {}))
    await host.delivered(await host.join(channel, BOB))
    await host.delivered(await host.begin(channel, ALICE))
    await host.delivered(await host.act(channel, ALICE, "r1.s0", "2"))
    players = [ALICE, BOB]
    if replace_bob_by is not None:
        await host.delivered(await host.act(channel, BOB, "r1.s1", "3"))
        await host.delivered(await host.replace(channel, MOD, BOB.user_id, replace_bob_by))
        players = [ALICE, replace_bob_by]
    while await host.store.live_game(channel) is not None:
        for player in players:
            for _, value in (await host.choices_for(channel, player.user_id))[:1]:
                prompt, choice = value.split("|")
                await host.delivered(await host.act(channel, player, prompt, choice))
    finished = await host.store.latest_game(channel)
    assert finished is not None and finished.status == "finished" and finished.id is not None
    return finished.id


async def test_finished_games_go_after_their_servers_keeping_time_running_ones_never(
    host: Host, store: Store, clock: Clock
) -> None:
    kept_a_year = await finished_duel(host, 6001)
    kept_ten_days = await finished_duel(host, 6002, OTHER_GUILD)
    await host.change_keeping(OTHER_GUILD, OWNER, keep_days=10)
    await host.delivered(await host.start(GUILD, 6003, ALICE, "duel", {}))
    await host.delivered(await host.join(6003, BOB))
    await host.delivered(await host.begin(6003, ALICE))  # running, and it will wait for a year

    clock.now += 11 * DAY
    done = await host.clean_up()
    assert done is not None and done.games == 1
    assert await store.get_game(kept_ten_days) is None and await store.actions(kept_ten_days) == []
    assert await store.get_game(kept_a_year) is not None

    clock.now += 355 * DAY  # a year and a day after the first game ended
    done = await host.clean_up()
    assert done is not None and done.games == 1
    assert await store.get_game(kept_a_year) is None
    running = await store.live_game(6003)
    assert running is not None and running.status == "active", "a running game is never pruned, however old"


async def test_of_two_processes_one_cleans_up_each_hour(database: Database, clock: Clock) -> None:
    first, second = await open_store(database.url), await open_store(database.url)
    try:
        hosts = [make_host(first, clock), make_host(second, clock, first_seed=1)]
        await finished_duel(hosts[0], 6101)
        clock.now += 400 * DAY
        rounds = await asyncio.gather(*(h.clean_up() for h in hosts))
        assert [r is not None for r in rounds].count(True) == 1
        assert sum(r.games for r in rounds if r is not None) == 1
        assert [await h.clean_up() for h in hosts] == [None, None], "this hour's clean-up is done"
        clock.now += 3600
        rounds = [await h.clean_up() for h in hosts]
        assert [r is not None for r in rounds] == [True, False], "the next hour's goes to whoever asks first"
    finally:
        await first.close()
        await second.close()


async def test_an_idle_lobby_is_closed_with_a_sentence_a_busy_one_waits(host: Host, store: Store, clock: Clock) -> None:
    await host.delivered(await host.start(GUILD, 6201, ALICE, "duel", {}))
    clock.now += 40 * 3600
    await host.delivered(await host.start(GUILD, 6202, BOB, "duel", {}))
    await host.delivered(await host.start(OTHER_GUILD, 6203, CAROL, "duel", {}))
    await host.change_keeping(OTHER_GUILD, OWNER, lobby_hours=0)  # that server's lobbies wait for ever
    clock.now += 9 * 3600  # the first lobby waited 49 hours, the second 9

    done = await host.clean_up()

    assert done is not None and len(done.lobbies) == 1
    (closing,) = done.lobbies[0].posts
    assert "lobby closed" in closing.text and "Nobody joined, left or began it for 2 days" in closing.text
    assert done.lobbies[0].channel_id == 6201 and await store.live_game(6201) is None
    assert await store.live_game(6202) is not None and await store.live_game(6203) is not None
    await host.delivered(done.lobbies[0])


async def test_dead_interaction_tokens_are_dropped(host: Host, database: Database, clock: Clock) -> None:
    await host.note_deferral(1, 2, "old-token", 6301, ALICE.user_id)
    clock.now += 10 * 60
    await host.note_deferral(3, 2, "young-token", 6301, ALICE.user_id)
    clock.now += 6 * 60  # the first is 16 minutes old: Discord takes no answer to it any more

    done = await host.clean_up()

    assert done is not None and done.tokens == 1
    assert await database.execute("SELECT token FROM deferrals") == [("young-token",)]


async def test_a_moderator_deletes_a_finished_game_at_once(host: Host, store: Store) -> None:
    game = await finished_duel(host, 6401)
    await host.delivered(await host.start(GUILD, 6402, ALICE, "duel", {}))
    await host.delivered(await host.join(6402, BOB))
    await host.delivered(await host.begin(6402, ALICE))
    running = await store.live_game(6402)
    assert running is not None and running.id is not None

    assert await host.finished_game_choices(GUILD, 6401, ALICE) == [], "players are offered nothing to delete"
    ((label, value),) = await host.finished_game_choices(GUILD, 6401, MOD, "bob")
    assert label.startswith(f"{host.spec('duel').name} · ") and label.endswith("alice, bob") and value == str(game)
    assert await host.finished_game_choices(GUILD, 9999, MOD) == [], "a channel moderator: that channel's only"
    with pytest.raises(NotAllowed):
        await host.forget_game(GUILD, 6401, ALICE, value)
    with pytest.raises(LobbyError, match="is not over: a moderator ends it with `/end`"):
        await host.forget_game(GUILD, 6402, OWNER, str(running.id))
    with pytest.raises(NoGameHere):
        await host.forget_game(OTHER_GUILD, 6401, OWNER, value)

    said = await host.forget_game(GUILD, 6401, MOD, value)

    assert said.startswith(f"Deleted the game of **{host.spec('duel').name}** played in <#6401>")
    assert await store.get_game(game) is None and await store.notes(game) == []
    assert await store.live_game(6402) is not None


async def test_forget_me_leaves_a_former_player_in_finished_games(host: Host, store: Store) -> None:
    plain = await finished_duel(host, 6501)
    handed = await finished_duel(host, 6502, replace_bob_by=CAROL)  # bob moved, then a moderator's note names him
    await host.set_notify(ALICE.user_id, True)
    await host.set_notify(BOB.user_id, True)
    await store.set_notify_prefs(BOB.user_id, {"hints": False, "digest_hour": 8, "time_zone": "Europe/Paris"})
    await store.set_notify_prefs(ALICE.user_id, {"hints": False})
    await store.note_hint(BOB.user_id, "play", "t1.s0")
    history = History(store, host.games)
    before = (await history.public_log(6502)).text
    assert "bob" in before

    said = await host.forget_me(BOB.user_id, BOB.display_name)

    assert said.startswith("Done: I forgot you. Your seat in 1 finished game now reads “a former player”")
    first = await store.get_game(plain)
    assert first is not None
    bob_seat = first.user_of(1)
    assert bob_seat is not None and bob_seat.display_name == FORMER_PLAYER and is_former_player(bob_seat.user_id)
    assert bob_seat.user_id == former_player_id(plain, 1)
    assert first.seat_of(ALICE.user_id) is not None, "the others keep their seats"
    for game in (plain, handed):
        record = await store.get_game(game)
        assert record is not None and record.seat_of(BOB.user_id) is None
        assert all(a.user_id != BOB.user_id for a in await store.actions(game))
        assert all(n.user_id != BOB.user_id for n in await store.notes(game))
        assert "bob" not in (record.result or "") and "bob" not in " ".join(record.narration)
    log = (await history.public_log(6502)).text
    assert "bob" not in log and f"<@{BOB.user_id}>" not in log and "a former player's seat" in log
    assert "a former player" in await host.status(6501) and f"<@{BOB.user_id}>" not in await host.status(6501)
    assert not (await store.user_prefs(BOB.user_id)).notify_dm and (await store.user_prefs(ALICE.user_id)).notify_dm
    bob_told = (await store.notify_prefs([BOB.user_id]))[BOB.user_id]
    assert bob_told.hints and bob_told.digest_hour is None and bob_told.time_zone is None, "notification choices go"
    assert await store.note_hint(BOB.user_id, "play", "t2.s0") == 1, "and so do the hints already shown"
    assert not (await store.notify_prefs([ALICE.user_id]))[ALICE.user_id].hints

    await host.forget_me(ALICE.user_id, ALICE.display_name)
    again = await store.get_game(plain)
    assert again is not None
    ids = [s.user_id for s in again.seats]
    assert all(is_former_player(i) for i in ids) and len(set(ids)) == 2, "each forgotten seat has its own id"


async def test_forget_me_waits_for_the_lobbies_and_games_they_sit_in(host: Host, store: Store) -> None:
    game = await finished_duel(host, 6601)
    await host.delivered(await host.start(GUILD, 6602, BOB, "duel", {}))
    question = await host.forget_me_question(ALICE.user_id)
    assert "cannot be undone" in question

    with pytest.raises(LobbyError, match=r"Duel lobby in <#6602>.*`/forget me` again"):
        await host.forget_me_question(BOB.user_id)
    with pytest.raises(LobbyError):
        await host.forget_me(BOB.user_id, BOB.display_name)

    record = await store.get_game(game)
    assert record is not None and record.seat_of(BOB.user_id) is not None, "nothing was forgotten"


@pytest.fixture
async def store(database: Database) -> AsyncIterator[Store]:
    s = await open_store(database.url)
    try:
        yield s
    finally:
        await s.close()


async def test_keeping_times_and_the_other_settings_never_overwrite_each_other(host: Host, store: Store) -> None:
    await host.change_settings(GUILD, OWNER, reminder_hours=5)
    await host.change_keeping(GUILD, OWNER, keep_days=30)
    await host.change_settings(GUILD, OWNER, idle_hours=10)
    await host.change_keeping(GUILD, OWNER, lobby_hours=6)

    settings, keeping = await store.guild_settings(GUILD), await store.keep_settings(GUILD)
    assert (settings.reminder_hours, settings.idle_hours) == (5, 10)
    assert (keeping.keep_days, keeping.lobby_hours) == (30, 6)
    assert keeping.version == settings.version == 4, "one version for all of the server's settings"
    with pytest.raises(Conflict):  # read before the last change of the server's settings: refused
        await store.set_keep_settings(keeping.model_copy(update={"keep_days": 1}), expected_version=3)
    for wrong in ({"keep_days": 0}, {"keep_days": 4000}, {"lobby_hours": -1}, {"lobby_hours": 1000}):
        with pytest.raises(LobbyError):
            await host.change_keeping(GUILD, OWNER, **wrong)
    with pytest.raises(NotAllowed, match="Manage Server"):
        await host.change_keeping(GUILD, MOD, keep_days=2)
    assert await store.keep_settings(GUILD) == keeping


async def test_a_game_named_by_anything_but_its_id_is_no_game(host: Host) -> None:
    for typed in ("Hidden Duel", "9" * 6000, "-1", ""):
        with pytest.raises(NoGameHere):
            await host.forget_game(GUILD, 6701, OWNER, typed)


async def test_a_clean_up_whose_process_died_is_done_by_the_next_one(database: Database, clock: Clock) -> None:
    first, second = await open_store(database.url), await open_store(database.url)
    try:
        dying, next_one = make_host(first, clock), make_host(second, clock, first_seed=1)
        game = await finished_duel(dying, 6801)
        clock.now += 400 * DAY
        hour = TimerRecord(game_id=0, kind=HOUSEKEEPING, due_key=str(int(clock.now // 3600)), channel_id=0)
        assert await first.claim_timer(hour, dying.owner, clock.now, clock.now - 30)  # then the process died

        assert await next_one.clean_up() is None, "the claim is fresh: its process may still be working"
        clock.now += 31
        done = await next_one.clean_up()

        assert done is not None and done.games == 1 and await second.get_game(game) is None
        assert await next_one.clean_up() is None and await dying.clean_up() is None, "and it is done once"
    finally:
        await first.close()
        await second.close()
