"""The short player-facing texts: the one-line blurb and the ``/rules`` reference (under 1800 characters)."""

from __future__ import annotations

BLURB = "Two ships lashed together: draft secret orders, board, fire and conquer two enemy decks."

RULES_TEXT = """\
**¡Abordaje!** — Pirates v Spanish. Win by **conquering 2 enemy decks**, or when the enemy has fewer crew \
on the board than active ship-deck cards.
**Each turn** (odd: Pirates lead, prow→stern; even: Spanish lead, stern→prow)
1. **Assign**: for each ship-deck card in turn, both place one order face down on their own side, then \
swap hands. Before the last card each draws a random set-aside card.
2. **Swapping tactics**: exchange two of your orders, or pass (advanced: Pirates only).
3. **Captains**: one step along the ship, or back to your own ship, onto a deck with your crew or an own \
deck free of enemies.
4. **Reveal** and execute by priority; ties: initiative first.
 1 **Fight!** one combat on a deck with both crews: your captain there kills 1; a side without Fight! \
loses 1; both lose 1 (stop when a side is wiped out).
 2 **Boarding!** kill 1 enemy opposite, move 2 (or 3) crew across; the captain may cross.
 3 **Fire!** 2 random tokens die on the opposite deck (any colour); captain present: 1 more enemy.
 4 **Repel!** cancels Boarding! here, or reinforce 1 from the pool & move 1 crew.
 5 **Take cover!** cancels Fire! here, or reinforce & move.
 6 **Stand up!** 1 crew from the pool; captain present: also 1 from the losses.
5. **Control**: lone captains withdraw; extermination check; more crew than the owner on an enemy deck \
(your captain counts there beside your crew) = control marker; still ahead next turn = **conquered**.
**Advanced**: 5 cards, Pirates 15 crew, Spanish 20; **navy discipline**: the Spanish may run the order on \
their captain's card first. **Handicap**: one Repel! removed; only the Pirates draw the set-aside card.
Killed crew are lost; captains never die."""

# What each order does, in a line (the rules above say it at length; the hand image says it on the card).
# What each order does, in the words of the hand image and /cards (one copy, read by both).
ORDER_TEXT: dict[str, str] = {
    "fight": "Combat where both crews share a deck. Your captain in that deck kills 1 first.",
    "boarding": "Kill 1 enemy on the opposite deck, then move 2 (or 3) crew across. Captain may cross.",
    "fire": "2 random tokens on the opposite deck die, any colour. Captain here: 1 more enemy.",
    "repel": "Cancel the enemy Boarding! on this card, or +1 crew from the pool & move 1.",
    "take_cover": "Cancel the enemy Fire! on this card, or +1 crew from the pool & move 1.",
    "stand_up": "+1 crew from your pool. Captain here: +1 back from your losses.",
}


def cards_text() -> tuple[str, ...]:
    """Every order card in ``data/abordaje/cards.toml``, in the order they are carried out, with what it does."""
    from engine.core.words import card_line

    from .catalog import CATALOG

    return tuple(
        card_line(f"{card.priority}. {card.name}", ORDER_TEXT[card.kind], card.copies)
        for card in sorted(CATALOG.cards.values(), key=lambda c: c.priority)
    )
