"""Scenario 3: the bot restarts in the middle of a game; the game goes on, and old buttons still work."""

from __future__ import annotations

import random

from .conftest import Table
from .players import begin_game, open_choices, open_panel, play_one, press
from .sim import board, bot_messages, dms, labels, lobby, prompt_choices, said


async def test_a_lobby_opened_before_a_restart_still_takes_players_by_its_buttons(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    message = lobby(table.channel, table.env)

    await table.restart()
    await table.bob.click(message, label="Join")
    await table.alice.click(lobby(table.channel, table.env), label="Begin")

    current = board(table.channel, table.env)  # the game began: a board with its Your move button
    assert table.bob.mention in current.content
    assert len(dms(table.bob)) == 1


async def test_after_a_restart_the_game_goes_on_and_buttons_sent_before_it_still_work(table: Table) -> None:
    rng = random.Random(7)
    await begin_game(table)
    for _ in range(3):
        for player in (table.alice, table.bob):
            await play_one(table, player, rng, "panel")
    old_board = board(table.channel, table.env)
    waiting = {p.id: await open_choices(table, p) for p in (table.alice, table.bob)}
    player = table.alice if waiting[table.alice.id] else table.bob
    value = waiting[player.id][0]
    panel = await open_panel(table, player)  # a private panel opened before the restart
    assert panel.response is not None and value in prompt_choices(panel.response)

    await table.restart()

    # Whose decision it is survived: autocomplete offers the same choices.
    assert await open_choices(table, player) == waiting[player.id]
    # A button of a panel opened before the restart is answered by the new process.
    result = await press(player, panel.response, value)
    assert not result.followups, said(result)
    assert value not in await open_choices(table, player)
    # The board message posted before the restart still opens a panel.
    other = table.bob if player is table.alice else table.alice
    reopened = await other.click(old_board, label="Your move")
    assert reopened.response is not None and reopened.response.ephemeral
    # And the game goes on to the next decisions, DMs included.
    for _ in range(3):
        for p in (table.alice, table.bob):
            await play_one(table, p, rng, "dm")
    assert dms(table.alice) and dms(table.bob)


async def test_when_the_board_message_was_deleted_the_next_step_posts_a_new_one_and_edits_that(
    table: Table,
) -> None:
    rng = random.Random(11)
    await begin_game(table)
    await table.mod.delete(board(table.channel, table.env))

    for _ in range(2):  # placements of the first turn: small steps, no resolution yet
        for player in (table.alice, table.bob):
            await play_one(table, player, rng, "act")

    boards = [m for m in bot_messages(table.channel, table.env) if "Your move" in labels(m)]
    assert len(boards) == 1, "one new board, then edited: the channel is not flooded"
