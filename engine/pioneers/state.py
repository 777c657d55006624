"""The state of a Cosmic Pioneers game and the board queries every rule needs.

Encoding, kept compact because a state is stored after every action:

- a **lifeform** on a spot is a seat digit for a colonist (``"0"`` .. ``"3"``) or an alien letter
  (``W`` worm, ``S`` slime, ``Q`` squid, ``L`` lizard, ``B`` bug); ``None`` is an empty spot;
- a **cargo item** is ``"C"`` (one of the owner's colonists: players load only their own, PIO-GAP-17), an
  alien letter, or ``"g-<origin>"`` for a good (origin a colour or ``jumpgate``, PIO-GAP-21);
- the **ring** is a list of sectors, slot 0 the Jumpgate, slots clockwise (PIO-GAP-2).

Spots are numbered 1..n for players (leftmost 1) and stored 0-based.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Rng, State
from engine.core.copies import shallow as _copy

from .catalog import CATALOG, AlienType, Attribute, Colour, Planet, Scenario

ALIEN_LETTER: dict[AlienType, str] = {"worm": "W", "slime": "S", "squid": "Q", "lizard": "L", "bug": "B"}
LETTER_ALIEN: dict[str, AlienType] = {v: k for k, v in ALIEN_LETTER.items()}
COLONIST = "C"

SectorKind = Literal["jumpgate", "trade_post", "belt", "planet"]
Phase = Literal["commander", "upgrade", "draft", "play", "over"]


def is_alien(item: str | None) -> bool:
    return item is not None and item in LETTER_ALIEN


def is_colonist(item: str | None) -> bool:
    return item is not None and item.isdigit()


def is_good(item: str) -> bool:
    return item.startswith("g-")


def good(origin: str) -> str:
    return f"g-{origin}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 colonist`` / ``2 colonists``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


class Sector(BaseModel):
    """One sector of the ring. A planet keeps its spots (lifeforms or ``None``) and the goods left on it."""

    kind: SectorKind
    planet: str | None = None
    destroyed: bool = False
    spots: list[str | None] = Field(default_factory=list)
    goods: list[str] = Field(default_factory=list)  # origins of the goods lying here (PIO-GOODS-3)

    @property
    def is_planet(self) -> bool:
        """A live planet: ships may stop here and it has spots (a destroyed one is a belt, PIO-GAP-12)."""
        return self.kind == "planet" and not self.destroyed

    @property
    def is_belt(self) -> bool:
        return self.kind == "belt" or (self.kind == "planet" and self.destroyed)

    @property
    def info(self) -> Planet:
        assert self.planet is not None
        return CATALOG.planet(self.planet)

    def empty_spots(self) -> list[int]:
        return [i for i, s in enumerate(self.spots) if s is None]

    def colonists(self) -> list[int]:
        return [i for i, s in enumerate(self.spots) if is_colonist(s)]

    def aliens(self, letter: str | None = None) -> list[int]:
        return [i for i, s in enumerate(self.spots) if is_alien(s) and (letter is None or s == letter)]


class Player(BaseModel):
    seat: int
    commander: str | None = None
    levels: dict[Attribute, int] = {"weapons": 1, "cargo": 1, "bombs": 1, "engines": 1}
    credits: int = 0
    reserve: int = 0
    cargo: list[str] = Field(default_factory=list)
    at: int = 0
    crashed: bool = False
    free_upgrade: Attribute | None = None
    rerolls_used: int = 0  # Sato's re-rolls so far (the data may limit them a game: ``rerolls_per_game``)

    def slots(self) -> int:
        return CATALOG.level_value("cargo", self.levels["cargo"])

    def free_slots(self) -> int:
        return self.slots() - len(self.cargo)

    def carries_aliens(self) -> bool:
        return CATALOG.components.attributes.cargo_aliens[self.levels["cargo"] - 1]


class Combat(BaseModel):
    """A combat in progress: the attacker, the defenders still to fight (PIO-GAP-13), the current dice."""

    attacker: int
    at: int
    defenders: list[int]
    defender: int | None = None
    rolls: list[int] | None = None  # [attacker's d6, defender's d6]
    kade_asked: bool = False


class Crash(BaseModel):
    """A ship crash landing (PIO-CRASH-*): from where, where to once chosen, lifeforms still to unload."""

    seat: int
    origin: int
    site: int | None = None
    started: bool = False


TurnStage = Literal[
    "start",
    "move",
    "after_move",
    "adventure",
    "sato",
    "adv_result",
    "jg_dispose",
    "jg_upgrade",
    "jg_load",
    "jg_goods",
    "deploy",
    "fraser_spot",
    "bombard",
    "bomb_kind",
    "end",
]


class Turn(BaseModel):
    """One captain's turn in progress."""

    seat: int
    stage: TurnStage = "start"
    roll: int | None = None
    sato_used: bool = False
    crashed: bool = False  # crash landed this turn: nothing more this turn (PIO-CRASH-9, see crash_ends_turn)
    adventured: bool = False
    loaded: list[str] = Field(default_factory=list)  # items loaded this Deployment phase (each item moves once a phase)
    placed: list[int] = Field(default_factory=list)  # spots filled by unloading this Deployment phase
    dropped: list[str] = Field(default_factory=list)  # goods unloaded onto this sector this Deployment phase
    unloading: str | None = None  # Fraser: the item whose spot he is choosing
    bomb_roll: int | None = None


class Stats(BaseModel):
    """Counters for the balance table (public: everything they count happened in the open)."""

    killed: dict[str, int] = {"alien": 0, "bomb": 0, "crash": 0, "adventure": 0}
    jumpgate_turns: int = 0
    turns: int = 0


class PioneersState(State):
    """A whole game. ``order`` lists the seats clockwise (seat order); ``first`` holds the first player token."""

    phase: Phase = "commander"
    seats: int = 2
    scenario: str
    setup_aliens: list[AlienType] = Field(default_factory=list)
    players: list[Player] = Field(default_factory=list)
    first: int = 0
    round: int = 0
    ring: list[Sector] = Field(default_factory=list)
    pool: list[str] = Field(default_factory=list)  # planets still to place in the draft
    belts_left: int = 0
    draft_turn: int = 0  # how many tiles have been placed in the draft
    deck: list[AlienType] = Field(default_factory=list)  # the event deck, top first (hidden order)
    discards: list[AlienType] = Field(default_factory=list)
    supply: dict[AlienType, int] = Field(default_factory=dict)
    goods_supply: int = 0
    unused_tiles: list[str] = Field(default_factory=list)  # planet tiles not on the table (hidden)
    turn_order: list[int] = Field(default_factory=list)  # this round's seats, first player first
    turn_index: int = 0
    current: Turn | None = None
    combat: Combat | None = None
    crashes: list[Crash] = Field(default_factory=list)
    decisions: int = 0  # answers taken so far: makes every prompt id unique
    ended_early: bool = False
    stats: Stats = Stats()
    rng: Rng
    # PIO-CRASH-9 as printed (engine pioneers-3): a captain who crash lands in his own turn ends it there, with
    # no adventure at the crash site. A game stored by an earlier engine has no such field and keeps the rule
    # it began with (the losing attacker adventured at his crash site).
    crash_ends_turn: bool = False

    def clone(self) -> PioneersState:
        """An independent copy for ``apply``; the generator is copied as an object so a test's ``RiggedRng``
        keeps its queued draws. Copied by hand, every list, dict and model (strings and numbers shared), without
        pydantic's per-model ``model_copy`` (``engine.core.copies.shallow``): half the JSON round trip it
        replaces.
        ``tests/test_engine_copies.py`` fails if a part a move changes is left shared."""
        current, combat = self.current, self.combat
        return _copy(
            self,
            setup_aliens=self.setup_aliens[:],
            players=[_copy(p, levels=dict(p.levels), cargo=p.cargo[:]) for p in self.players],
            ring=[_copy(s, spots=s.spots[:], goods=s.goods[:]) for s in self.ring],
            pool=self.pool[:],
            deck=self.deck[:],
            discards=self.discards[:],
            supply=dict(self.supply),
            unused_tiles=self.unused_tiles[:],
            turn_order=self.turn_order[:],
            current=None
            if current is None
            else _copy(current, loaded=current.loaded[:], placed=current.placed[:], dropped=current.dropped[:]),
            combat=None
            if combat is None
            else _copy(combat, defenders=combat.defenders[:], rolls=None if combat.rolls is None else combat.rolls[:]),
            crashes=[_copy(c) for c in self.crashes],
            stats=_copy(self.stats, killed=dict(self.stats.killed)),
            rng=self.rng.clone(),
        )

    # -- look-ups -------------------------------------------------------------------------------------------
    def player(self, seat: int) -> Player:
        return self.players[seat]

    @property
    def rules(self) -> Scenario:
        """The scenario card in play (its rule changes)."""
        return CATALOG.scenario(self.scenario)

    def last_seat(self) -> int:
        """The last player in turn order: the one to the first player's right."""
        return (self.first - 1) % self.seats

    def sector_name(self, slot: int) -> str:
        """How the board labels a sector: ``3 Ravan``, ``0 Jumpgate``, ``5 belt``."""
        sector = self.ring[slot]
        if sector.kind == "jumpgate":
            return f"{slot} Jumpgate"
        if sector.kind == "trade_post":
            return f"{slot} Trade Post"
        if sector.kind == "belt":
            return f"{slot} belt"
        name = sector.info.name
        return f"{slot} {name} (gone)" if sector.destroyed else f"{slot} {name}"

    def planet_slots(self) -> list[int]:
        """Live planets in ring order clockwise from the Jumpgate (PIO-GAP-11)."""
        return [i for i, s in enumerate(self.ring) if s.is_planet]

    def colour_of(self, slot: int) -> Colour:
        return self.ring[slot].info.colour

    def ships_at(self, slot: int) -> list[int]:
        return [p.seat for p in self.players if p.at == slot]

    def controller(self, slot: int) -> int | None:
        """Who controls a planet now (PIO-CONTROL-1..4, derived each time: PIO-GAP-23)."""
        sector = self.ring[slot]
        if not sector.is_planet:
            return None
        counts = [0] * self.seats
        for spot in sector.spots:
            if is_colonist(spot):
                assert spot is not None
                counts[int(spot)] += 1
        if sum(counts) < sector.info.green:
            return None
        top = max(counts)
        leaders = [seat for seat, n in enumerate(counts) if n == top]
        return leaders[0] if len(leaders) == 1 else None

    def controlled_by(self, seat: int) -> list[int]:
        return [slot for slot in self.planet_slots() if self.controller(slot) == seat]

    def colonists_on_planets(self, seat: int) -> int:
        mark = str(seat)
        return sum(1 for s in self.ring if s.is_planet for spot in s.spots if spot == mark)


def distance(a: int, b: int, size: int) -> int:
    """Steps between two slots the short way round the ring."""
    d = abs(a - b) % size
    return min(d, size - d)
