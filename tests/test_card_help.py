"""``/cards``: every card of every game's data listed with what it does, in messages Discord accepts whole.

Issue 18 ("Card texts"): a card's name is not enough; ``/rules`` is a short reference, so the card list is its
own help, built by each engine from its data (``GameSpec.cards_text``) and paged by ``engine.core.words.pages``.
"""

from __future__ import annotations

import pytest

from engine.abordaje.catalog import CATALOG as ABORDAJE
from engine.abordaje.reference import ORDER_TEXT
from engine.capricorn.catalog import DATA_DIR as CAPRICORN_DATA
from engine.capricorn.catalog import CardsFile
from engine.core.data import load_file
from engine.core.words import pages
from engine.derelict.catalog import CATALOG as DERELICT
from engine.jupiter.catalog import CATALOG as JUPITER
from engine.pioneers.catalog import ALIEN_TYPES
from engine.pioneers.catalog import CATALOG as PIONEERS
from engine.registry import GAMES

LIMIT = 2000


def lines_of(game: str) -> tuple[str, ...]:
    cards_text = GAMES[game].cards_text
    assert cards_text is not None, f"{game} lists no cards"
    return cards_text()


def line_naming(lines: tuple[str, ...], name: str) -> str:
    """The one line that lists the card ``name`` (bold, as the help prints it)."""
    found = [line for line in lines if f"{name}**" in line]
    assert found, f"no line lists {name!r}"
    return found[0]


def test_every_registered_game_has_a_card_list() -> None:
    for key, spec in GAMES.items():
        assert spec.cards_text is not None and spec.cards_text(), f"{key} has no card list"


def test_every_jupiter_rescue_card_is_listed_with_its_text() -> None:
    lines = lines_of("jupiter")
    for card in JUPITER.cards.values():
        assert card.text in line_naming(lines, card.name)


def test_every_capricorn_action_card_is_listed_with_its_options() -> None:
    cards = load_file(CAPRICORN_DATA / "cards.toml", CardsFile)
    lines = lines_of("capricorn")
    every = [*cards.common, *(c for role in cards.roles.values() for c in role.cards), *cards.legendary]
    for card in every:
        line = line_naming(lines, card.name)
        assert all(option.label in line for option in card.options), line
    for role in cards.roles.values():
        assert any(role.power in line for line in lines), f"{role.name}'s power is not explained"


def test_every_abordaje_order_is_listed_with_what_it_does() -> None:
    lines = lines_of("abordaje")
    for card in ABORDAJE.cards.values():
        assert ORDER_TEXT[card.kind] in line_naming(lines, card.name)


def test_every_derelict_action_card_of_every_character_is_listed_with_its_text() -> None:
    lines = lines_of("derelict")
    for card in DERELICT.characters.common:
        assert card.text in line_naming(lines, card.name)
    for character in DERELICT.characters.characters:
        start = lines.index(next(line for line in lines if character.name in line))
        own = lines[start + 1 : start + 1 + len(character.cards)]
        for card, line in zip(character.cards, own, strict=True):
            assert card.name in line and card.text in line, f"{character.name}: {card.name} missing or misplaced"


def test_every_pioneers_commander_and_alien_event_is_listed() -> None:
    lines = lines_of("pioneers")
    for commander in PIONEERS.commanders.values():
        assert commander.ability in line_naming(lines, commander.name)
    for alien in ALIEN_TYPES:
        assert PIONEERS.components.alien_events[alien] in line_naming(lines, alien.capitalize())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_s_card_list_pages_into_whole_messages(game: str) -> None:
    entries = lines_of(game)
    sent = pages("Title", entries, LIMIT)
    assert all(len(page) <= LIMIT for page in sent)
    assert [line for page in sent for line in page.split("\n")] == ["Title", *entries], "a card was cut or lost"


def test_a_long_list_splits_between_cards_never_inside_one() -> None:
    entries = [f"**Card {n}**: " + "x" * 280 for n in range(20)]
    sent = pages("Title", entries, LIMIT)
    assert len(sent) > 1 and all(len(page) <= LIMIT for page in sent)
    assert [line for page in sent for line in page.split("\n")] == ["Title", *entries]


def test_a_card_longer_than_a_message_is_refused_rather_than_clipped() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        pages("Title", ["y" * (LIMIT + 1)], LIMIT)
