"""The reminder round as the bot runs it: one query, then a channel post pinging whoever the game waits on."""

from __future__ import annotations

from .conftest import Table
from .players import begin_game
from .sim import bot_messages


async def test_a_reminder_pings_the_waiting_players_with_a_link_to_the_board(table: Table) -> None:
    await begin_game(table)
    bot = table.bot
    game = await table.next_store.latest_game(table.channel.id)
    assert game is not None
    bot.settings.reminder_hours = 24  # the test bots run with the loop off; its body is run by hand here
    idle = 24 * 3600
    posted = len(bot_messages(table.channel, table.env))
    bot.host.clock = lambda: game.waiting_since + idle - 1
    await bot.reminders()  # the loop's body, once: nothing is due yet
    assert len(bot_messages(table.channel, table.env)) == posted

    bot.host.clock = lambda: game.waiting_since + idle + 3600
    await bot.reminders()
    messages = bot_messages(table.channel, table.env)
    assert len(messages) == posted + 1
    reminder = messages[-1]
    assert "⏰" in reminder.content and "waiting on you" in reminder.content
    assert f"<@{table.alice.user.id}>" in reminder.content and f"<@{table.bob.user.id}>" in reminder.content
    assert f"/channels/{table.guild.id}/{table.channel.id}/" in reminder.content
    await bot.reminders()
    assert len(bot_messages(table.channel, table.env)) == posted + 1, "one reminder per wait and interval"
