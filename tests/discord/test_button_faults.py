"""Issue 31: a move made with a button meets Discord's trouble on its board and its DMs.

The fault tests of ``test_discord_faults`` drive ``/act``; here the move is a click, on the private panel
("Your move", then a choice) or on the choice buttons of the player's DM, while every message Discord is asked
to post or edit (the board in the channel, the DMs) fails: a 503 until Discord heals, or a 429 that discord.py
waits out. Either way the move is applied once, the clicker is answered (the panel replaced in place, and
after a 503 one sentence saying the board will follow), nobody is left at "thinking…", and once Discord is
well the board and every DM the move owed arrive exactly once.
"""

from __future__ import annotations

import sqlite3

import pytest
import simcord

from bot.backoff import RETRY_DELAYS

from .conftest import Table
from .faults import FaultPlan, Later
from .players import begin_game, latest_dm_with, open_choices, open_panel, press
from .sim import bot_messages, dms, prompt_choices, said
from .test_discord_faults import acting_player, catch_up_after, owed

EVERY_MESSAGE = "/channels/*/messages*"  # the channel's board and every DM


def owed_dms(table: Table) -> int:
    with sqlite3.connect(table.db) as db:
        return int(db.execute("SELECT count(*) FROM deliveries WHERE kind = 'dm'").fetchone()[0])


def unanswered(table: Table) -> int:
    """Interactions stored as waiting on an answer ("thinking…")."""
    with sqlite3.connect(table.db) as db:
        return int(db.execute("SELECT count(*) FROM deferrals").fetchone()[0])


async def moves(table: Table) -> int:
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None
    return record.action_count


async def up_to_a_move_that_owes_dms(table: Table) -> None:
    """The game begun, and played (with ``/act``, Discord healthy) up to a move that DMs the others: in
    ¡Abordaje! both sides place their cards face down at once, and the last placement of a turn tells both."""
    await begin_game(table)
    for _ in range(20):
        player, choices = await acting_player(table)
        other = table.bob if player is table.alice else table.alice
        if not await open_choices(table, other) and len(choices) >= 1 and await last_placement(table):
            return
        await player.slash(table.channel, "act", choice=choices[0])
    raise AssertionError("no move that DMs the others came")


async def last_placement(table: Table) -> bool:
    """Whether the game waits on one decision only (the turn's last placement)."""
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None
    spec = table.bot.host.spec(record.game_key)
    return len(spec.prompts(spec.load_state(record.snapshot or ""))) == 1


async def click_a_choice(table: Table, road: str) -> simcord.InteractionResult:
    """Open the road's message (the private panel, or the acting player's DM) and click one of its choices;
    the click's result."""
    player, choices = await acting_player(table)
    if road == "panel":
        panel = await open_panel(table, player)
        assert panel.response is not None
        value = next(v for v in choices if v in prompt_choices(panel.response))
        return await press(player, panel.response, value)
    for value in choices:
        dm = latest_dm_with(player, value)
        if dm is not None:
            return await press(player, dm, value, in_dm=True)
    raise AssertionError("the acting player's DM offers none of their choices")


def everything_posted(table: Table) -> tuple[int, int, int]:
    """The channel's bot messages and each player's DMs, counted."""
    return len(bot_messages(table.channel, table.env)), len(dms(table.alice)), len(dms(table.bob))


@pytest.mark.parametrize("road", ["panel", "dm"])
async def test_a_click_whose_board_and_dm_discord_fails_is_applied_once_and_both_follow_once(
    table: Table, plan: FaultPlan, later: Later, road: str
) -> None:
    await up_to_a_move_that_owes_dms(table)
    before = await moves(table)
    board_before = bot_messages(table.channel, table.env)[-1].content
    posted = everything_posted(table)
    plan.server_error("*", EVERY_MESSAGE, 503, times=None)

    result = await click_a_choice(table, road)

    assert said(result).count("the board will follow by itself") == 1, said(result)
    assert await moves(table) == before + 1, "the move was applied, once"
    assert unanswered(table) == 0, "the clicker was answered: nobody waits at thinking…"
    assert everything_posted(table) == posted, "Discord took nothing"
    owed_before, dms_owed = owed(table), owed_dms(table)
    assert owed_before >= 1 and dms_owed >= 1, "the board and the DMs are owed"

    plan.stop()
    await catch_up_after(table, later, RETRY_DELAYS[0] + 1)
    assert owed(table) == 0
    channel, alice, bob = everything_posted(table)
    assert bot_messages(table.channel, table.env)[-1].content != board_before, "the board followed"
    assert channel - posted[0] <= 1, "the board once (an edit, or one new message)"
    assert (alice - posted[1]) + (bob - posted[2]) == dms_owed, "each owed DM once"
    for _ in range(3):  # later rounds repeat nothing
        await catch_up_after(table, later, RETRY_DELAYS[-1])
    assert everything_posted(table) == (channel, alice, bob)
    assert await moves(table) == before + 1


@pytest.mark.parametrize("road", ["panel", "dm"])
async def test_a_click_whose_board_and_dm_are_rate_limited_waits_and_sends_each_once(
    table: Table, plan: FaultPlan, road: str
) -> None:
    await up_to_a_move_that_owes_dms(table)
    before = await moves(table)
    posted = everything_posted(table)
    plan.rate_limit("*", f"/channels/{table.channel.id}/messages*", retry_after=0.1, times=2)  # the board
    plan.rate_limit("POST", "/channels/*/messages", retry_after=0.1, is_global=True, times=1)  # then a DM: global
    sent_before = plan.count("POST", EVERY_MESSAGE, "ok") + plan.count("PATCH", EVERY_MESSAGE, "ok")

    result = await click_a_choice(table, road)

    assert "trouble" not in said(result), said(result)
    assert (table.timing_of(result).elapsed or 0) < 3.0, "answered first, delivered after"
    assert await moves(table) == before + 1
    assert unanswered(table) == 0 and owed(table) == 0
    channel, alice, bob = everything_posted(table)
    assert channel - posted[0] <= 1 and alice - posted[1] <= 1 and bob - posted[2] <= 1, "each message once"
    assert alice - posted[1] + bob - posted[2] >= 1, "the move's DMs arrived"
    assert plan.count("POST", EVERY_MESSAGE, "429") + plan.count("PATCH", EVERY_MESSAGE, "429") == 3
    sent = plan.count("POST", EVERY_MESSAGE, "ok") + plan.count("PATCH", EVERY_MESSAGE, "ok") - sent_before
    assert sent <= 1 + (channel - posted[0]) + (alice - posted[1]) + (bob - posted[2]), "each call once after its waits"
