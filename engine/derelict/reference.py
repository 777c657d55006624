"""The ``/cards`` help: every action card of every character, read from ``data/derelict/characters.toml``."""

from __future__ import annotations

from engine.core.words import card_line

TIMING = {"oc": "out of combat", "ic": "in combat", "any": "any time"}


def cards_text() -> tuple[str, ...]:
    """The common cards, then each character's own six, one line each: cost, timing and what it does."""
    from .catalog import CATALOG, ActionCard

    def line(card: ActionCard) -> str:
        cost = f"discard {card.cost} more" if card.cost else "free"
        return card_line(card.name, f"({cost}, {TIMING[card.timing]}) {card.text}", card.copies)

    lines = ["__In every deck__", *(line(card) for card in CATALOG.characters.common)]
    for character in CATALOG.characters.characters:
        lines.append(f"__{character.name}__ ({character.trait})")
        lines += [line(card) for card in character.cards]
    return tuple(lines)
