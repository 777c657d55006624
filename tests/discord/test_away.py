"""Across days, through Discord: **Take back** under a move survives a restart, and ``/away`` is private and
shows on the board and in ``/status``."""

from __future__ import annotations

from .conftest import Table
from .players import begin_game, open_choices, open_panel, press
from .sim import answers, board, is_private, labels, prompt_choices, said


async def test_take_back_under_a_move_still_works_after_a_restart(table: Table) -> None:
    await begin_game(table)
    player = table.alice if await open_choices(table, table.alice) else table.bob
    before = await open_choices(table, player)
    panel = await open_panel(table, player)
    assert panel.response is not None
    moved = await press(player, panel.response, next(v for v in before if v in prompt_choices(panel.response)))
    assert moved.response is not None and "Take back" in labels(moved.response)

    await table.restart()

    back = await player.click(moved.response, label="Take back")
    assert back.response is not None and "took back your move" in back.response.content
    assert await open_choices(table, player) == before
    assert "Take back" not in labels(back.response), "the panel is as before the move"
    twice = await player.slash(table.channel, "undo")
    assert is_private(twice) and "not made a move" in said(twice)


async def test_away_is_private_and_the_board_and_status_say_until_when(table: Table) -> None:
    await begin_game(table)
    bad = await table.bob.slash(table.channel, "away", duration="a while")
    assert is_private(bad) and "`3d`" in said(bad)
    away = await table.bob.slash(table.channel, "away", duration="3d", reason="holiday")
    assert is_private(away) and "away until" in said(away)
    status = await table.carol.slash(table.channel, "status")
    assert is_private(status) and "(away until <t:" in said(status)
    await table.alice.slash(table.channel, "board")  # the board drawn again names Bob as away
    assert f"<@{table.bob.id}> (away until <t:" in board(table.channel, table.env).content
    back = await table.bob.slash(table.channel, "away", duration="off")
    assert is_private(back) and "Welcome back" in said(back)
    status = await table.carol.slash(table.channel, "status")
    assert "(away until" not in said(status)


async def test_act_answers_with_take_back_under_a_move_that_revealed_nothing(table: Table) -> None:
    await begin_game(table)
    player = table.alice if await open_choices(table, table.alice) else table.bob
    before = await open_choices(table, player)
    moved = await player.slash(table.channel, "act", choice=before[0])  # a face-down order: nobody saw it
    reply = answers(moved)[-1]
    assert is_private(moved) and "Take back" in labels(reply)
    back = await player.click(reply, label="Take back")
    assert back.response is not None and "took back your move" in back.response.content
    assert await open_choices(table, player) == before
