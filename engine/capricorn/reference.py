"""The short player-facing texts: the one-line blurb and the ``/rules`` reference (under 1800 characters)."""

from __future__ import annotations

BLURB = "Co-op escape from a rotating space station: find spare parts, fix the pod, get everyone out alive."

RULES_TEXT = """\
**Abandon Capricorn** (co-op). **Win**: the required repairs done, everyone in the pod, no Mother \
alive. **Lose**: anyone dies, or an alien must be placed and the bag (refilled once from the dead) is empty.
**Table**: `printed` (default; repairs Normal 1, Hard 2, Nightmare 3) or `tuned` (ours, easier; not the \
printed rules).
**Ship**: 3 rings (inner, middle turn clockwise; a mark = 2 columns); doors open where they line up. \
Spaces read `ROOM.i3` (lane i/o, column); the pod is `POD`.
**Your turn**
1. **Action**: play every card but one; each card: one action type, up to its count, or discard it. \
Move (orthogonal; through aliens, who attack; entering a room refills its breaches), Rotate, Hit 2 \
(adjacent), Shoot 1 (same room), Grenade 3 (a corner within 4, you too), Hide (grey space), Power. \
After each card: a free Search of the dot you are on. Free: start/end a repair, give a \
spare part, med kit (heal another adjacent), flamethrower (5 to all within 2 but you).
2. **Share/trash**: pass your last card to the next player (1 health) or trash it; draw 5.
3. **Aliens** in your room move the white die's roll (faces on the board) toward the nearest player (fast: \
twice), stop adjacent, then attack. Mothers roll their own die and ignore hiding.
4. **Events**: one per threat: new aliens, a Mother to your room, a ring rotates.
**Repair**: on the room's repair space with its part, each rotation may flip a repair card; two \
"50% done" in one attempt fit the part; others may add Rotate cards off-turn.
**Powers**: Medic heal 2 self / 3 adjacent · Soldier 3 damage in the room · Chemist cube (3 damage to whoever \
enters it) · Engineer one rotation, or draw 2 repair cards and use one; can rotate off-turn · Scout dash 3, \
unharmed.
**End game**: once repaired, those in the pod skip steps 3–4."""


def cards_text() -> tuple[str, ...]:
    """Every action card a character can hold, one line each: its name and its options (play one of them,
    CAP-ACT-2), read from ``data/capricorn/cards.toml``; a role's heading says what its Power option does."""
    from engine.core.data import load_file
    from engine.core.words import card_line

    from .catalog import DATA_DIR, CardsFile, CardText

    cards = load_file(DATA_DIR / "cards.toml", CardsFile)

    def line(card: CardText, copies: int = 1) -> str:
        labels = [o.label for o in card.options]
        does = labels[0] if len(labels) == 1 else f"one of {' · '.join(labels)}"  # "one of" a single option misleads
        return card_line(card.name, does, copies)

    lines = ["__In every starter deck__", *(line(card) for card in cards.common)]
    for role in cards.roles.values():
        lines.append(f"__{role.name}'s own cards__ (Power: {role.power})")
        lines += [line(card) for card in role.cards]
    lines.append("__Legendary cards__ (searched for in the rooms)")
    lines += [line(card, card.copies) for card in cards.legendary]
    return tuple(lines)
