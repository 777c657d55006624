"""Scenario 6: bad input gets a private sentence and changes nothing."""

from __future__ import annotations

import re

from .conftest import Table
from .players import begin_game, open_choices, open_panel, press
from .sim import board, bot_messages, dms, forge_click, is_private, prompt_choices, said


async def test_an_unknown_act_value_is_refused_with_a_sentence(table: Table) -> None:
    await begin_game(table)
    before = await open_choices(table, table.alice)

    for value in ("launch the torpedoes", "t99.zz|nope"):
        result = await table.alice.slash(table.channel, "act", choice=value)
        assert is_private(result) and said(result)
        assert "Sorry" not in said(result), "a bad value is the player's mistake, not a bug"

    assert await open_choices(table, table.alice) == before


async def test_autocomplete_filters_by_what_is_typed_and_offers_nothing_to_a_spectator(table: Table) -> None:
    await begin_game(table)
    everything = await table.alice.autocomplete(table.channel, "act", "choice", "")
    assert 0 < len(everything) <= 25
    word = str(everything[0]["name"]).split()[0]

    filtered = await table.alice.autocomplete(table.channel, "act", "choice", word)

    assert filtered and all(word.casefold() in str(c["name"]).casefold() for c in filtered)
    assert await table.carol.autocomplete(table.channel, "act", "choice", "") == []


async def test_a_button_of_a_decision_already_taken_gets_a_sentence_and_the_current_panel(table: Table) -> None:
    await begin_game(table)
    value = (await open_choices(table, table.alice))[0]
    dm = dms(table.alice)[-1]
    assert value in prompt_choices(dm)
    panel = await open_panel(table, table.alice)
    assert panel.response is not None
    await press(table.alice, panel.response, value)  # answered in the panel
    after = await open_choices(table, table.alice)

    stale = await press(table.alice, dm, value, in_dm=True)  # the DM's button for the same decision

    assert is_private(stale) and any(words in said(stale) for words in ("earlier", "no longer"))
    assert await open_choices(table, table.alice) == after
    # The way forward comes with it: the current panel, whose buttons answer the decision waiting now.
    assert set(prompt_choices(stale.followups[-1])) <= set(after) and "stands now" in said(stale)


async def test_commands_in_direct_messages_get_a_sentence(table: Table) -> None:
    await begin_game(table)
    before = await open_choices(table, table.alice)

    for name, options in (("act", {"choice": "fight"}), ("hand", {}), ("start abordaje", {}), ("reset", {})):
        result = await table.alice.user.slash(name, **options)
        assert is_private(result) and "server channel" in said(result), name

    assert await open_choices(table, table.alice) == before
    assert board(table.channel, table.env)


async def test_a_spectator_pressing_your_move_is_told_they_are_not_playing(table: Table) -> None:
    await begin_game(table)

    result = await table.carol.click(board(table.channel, table.env), label="Your move")

    assert is_private(result) and "not playing" in said(result)


async def test_buttons_and_act_of_a_reset_game_get_a_sentence_and_change_nothing(table: Table) -> None:
    await begin_game(table)
    value = (await open_choices(table, table.alice))[0]
    dm = dms(table.alice)[-1]
    panel = await open_panel(table, table.alice)
    assert panel.response is not None and value in prompt_choices(dm)
    old_board = board(table.channel, table.env)
    asked = await table.mod.slash(table.channel, "reset")
    assert asked.response is not None
    await table.mod.click(asked.response, label="Reset the game")
    channel_before = [m.content for m in bot_messages(table.channel, table.env)]

    attempts = [
        await press(table.alice, dm, value, in_dm=True),  # the DM's button
        await press(table.alice, panel.response, value),  # the private panel opened before the reset
        await forge_click(table.bob, old_board, f"sh:move:{table.channel.id}"),  # the old board's Your move
        await table.alice.slash(table.channel, "act", choice=value),
        await table.alice.slash(table.channel, "hand"),
    ]

    for result in attempts:
        assert is_private(result) and "no game" in said(result).lower(), said(result)
    assert [m.content for m in bot_messages(table.channel, table.env)] == channel_before
    assert await table.next_store.latest_game(table.channel.id) is None
    assert await open_choices(table, table.alice) == []


async def test_choices_after_the_end_get_a_sentence_and_change_nothing(table: Table) -> None:
    await begin_game(table)
    value = (await open_choices(table, table.alice))[0]
    dm = dms(table.alice)[-1]
    await table.mod.slash(table.channel, "end")
    ended = await table.next_store.latest_game(table.channel.id)
    assert ended is not None and ended.status == "ended"
    channel_before = [m.content for m in bot_messages(table.channel, table.env)]

    for result in (
        await press(table.alice, dm, value, in_dm=True),
        await table.alice.slash(table.channel, "act", choice=value),
        await table.alice.slash(table.channel, "act", choice="Fire!"),
    ):
        assert is_private(result) and "over" in said(result), said(result)

    assert [m.content for m in bot_messages(table.channel, table.env)] == channel_before
    after = await table.next_store.latest_game(table.channel.id)
    assert after is not None and (after.version, after.action_count) == (ended.version, ended.action_count)


async def test_an_overlong_option_gets_a_sentence_within_discords_limit(table: Table) -> None:
    """A 6,000-character scenario name is refused in a sentence Discord accepts (issue 31: the sentence quoted it
    whole, Discord refused it, and the user was left at "thinking…")."""
    result = await table.alice.slash(table.channel, "start pioneers", scenario="x" * 6000)

    assert is_private(result) and said(result)
    assert len(said(result)) <= 2000
    assert not bot_messages(table.channel, table.env), "no lobby was opened"


MASKED_LINK = re.compile(r"(?<!\\)\[[^\]]*(?<!\\)\]\(https?://")


async def test_a_name_made_of_markdown_is_written_as_plain_text(table: Table) -> None:
    """A moderator whose server nickname is a masked link resets a game: the channel reads the name as typed,
    not as a link (issue 31: display names went into channel posts unescaped)."""
    mods = table.guild.roles["Mods"]
    trickster = table.guild.add_member(
        table.env.create_user("trickster"), roles=[mods], nick="[free nitro](https://evil.example)"
    )
    await begin_game(table)
    asked = await trickster.slash(table.channel, "reset")
    assert asked.response is not None
    await trickster.click(asked.response, label="Reset the game")

    notice = bot_messages(table.channel, table.env)[-1].content
    assert "free nitro" in notice and "evil.example" in notice
    assert not MASKED_LINK.search(notice), notice


async def test_a_reset_confirmation_left_open_resets_only_its_own_game(table: Table) -> None:
    """Issue 31: the confirmation shown for game 1, clicked after game 1 ended and game 2 began, wiped game 2."""
    await begin_game(table)
    asked = await table.mod.slash(table.channel, "reset")
    assert asked.response is not None
    await table.mod.slash(table.channel, "end")
    await begin_game(table)
    second = await table.next_store.latest_game(table.channel.id)

    late = await table.mod.click(asked.response, label="Reset the game")

    assert is_private(late) and "nothing was reset" in said(late)
    now = await table.next_store.latest_game(table.channel.id)
    assert second is not None and now is not None and now.id == second.id and now.status == "active"


async def test_a_reset_button_naming_another_channel_is_refused(table: Table) -> None:
    """Issue 31: rights are checked where the button is clicked, so a button must act on that channel only."""
    await begin_game(table)
    game = await table.next_store.latest_game(table.channel.id)
    assert game is not None and game.id is not None
    other = table.guild.create_text_channel("lounge")
    lure = await table.mod.slash(other, "help")

    forged = await forge_click(table.mod, lure.response, f"sh:reset:yes:{table.channel.id}:{game.id}")

    assert is_private(forged) and "another channel" in said(forged)
    after = await table.next_store.latest_game(table.channel.id)
    assert after is not None and after.id == game.id and after.status == "active"


async def test_a_dm_button_of_an_earlier_game_never_answers_the_next_one(table: Table) -> None:
    """Issue 31: prompt ids start over in each game, so a game-1 DM button answered game 2's same step."""
    await begin_game(table, roles=["pirate", "spanish"])
    value = (await open_choices(table, table.alice))[0]
    dm = dms(table.alice)[-1]
    assert value in prompt_choices(dm)
    await table.mod.slash(table.channel, "end")
    await begin_game(table, roles=["pirate", "spanish"])
    again = await open_choices(table, table.alice)
    assert value in again, "game 2 asks the same step again, under the same prompt id"

    stale = await press(table.alice, dm, value, in_dm=True)

    assert is_private(stale) and "earlier game" in said(stale)
    assert await open_choices(table, table.alice) == again
