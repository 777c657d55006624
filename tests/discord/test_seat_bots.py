"""Scenario: one person against the bot in ¡Abordaje!, to the end, with the person's DMs closed.

The bot's turns are played by the bot's own seat-bot round (``SpaceBot.seat_bots``, the loop's body: it
claims the bot's stored due move; called here between Alice's moves instead of every 2 s); Alice plays from
the panel as people with closed DMs do. The leak scanner and the 3-second clock watch the whole game, as in
every scenario.
"""

from __future__ import annotations

import random

from .conftest import Table
from .players import open_choices, play_one
from .sim import bot_messages, close_dms, dms, lobby, said

MAX_STEPS = 1500


async def test_one_person_plays_abordaje_against_the_bot_to_the_end_with_dms_closed(table: Table) -> None:
    close_dms(table.env, table.alice)
    rng = random.Random(19)
    await table.alice.slash(table.channel, "start abordaje", bots=1)
    assert "🤖 Bot 1 (normal)" in lobby(table.channel, table.env).content
    await table.alice.slash(table.channel, "begin")

    for _ in range(MAX_STEPS):
        await table.bot.seat_bots()
        if await play_one(table, table.alice, rng, "dm") is None and not await open_choices(table, table.alice):
            record = await table.bot.host.store.live_game(table.channel.id)
            if record is None:
                break
    else:
        raise AssertionError("the game did not end")

    texts = [m.content for m in bot_messages(table.channel, table.env)]
    assert any("Game over" in t and "🤖 Bot 1" in t for t in texts), "the last board names the bot as a bot"
    assert dms(table.alice) == [], "Alice's DMs are closed"
    assert sum("direct messages" in t for t in texts) == 1, "the table is told once about Alice's DMs"
    assert not any("<@-" in t for t in texts), "a bot seat is never mentioned as a user"


async def test_the_lobby_buttons_seat_and_remove_a_bot(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    refused = await table.bob.click(lobby(table.channel, table.env), label="Add a bot")
    assert "Only the player who opened this lobby" in said(refused)
    await table.alice.click(lobby(table.channel, table.env), label="Add a bot")
    assert "🤖 Bot 1 (normal)" in lobby(table.channel, table.env).content
    await table.alice.click(lobby(table.channel, table.env), label="Remove bot")
    assert "Bot 1" not in lobby(table.channel, table.env).content
    await table.alice.click(lobby(table.channel, table.env), label="Add a bot")
    await table.alice.click(lobby(table.channel, table.env), label="Begin")
    texts = [m.content for m in bot_messages(table.channel, table.env)]
    assert any("Spanish: 🤖 Bot 1" in t or "Pirates: 🤖 Bot 1" in t for t in texts), "the board names the bot"
