"""Scenario 6: bad input gets a private sentence and changes nothing."""

from __future__ import annotations

from .conftest import Table
from .players import begin_game, open_choices, open_panel, press
from .sim import board, dms, is_private, prompt_choices, said


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


async def test_a_button_of_a_decision_already_taken_gets_a_sentence(table: Table) -> None:
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
