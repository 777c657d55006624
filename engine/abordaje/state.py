"""The state of an ¡Abordaje! game and the board queries every rule needs.

Layout: ``AbordajeState`` holds what lasts across the turn (hands, set-aside cards, the assignment step) and a
``Board`` with everything the after-assignment part of a turn changes (crew, captains, orders, pools,
losses, markers, conquests). Keeping the board apart lets the resolution be re-run from a snapshot (see
``resolution.py``).

A *spot* is one deck: ``(card number, ship)``, where ``ship`` is the side whose ship the deck belongs to.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Choice, Rng, State
from engine.core.copies import shallow

from .catalog import CATALOG, SIDES
from .view import CardKind, Side

Spot = tuple[int, Side]
Stage = Literal["swap", "captain", "resolve"]

SIDE_NAME: dict[Side, str] = {"pirate": "the Pirates", "spanish": "the Spanish"}
CAPTAIN_NAME: dict[Side, str] = {"pirate": "the pirate captain", "spanish": "the Spanish captain"}
SHIP_ADJ: dict[Side, str] = {"pirate": "pirate", "spanish": "Spanish"}
LETTER: dict[Side, str] = {"pirate": "p", "spanish": "s"}


def cap(text: str) -> str:
    """Upper-case the first letter only (``str.capitalize`` would turn "the Spanish" into "The spanish")."""
    return text[:1].upper() + text[1:]


def other(side: Side) -> Side:
    """The opposing side."""
    return "spanish" if side == "pirate" else "pirate"


def deck_name(spot: Spot) -> str:
    """``the Spanish deck of card 3``."""
    return f"the {SHIP_ADJ[spot[1]]} deck of card {spot[0]}"


def spot_code(spot: Spot) -> str:
    """A short id for a deck in choice ids: ``s3`` is the Spanish deck of card 3."""
    return f"{LETTER[spot[1]]}{spot[0]}"


def crew_words(n: int, side: Side) -> str:
    """``1 pirate crew`` / ``2 Spanish crew``."""
    return f"{n} {SHIP_ADJ[side]} crew"


class Order(BaseModel):
    """An action card placed on one side of a ship-deck card this turn."""

    kind: CardKind
    spent: bool = False  # cancelled or executed


class Deck(BaseModel):
    """One side of a ship-deck card: crew of both colours, and the enemy's control marker."""

    crew: dict[Side, int]
    marker: int = 0  # control steps the enemy marker has held: 0 none, 1 placed, 2 conquered (trophy)


class ShipDeckCard(BaseModel):
    number: int
    active: bool = True
    conquered_by: list[Side] = []
    decks: dict[Side, Deck]
    orders: dict[Side, Order] = {}


class Board(BaseModel):
    """Everything the swap, captain and resolution steps of a turn may change."""

    cards: list[ShipDeckCard]
    captains: dict[Side, Spot]
    pool: dict[Side, int]
    losses: dict[Side, int]
    conquests: dict[Side, int] = {"pirate": 0, "spanish": 0}
    revealed: bool = False
    swapped: dict[Side, tuple[int, int]] = {}
    winner: Side | None = None
    tie: bool = False
    result: str = ""  # the outcome's summary once the game is over

    def clone(self) -> Board:
        """An independent copy, by hand: every list, dict and model (``engine.core.copies.shallow``; spots and
        swaps are tuples, shared), about twice as fast as the JSON round trip it replaces and six times
        ``deepcopy``. ``tests/test_engine_copies.py`` fails if a part a move changes is left shared."""
        return shallow(
            self,
            cards=[
                shallow(
                    card,
                    conquered_by=card.conquered_by[:],
                    decks={side: shallow(deck, crew=dict(deck.crew)) for side, deck in card.decks.items()},
                    orders={side: shallow(order) for side, order in card.orders.items()},
                )
                for card in self.cards
            ],
            captains=dict(self.captains),
            pool=dict(self.pool),
            losses=dict(self.losses),
            conquests=dict(self.conquests),
            swapped=dict(self.swapped),
        )

    def card(self, number: int) -> ShipDeckCard:
        for card in self.cards:
            if card.number == number:
                return card
        raise KeyError(f"no ship-deck card {number}")

    def deck(self, spot: Spot) -> Deck:
        return self.card(spot[0]).decks[spot[1]]

    def crew(self, spot: Spot, side: Side) -> int:
        return self.card(spot[0]).decks[spot[1]].crew[side]

    def active_numbers(self) -> list[int]:
        """Active ship-deck cards in number order (prow to stern); adjacency is read on it (ABO-GAP-3)."""
        return [c.number for c in self.cards if c.active]

    def neighbours(self, number: int) -> list[int]:
        """The active cards next to ``number`` (itself active or not): the nearest below and above."""
        active = self.active_numbers()
        below = [n for n in active if n < number]
        above = [n for n in active if n > number]
        return ([below[-1]] if below else []) + ([above[0]] if above else [])

    def in_play(self, side: Side) -> int:
        """Crew of ``side`` on any deck of an active card; captains never count (ABO-GAP-10)."""
        return sum(d.crew[side] for c in self.cards if c.active for d in c.decks.values())

    def order(self, number: int, side: Side) -> Order | None:
        return self.card(number).orders.get(side)

    def live_order(self, number: int, side: Side) -> Order | None:
        """The order ``side`` placed on card ``number`` if it is still to execute."""
        order = self.card(number).orders.get(side)
        return order if order is not None and not order.spent else None

    def captain_on_card(self, side: Side, number: int) -> bool:
        """Whether ``side``'s captain is *present* on a ship-deck card: on either deck (ABO-GAP-17)."""
        return self.captains[side][0] == number

    def kill(self, spot: Spot, side: Side, n: int = 1) -> int:
        """Send up to ``n`` crew of ``side`` on ``spot`` to its losses; the number actually killed."""
        deck = self.deck(spot)
        n = min(n, deck.crew[side])
        deck.crew[side] -= n
        self.losses[side] += n
        return n

    def move(self, source: Spot, target: Spot, side: Side, n: int = 1) -> int:
        """Move up to ``n`` crew of ``side``; the number actually moved."""
        n = min(n, self.crew(source, side))
        self.deck(source).crew[side] -= n
        self.deck(target).crew[side] += n
        return n


class Decision(BaseModel):
    """A decision the resolution is waiting on: becomes the one pending ``Prompt``."""

    id: str
    side: Side
    stage: Stage
    question: str
    choices: list[Choice]
    private: bool = False


class Resolution(BaseModel):
    """The part of a turn after the last placement, kept as a snapshot plus the answers given so far.

    The resolution is plain code that asks questions; ``board`` and ``rng`` are as they were when the last
    order was placed, ``answers`` every answer in order. Re-running the code from the snapshot with the
    answers reaches the same point again, so no half-executed card ever needs to be stored.
    """

    board: Board
    rng: Rng
    answers: list[str] = []
    narrated: int = 0  # events already handed out by earlier runs
    pending: Decision | None = None


class AbordajeState(State):
    """A whole game: options, seats, the board, the cards of this turn and the resolution in progress."""

    variant: Literal["basic", "advanced"]
    handicap: bool
    seats: dict[Side, int]
    rng: Rng
    phase: Literal["assign", "orders", "over"] = "assign"
    board: Board
    hands: dict[Side, list[CardKind]]
    set_aside: list[CardKind] = Field(default_factory=list)
    drawn: dict[Side, CardKind] = Field(default_factory=dict)  # the set-aside card each side drew (private)
    last_passed: dict[Side, list[CardKind]] = Field(default_factory=dict)  # hand last passed on (ABO-GAP-21)
    step: int = 0  # index, in the turn's play order, of the ship-deck card being filled
    resolution: Resolution | None = None

    def clone(self) -> AbordajeState:
        """An independent copy, for ``apply`` to work on.

        Copied by hand (``Board.clone``, ``engine.core.copies.shallow``) rather than through JSON; the
        generators are copied as objects so that a test's ``RiggedRng`` keeps its queued draws.
        """
        resolution = self.resolution
        return shallow(
            self,
            seats=dict(self.seats),
            rng=self.rng.clone(),
            board=self.board.clone(),
            hands={side: hand[:] for side, hand in self.hands.items()},
            set_aside=self.set_aside[:],
            drawn=dict(self.drawn),
            last_passed={side: hand[:] for side, hand in self.last_passed.items()},
            resolution=None
            if resolution is None
            else shallow(
                resolution,
                board=resolution.board.clone(),
                rng=resolution.rng.clone(),
                answers=resolution.answers[:],
                pending=None
                if resolution.pending is None
                else shallow(resolution.pending, choices=resolution.pending.choices[:]),
            ),
        )

    def answering(self) -> AbordajeState:
        """A copy for ``apply`` to take an answer to the resolution on: the run of the resolution takes a fresh
        board and generator from its snapshot (``run_resolution``), so the state's own are not copied, and the
        snapshot is shared (a run never changes it); every other part a turn changes is copied. About a tenth of
        ``clone``'s cost. ``tests/test_engine_copies.py`` fails if a part a move changes is left shared."""
        assert self.resolution is not None
        return self.model_copy(
            update={
                "seats": dict(self.seats),
                "hands": {side: hand[:] for side, hand in self.hands.items()},
                "set_aside": self.set_aside[:],
                "drawn": dict(self.drawn),
                "last_passed": {side: hand[:] for side, hand in self.last_passed.items()},
                "resolution": self.resolution.model_copy(update={"answers": self.resolution.answers[:]}),
            }
        )

    @property
    def initiative(self) -> Side:
        """Odd turns: pirate; even turns: Spanish (ABO-INIT-1, ABO-INIT-2)."""
        return "pirate" if self.turn % 2 == 1 else "spanish"

    @property
    def by_initiative(self) -> tuple[Side, Side]:
        """Both sides, the initiative player first."""
        first = self.initiative
        return (first, other(first))

    def play_order(self) -> list[int]:
        """Active cards in this turn's play direction: prow to stern on odd turns, stern to prow on even."""
        numbers = self.board.active_numbers()
        return numbers if self.turn % 2 == 1 else numbers[::-1]

    def side_of(self, seat: int) -> Side:
        for side in SIDES:
            if self.seats[side] == seat:
                return side
        raise KeyError(f"seat {seat} is not in this game")

    def assigning_card(self) -> int | None:
        """The ship-deck card being filled, during the assign phase."""
        if self.phase != "assign":
            return None
        return self.play_order()[self.step]

    def swappers(self) -> tuple[Side, ...]:
        """Sides entitled to swapping tactics, in the order they decide (ABO-SWAP-2, ABO-ADV-CUNNING-1)."""
        entitled = CATALOG.variant(self.variant).swapping_tactics
        return tuple(side for side in self.by_initiative if side in entitled)
