"""Moderators move seats through Discord: ``/kick`` from a lobby, ``/replace`` in a running game."""

from __future__ import annotations

from .conftest import Table
from .players import begin_game, open_choices
from .sim import bot_messages, is_private, said


async def test_kick_takes_a_seat_in_the_lobby_and_only_a_moderator_may(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    await table.bob.slash(table.channel, "join")
    refused = await table.alice.slash(table.channel, "kick", player=table.bob)
    assert is_private(refused) and "Only moderators" in said(refused)
    done = await table.mod.slash(table.channel, "kick", player=table.bob)
    assert is_private(done)
    lobby = bot_messages(table.channel, table.env)[-1]
    assert f"<@{table.bob.user.id}>" not in lobby.content and f"<@{table.alice.user.id}>" in lobby.content
    again = await table.carol.slash(table.channel, "join")  # the seat is free for someone else
    assert is_private(again)


async def test_replace_gives_the_seat_and_its_hand_to_another_member(table: Table) -> None:
    await begin_game(table)
    bob_choices = await open_choices(table, table.bob)
    assert bob_choices
    refused = await table.carol.slash(table.channel, "replace", player=table.bob, by=table.carol)
    assert "Only moderators" in said(refused)

    await table.mod.slash(table.channel, "replace", player=table.bob, by=table.carol)
    assert f"<@{table.carol.user.id}>" in bot_messages(table.channel, table.env)[-1].content
    assert await open_choices(table, table.carol) == bob_choices, "Carol now decides for Bob's seat"
    assert await open_choices(table, table.bob) == []
    hand = await table.bob.slash(table.channel, "hand")
    assert is_private(hand) and "not playing" in said(hand).lower()
