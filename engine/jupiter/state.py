"""The state of a Jupiter Deep game and the queries every rule needs.

Pieces live in one map, ``occupant``, from dome name to what stands there (``"C"`` a colonist, ``"X"`` a creep,
``"R3"`` the robot of seat 3), so two pieces can never share a dome. The pod is not a dome: it keeps a count of
colonists and the seats of the robots aboard (JUP-POD-1). Super creeps sit on power plants and radar dishes,
which are not spaces, so they are kept apart as the tiles whose plant or dish is covered (JUP-SUPER-1).

Sequential prompts are named ``t<turn>.<step>.<kind>``: ``turn`` is 0 during setup and counts robot turns
from 1; ``step`` counts the answers given in this turn, so every id is unique over the game. Prompts offered
to several seats at once (the core choice) are named by seat instead, so an answer from one seat never makes
another seat's buttons stale.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Rng, State
from engine.core.copies import shallow

from .catalog import CATALOG
from .colony import Colony, Placement, tile_of
from .options import JupiterOptions

COLONIST = "C"
CREEP = "X"

Phase = Literal["core", "first", "dock", "start", "actions", "end", "won", "lost"]
"""``core``: every seat picks its core at once (JUP-SETUP-8). ``first``: the opener picks the first robot
(JUP-SETUP-10). ``dock``: the first robot docks the pod (JUP-SETUP-11). ``start``: the robot whose turn begins
docks the pod it launched (JUP-TURN-3). ``actions``: Player Actions. ``end``: Conversion, Invasion and Draw,
step by step (``stage``). ``won`` and ``lost`` end the game."""


def robot_code(seat: int) -> str:
    """The ``occupant`` value of a seat's robot: ``R3``."""
    return f"R{seat}"


def seat_of_code(code: str) -> int | None:
    """The seat of an ``occupant`` value, or ``None`` for a colonist or a creep."""
    return int(code[1:]) if code.startswith("R") else None


def robot_name(seat: int) -> str:
    """``the red robot``: how events name a seat (its colour, as on the pawn)."""
    return f"the {CATALOG.colour(seat)} robot"


def cap(text: str) -> str:
    """Upper-case the first letter only."""
    return text[:1].upper() + text[1:]


_RECENT: OrderedDict[int, tuple[list[Placement], list[Placement], Colony]] = OrderedDict()
_RECENT_KEPT = 64  # placements lists remembered: one per parsed state a host holds (``PARSED_GAMES``)


def _colony_of(placements: list[Placement]) -> Colony:
    """``Colony.of`` for a state's placements list, remembered by the list's identity.

    The rules ask for the colony thousands of times per action, and building the layout key costs more than
    the question. An entry holds the list itself (so its id cannot be reused) and the placements it held, so
    any change to the list (a tile destroyed, moved or popped by a test) is seen and the colony recomputed.
    """
    entry = _RECENT.get(id(placements))
    # ``==`` of two lists compares in C and takes the same object as equal at once: the check of every
    # placement stays, at a twentieth of a Python loop's cost (a placement is a value: equal ones, one colony)
    if entry is not None and entry[0] is placements and entry[1] == placements:
        return entry[2]
    colony = Colony.of(placements)
    _RECENT[id(placements)] = (placements, placements[:], colony)
    while len(_RECENT) > _RECENT_KEPT:
        _RECENT.popitem(last=False)
    return colony


class Pod(BaseModel):
    """The Evacuation Pod: where it is docked, and who is aboard (JUP-POD-*).

    ``dock`` is ``(tile, board side)`` while docked, ``None`` while away. ``launched_by`` is the seat that docks
    it at the start of its next turn (JUP-POD-5).
    """

    dock: tuple[str, int] | None = None
    colonists: int = 0
    robots: list[int] = Field(default_factory=list)
    launched_by: int | None = None
    launches: int = 0

    @property
    def load(self) -> int:
        """Pieces aboard: colonists and robots together (JUP-POD-1)."""
        return self.colonists + len(self.robots)


class Robot(BaseModel):
    """One seat's cards: its hand, its core, and the cards dealt at setup until it has picked a core."""

    hand: list[str] = Field(default_factory=list)
    core: str | None = None
    dealt: list[str] = Field(default_factory=list)
    in_play: bool = True  # False while removed by Robot Vulnerability (JUP-VAR-RV-2)


class TurnReport(BaseModel):
    """What the end of one robot's turn did, kept until the next turn ends so a player who looks at the board a
    day later still sees the roll, where creeps rose, what Suppressant protected, what blew up and what was
    drawn (none of which the pieces alone tell)."""

    turn: int
    seat: int
    roll: int | None = None
    suppressed: list[str] = Field(default_factory=list)
    invaded: list[str] = Field(default_factory=list)  # tiles that got a creep (Invasion and Surge), in order
    destroyed: list[str] = Field(default_factory=list)  # tiles that self-destructed during that turn
    drew: str | None = None  # the card drawn (an ability to hand, or a setback)
    setback: str | None = None
    setback_tiles: list[str] = Field(default_factory=list)  # plants/dishes covered, or Surge's tiles

    def clone(self) -> TurnReport:
        lists = ("suppressed", "invaded", "destroyed", "setback_tiles")
        return shallow(self, **{name: getattr(self, name)[:] for name in lists})


class JupiterState(State):
    """A whole game: options, the colony, pieces, pod, cards, counters and whose decision is pending."""

    options: JupiterOptions
    rng: Rng
    phase: Phase = "core"
    turn: int = 0
    step: int = 0
    active: int = 0
    first: int | None = None
    placements: list[Placement]
    out_of_game: str
    occupant: dict[str, str]
    super_creeps: list[str] = Field(default_factory=list)
    destroyed: list[str] = Field(default_factory=list)
    robots: list[Robot]
    deck: list[str]
    discard: list[str] = Field(default_factory=list)
    pod: Pod = Field(default_factory=Pod)
    placed: int
    saved: int = 0
    lost: int = 0
    chain: list[str] = Field(default_factory=list)  # answers so far in a multi-step decision
    spent: int = 0  # actions spent this turn
    in_force: list[str] = Field(default_factory=list)  # Single Turn cards played from hand this turn
    cores_used: list[str] = Field(default_factory=list)  # Once Per Turn cores used this turn
    doubled: list[str] = Field(default_factory=list)  # abilities used as a double this turn (JUP-COMBO-9)
    stage: str = ""  # the next step of the end of the turn (see ``turn.py``)
    roll: int | None = None  # this turn's invasion roll
    suppressed: list[str] = Field(default_factory=list)  # tiles protected by Suppressant this turn
    queue: list[str] = Field(default_factory=list)  # tiles still to get one creep, in order
    invaded: list[str] = Field(default_factory=list)  # tiles that got a creep from this turn's Invasion
    drawn: str | None = None  # the setback being resolved
    recore: list[int] = Field(default_factory=list)  # returned robots choosing a new core (JUP-VAR-RV-4)
    redock: bool = False  # the pod's tile blew up: the active robot docks it again at once (JUP-GAP-POD-5)
    result: str = ""  # how the game ended, once it has
    sent_back_at_setup: list[str] = Field(default_factory=list)  # setbacks dealt face up, now at the bottom
    # Added after the first release; every default keeps older snapshots loadable (see tests/jupiter/test_view.py).
    drew: str | None = None  # the card this turn's Draw took (``drawn`` is cleared once a setback is resolved)
    setback: str | None = None  # the setback drawn this turn, kept after it is resolved until the turn ends
    setback_tiles: list[str] = Field(default_factory=list)  # what it hit: plants/dishes covered, Surge's tiles
    destroyed_before: int | None = None  # len(destroyed) when this turn began; None in snapshots from before
    last_turn: TurnReport | None = None  # the previous robot turn's report
    owners: list[int] = Field(default_factory=list)  # the seat playing each robot; empty = robot i is seat i

    def clone(self) -> JupiterState:
        """An independent copy for ``apply`` to work on; the generator is copied as an object so that a
        test's ``RiggedRng`` keeps its queued draws. Copied by hand (every list, dict and model, through
        ``engine.core.copies.shallow`` rather than ``model_copy``; strings, numbers, the frozen options and
        placements shared): a fifth of the JSON round trip it replaces, and the placements it keeps let the
        colony be found again without being worked out. ``tests/test_engine_copies.py`` fails if a
        part a move changes is left shared."""
        last = self.last_turn
        return shallow(
            self,
            # the options are frozen: shared
            rng=self.rng.clone(),
            placements=self.placements[:],  # the placements themselves are frozen values
            occupant=dict(self.occupant),
            super_creeps=self.super_creeps[:],
            destroyed=self.destroyed[:],
            robots=[shallow(r, hand=r.hand[:], dealt=r.dealt[:]) for r in self.robots],
            deck=self.deck[:],
            discard=self.discard[:],
            pod=shallow(self.pod, robots=self.pod.robots[:]),
            chain=self.chain[:],
            in_force=self.in_force[:],
            cores_used=self.cores_used[:],
            doubled=self.doubled[:],
            suppressed=self.suppressed[:],
            queue=self.queue[:],
            invaded=self.invaded[:],
            recore=self.recore[:],
            sent_back_at_setup=self.sent_back_at_setup[:],
            setback_tiles=self.setback_tiles[:],
            last_turn=None if last is None else last.clone(),
            owners=self.owners[:],
        )

    @property
    def players(self) -> int:
        """Robots in the game (the engine's "seats" are robots; ``owner`` maps them to the players' seats)."""
        return len(self.robots)

    @property
    def seats(self) -> int:
        """Players at the table: one per robot unless some play several (the ``robots`` option)."""
        return max(self.owners) + 1 if self.owners else len(self.robots)

    def owner(self, robot: int) -> int:
        """The seat (Discord player) that plays ``robot``."""
        return self.owners[robot] if self.owners else robot

    def robots_of(self, seat: int) -> list[int]:
        """The robots ``seat`` plays, in turn order."""
        return [r for r in range(len(self.robots)) if self.owner(r) == seat]

    def destroyed_this_turn(self) -> list[str]:
        """Tiles that self-destructed since this turn began (none known for a snapshot from before the count)."""
        if self.destroyed_before is None:
            return []
        return list(self.destroyed[self.destroyed_before :])

    @property
    def colony(self) -> Colony:
        """The geometry of the tiles in play (cached per layout, and per placements list: see ``_colony_of``)."""
        return _colony_of(self.placements)

    def prompt_id(self, kind: str) -> str:
        """The id of the next sequential prompt: ``t3.12.move``."""
        return f"t{self.turn}.{self.step}.{kind}"

    def where_is(self, seat: int) -> str | None:
        """A robot's dome, ``"pod"`` when aboard, or ``None`` when removed from play."""
        if seat in self.pod.robots:
            return "pod"
        code = robot_code(seat)
        for dome, piece in self.occupant.items():
            if piece == code:
                return dome
        return None

    def pieces_on(self, tile: str, piece: str) -> list[str]:
        """Domes of ``tile`` holding ``piece`` (``COLONIST``, ``CREEP`` or a robot code), in dome order."""
        return [d for d in self.colony.spaces_of(tile) if self.occupant.get(d) == piece]

    def colonists_on_board(self) -> int:
        return list(self.occupant.values()).count(COLONIST)  # counted in C: views and rules ask often

    def creeps_on_board(self) -> int:
        return list(self.occupant.values()).count(CREEP)

    def robots_on(self, tile: str) -> list[int]:
        """Seats whose robot stands on a dome of ``tile`` (aboard the pod does not count here)."""
        seats = []
        for dome, piece in self.occupant.items():
            seat = seat_of_code(piece)
            if seat is not None and tile_of(dome) == tile:
                seats.append(seat)
        return sorted(seats)
