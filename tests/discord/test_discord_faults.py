"""Issue 31: when Discord misbehaves during a game, nothing acknowledged is lost, repeated or left waiting.

Each scenario installs a fault plan (``faults.FaultPlan``: which route fails, how, how many times, with
discord.py's own retry loop played as in production) and checks what players see and what the store holds.
The host's clock is moved forward (``Later``) to reach the retry schedule of ``bot.backoff`` without waiting
for it; the catch-up then runs as its loop would (``CatchUp.run``).
"""

from __future__ import annotations

import logging
import random
import sqlite3

import discord
import pytest
import simcord

from bot.backoff import RETRY_DELAYS
from bot.catchup import CatchUp
from bot.store import DeliveryRecord, sql

from .conftest import Table
from .faults import FaultPlan, Later
from .players import begin_game, open_choices
from .sim import board, bot_messages, is_private, labels, said
from .test_posting_rights import deny_the_bot


async def catch_up_after(table: Table, later: Later, seconds: float) -> None:
    """``seconds`` pass on the host's clock, then a catch-up round runs (as its loop would, every 20 s)."""
    later.offset += seconds
    await table.bot.catch_up.run()
    await table.env.settle()


def owed(table: Table) -> int:
    """How many deliveries the store still holds (owed to Discord)."""
    with sqlite3.connect(table.db) as db:
        return int(db.execute("SELECT count(*) FROM deliveries").fetchone()[0])


def messages(table: Table) -> str:
    return f"/channels/{table.channel.id}/messages*"


async def acting_player(table: Table) -> tuple[simcord.MemberActor, list[str]]:
    """Whoever the game waits on (Alice or Bob) and what they may choose."""
    for player in (table.alice, table.bob):
        choices = await open_choices(table, player)
        if choices:
            return player, choices
    raise AssertionError("nobody is waited on")


# ------------------------------------------------------------------------------------------------- 5xx


@pytest.mark.parametrize(("method", "status"), [("PATCH", 502), ("*", 503)])
async def test_a_board_discord_fails_stays_owed_and_follows_later_and_the_player_is_told_once(
    table: Table, plan: FaultPlan, later: Later, method: str, status: int
) -> None:
    await begin_game(table)
    player, choices = await acting_player(table)
    before = board(table.channel, table.env).content
    # Five in a row: discord.py's own retries of a 500/502 all fail too (a 503 it does not retry at all).
    fault = plan.server_error(method, messages(table), status, times=None)

    result = await player.slash(table.channel, "act", choice=random.Random(1).choice(choices))

    assert is_private(result)
    assert said(result).count("the board will follow by itself") == 1
    assert board(table.channel, table.env).content == before, "Discord took nothing"
    assert owed(table) >= 1, "the board is still owed"
    await catch_up_after(table, later, 16)  # the first retry is due 15 s later: Discord still fails
    assert owed(table) >= 1, "still owed, not dropped after discord.py's retries"
    tried = fault.hits

    await catch_up_after(table, later, 1)  # not due yet: the next retry waits longer (backoff)
    assert fault.hits == tried
    plan.stop()
    await catch_up_after(table, later, 30)  # the second retry is due 30 s after the first
    assert owed(table) == 0
    assert board(table.channel, table.env).content != before, "the board followed"


async def test_a_hung_connection_on_a_dm_keeps_it_owed_and_it_is_sent_once_later(
    table: Table, plan: FaultPlan, later: Later
) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    await table.bob.slash(table.channel, "join")
    bob_dms = f"/channels/{table.bob.user.dm_channel.id}/messages"
    plan.hang("POST", bob_dms, times=None)

    await table.alice.slash(table.channel, "begin")  # deals: each player gets their hand by DM

    assert plan.count("POST", bob_dms, "timeout") == 1, "one try, then it waits (no retry storm)"
    assert table.bob.user.dm_channel.history() == []
    assert len(table.alice.user.dm_channel.history()) == 1, "Bob's hung DM does not hold back Alice's"
    assert owed(table) == 1, "Bob's DM is still owed"

    plan.stop()
    await catch_up_after(table, later, 16)
    assert owed(table) == 0
    assert len(table.bob.user.dm_channel.history()) == 1, "sent once, later"


def deferrals(table: Table) -> int:
    with sqlite3.connect(table.db) as db:
        return int(db.execute("SELECT count(*) FROM deferrals").fetchone()[0])


async def test_a_follow_up_discord_fails_is_answered_with_a_sentence_and_the_move_is_delivered(
    table: Table, plan: FaultPlan, later: Later, caplog: pytest.LogCaptureFixture
) -> None:
    await begin_game(table)
    player, choices = await acting_player(table)
    plan.server_error("POST", "/webhooks/*", 503, times=1)  # the answer after the defer

    result = await player.slash(table.channel, "act", choice=choices[0])

    assert "Discord is having trouble" in said(result)
    assert not any(r.exc_info for r in caplog.records), "Discord's trouble is no bug: no traceback"
    assert deferrals(table) == 1, "kept, so the player hears later whether the move was taken"
    await catch_up_after(table, later, 31)  # the move's stored board and answer are claimable once stale
    assert owed(table) == 0 and deferrals(table) == 0
    assert table.bot.catch_up.answered == 1
    provoked = table.unexpected_errors()  # SimCord records what reached the tree's handler: Discord's 503 only
    assert all("503" in str(e) for e in provoked)
    table.expected_bugs.extend(provoked)


# ------------------------------------------------------------------------------------------------- 429


async def test_a_rate_limited_route_during_a_move_waits_and_sends_each_message_once(
    table: Table, plan: FaultPlan
) -> None:
    await begin_game(table)
    player, choices = await acting_player(table)
    plan.rate_limit("*", messages(table), retry_after=0.1, times=2)
    edits_before = plan.count("PATCH", messages(table)) + plan.count("POST", messages(table))

    result = await player.slash(table.channel, "act", choice=choices[0])

    assert is_private(result) and "trouble" not in said(result)
    tried = plan.count("PATCH", messages(table)) + plan.count("POST", messages(table)) - edits_before
    assert tried <= 2 + 3, "two 429s, then each message once: no retry storm"
    assert owed(table) == 0
    assert table.timing_of(result).elapsed is not None
    assert (table.timing_of(result).elapsed or 0) < 3.0, "answered first, delivered after"


async def test_a_global_rate_limit_holds_every_call_but_the_interaction_is_answered_in_time(
    table: Table, plan: FaultPlan
) -> None:
    await begin_game(table)
    player, choices = await acting_player(table)
    plan.rate_limit("*", "/channels/*", retry_after=0.5, is_global=True, times=1)

    result = await player.slash(table.channel, "act", choice=choices[0])

    assert is_private(result)
    assert (table.timing_of(result).elapsed or 0) < 3.0
    assert owed(table) == 0


async def test_a_catch_up_of_300_owed_items_under_rate_limits_sends_each_once_in_order(
    table: Table, plan: FaultPlan
) -> None:
    await begin_game(table)
    record = await table.next_store.latest_game(table.channel.id)
    assert record is not None and record.id is not None
    rows = [
        DeliveryRecord(
            game_id=record.id,
            version=10_000 + i,
            seq=0,
            channel_id=table.channel.id,
            kind="notice",
            text=f"Owed notice {i:03d}",
            created_at=1.0 + i,
        )
        for i in range(300)
    ]
    with sqlite3.connect(table.db) as db:  # left by a process of another machine, long dead
        statement = sql.for_sqlite(sql.INSERT_DELIVERY)
        db.executemany(statement, [sql.delivery_params(r, "elsewhere:1:gone", 0.0) for r in rows])
    for every in range(0, 300, 30):  # a rate limit every thirty posts, one of them global
        plan.rate_limit("POST", messages(table), retry_after=0.05, is_global=every == 150, after=every)
    plan.rate_limit("POST", messages(table), retry_after=0.05, times=3, after=100)  # three in a row once

    posts_before = plan.count("POST", messages(table))
    catch_up = CatchUp(table.bot)
    await catch_up.run()
    await table.env.settle()

    notices = [m.content for m in bot_messages(table.channel, table.env) if m.content.startswith("Owed notice")]
    assert notices == [f"Owed notice {i:03d}" for i in range(300)], "each once, oldest first"
    assert owed(table) == 0
    posts = plan.count("POST", messages(table)) - posts_before
    assert posts == 300 + 13, f"{posts} attempts for 300 posts and 13 rate limits: no retry storm"


# ------------------------------------------------------------------------------------------------- 403


@pytest.mark.parametrize(
    ("permission", "name"),
    [("send_messages", "Send Messages"), ("attach_files", "Attach Files"), ("view_channel", "View Channel")],
)
async def test_a_permission_lost_mid_game_is_named_once_the_game_goes_on_and_the_board_follows_once_back(
    table: Table, plan: FaultPlan, later: Later, permission: str, name: str
) -> None:
    await begin_game(table)
    deny_the_bot(table, discord.Permissions(**{permission: True}))
    plan.forbid("*", messages(table))  # what Discord answers a post or an edit without it

    first, choices = await acting_player(table)
    told = await first.slash(table.channel, "act", choice=choices[0])
    assert f"**{name}**" in said(told)
    refused_once = plan.count("*", messages(table), "403") + plan.count("PATCH", messages(table), "403")

    second, choices = await acting_player(table)
    if second is first:
        again = await first.slash(table.channel, "act", choice=choices[0])
        assert name not in said(again), "told once"
    else:
        other = await second.slash(table.channel, "act", choice=choices[0])
        assert f"**{name}**" in said(other), "the acting player is told"
    refused = plan.count("POST", messages(table), "403") + plan.count("PATCH", messages(table), "403")
    assert refused == refused_once, "the channel is left alone after a 403: no second refused request"

    note = await table.mod.slash(table.channel, "status")
    assert "A note for moderators" in said(note) and f"**{name}**" in said(note)
    quiet = await table.mod.slash(table.channel, "status")
    assert "A note for moderators" not in said(quiet), "a moderator is told once"
    assert owed(table) >= 1, "what the moves owe waits"
    game = await table.next_store.live_game(table.channel.id)
    assert game is not None and game.status == "active", "the game is intact"

    plan.stop()
    deny_the_bot(table, discord.Permissions.none())
    await table.alice.slash(table.channel, "board")
    await catch_up_after(table, later, 1)
    assert owed(table) == 0
    assert "Your move" in labels(board(table.channel, table.env)), "the board is back, live"


async def test_a_channel_that_keeps_refusing_is_tried_on_a_capped_schedule(
    table: Table, plan: FaultPlan, later: Later
) -> None:
    await begin_game(table)
    plan.forbid("*", messages(table))
    player, choices = await acting_player(table)
    await player.slash(table.channel, "act", choice=choices[0])

    items = owed(table)

    def refused() -> int:
        return plan.count("POST", messages(table), "403") + plan.count("PATCH", messages(table), "403")

    for _ in range(8):  # an hour and twenty minutes of catch-up rounds, ten minutes apart
        await catch_up_after(table, later, 600)
    so_far = refused()
    assert so_far <= items * (1 + len(RETRY_DELAYS)), f"{so_far} refused requests for {items} owed item(s)"
    for _ in range(4):
        await catch_up_after(table, later, 600)
    assert refused() == so_far, "after the capped schedule the items wait: no request at all"
    assert owed(table) == items

    plan.stop()
    await table.alice.slash(table.channel, "board")
    await catch_up_after(table, later, 1)
    assert owed(table) == 0


# ------------------------------------------------------------------------------------------------- deleted


async def test_a_deleted_board_message_is_posted_again_on_the_next_update(table: Table, plan: FaultPlan) -> None:
    await begin_game(table)
    plan.missing("PATCH", messages(table), code=10008, times=None)
    player, choices = await acting_player(table)
    posts_before = len(bot_messages(table.channel, table.env))

    result = await player.slash(table.channel, "act", choice=choices[0])

    assert "trouble" not in said(result)
    assert len(bot_messages(table.channel, table.env)) == posts_before + 1, "a new board"
    assert owed(table) == 0


async def a_move_still_owed(table: Table, plan: FaultPlan) -> None:
    """A game begun and one move made whose board Discord keeps failing (503): it stays owed."""
    await begin_game(table)
    plan.server_error("*", messages(table), 503, times=None)
    player, choices = await acting_player(table)
    await player.slash(table.channel, "act", choice=choices[0])
    assert owed(table) >= 1


async def test_a_deleted_channel_ends_its_game_readable_and_drops_what_was_owed(
    table: Table, plan: FaultPlan, caplog: pytest.LogCaptureFixture
) -> None:
    await a_move_still_owed(table, plan)

    with caplog.at_level(logging.INFO, logger="bot"):
        table.env.backend.delete_channel(table.channel.id)
        await table.env.settle()

    game = await table.next_store.latest_game(table.channel.id)
    assert game is not None and game.status == "ended" and "deleted" in (game.result or "")
    assert owed(table) == 0
    assert any("was deleted" in r.getMessage() and "dropped" in r.getMessage() for r in caplog.records)
    still_there = await table.mod.slash(table.guild.create_text_channel("lounge"), "status")
    assert is_private(still_there), "the bot goes on everywhere else"


async def test_the_bot_removed_from_a_server_keeps_its_games_and_drops_what_was_owed(
    table: Table, plan: FaultPlan, caplog: pytest.LogCaptureFixture
) -> None:
    await a_move_still_owed(table, plan)

    with caplog.at_level(logging.INFO, logger="bot"):
        table.env.backend.remove_guild(table.guild.id)
        await table.env.settle()

    game = await table.next_store.live_game(table.channel.id)
    assert game is not None and game.status == "active", "the game waits as stored (paused)"
    assert owed(table) == 0
    assert any("removed from server" in r.getMessage() and "dropped" in r.getMessage() for r in caplog.records)


# ------------------------------------------------------------------------------------------------- seat bots


async def test_one_channel_refusing_does_not_stop_the_seat_bots_elsewhere(table: Table, plan: FaultPlan) -> None:
    other = table.guild.create_text_channel("other-games")
    await table.alice.slash(table.channel, "start abordaje", bots=1)
    await table.alice.slash(table.channel, "begin")
    await table.bob.slash(other, "start abordaje", bots=1)
    await table.bob.slash(other, "begin")
    plan.forbid("*", messages(table))  # the first channel refuses every post from now on
    before = [m.content for m in bot_messages(other, table.env)]

    await table.bot.seat_bots()  # one round: both bots' due moves, the refusing channel's first
    await table.env.settle()

    after = [m.content for m in bot_messages(other, table.env)]
    assert after != before, "the other channel's bot moved and its board was delivered"
    refused = plan.count("POST", messages(table), "403") + plan.count("PATCH", messages(table), "403")
    assert refused <= 1, "the refusing channel is left alone after its first 403"


async def test_a_reminder_tells_the_table_when_a_player_it_waits_on_left_the_server(table: Table, later: Later) -> None:
    await begin_game(table)
    player, _ = await acting_player(table)
    table.guild.remove_member(player)
    later.offset += 3 * 3600

    for out in await table.bot.host.remind(3600):
        await table.bot.deliver(out)

    reminder = bot_messages(table.channel, table.env)[-1].content
    assert reminder.startswith("⏰")
    assert f"{player.user.name} has left this server" in reminder and "`/replace`" in reminder


async def test_a_reminder_sweep_under_rate_limits_sends_each_reminder_once(
    table: Table, plan: FaultPlan, later: Later
) -> None:
    channels = [table.channel, table.guild.create_text_channel("second"), table.guild.create_text_channel("third")]
    for channel in channels:
        await table.alice.slash(channel, "start abordaje")
        await table.bob.slash(channel, "join")
        await table.alice.slash(channel, "begin")
    later.offset += 3 * 3600
    plan.rate_limit("POST", "/channels/*/messages", retry_after=0.1, times=2)
    plan.rate_limit("POST", "/channels/*/messages", retry_after=0.2, is_global=True, times=1, after=2)

    for out in await table.bot.host.remind(3600):
        await table.bot.deliver(out)

    for channel in channels:
        reminders = [m for m in bot_messages(channel, table.env) if m.content.startswith("⏰")]
        assert len(reminders) == 1, f"#{channel.name} got {len(reminders)} reminders"
    assert owed(table) == 0
