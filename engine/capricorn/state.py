"""The state of an Abandon Capricorn game and the questions every rule asks about it.

Layout: ``Crew`` is everything on the table (characters, aliens, Mothers, decks, bag, rings, threat,
repairs): the part a turn changes. ``CapricornState`` wraps it with the options and the seeded generator.

The engine plays *characters*, one per role in play, in turn order; each character belongs to a seat
(CAP-G-SEAT-1). A player alone at the table holds two characters (CAP-G-SEAT-2), so characters, not seats,
are what the rules talk about; a character is named by its index in ``Crew.characters``.

Every card is in exactly one place: a hand, an Actions stack (``stack``, top first), a Used pile, a
backpack, a room deck (top first), the event deck or its discard pile, the repair deck or its flipped row,
the shared discard pile, or out of the game (``removed``: fitted spare parts). Every small alien is on the
map, in the bag or on the killed pile (counts per colour); the black Mother's token is in the bag or in the
box.
"""

from __future__ import annotations

from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Choice, Rng, State
from engine.core.copies import shallow

from .board import SHIP
from .catalog import CATALOG
from .terms import (
    ALIEN_COLORS,
    POD,
    ROTATING,
    AlienColor,
    Difficulty,
    MotherColor,
    RoleKey,
    RotatingRing,
    Table,
    Variant,
)

M = TypeVar("M", bound=BaseModel)

SHARED_DECK = "SHARED"  # the Offices/Bridge deck's key in ``Crew.room_decks`` (CAP-SETUP-10)
BLACK_TOKEN = "black"  # the black Mother's placeholder in the bag (CAP-SETUP-7)


class Character(BaseModel):
    """One crew member: where they stand, their health and their cards."""

    role: RoleKey
    seat: int
    space: str = POD
    health: int
    hand: list[str] = Field(default_factory=list)
    stack: list[str] = Field(default_factory=list)  # the Actions stack, top (next drawn) first
    used: list[str] = Field(default_factory=list)  # the Used pile, newest last, face up
    backpack: list[str] = Field(default_factory=list)  # items and spare parts, face up (CAP-SEARCH-4)
    hiding: bool = False  # laid down on a hiding place (CAP-HIDE-1, CAP-G-HIDE-1)

    @property
    def name(self) -> str:
        return CATALOG.roles[self.role].name

    def clone(self) -> Character:
        """An independent copy: the four piles copied, the rest shared (strings, numbers)."""
        return shallow(
            self, **{"hand": self.hand[:], "stack": self.stack[:], "used": self.used[:], "backpack": self.backpack[:]}
        )


class Alien(BaseModel):
    """A small alien on the map. ``id`` is its placement order, the last tie-break of CAP-G-ALIEN-3."""

    id: int
    color: AlienColor
    space: str
    damage: int = 0  # damage taken this turn; cleared at the end of every turn (CAP-G-DMG-1)

    @property
    def health(self) -> int:
        return CATALOG.rules.aliens[self.color].health - self.damage


class Mother(BaseModel):
    """An Alien Mother: off the map until she enters, then on a space until her health reaches 0."""

    color: MotherColor
    status: Literal["waiting", "on_map", "dead", "absent"]  # absent: not in this game (Easy's black Mother)
    space: str | None = None
    health: int

    @property
    def on_map(self) -> bool:
        return self.status == "on_map"


_new = object.__new__
_set = object.__setattr__


def _piece(model: M) -> M:
    """``shallow(model)`` for the table's small pieces (aliens, Mothers), with no changes and no check: a turn's
    every run copies its twenty-odd pieces, and these models have no private attributes or extras."""
    copy = _new(type(model))
    _set(copy, "__dict__", model.__dict__.copy())
    _set(copy, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(copy, "__pydantic_extra__", None)
    _set(copy, "__pydantic_private__", None)
    return copy


def _placed(alien: Alien) -> int:
    return alien.id


class Crew(BaseModel):
    """Everything on the table."""

    characters: list[Character]
    active: int = 0  # index of the character taking the turn (CAP-TURN-1)
    rotation: dict[RotatingRing, int] = Field(default_factory=lambda: dict.fromkeys(ROTATING, 0))
    threat: int
    repairs_required: int
    # CAP-G-DICE-1: the white die's faces, fixed by the difficulty at setup (Hard and Nightmare roll their own);
    # a table stored before the die could differ rolls the printed one.
    alien_die: tuple[int, ...] = Field(default_factory=lambda: CATALOG.rules.dice.alien)
    repaired: list[str] = Field(default_factory=list)  # rooms whose repair is complete (CAP-REPAIR-5)
    parts_found: list[str] = Field(default_factory=list)  # rooms whose deck gave up a spare part (CAP-PART-3)
    searched: list[str] = Field(default_factory=list)  # dots holding a search token (CAP-SEARCH-2)
    room_decks: dict[str, list[str]]  # main room (or SHARED_DECK) -> cards, top first
    event_deck: list[str]
    event_discard: list[str] = Field(default_factory=list)
    repair_deck: list[str]
    repair_flipped: list[str] = Field(default_factory=list)  # face up beside the deck during an attempt
    discard: list[str] = Field(default_factory=list)  # the shared discard pile (CAP-SHARE-3)
    removed: list[str] = Field(default_factory=list)  # out of the game: fitted spare parts (CAP-G-REP-4)
    aliens: list[Alien] = Field(default_factory=list)
    next_alien: int = 1
    bag: dict[str, int]  # colour (or BLACK_TOKEN) -> tokens in the bag
    killed: dict[AlienColor, int] = Field(default_factory=lambda: dict.fromkeys(ALIEN_COLORS, 0))
    black_token_boxed: bool = False  # drawn and returned to the box (CAP-EVENT-7)
    mothers: dict[MotherColor, Mother]
    cubes: list[str] = Field(default_factory=list)  # chemistry cubes on the map (CAP-ROLE-CHEMIST-*)
    end_game: bool = False  # the required repairs are done (CAP-END-1)
    repair_room: str | None = None  # the room whose repair attempt is open; the active character repairs
    engineer_rotated: bool = False  # the Engineer's once-per-turn off-turn rotation is spent (CAP-G-ENG-2)
    not_now: list[int] = Field(default_factory=list)  # characters who declined off-turn offers this turn

    # --- characters

    @property
    def current(self) -> Character:
        """The active character."""
        return self.characters[self.active]

    def character_at(self, space: str) -> int | None:
        """The character standing on a room space (never the pod, which holds any number)."""
        if space == POD:
            return None
        return next((i for i, c in enumerate(self.characters) if c.space == space), None)

    def next_character(self, index: int) -> int:
        """The next character in turn order, wrapping around (CAP-G-SEAT-5)."""
        return (index + 1) % len(self.characters)

    def in_room(self, room: str) -> list[int]:
        """Characters in a room, in turn order."""
        return [i for i, c in enumerate(self.characters) if SHIP.room_of(c.space) == room]

    # --- aliens and Mothers

    def aliens_at(self, space: str) -> list[Alien]:
        """Small aliens on a space, in placement order (a turn's replay asks this dozens of times, most often of
        a space with none or one: sorted only when there are two or more)."""
        found = [a for a in self.aliens if a.space == space]
        if len(found) > 1:
            found.sort(key=_placed)
        return found

    def mother_at(self, space: str) -> Mother | None:
        for m in self.mothers.values():
            if m.space == space and m.status == "on_map":  # ``on_map``, asked of the few that stand there
                return m
        return None

    def aliens_in_room(self, room: str) -> list[Alien]:
        """Small aliens in a room, in placement order."""
        return sorted((a for a in self.aliens if SHIP.room_of(a.space) == room), key=lambda a: a.id)

    def mothers_in_room(self, room: str) -> list[Mother]:
        """Mothers on the map in a room, black first."""
        return [m for m in self.mothers.values() if m.on_map and m.space is not None and SHIP.room_of(m.space) == room]

    def alien(self, alien_id: int) -> Alien:
        return next(a for a in self.aliens if a.id == alien_id)

    @property
    def bag_size(self) -> int:
        return sum(self.bag.values())

    # --- decks

    @staticmethod
    def deck_of(room: str) -> str:
        """The deck a room's dots draw from: its own, or the shared Offices/Bridge deck (CAP-SEARCH-2)."""
        return room if SHIP.room(room).main else SHARED_DECK

    def all_cards(self) -> list[str]:
        """Every card id in every place, for the invariant that each card is in exactly one place."""
        cards: list[str] = []
        for c in self.characters:
            cards += c.hand + c.stack + c.used + c.backpack
        for deck in self.room_decks.values():
            cards += deck
        cards += self.event_deck + self.event_discard + self.repair_deck + self.repair_flipped
        cards += self.discard + self.removed
        return cards

    def clone(self) -> Crew:
        """An independent copy for a run of the turn to play on: every list, dict and piece copied, the rest (ids,
        numbers, the die's tuple) shared. Every run of a turn starts from one; a little faster than the JSON round
        trip it replaces. ``tests/test_engine_copies.py`` fails if a field a turn changes is left shared."""
        return shallow(
            self,
            **{
                "characters": [c.clone() for c in self.characters],
                "rotation": dict(self.rotation),
                "repaired": self.repaired[:],
                "parts_found": self.parts_found[:],
                "searched": self.searched[:],
                "room_decks": {room: deck[:] for room, deck in self.room_decks.items()},
                "event_deck": self.event_deck[:],
                "event_discard": self.event_discard[:],
                "repair_deck": self.repair_deck[:],
                "repair_flipped": self.repair_flipped[:],
                "discard": self.discard[:],
                "removed": self.removed[:],
                "aliens": [_piece(a) for a in self.aliens],
                "bag": dict(self.bag),
                "killed": dict(self.killed),
                "mothers": {color: _piece(m) for color, m in self.mothers.items()},
                "cubes": self.cubes[:],
                "not_now": self.not_now[:],
            },
        )

    def alien_total(self) -> int:
        """Small aliens on the map, in the bag and on the killed pile: always the bag's starting count."""
        small = sum(n for color, n in self.bag.items() if color != BLACK_TOKEN)
        return len(self.aliens) + small + sum(self.killed.values())


class Decision(BaseModel):
    """A question the turn waits on: becomes one pending ``Prompt``.

    ``key`` tells apart the questions asked at one point of the turn (``a``: the active player's; others:
    an off-turn play offered to another character), and is what an answer records.
    """

    key: str
    id: str
    character: int
    seat: int
    question: str
    choices: list[Choice]
    private: bool = True


class Answer(BaseModel):
    """One answer given in this turn: which question (``key``) and the choice id. A value (frozen): a move's
    state shares the answers before it with the state it was played on."""

    model_config = ConfigDict(frozen=True)

    key: str
    choice: str


class TurnLog(BaseModel):
    """The table as the turn began, its generator, and every answer given since."""

    start: Crew
    rng: Rng
    answers: list[Answer] = Field(default_factory=list)
    narrated: int = 0  # events already handed out by earlier runs
    pending: list[Decision] = Field(default_factory=list)


class CapricornState(State):
    """A whole game: options, seats, the table and the seeded generator."""

    difficulty: Difficulty
    # CAP-G-DIFF-1: the table the game was dealt under; games begun before the printed table (capricorn-4) had
    # only the tuned one, so that is what a stored state without it means.
    table: Table = "tuned"
    variant: Variant
    seats: int  # number of seats; characters hold seat numbers 0..seats-1
    rng: Rng  # the generator as the table stands (the next turn starts from it)
    crew: Crew  # the table as the last run of the turn left it: what views show
    log: TurnLog  # the turn in progress: its starting table, generator and answers
    result: Literal["win", "loss"] | None = None
    summary: str = ""
    # capricorn-6: a question with one answer ("End your actions" alone) is answered by the game; a game stored
    # before it has none of this field and keeps asking (docs/rules/capricorn.md)
    answers_forced: bool = False

    def clone(self) -> CapricornState:
        """An independent copy for ``apply`` to work on; a test's ``RiggedRng`` keeps its queued draws."""
        copy = CapricornState.model_validate_json(self.model_dump_json())
        copy.rng = self.rng.clone()
        copy.log.rng = self.log.rng.clone()
        return copy
