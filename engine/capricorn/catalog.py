"""Abandon Capricorn's components as data: the ship, the cards and the numbers, read from ``data/capricorn``.

The files are validated when this module is imported, so a typo stops the bot at start-up with a sentence
naming the file and the field (``data/capricorn/cards.toml: legendary.2.copies: …``) instead of surfacing
mid-game. The rules hard-code what an action *does*; every count, value and map feature lives in the data.

Every physical card gets a short stable id built from the data, in file order: starter cards ``E1``..``E10``
(the role's letter; 1–6 are the common cards, 7–10 the role's own), legendary cards ``L1``..``L25``, med
kits ``K1``.., flamethrowers ``F1``.., spare parts ``P1``..``P7`` (one per main room, in ship order), jump
scares ``J1``.., repair cards ``R1``.., event cards ``V1``... The ids are what a state stores and what a
choice id names, so they must stay short (a choice id is at most 24 characters).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from engine.core.data import DATA_ROOT, DataError, StrictModel, load_file

__all__ = ["CATALOG", "DATA_DIR", "Catalog", "DataError"]

from .terms import (
    ALIEN_COLORS,
    DIFFICULTIES,
    LANES,
    MOTHER_COLORS,
    RINGS,
    ROLES,
    TABLES,
    AlienColor,
    Difficulty,
    MotherColor,
    RingKey,
    RoleKey,
    RotatingRing,
    Symbol,
    Table,
)

DATA_DIR = DATA_ROOT / "capricorn"


# --- ship.toml -------------------------------------------------------------------------------------------


def _parse_local(code: str, width: int) -> tuple[str, int]:
    """``"o7"`` -> ``("o", 7)``, checked against the room width."""
    lane, digits = code[:1], code[1:]
    if lane not in LANES or not digits.isdigit():
        raise ValueError(f"{code!r} is not a space: write a lane (i or o) and a column, like 'i3'")
    col = int(digits)
    if not 0 <= col < width:
        raise ValueError(f"{code!r}: column {col} is outside the room (columns 0 to {width - 1})")
    return lane, col


class RoomData(StrictModel):
    key: str = Field(pattern=r"^[A-Z]{2,8}$")
    name: str


class Layout(StrictModel):
    """The features of every room of a ring, room-relative (CAP-G-MAP-4)."""

    width: int = Field(gt=1)
    doors_in: tuple[str, ...]
    doors_out: tuple[str, ...]
    breaches: tuple[str, ...]
    hiding: tuple[str, ...]
    repair: tuple[str, ...]
    dots: tuple[str, ...]

    @model_validator(mode="after")
    def _spaces_exist(self) -> Layout:
        for name in ("doors_in", "doors_out", "breaches", "hiding", "repair", "dots"):
            codes: tuple[str, ...] = getattr(self, name)
            for code in codes:
                try:
                    _parse_local(code, self.width)
                except ValueError as exc:
                    raise ValueError(f"{name}: {exc}") from None
            if len(set(codes)) != len(codes):
                raise ValueError(f"{name} lists a space twice")
        if any(not c.startswith("i") for c in self.doors_in):
            raise ValueError("doors_in must be on lane i (they face the ring inside, or the pod)")
        if any(not c.startswith("o") for c in self.doors_out):
            raise ValueError("doors_out must be on lane o (they face the ring outside)")
        if len(self.repair) > 1:
            raise ValueError("a room has at most one repair space")
        if not self.breaches:
            raise ValueError("every room needs at least one breach")
        return self


class RingData(StrictModel):
    key: RingKey
    name: str
    rotates: bool
    main_rooms: bool  # own room deck and spare part; otherwise the shared Offices/Bridge deck
    rooms: tuple[RoomData, ...]
    layout: Layout


class ShipFile(StrictModel):
    """``ship.toml``: three rings from the centre outward, the pod's sockets, columns and rotation marks."""

    columns: int
    marks: int
    pod_doors: tuple[int, ...]
    rings: tuple[RingData, ...]

    @model_validator(mode="after")
    def _geometry(self) -> ShipFile:
        if tuple(r.key for r in self.rings) != RINGS:
            raise ValueError(f"rings must be {', '.join(RINGS)}, in that order (from the centre outward)")
        if self.columns % self.marks:
            raise ValueError("columns must be a multiple of marks (a mark turns a ring by whole columns)")
        for ring in self.rings:
            if ring.layout.width * len(ring.rooms) != self.columns:
                raise ValueError(f"{ring.key}: width × rooms must equal columns ({self.columns})")
        if self.rings[-1].rotates:
            raise ValueError("the outer ring never rotates (CAP-MAP-3)")
        if self.rings[-1].layout.doors_out:
            raise ValueError("the outer ring has no doors outward: outside is the hull")
        for inner, outer in zip(self.rings, self.rings[1:], strict=False):
            if not inner.layout.doors_out or not outer.layout.doors_in:
                raise ValueError(f"{inner.key} and {outer.key} need door sockets facing each other")
        if not self.rings[0].layout.doors_in or not self.pod_doors:
            raise ValueError("the inner ring and the pod need door sockets facing each other")
        if any(not 0 <= c < self.columns for c in self.pod_doors):
            raise ValueError("pod_doors must be columns of the ship")
        keys = [room.key for ring in self.rings for room in ring.rooms]
        if len(set(keys)) != len(keys):
            raise ValueError("two rooms share a key")
        for ring in self.rings:
            if ring.main_rooms and len(ring.layout.repair) != 1:
                raise ValueError(f"{ring.key}: main rooms need one repair space for their spare part")
        return self


# --- cards.toml ------------------------------------------------------------------------------------------


class Option(StrictModel):
    """One action type printed on a card: its symbol and how many actions of it (CAP-ACT-4)."""

    symbol: Symbol
    count: int = Field(default=1, ge=1)

    @property
    def label(self) -> str:
        return self.symbol.capitalize() if self.count == 1 else f"{self.symbol.capitalize()} ×{self.count}"


class CardText(StrictModel):
    name: str
    options: tuple[Option, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_option_per_symbol(self) -> CardText:
        symbols = [o.symbol for o in self.options]
        if len(set(symbols)) != len(symbols):
            raise ValueError("a card lists each symbol at most once")
        if any(o.symbol in ("hide", "power") and o.count != 1 for o in self.options):
            raise ValueError("hide and power are single actions (count 1)")
        return self


class RoleData(StrictModel):
    name: str
    letter: str = Field(pattern=r"^[A-Z]$")
    power: str
    cards: tuple[CardText, ...]


class LegendaryData(CardText):
    copies: int = Field(ge=1)


class ItemsData(StrictModel):
    med_kit_heals: tuple[int, ...]
    flamethrowers: int = Field(ge=0)
    flamethrower_damage: int = Field(ge=1)
    flamethrower_radius: int = Field(ge=1)


class RepairData(StrictModel):
    kind: Literal["done", "rotate", "jump_scare"]
    copies: int = Field(default=1, ge=1)
    ring: RotatingRing | None = None
    alien: AlienColor | None = None
    damage: int = 0

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> RepairData:
        if (self.kind == "rotate") != (self.ring is not None):
            raise ValueError("ring is required for, and only for, a rotate repair card")
        if (self.kind == "jump_scare") != (self.alien is not None):
            raise ValueError("alien is required for, and only for, a jump_scare repair card")
        return self


class EventData(StrictModel):
    kind: Literal["aliens_here", "aliens_in", "mother", "rotate"]
    # the card's title for narration and the board; an aliens_in row makes one card per room, so its name
    # carries ``{room}``, filled with each room's name
    name: str = Field(min_length=1, max_length=40)
    copies: int = Field(default=1, ge=1)
    rooms: tuple[str, ...] = ()  # aliens_in: one card per room named
    mother: MotherColor | None = None
    ring: RotatingRing | None = None

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> EventData:
        if (self.kind == "aliens_in") != bool(self.rooms):
            raise ValueError("rooms is required for, and only for, aliens_in events")
        if self.kind == "aliens_in" and self.copies != 1:
            raise ValueError("aliens_in makes one card per room named; leave copies out")
        if (self.kind == "mother") != (self.mother is not None):
            raise ValueError("mother is required for, and only for, a mother event")
        if (self.kind == "rotate") != (self.ring is not None):
            raise ValueError("ring is required for, and only for, a rotate event")
        if (self.kind == "aliens_in") != ("{room}" in self.name):
            raise ValueError("name carries {room} for, and only for, aliens_in events (one card per room)")
        return self


class CardsFile(StrictModel):
    """``cards.toml``."""

    common: tuple[CardText, ...]
    roles: dict[RoleKey, RoleData]
    legendary: tuple[LegendaryData, ...]
    items: ItemsData
    jump_scares: tuple[AlienColor | Literal["green"], ...]
    repair: tuple[RepairData, ...]
    events: tuple[EventData, ...]

    @model_validator(mode="after")
    def _complete(self) -> CardsFile:
        if set(self.roles) != set(ROLES):
            raise ValueError(f"roles must describe each of {', '.join(ROLES)}")
        letters = [r.letter for r in self.roles.values()]
        if len(set(letters)) != len(letters):
            raise ValueError("two roles share a letter")
        sizes = {len(self.common) + len(r.cards) for r in self.roles.values()}
        if len(sizes) != 1:
            raise ValueError("every role's starter deck must have the same size")
        if (
            sum(1 for r in self.repair if r.kind == "done") != 1
            or next(r for r in self.repair if r.kind == "done").copies < 2
        ):
            raise ValueError("the repair deck needs one 'done' entry with at least 2 copies (CAP-REPAIR-4)")
        return self


# --- rules.toml ------------------------------------------------------------------------------------------


class TableNumbers(StrictModel):
    """One difficulty's numbers in one table (CAP-G-DIFF-1): required repairs, starting threat by crew size, and
    the white die (CAP-G-DICE-1) for every crew size (a list) or for the crew sizes a table names
    (``{ 4 = [...] }``); the others roll ``[dice] alien``."""

    repairs: int = Field(ge=1)
    threat: dict[int, int]
    alien_die: tuple[int, ...] | dict[int, tuple[int, ...]] | None = None

    def dice_by_crew(self) -> dict[int, tuple[int, ...]]:
        """The crew sizes whose white die this table sets, with that die."""
        if self.alien_die is None:
            return {}
        if isinstance(self.alien_die, dict):
            return dict(self.alien_die)
        return dict.fromkeys(self.threat, self.alien_die)


class DifficultyData(StrictModel):
    """A difficulty: its name, whether the black Mother is in the bag (CAP-SETUP-7), and its numbers in each
    table: ``printed`` (the rulebook's, ours where it prints none) and ``tuned`` (ours, by self-play)."""

    name: str
    black_mother: bool
    printed: TableNumbers
    tuned: TableNumbers

    def numbers(self, table: Table) -> TableNumbers:
        """This difficulty's numbers in ``table``."""
        return self.printed if table == "printed" else self.tuned


class DiceData(StrictModel):
    alien: tuple[int, ...] = Field(min_length=1)
    mother: tuple[int, ...] = Field(min_length=1)


class AlienData(StrictModel):
    name: str
    letter: str = Field(pattern=r"^[A-Z]$")
    health: int = Field(ge=1)
    damage: int = Field(ge=0)
    speed: int = Field(ge=1)
    in_bag: int = Field(ge=0)


class MotherData(StrictModel):
    name: str
    health: int = Field(ge=1)
    damage: int = Field(ge=0)


class ActionNumbers(StrictModel):
    hit_damage: int
    shoot_damage: int
    grenade_damage: int
    grenade_range: int
    soldier_damage: int
    medic_self_heal: int
    medic_other_heal: int
    cube_damage: int
    cubes: int
    scout_dash: int


class RulesFile(StrictModel):
    """``rules.toml``."""

    hand_size: int = Field(ge=1)
    character_health: int = Field(ge=1)
    threat_max: int = Field(ge=1)
    pass_cost: int = Field(ge=0)
    legendary_per_room: int = Field(ge=0)
    difficulty: dict[Difficulty, DifficultyData]
    dice: DiceData
    aliens: dict[AlienColor, AlienData]
    mothers: dict[MotherColor, MotherData]
    actions: ActionNumbers

    @model_validator(mode="after")
    def _complete(self) -> RulesFile:
        if set(self.difficulty) != set(DIFFICULTIES):
            raise ValueError(f"difficulty must describe each of {', '.join(DIFFICULTIES)}")
        for key, diff in self.difficulty.items():
            for table in TABLES:
                self._check_numbers(f"difficulty.{key}.{table}", diff.numbers(table))
        if set(self.aliens) != set(ALIEN_COLORS) or set(self.mothers) != set(MOTHER_COLORS):
            raise ValueError("aliens must describe yellow, blue and red; mothers black and green")
        return self

    def _check_numbers(self, where: str, numbers: TableNumbers) -> None:
        """A sentence naming ``where`` if a table's threat or die cannot be played."""
        if sorted(numbers.threat) != [2, 3, 4, 5]:
            raise ValueError(f"{where}.threat must give the threat for 2, 3, 4 and 5 characters")
        if any(not 1 <= t <= self.threat_max for t in numbers.threat.values()):
            raise ValueError(f"{where}.threat must lie on the track (1 to threat_max)")
        dice = numbers.dice_by_crew()
        if not set(dice) <= {2, 3, 4, 5}:
            raise ValueError(f"{where}.alien_die may name only crews of 2, 3, 4 and 5 characters")
        if any(not die or min(die) < 0 for die in dice.values()):
            raise ValueError(f"{where}.alien_die must list at least one face, none below 0")

    def numbers(self, table: Table, difficulty: Difficulty) -> TableNumbers:
        """The repairs, threat and dice of ``difficulty`` in ``table`` (CAP-G-DIFF-1)."""
        return self.difficulty[difficulty].numbers(table)

    def alien_die(self, table: Table, difficulty: Difficulty, characters: int) -> tuple[int, ...]:
        """The white die a crew of ``characters`` rolls on ``difficulty`` in ``table`` (CAP-G-DICE-1): the table's
        own ``alien_die`` for that crew size, else the printed one."""
        return self.numbers(table, difficulty).dice_by_crew().get(characters, self.dice.alien)


# --- card instances --------------------------------------------------------------------------------------


class ActionCard(StrictModel):
    """A starter or legendary action card."""

    id: str
    name: str
    options: tuple[Option, ...]
    role: RoleKey | None = None  # the starter deck it belongs to; None for a legendary card

    @property
    def label(self) -> str:
        """``Sprint (Move ×4 / Hide)``: the name and every option, as a hand lists it."""
        return f"{self.name} ({' / '.join(o.label for o in self.options)})"

    def option(self, symbol: Symbol) -> Option | None:
        return next((o for o in self.options if o.symbol == symbol), None)


FoundKind = Literal["legendary", "med_kit", "flamethrower", "part", "jump_scare"]


class FoundCard(StrictModel):
    """A card of a room deck other than a legendary action card: an item, a spare part or a jump scare."""

    id: str
    kind: Literal["med_kit", "flamethrower", "part", "jump_scare"]
    name: str
    value: int = 0  # a med kit's heal, a flamethrower's damage
    room: str | None = None  # the room a spare part is fitted in (CAP-MAP-11)
    alien: AlienColor | Literal["green"] | None = None  # what a jump scare brings in


class RepairCard(StrictModel):
    id: str
    kind: Literal["done", "rotate", "jump_scare"]
    ring: RotatingRing | None = None
    alien: AlienColor | None = None
    damage: int = 0

    @property
    def name(self) -> str:
        if self.kind == "done":
            return "50% done"
        if self.kind == "rotate":
            return f"Rotate the {self.ring} ring"
        return f"Jump scare ({self.alien} alien, {self.damage} damage)"


class EventCard(StrictModel):
    id: str
    name: str  # "Hull Breach: Cargo Bay"
    kind: Literal["aliens_here", "aliens_in", "mother", "rotate"]
    room: str | None = None
    mother: MotherColor | None = None
    ring: RotatingRing | None = None


class Catalog:
    """The three files, loaded and cross-checked, with every card instance and the look-ups the rules need."""

    def __init__(self, data_dir: Path = DATA_DIR) -> None:
        self.ship = load_file(data_dir / "ship.toml", ShipFile)
        cards = load_file(data_dir / "cards.toml", CardsFile)
        self.rules = load_file(data_dir / "rules.toml", RulesFile)
        self.roles: dict[RoleKey, RoleData] = dict(cards.roles)
        self.main_rooms: tuple[str, ...] = tuple(
            room.key for ring in self.ship.rings if ring.main_rooms for room in ring.rooms
        )
        self.shared_rooms: tuple[str, ...] = tuple(
            room.key for ring in self.ship.rings if not ring.main_rooms for room in ring.rooms
        )
        all_rooms = {room.key for ring in self.ship.rings for room in ring.rooms}
        cards_path = data_dir / "cards.toml"

        self.actions: dict[str, ActionCard] = {}
        self.starter: dict[RoleKey, tuple[str, ...]] = {}
        for role in ROLES:
            data = cards.roles[role]
            ids = []
            for n, text in enumerate((*cards.common, *data.cards), start=1):
                card = ActionCard(id=f"{data.letter}{n}", name=text.name, options=text.options, role=role)
                self.actions[card.id] = card
                ids.append(card.id)
            self.starter[role] = tuple(ids)
        legendary: list[str] = []
        for data_l in cards.legendary:
            for _ in range(data_l.copies):
                card = ActionCard(id=f"L{len(legendary) + 1}", name=data_l.name, options=data_l.options)
                self.actions[card.id] = card
                legendary.append(card.id)
        self.legendary: tuple[str, ...] = tuple(legendary)

        found: dict[str, FoundCard] = {}
        items = cards.items
        for n, heal in enumerate(items.med_kit_heals, start=1):
            found[f"K{n}"] = FoundCard(id=f"K{n}", kind="med_kit", name=f"Med kit (heals {heal})", value=heal)
        for n in range(1, items.flamethrowers + 1):
            found[f"F{n}"] = FoundCard(
                id=f"F{n}", kind="flamethrower", name="Flamethrower", value=items.flamethrower_damage
            )
        names = {room.key: room.name for ring in self.ship.rings for room in ring.rooms}
        for n, room in enumerate(self.main_rooms, start=1):
            found[f"P{n}"] = FoundCard(id=f"P{n}", kind="part", name=f"Spare part: {names[room]}", room=room)
        for n, alien in enumerate(cards.jump_scares, start=1):
            what = "Green Mother" if alien == "green" else f"{self.rules.aliens[alien].name} alien"
            found[f"J{n}"] = FoundCard(id=f"J{n}", kind="jump_scare", name=f"Jump scare: {what}", alien=alien)
        self.found = found
        self.flamethrower_radius = items.flamethrower_radius

        repair: list[RepairCard] = []
        for data_r in cards.repair:
            for _ in range(data_r.copies):
                repair.append(
                    RepairCard(
                        id=f"R{len(repair) + 1}",
                        kind=data_r.kind,
                        ring=data_r.ring,
                        alien=data_r.alien,
                        damage=data_r.damage,
                    )
                )
        self.repair: dict[str, RepairCard] = {c.id: c for c in repair}

        events: list[EventCard] = []
        for index, data_e in enumerate(cards.events):
            for room in data_e.rooms:
                if room not in all_rooms:
                    raise DataError(f"{cards_path}: events.{index}.rooms: there is no room {room!r}")
            for _ in range(data_e.copies):
                for room_or_none in data_e.rooms or (None,):
                    events.append(
                        EventCard(
                            id=f"V{len(events) + 1}",
                            name=data_e.name.replace("{room}", names[room_or_none] if room_or_none else ""),
                            kind=data_e.kind,
                            room=room_or_none,
                            mother=data_e.mother,
                            ring=data_e.ring,
                        )
                    )
        self.events: dict[str, EventCard] = {c.id: c for c in events}
        self._cross_check(cards, cards_path)

    def _cross_check(self, cards: CardsFile, cards_path: Path) -> None:
        """The room decks must come out at one spare part, one jump scare and one item per main room."""
        n = len(self.main_rooms)
        kits = len(cards.items.med_kit_heals) + cards.items.flamethrowers
        if len(cards.jump_scares) != n or kits != n:
            raise DataError(f"{cards_path}: jump_scares and items must each make one card per main room ({n})")
        if cards.jump_scares.count("green") != 1:
            raise DataError(f"{cards_path}: jump_scares: exactly one must be the green Mother (CAP-JUMP-5)")
        shared = len(self.legendary) - n * self.rules.legendary_per_room
        if shared < 0:
            raise DataError(f"{cards_path}: legendary: too few cards to deal legendary_per_room to each main room")
        self.shared_deck_size = shared

    # --- look-ups

    def action(self, card_id: str) -> ActionCard:
        return self.actions[card_id]

    def found_kind(self, card_id: str) -> FoundKind:
        """What a room-deck card is, as the searcher's public event names it (CAP-SEARCH-*)."""
        if card_id in self.actions:
            return "legendary"
        return self.found[card_id].kind

    def card_name(self, card_id: str) -> str:
        """A readable name for any card id."""
        if card_id in self.actions:
            return self.actions[card_id].name
        if card_id in self.found:
            return self.found[card_id].name
        if card_id in self.repair:
            return self.repair[card_id].name
        if card_id in self.events:
            return self.events[card_id].name
        return card_id

    def role_of_letter(self, letter: str) -> RoleKey:
        return next(role for role, data in self.roles.items() if data.letter == letter)


CATALOG = Catalog()
