"""What a viewer of an ¡Abordaje! game may see: the model renderers and messages read.

The public view (``viewer=None``) carries no card of a hand, no face-down order and nothing of the
set-aside cards: a placed card shows its ``kind`` only from the reveal on. A seat's private view adds that
seat's hand, its own face-down orders, the hand it last passed (ABO-GAP-21) and the set-aside card it drew.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import View

Side = Literal["pirate", "spanish"]
CardKind = Literal["fight", "boarding", "fire", "repel", "take_cover", "stand_up"]
Phase = Literal["assign", "swap", "captain", "resolve", "over"]


class DeckView(BaseModel):
    """One side of a ship-deck card: the crew on it, captains standing there, an enemy control marker."""

    pirate_crew: int = 0
    spanish_crew: int = 0
    captains: list[Side] = []
    control_marker: Side | None = None  # the enemy player's marker on this deck
    marker_turns: int = 0  # consecutive control steps the marker has survived (1 = placed this turn)


class SlotView(BaseModel):
    """An order placed by one side on one ship-deck card this turn.

    ``kind`` is ``None`` while the card is face down to this viewer; ``spent`` once cancelled or executed.
    """

    filled: bool = False
    kind: CardKind | None = None
    spent: bool = False


class ShipDeckCardView(BaseModel):
    """A ship-deck card (numbered 1 prow … 5 stern): both decks, both placed orders, conquest trophies."""

    number: int
    active: bool = True
    conquered_by: list[Side] = []  # whose markers sit on the flipped card
    decks: dict[Side, DeckView]
    slots: dict[Side, SlotView]


class SideView(BaseModel):
    """Public facts about one side."""

    seat: int
    pool: int
    losses: int
    in_play: int
    conquests: int
    hand_count: int
    can_swap: bool  # entitled to swapping tactics this game
    swapped: tuple[int, int] | None = None  # the two ship-deck card numbers exchanged this turn, if any
    waiting: bool = False  # the game waits on this side right now


class AbordajeView(View):
    """Everything the viewer may see of an ¡Abordaje! game."""

    variant: Literal["basic", "advanced"]
    handicap: bool
    turn: int
    initiative: Side
    direction: Literal["prow_to_stern", "stern_to_prow"]
    phase: Phase
    assigning_card: int | None = None  # the ship-deck card being filled during the assign phase
    cards: list[ShipDeckCardView]
    sides: dict[Side, SideView]
    winner: Side | None = None
    tie: bool = False
    # Private to the viewer (empty in the public view):
    my_side: Side | None = None
    hand: list[CardKind] = Field(default_factory=list)
    last_passed: list[CardKind] = Field(default_factory=list)
    drawn_set_aside: CardKind | None = None

    def describe(self) -> str:
        """A compact Discord-markdown text of this view: the board by card, then both sides, then the hand."""
        from .catalog import CATALOG  # the card names live in the data files; catalog imports this module

        side_name = {"pirate": "Pirates", "spanish": "Spanish"}
        arrow = "prow → stern" if self.direction == "prow_to_stern" else "stern → prow"
        phase = {
            "assign": f"assigning orders (card {self.assigning_card})",
            "swap": "swapping tactics",
            "captain": "captain movement",
            "resolve": "resolving orders",
            "over": "game over",
        }[self.phase]
        lines = [f"**Turn {self.turn}** · initiative: {side_name[self.initiative]} ({arrow}) · {phase}"]
        for card in self.cards:
            if not card.active:
                who = " & ".join(side_name[s] for s in card.conquered_by)
                lines.append(f"`{card.number}` ~~conquered~~ by {who}")
                continue
            decks = []
            for ship in ("pirate", "spanish"):
                deck = card.decks[ship]
                text = f"{side_name[ship]} deck {deck.pirate_crew}P/{deck.spanish_crew}S"
                if deck.captains:
                    text += " " + "".join("⚓" + side_name[c][0] for c in deck.captains)
                if deck.control_marker is not None:
                    text += f" 🟡{side_name[deck.control_marker][0]}"
                decks.append(text)
            orders = []
            for side in ("pirate", "spanish"):
                slot = card.slots[side]
                if not slot.filled:
                    continue
                mark = CATALOG.name(slot.kind) if slot.kind is not None else "▢"
                orders.append(f"{side_name[side][0]}:{'~~' + mark + '~~' if slot.spent else mark}")
            tail = f" · {' '.join(orders)}" if orders else ""
            lines.append(f"`{card.number}` {' | '.join(decks)}{tail}")
        for side, info in self.sides.items():
            extra = f", swapped {info.swapped[0]}↔{info.swapped[1]}" if info.swapped else ""
            wait = " ⏳" if info.waiting else ""
            lines.append(
                f"**{side_name[side]}**{wait}: in play {info.in_play}, pool {info.pool}, "
                f"losses {info.losses}, conquests {info.conquests}, hand {info.hand_count}{extra}"
            )
        if self.winner is not None:
            lines.append(f"**The {side_name[self.winner]} win.**")
        elif self.tie:
            lines.append("**The game is a tie.**")
        if self.my_side is not None:
            lines.append(f"You are the {side_name[self.my_side]}.")
            lines.append("Your hand: " + (", ".join(CATALOG.name(k) for k in self.hand) or "empty"))
            if self.drawn_set_aside is not None:
                lines.append(f"Drawn from the set-aside cards: {CATALOG.name(self.drawn_set_aside)}")
            if self.last_passed:
                lines.append("Hand you last passed on: " + ", ".join(CATALOG.name(k) for k in self.last_passed))
        return "\n".join(lines)
