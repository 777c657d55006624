"""Tables in threads, in the host: the server's choice, a thread's name within Discord's rename limit, the
server's game channels naming the parent, and a locked thread ending its game, which stays readable."""

from __future__ import annotations

import pytest

from bot.history import History
from bot.store import SeatRecord, ThreadRecord
from bot.tables import Actor, Host
from bot.tables.threads import LOCKED_RESULT, RENAME_WINDOW, rename_wait, thread_name
from engine.core import LobbyError, NotAllowed

from .conftest import ALICE, BOB, CHANNEL, GUILD, Clock, started_duel

OWNER = Actor(300, "owner", can_manage_server=True)
PARENT = 4000


async def test_threads_follow_the_bots_permissions_until_the_server_chooses(host: Host) -> None:
    assert await host.threads_wanted(GUILD, can_create=True) is True
    assert await host.threads_wanted(GUILD, can_create=False) is False
    with pytest.raises(NotAllowed):
        await host.set_threads(GUILD, ALICE, False)
    await host.set_threads(GUILD, OWNER, False)
    assert await host.threads_wanted(GUILD, can_create=True) is False
    assert "one game per channel" in await host.settings_text(GUILD)
    await host.set_threads(GUILD, OWNER, None)
    assert await host.threads_wanted(GUILD, can_create=True) is True


def test_a_thread_is_named_after_its_game_and_players_within_discords_limit() -> None:
    seats = [SeatRecord(seat=i, user_id=i, display_name=name) for i, name in enumerate(("al\\_ice", "bob"))]
    assert thread_name("Capricorn", seats) == "Capricorn · al_ice, bob"
    many = [SeatRecord(seat=i, user_id=i, display_name="x" * 40) for i in range(4)]
    assert len(thread_name("Capricorn", many)) == 100


def test_a_third_rename_within_ten_minutes_waits_for_the_window() -> None:
    thread = ThreadRecord(thread_id=1, parent_id=2, name="a", shown_name="a", renamed_at=[100.0])
    assert rename_wait(thread, 200.0) == 0.0
    twice = thread.model_copy(update={"renamed_at": [100.0, 300.0]})
    assert rename_wait(twice, 400.0) == pytest.approx(100.0 + RENAME_WINDOW - 400.0)
    assert rename_wait(twice, 100.0 + RENAME_WINDOW) == 0.0


async def test_the_servers_game_channels_name_the_parent_of_a_thread(host: Host) -> None:
    await host.change_settings(GUILD, OWNER, allow_channel=PARENT)
    await host.start(GUILD, CHANNEL, ALICE, "duel", {}, parent_id=PARENT)  # a thread of an allowed channel
    with pytest.raises(LobbyError, match="are played in"):
        await host.start(GUILD, CHANNEL + 1, ALICE, "duel", {}, parent_id=PARENT + 1)


async def test_a_locked_thread_ends_its_game_stored_and_readable(host: Host, clock: Clock) -> None:
    await host.thread_opened(CHANNEL, GUILD, PARENT, CHANNEL, "Duel · alice")
    await started_duel(host)
    clock.now += 60
    ended = await host.thread_locked(CHANNEL)
    assert ended is not None and ended.status == "ended" and ended.result == LOCKED_RESULT
    assert await host.store.live_game(CHANNEL) is None
    thread = await host.game_thread(CHANNEL)
    assert thread is not None and thread.locked
    log = await History(host.store, host.games).public_log(CHANNEL)
    assert "locked" in log.text
    assert await host.thread_locked(CHANNEL) is None, "a second lock changes nothing"
    overview = await History(host.store, host.games).games_overview(BOB.user_id, GUILD, lambda g: True, clock.now)
    assert "Ended lately" in overview and f"<#{CHANNEL}>" in overview


async def test_a_locked_thread_closes_its_lobby_too(host: Host) -> None:
    await host.delivered(await host.start(GUILD, CHANNEL, ALICE, "duel", {}))
    ended = await host.thread_locked(CHANNEL)
    assert ended is not None and ended.status == "ended"
    assert await host.store.live_game(CHANNEL) is None
