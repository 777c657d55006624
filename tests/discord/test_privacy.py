"""What is kept, and for how long, on the simulated Discord (issue 29): ``/forget me`` behind a confirmation
button bound to the person (and working after a restart), ``/forget game`` with its autocomplete for moderators,
and ``/settings keep`` and ``/settings lobbies``."""

from __future__ import annotations

import asyncio
import time

import discord

from bot.store.base import FORMER_PLAYER

from .conftest import Table
from .players import begin_game
from .sim import bot_messages, forge_click, is_private, labels, said


async def test_forget_me_asks_first_and_only_its_asker_can_confirm_even_after_a_restart(table: Table) -> None:
    await begin_game(table)
    refused = await table.alice.slash(table.channel, "forget me")
    assert is_private(refused) and "You still have a seat in" in said(refused) and "`/end`" in said(refused)
    await table.mod.slash(table.channel, "end")
    asked = await table.alice.slash(table.channel, "forget me")
    assert is_private(asked) and asked.response is not None and "cannot be undone" in said(asked)
    assert labels(asked.response) == ["Forget me", "Keep me"]

    alice = table.alice.user.id
    forged = await forge_click(table.bob, bot_messages(table.channel, table.env)[-1], f"sh:forget:yes:{alice}")
    assert is_private(forged) and "for the person who asked" in said(forged)
    ended = await table.next_store.latest_game(table.channel.id)
    assert ended is not None and ended.seat_of(table.alice.user.id) is not None, "a stranger's click forgets nobody"

    await table.restart()
    done = await table.alice.click(asked.response, label="Forget me")

    assert done.response is not None and labels(done.response) == [], "the question lost its buttons"
    assert "Done: I forgot you. Your seat in 1 finished game now reads" in done.response.content
    forgotten = await table.next_store.latest_game(table.channel.id)
    assert forgotten is not None and forgotten.seat_of(table.alice.user.id) is None
    assert [s.display_name for s in forgotten.seats].count(FORMER_PLAYER) == 1
    await table.bob.slash(table.channel, "board")
    roster = bot_messages(table.channel, table.env)[-1].content.splitlines()[0]
    assert FORMER_PLAYER in roster and table.alice.mention not in roster and table.bob.mention in roster


async def test_a_moderator_deletes_a_finished_game_picked_from_the_list(table: Table) -> None:
    await begin_game(table)
    await table.mod.slash(table.channel, "end")

    assert await table.alice.autocomplete(table.channel, "forget game", "game", "") == []
    (offered,) = await table.mod.autocomplete(table.channel, "forget game", "game", "alice")
    assert "(ended)" in str(offered["name"]) and "alice, bob" in str(offered["name"])
    refused = await table.alice.slash(table.channel, "forget game", game=str(offered["value"]))
    assert is_private(refused) and "Only moderators" in said(refused)

    done = await table.mod.slash(table.channel, "forget game", game=str(offered["value"]))

    assert is_private(done) and "Deleted the game of" in said(done)
    assert await table.next_store.latest_game(table.channel.id) is None


async def test_keeping_times_are_the_servers_to_choose(table: Table) -> None:
    refused = await table.mod.slash(table.channel, "settings keep", days=30)
    assert is_private(refused) and "Manage Server" in said(refused), "Manage Channels is not enough"
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    owner = table.guild.add_member(table.env.create_user("owner"), roles=[admins])

    kept = await owner.slash(table.channel, "settings keep", days=30)
    lobbies = await owner.slash(table.channel, "settings lobbies", hours=0)

    assert "Finished games: kept 30 days after they end" in said(kept)
    assert "Lobbies: never closed for waiting" in said(lobbies)
    assert "kept 30 days" in said(await table.alice.slash(table.channel, "settings show"))


async def test_the_hourly_clean_up_closes_an_idle_lobby_with_a_sentence_in_its_channel(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    await table.bob.slash(table.channel, "join")
    two_days_later = await table.restart(clock=lambda: time.time() + 49 * 3600)

    await two_days_later.cleaning_up()  # the bot's own round may have done it first: one of them does
    for _ in range(100):
        closed = bot_messages(table.channel, table.env)[0]
        if "lobby closed" in closed.content:
            break
        await asyncio.sleep(0.02)

    assert "lobby closed. Nobody joined, left or began it for 2 days" in closed.content
    assert labels(closed) == [], "the lobby lost its buttons"
    assert await table.next_store.live_game(table.channel.id) is None
    started = await table.bob.slash(table.channel, "start abordaje")
    assert is_private(started) and "lobby" in said(started).lower(), "the channel is free for a new game"
