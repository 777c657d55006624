"""When something breaks on our side or Discord's: an apology or a sentence, a log line, no lie."""

from __future__ import annotations

import logging
import random

import pytest

from .conftest import Table
from .players import begin_game, open_choices, play_one
from .sim import is_private, said


async def test_a_bug_gets_an_apology_for_the_user_and_one_error_line_in_the_log(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    await begin_game(table)
    await table.bot.host.store.close()  # the database is gone from under the bot

    with caplog.at_level(logging.INFO):
        result = await table.carol.slash(table.channel, "status")

    assert is_private(result) and "Sorry, something went wrong" in said(result)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1
    assert str(table.channel.id) in errors[0].getMessage() and "/status" in errors[0].getMessage()
    table.expected_bugs.extend(table.unexpected_errors())


async def test_when_discord_fails_the_board_the_move_still_counts_and_the_player_is_told(
    table: Table,
) -> None:
    await begin_game(table)
    rng = random.Random(5)
    player = table.alice if await open_choices(table, table.alice) else table.bob
    table.env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/*", status=500)

    before = await open_choices(table, player)
    value = rng.choice(before)
    result = await player.slash(table.channel, "act", choice=value)

    assert is_private(result) and "`/board`" in said(result)
    assert value not in await open_choices(table, player), "the move was committed before delivery"
    assert await play_one(table, table.bob if player is table.alice else table.alice, rng, "panel")
