"""``/cards`` through discord.py's real client: the channel's game (or the one named), every card, privately,
in as many messages as it takes, each within Discord's 2,000 characters (issue 18, "Card texts")."""

from __future__ import annotations

from engine.jupiter.catalog import CATALOG as JUPITER
from engine.registry import GAMES

from .conftest import Table
from .sim import answers


async def test_cards_lists_the_channel_s_game_privately_in_whole_messages(table: Table) -> None:
    await table.alice.slash(table.channel, "start capricorn")
    result = await table.bob.slash(table.channel, "cards")
    said = answers(result)
    assert said and all(m.ephemeral for m in said)
    assert all(len(m.content) <= 2000 for m in said)
    text = "\n".join(m.content for m in said)
    spec = GAMES["capricorn"]
    assert spec.cards_text is not None
    assert all(line in text for line in spec.cards_text())


async def test_cards_names_another_game_and_shows_every_rescue_card_text(table: Table) -> None:
    result = await table.carol.slash(table.channel, "cards", game="jupiter")
    text = "\n".join(m.content for m in answers(result))
    assert all(card.text in text for card in JUPITER.cards.values())


async def test_cards_in_a_channel_without_a_game_says_how_to_ask(table: Table) -> None:
    result = await table.carol.slash(table.channel, "cards")
    assert result.response is not None and result.response.ephemeral
    assert "No game in this channel" in result.response.content and "/cards game:" in result.response.content
