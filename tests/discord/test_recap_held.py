"""The recap is drawn after the last move is answered and its board sent; when Discord fails that board, the
recap waits behind it, undrawn, and both follow once, in order (``Outbox.later``, ``Delivery._later``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bot.tables.recap as recap_module

from .conftest import Table
from .faults import FaultPlan, Later
from .players import begin_game
from .sim import bot_messages, is_private, said
from .story import last_decision, play_quietly, without_recap
from .test_recap import recaps


async def test_a_last_board_discord_fails_holds_the_recap_undrawn_and_both_follow_once_in_order(
    table: Table, plan: FaultPlan, later: Later, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[int] = []
    real = recap_module.recap_post

    async def counted(*args: Any, **kwargs: Any) -> Any:
        drawn.append(1)
        return await real(*args, **kwargs)

    monkeypatch.setattr(recap_module, "recap_post", counted)
    await begin_game(table)
    await play_quietly(table, random.Random(29))
    player, value = await last_decision(table, [table.alice, table.bob])
    fault = plan.server_error("*", f"/channels/{table.channel.id}/messages*", 503, times=None)

    result = await player.slash(table.channel, "act", choice=value)

    assert is_private(result) and said(result).count("the board will follow by itself") == 1
    assert recaps(table) == [] and drawn == [], "held behind the board, the recap is not even drawn"
    plan.stop()
    later.offset += 16  # the first retry is due 15 s later
    await table.bot.catch_up.run()
    await table.env.settle()
    assert fault.hits >= 1 and drawn == [1]
    messages, recap = without_recap(bot_messages(table.channel, table.env))  # the recap comes after the board
    assert "Game over" in messages[-1].content, "the final board went out first"
    assert len(recaps(table)) == 1 and "Decisive moments:" in recap.content, "posted once, with its story"
