"""The ``/cards`` help: every action card of every character (``data/derelict/characters.toml``), then the
event deck (``events.toml``) as a new game plays it."""

from __future__ import annotations

from engine.core.words import and_list, card_line, plural

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
    return (*lines, *event_lines())


def event_lines() -> list[str]:
    """The event cards with what moves and what they do, worded for a new game's tuning: a card that places
    tokens in several rooms states its limit (DER-EVCARD-4), so what a player reads here is what it does."""
    from .catalog import CATALOG
    from .intruders import type_name

    capped = CATALOG.ship.tunings[-1].capped_spreads
    lines = ["__Event cards__ (one drawn each event phase)"]
    for card in CATALOG.events.events:
        movers = and_list([plural(2, type_name(m).lower(), "larvae" if m == "larva" else None) for m in card.movers])
        lines.append(card_line(card.name, f"({movers} move through exit {card.exit}) {card.says(capped)}"))
    return lines
