"""Issue 31: the bot removed from a server pauses the server's games, through a restart, until ``/board``.

The bot is removed (GUILD_DELETE, not an outage) from a server where a person plays ¡Abordaje! against a seat
bot; then it is invited back (GUILD_CREATE with the same server id: ``guilds.invite_back``). Meanwhile nothing
acts for the game: the seat bot does not move, no reminder is posted, not even by a bot restarted in between.
Back in the server, a move waits with a sentence until someone uses ``/board`` in the channel, which posts the
board again; then the game goes on, the seat bot included.
"""

from __future__ import annotations

import random

from bot.tables.paused import PAUSED, PAUSED_STATE

from .conftest import Table
from .faults import Later
from .guilds import invite_back, outage, remove_bot
from .players import open_choices, play_one
from .sim import board, bot_messages, is_private, labels, said


async def waits_on_the_bot(table: Table) -> int:
    """Alice plays until the seat bot owes a move (the bot's loop left out); the game's action count."""
    host = table.bot.host
    rng = random.Random(31)
    for _ in range(40):
        record = await host.store.live_game(table.channel.id)
        assert record is not None
        if host.due_bot_move(record) is not None:
            return record.action_count
        assert await play_one(table, table.alice, rng, "act") is not None, "the game waits on nobody"
    raise AssertionError("the seat bot never owed a move")


async def test_a_server_that_removes_the_bot_pauses_its_games_until_board_after_the_bot_is_back(
    table: Table,
) -> None:
    table.bot.seat_bots.cancel()  # the test plays the bot's rounds itself
    await table.alice.slash(table.channel, "start abordaje", bots=1)
    await table.alice.slash(table.channel, "begin")
    moves = await waits_on_the_bot(table)
    posts = len(bot_messages(table.channel, table.env))

    kept = await remove_bot(table.env, table.guild.id)

    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.paused_at is not None and record.status == "active"
    await table.bot.seat_bots()
    later = Later()
    later.offset = 30 * 3600.0  # long past the first reminder
    fresh = await table.restart(clock=later)  # another process, or this one restarted: the pause is stored
    fresh.seat_bots.cancel()
    await fresh.seat_bots()
    assert await fresh.host.remind(3600) == [], "no reminder for a paused game"
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.action_count == moves, "the seat bot did not move"

    await invite_back(table.env, kept)
    assert len(bot_messages(table.channel, table.env)) == posts, "nothing was posted meanwhile"
    games = await table.alice.slash(table.channel, "games")
    assert PAUSED_STATE in said(games)
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.paused_at is not None, "back in the server, the game still waits"

    reposted = await table.alice.slash(table.channel, "board")
    assert is_private(reposted)
    assert len(bot_messages(table.channel, table.env)) == posts + 1, "the board is posted again"
    assert "Your move" in labels(board(table.channel, table.env))
    await fresh.seat_bots()
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.paused_at is None and record.action_count > moves, "the bot moves on"
    games = await table.alice.slash(table.channel, "games")
    assert PAUSED_STATE not in said(games)


async def test_a_move_in_a_paused_game_is_answered_with_how_to_resume_it(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    await table.bob.slash(table.channel, "join")
    await table.alice.slash(table.channel, "begin")
    kept = await remove_bot(table.env, table.guild.id)
    await invite_back(table.env, kept)

    for player in (table.alice, table.bob):
        choices = await open_choices(table, player)
        if choices:
            refused = await player.slash(table.channel, "act", choice=choices[0])
            assert said(refused) == PAUSED
            break
    else:
        raise AssertionError("nobody is waited on")
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.action_count == 0, "nothing changed"


async def test_an_outage_of_the_server_pauses_nothing(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    await table.bob.slash(table.channel, "join")
    await table.alice.slash(table.channel, "begin")

    await outage(table.env, table.guild.id)

    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.paused_at is None, "Discord's outage is not the bot removed"
    for player in (table.alice, table.bob):
        choices = await open_choices(table, player)
        if choices:
            played = await player.slash(table.channel, "act", choice=choices[0])
            assert is_private(played) and said(played) != PAUSED
            break
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.action_count == 1
