"""``/settings`` and ``/notify``: a server's times and game channels, a player's DM choice."""

from __future__ import annotations

import pytest

from bot.tables import Actor, Host
from engine.core import LobbyError, NotAllowed

from .conftest import ALICE, BOB, CHANNEL, GUILD, MOD, Clock, started_duel, with_later

HOUR = 3600.0
MANAGER = Actor(901, "manager", can_moderate=True, can_manage_server=True)
OTHER_CHANNEL = 5001


async def test_only_managers_change_settings_and_bad_values_change_nothing(host: Host) -> None:
    with pytest.raises(NotAllowed, match="Manage Server"):
        await host.change_settings(GUILD, MOD, reminder_hours=1)
    with pytest.raises(LobbyError, match="between 1 and"):
        await host.change_settings(GUILD, MANAGER, reminder_hours=5, idle_hours=0)
    text = await host.settings_text(GUILD)
    assert "after 24 hours (default)" in text and "after 72 hours (default)" in text, "nothing was stored"

    text = await host.change_settings(GUILD, MANAGER, reminder_hours=0, idle_hours=12)
    assert "Reminders: off" in text and "allowed after 12 hours of waiting" in text
    assert (await host.store.guild_settings(GUILD)).idle_hours == 12


async def test_games_start_only_in_the_servers_game_channels(host: Host) -> None:
    await host.change_settings(GUILD, MANAGER, allow_channel=OTHER_CHANNEL)
    with pytest.raises(LobbyError, match=f"<#{OTHER_CHANNEL}>"):
        await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    await host.start(GUILD, OTHER_CHANNEL, ALICE, "duel", {})
    await host.change_settings(GUILD, MANAGER, any_channel=True)
    await host.start(GUILD, CHANNEL, BOB, "duel", {})
    with pytest.raises(LobbyError, match="not in the list"):
        await host.change_settings(GUILD, MANAGER, remove_channel=CHANNEL)


async def test_a_servers_reminder_time_replaces_the_default(host: Host, clock: Clock) -> None:
    await host.change_settings(GUILD, MANAGER, reminder_hours=1)
    await started_duel(host)
    clock.now += 1.5 * HOUR
    due = await host.remind(24 * HOUR)
    assert len(due) == 1, "the server's hour, not the default day"
    await host.delivered(due[0])
    await host.change_settings(GUILD, MANAGER, reminder_hours=0)
    clock.now += 100 * HOUR
    assert await host.remind(24 * HOUR) == [], "0: this server's games are never reminded"


async def test_a_due_decision_comes_by_dm_only_to_players_who_asked(host: Host) -> None:
    await started_duel(host)
    await host.act(CHANNEL, BOB, "r1.s1", "1")
    out = await with_later(host, await host.act(CHANNEL, ALICE, "r1.s0", "2"))  # round 2 is due for both
    assert BOB.user_id not in [dm.user_id for dm in out.dms]
    assert f"<@{BOB.user_id}>" in " ".join(f"<@{u}>" for p in out.posts for u in p.pings), "pinged in the channel"

    said = await host.set_notify(BOB.user_id, True)
    assert "DM" in said
    await host.act(CHANNEL, BOB, "r2.s1", "1")
    out = await with_later(host, await host.act(CHANNEL, ALICE, "r2.s0", "1"))  # nobody scores: round 3 is due for both
    assert BOB.user_id in [dm.user_id for dm in out.dms]
    assert ALICE.user_id not in [dm.user_id for dm in out.dms]


async def test_closed_dms_found_on_a_delivery_keep_the_players_notify_choice(host: Host) -> None:
    await host.set_notify(BOB.user_id, True)
    await started_duel(host)
    await host.dm_failed(CHANNEL, BOB.user_id)
    prefs = await host.store.user_prefs(BOB.user_id)
    assert prefs.dm_closed and prefs.notify_dm
    await host.start(GUILD, 5002, ALICE, "duel", {})  # a new game tries DMs again
    await host.join(5002, BOB)
    await host.begin(5002, ALICE)
    prefs = await host.store.user_prefs(BOB.user_id)
    assert not prefs.dm_closed and prefs.notify_dm
