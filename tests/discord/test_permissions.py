"""Scenario 5: who may do what — moderators' commands, and nobody answering another player's decision."""

from __future__ import annotations

from .conftest import Table
from .players import begin_game, open_choices, open_panel
from .sim import board, bot_messages, forge_click, is_private, labels, prompt_choices, said


async def test_non_moderators_are_refused_reset_and_end_with_a_sentence(table: Table) -> None:
    await begin_game(table)
    before = board(table.channel, table.env).content

    for command in ("reset", "end"):
        result = await table.carol.slash(table.channel, command)
        assert is_private(result) and "Only moderators" in said(result)
    refused = await table.alice.slash(table.channel, "end")  # a player is no moderator either
    assert "Only moderators" in said(refused)

    assert board(table.channel, table.env).content == before
    assert await open_choices(table, table.alice) or await open_choices(table, table.bob)


async def test_a_moderator_resets_after_confirming_and_can_keep_the_game_instead(table: Table) -> None:
    await begin_game(table)

    asked = await table.mod.slash(table.channel, "reset")
    assert is_private(asked) and asked.response is not None
    assert labels(asked.response) == ["Reset the game", "Keep it"]
    kept = await table.mod.click(asked.response, label="Keep it")
    assert "Nothing was reset" in kept.response.content if kept.response else False
    assert await open_choices(table, table.alice) or await open_choices(table, table.bob)

    asked = await table.mod.slash(table.channel, "reset")
    assert asked.response is not None
    await table.mod.click(asked.response, label="Reset the game")

    assert "reset" in bot_messages(table.channel, table.env)[-1].content
    assert all("Your move" not in labels(m) for m in bot_messages(table.channel, table.env))
    status = await table.carol.slash(table.channel, "status")
    assert "no game" in said(status).lower()
    assert await open_choices(table, table.alice) == []
    again = await table.alice.slash(table.channel, "start abordaje")  # the channel is free again
    assert "open" in said(again)


async def test_a_moderator_ends_a_game_with_no_winner(table: Table) -> None:
    await begin_game(table)

    await table.mod.slash(table.channel, "end")

    final = bot_messages(table.channel, table.env)[-1]
    assert "Game ended" in final.content and "no winner" in final.content
    assert "Your move" not in labels(final)
    assert await open_choices(table, table.alice) == [] and await open_choices(table, table.bob) == []


async def test_a_player_cannot_press_the_other_players_button_nor_forge_act_with_their_choice(
    table: Table,
) -> None:
    await begin_game(table)
    alice_values = await open_choices(table, table.alice)
    panel = await open_panel(table, table.alice)
    assert panel.response is not None
    custom_id, _ = prompt_choices(panel.response)[alice_values[0]]

    # Bob copies Alice's button: he presses it "on" the public board, as a tampering client could.
    forged = await forge_click(table.bob, board(table.channel, table.env), custom_id)
    assert is_private(forged) and "another player" in said(forged)
    # Bob types Alice's autocomplete value into /act.
    typed = await table.bob.slash(table.channel, "act", choice=alice_values[0])
    assert is_private(typed) and "another player" in said(typed)
    # A spectator gets a sentence too.
    spectator = await forge_click(table.carol, board(table.channel, table.env), custom_id)
    assert "not playing" in said(spectator)

    assert await open_choices(table, table.alice) == alice_values, "Alice's decision is untouched"
