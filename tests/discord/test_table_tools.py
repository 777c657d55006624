"""The commands that keep a table going across days, through Discord: ``/undo``, ``/skip``, ``/settings``,
``/notify``. Every refusal is a private sentence; every change a player or moderator makes is visible where
it should be."""

from __future__ import annotations

import discord

from .conftest import Table
from .players import begin_game, open_choices, open_panel, press
from .sim import board, bot_messages, is_private, labels, prompt_choices, said


async def test_a_moderator_undoes_a_face_down_order_and_a_player_cannot_undo_another_s(table: Table) -> None:
    await begin_game(table)
    player = table.alice if await open_choices(table, table.alice) else table.bob
    other = table.bob if player is table.alice else table.alice
    before = await open_choices(table, player)
    await player.slash(table.channel, "act", choice=before[0])

    refused = await other.slash(table.channel, "undo")  # a player's /undo takes back their own move only
    assert is_private(refused) and "not made a move" in said(refused)
    done = await table.mod.slash(table.channel, "undo")
    assert is_private(done) and "undone" in said(done)
    assert await open_choices(table, player) == before, "the same choices as before the order"
    assert "undid" in bot_messages(table.channel, table.env)[-1].content


async def test_a_skip_vote_before_the_idle_time_is_refused_privately(table: Table) -> None:
    await begin_game(table)
    waiting = table.alice if await open_choices(table, table.alice) else table.bob
    other = table.bob if waiting is table.alice else table.alice
    refused = await other.slash(table.channel, "skip")
    assert is_private(refused) and "/replace" in said(refused), "¡Abordaje! has no skip: the sentence says why"


async def test_settings_are_read_by_anyone_and_changed_only_with_manage_server(table: Table) -> None:
    shown = await table.carol.slash(table.channel, "settings show")
    assert is_private(shown) and "24 hours (default)" in said(shown)
    refused = await table.mod.slash(table.channel, "settings skips", hours=12.0)
    assert is_private(refused) and "Manage Server" in said(refused)

    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(table.env.create_user("admin"), roles=[admins])
    changed = await admin.slash(table.channel, "settings skips", hours=12.0)
    assert is_private(changed) and "allowed after 12 hours" in said(changed)
    await admin.slash(table.channel, "settings channels", allow=table.guild.create_text_channel("tabletop"))
    elsewhere = await table.alice.slash(table.channel, "start abordaje")
    assert (is_private(elsewhere) and "#" in said(elsewhere)) or "<#" in said(elsewhere)


async def test_notify_is_a_private_yes_or_no(table: Table) -> None:
    on = await table.alice.slash(table.channel, "notify", dm="on")
    assert is_private(on) and "DM" in said(on)
    off = await table.alice.slash(table.channel, "notify", dm="off")
    assert is_private(off) and "only ping" in said(off)


async def test_only_the_current_board_carries_the_your_move_button(table: Table) -> None:
    await begin_game(table)
    first = board(table.channel, table.env)
    await table.alice.slash(table.channel, "board")  # a new board message replaces the first
    current = board(table.channel, table.env)
    assert current.id != first.id
    with_buttons = [m for m in bot_messages(table.channel, table.env) if "Your move" in labels(m)]
    assert [m.id for m in with_buttons] == [current.id], "the old board's button is retired"


async def test_a_player_takes_back_a_face_down_order_under_it_and_the_board_is_edited_not_posted(
    table: Table,
) -> None:
    await begin_game(table)
    player = table.alice if await open_choices(table, table.alice) else table.bob
    before = await open_choices(table, player)
    panel = await open_panel(table, player)
    assert panel.response is not None
    value = next(v for v in before if v in prompt_choices(panel.response))
    moved = await press(player, panel.response, value)
    assert moved.response is not None and "Take back" in labels(moved.response), "the move can be taken back"
    posted = len(bot_messages(table.channel, table.env))
    board_id = board(table.channel, table.env).id

    back = await player.click(moved.response, label="Take back")

    assert back.response is not None and back.response.ephemeral and "took back your move" in back.response.content
    assert await open_choices(table, player) == before, "the same choices as before the order"
    assert len(bot_messages(table.channel, table.env)) == posted, "no new channel message, no ping"
    edited = board(table.channel, table.env)
    assert edited.id == board_id and "took back their move" in edited.content
    again = await player.slash(table.channel, "undo")
    assert is_private(again) and "not made a move" in said(again)
