"""What a viewer of an ¡Abordaje! game may see: the model renderers and messages read.

The public view (``viewer=None``) carries no card of a hand, no face-down order and nothing of the
set-aside cards: a placed card shows its ``kind`` only from the reveal on. A seat's private view adds that
seat's hand, its own face-down orders, the hand it last passed (ABO-GAP-21) and the set-aside card it drew.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

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
    hand: list[CardKind] = []
    last_passed: list[CardKind] = []
    drawn_set_aside: CardKind | None = None
