"""``/rules``: every game's how-to-play, privately, in pages a phone can read, turned by Previous / Next buttons
that still work after the bot restarts; ``/help``: the commands by who uses them, and where to start."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.guides import guide_pages
from engine.registry import GAMES

from .conftest import Table
from .sim import as_message, items

EMBED_DESCRIPTION_LIMIT = 4096
EMBED_TITLE_LIMIT = 256
EMBED_TOTAL_LIMIT = 6000


def page_of(message: simcord.ResponseMessage | discord.Message) -> discord.Embed:
    embeds = as_message(message).embeds
    assert len(embeds) == 1, "one page is one embed"
    return embeds[0]


def button(message: simcord.ResponseMessage | discord.Message, label: str) -> discord.Button:
    for item in items(message):
        if isinstance(item, discord.Button) and item.label == label:
            return item
    raise AssertionError(f"no {label!r} button")


def within_limits(embed: discord.Embed) -> None:
    title, text, footer = embed.title or "", embed.description or "", embed.footer.text or ""
    assert 0 < len(text) <= EMBED_DESCRIPTION_LIMIT and len(title) <= EMBED_TITLE_LIMIT
    assert len(title) + len(text) + len(footer) <= EMBED_TOTAL_LIMIT


async def page_through(table: Table, player: simcord.MemberActor, first: simcord.InteractionResult) -> list[str]:
    """Press Next until it is disabled; the titles of every page seen, each checked against Discord's limits."""
    assert first.response is not None and first.response.ephemeral, "/rules answers only the one who asked"
    message: simcord.ResponseMessage = first.response
    titles = []
    for _ in range(40):
        embed = page_of(message)
        within_limits(embed)
        titles.append(embed.title or "")
        if button(message, "Next").disabled:
            return titles
        result = await player.click(message, label="Next")
        assert result.response is not None, "Next answers with the next page"
        message = result.response
    raise AssertionError("Next never reached a last page")


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_rules_pages_through_the_whole_guide_of_every_game_under_discords_limits(table: Table, key: str) -> None:
    first = await table.carol.slash(table.channel, "rules", game=key)
    assert first.response is not None
    assert button(first.response, "Previous").disabled, "nothing before the first page"
    titles = await page_through(table, table.carol, first)
    assert titles == [f"How to play {GAMES[key].name}: {heading}" for heading, _ in guide_pages(key)]
    assert "options" in titles[-1].lower()


async def test_rules_opens_the_channels_game_and_its_last_page_names_the_options_it_is_played_with(
    table: Table,
) -> None:
    await table.alice.slash(table.channel, "start abordaje", variant="advanced", handicap="on")
    first = await table.bob.slash(table.channel, "rules")
    assert (
        first.response is not None
        and page_of(first.response).title == "How to play ¡Abordaje!: " + (guide_pages("abordaje")[0][0])
    )
    message = first.response
    while not button(message, "Next").disabled:
        message = (await table.bob.click(message, label="Next")).response  # type: ignore[assignment]
    text = page_of(message).description or ""
    assert "This channel's game is played with:** variant: advanced, handicap: on" in text


async def test_a_page_sent_before_a_restart_still_turns_after_it(table: Table) -> None:
    pages = guide_pages("derelict")
    first = await table.carol.slash(table.channel, "rules", game="derelict")
    assert first.response is not None
    message = first.response  # the one private message, edited in place by each click
    await table.carol.click(message, label="Next")
    assert page_of(message).footer.text == f"Page 2 of {len(pages)}"

    await table.restart()

    back = await table.carol.click(message, label="Previous")
    assert back.response is not None and not back.followups
    assert page_of(message).title == f"How to play Derelict: {pages[0][0]}"
    await table.carol.click(message, label="Next")
    await table.carol.click(message, label="Next")
    assert page_of(message).title == f"How to play Derelict: {pages[2][0]}"
    assert page_of(message).footer.text == f"Page 3 of {len(pages)}"


async def test_rules_in_a_channel_without_a_game_says_how_to_pick_one(table: Table) -> None:
    result = await table.carol.slash(table.channel, "rules")
    assert result.response is not None and result.response.ephemeral
    assert "No game in this channel" in result.response.content and "`/rules game:`" in result.response.content


async def test_help_sorts_the_commands_by_who_uses_them_and_says_where_to_start(table: Table) -> None:
    result = await table.carol.slash(table.channel, "help")
    assert result.response is not None and result.response.ephemeral
    embed = page_of(result.response)
    within_limits(embed)
    text = embed.description or ""
    for heading in ("**Players**", "**Everyone, onlookers too**", "**Moderators**", "**Server managers**"):
        assert heading in text
    assert "New here?" in text and "/start abordaje" in text
