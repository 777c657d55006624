"""Scenario 1: opening a lobby, filling it by button and by command, picking sides, beginning."""

from __future__ import annotations

from .conftest import Table
from .sim import board, bot_messages, dms, is_private, labels, lobby, png_images, said


async def test_start_posts_a_lobby_with_its_buttons_and_the_options_as_chosen(table: Table) -> None:
    result = await table.alice.slash(table.channel, "start abordaje", variant="advanced", handicap="on")

    assert is_private(result) and "lobby" in said(result).lower()
    message = lobby(table.channel, table.env)
    assert labels(message) == ["Join", "Leave", "Begin", "Cancel", "Add a bot", "Remove bot"]
    assert "¡Abordaje!" in message.content and table.alice.mention in message.content
    assert "variant: advanced" in message.content and "handicap: on" in message.content


async def test_a_second_start_in_the_channel_is_refused_and_points_at_status(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    before = len(bot_messages(table.channel, table.env))

    result = await table.bob.slash(table.channel, "start abordaje")

    assert is_private(result)
    assert "/status" in said(result)
    assert len(bot_messages(table.channel, table.env)) == before


async def test_options_the_game_refuses_come_back_as_its_sentence(table: Table) -> None:
    result = await table.alice.slash(table.channel, "start abordaje", variant="basic", handicap="on")

    assert is_private(result) and "handicap only applies to the advanced game" in said(result)
    assert bot_messages(table.channel, table.env) == []


async def test_join_by_button_and_by_command_pick_sides_begin_and_each_player_gets_a_hand_by_dm(
    table: Table,
) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    await table.bob.click(lobby(table.channel, table.env), label="Join")
    assert table.bob.mention in lobby(table.channel, table.env).content

    await table.bob.click(lobby(table.channel, table.env), label="Leave")
    assert table.bob.mention not in lobby(table.channel, table.env).content
    joined = await table.bob.slash(table.channel, "join")
    assert is_private(joined)
    message = lobby(table.channel, table.env)
    assert table.bob.mention in message.content

    # Sides were dealt at random and are shown; Alice takes the Spanish (swapping with whoever held them).
    assert "Pirates" in message.content and "Spanish" in message.content
    await table.alice.select(message, ["spanish"])
    lines = lobby(table.channel, table.env).content.splitlines()
    assert any(table.alice.mention in line and "Spanish" in line for line in lines)
    assert any(table.bob.mention in line and "Pirates" in line for line in lines)

    await table.alice.click(lobby(table.channel, table.env), label="Begin")

    assert "Join" not in labels(bot_messages(table.channel, table.env)[0])  # the lobby lost its buttons
    current = board(table.channel, table.env)
    assert table.alice.mention in current.content and table.bob.mention in current.content
    await png_images([current])
    for player in (table.alice, table.bob):
        inbox = dms(player)
        assert len(inbox) == 1
        assert "has begun" in inbox[0].content and f"<#{table.channel.id}>" in inbox[0].content
        assert labels(inbox[0]), "the first decision is offered in the DM"
        await png_images(inbox)


async def test_only_the_opener_begins_and_cancels_and_a_cancelled_lobby_loses_its_buttons(
    table: Table,
) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    await table.bob.slash(table.channel, "join")

    refused = await table.bob.click(lobby(table.channel, table.env), label="Begin")
    assert is_private(refused) and "alice" in said(refused)

    await table.alice.click(lobby(table.channel, table.env), label="Cancel")
    assert all("Join" not in labels(m) for m in bot_messages(table.channel, table.env))
    status = await table.carol.slash(table.channel, "status")
    assert "no game" in said(status).lower()
