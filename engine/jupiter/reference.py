"""The short rules reference ``/rules jupiter`` shows, and the lobby's one-line blurb."""

from __future__ import annotations

BLURB = "Cooperative rescue for 1-7 robots: get 28 colonists off a hex colony before the creeps tear it apart."

RULES_TEXT = """\
**Jupiter Deep** — everyone wins or loses together.
**Goal:** save 28 colonists (the pod launches at its 7th colonist), then get every robot aboard the pod.
**Your turn:** 5 actions (4 while a radar dish holds a super creep), in any mix:
• Move one space along a bridge (one piece per dome; the pod holds 7).
• Shoot a creep on your own tile.
• Command a colonist on your tile or an adjacent tile one space.
• Trade any cards with a robot in your command range.
Cards add or change actions; your core card works every turn.
**Then:** colonists next to a creep convert; roll the die: 1-5 adds a creep to each edge tile of that module,
6 adds one to every tile with a creep; a full tile self-destructs unless a robot stands on it. Draw a card
(setbacks put super creeps on power plants or radar dishes); keep at most 4 cards besides your core.
**You lose** when 28 can no longer be saved, or every Module 3 or every Module 4 tile is gone.
Dome names like `T07.NE` (tile, then side) can be typed into `/act`."""


def cards_text() -> tuple[str, ...]:
    """Every rescue card, one line each with what it does, read from ``data/jupiter/rescue.toml``."""
    from engine.core.words import card_line

    from .catalog import CATALOG

    return tuple(card_line(card.name, card.text, card.copies) for card in CATALOG.cards.values())
