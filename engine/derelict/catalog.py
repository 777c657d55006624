"""Derelict's components as data, read from ``data/derelict/*.toml`` and checked when this module is imported.

A broken file stops the bot at start-up with a sentence naming the file and the field instead of surfacing
mid-game. The checks are the ones the digest asks for (§2): four exits per room and corridors that meet at
both ends, a connected ship, 7 hatches per duct; decks with the digest's counts; the 15 tasks. The rules
code reads names, costs, counts and tables from here and hard-codes only what each effect *does*.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from engine.core.data import DATA_ROOT, DataError, StrictModel, load_file

DATA_DIR = DATA_ROOT / "derelict"

Colour = Literal["red", "yellow", "green", "grey", "none"]
Timing = Literal["oc", "ic", "any"]
ItemDeck = Literal["military", "technical", "medical"]
Component = Literal["chem", "cloth", "power", "med", "tool"]
IntruderType = Literal["larva", "crawler", "hunter", "brooder", "matriarch"]
NoiseFace = Literal["1", "2", "3", "4", "danger", "silence"]
CombatFace = Literal["miss", "small", "mid", "hit", "double"]
ObjectKind = Literal["corpse", "carcass", "egg"]

DUCT_IDS = ("DU", "DD")
INTRUDER_TYPES: tuple[IntruderType, ...] = ("larva", "crawler", "hunter", "brooder", "matriarch")


def _duplicates(ids: Iterable[str]) -> list[str]:
    return sorted(k for k, n in Counter(ids).items() if n > 1)


# --- map.toml -------------------------------------------------------------------------------------------


class Duct(StrictModel):
    id: str
    name: str


class MapRoom(StrictModel):
    """One room of the deck plan: fixed rooms keep their id; slots take a room tile at setup."""

    id: str
    kind: Literal["fixed", "slot"]
    grid: tuple[int, int]
    exits: tuple[str, str, str, str]


class MapFile(StrictModel):
    """``map.toml``: the corridor network (DER-SETUP-2, DER-INTRUDER-7 map order)."""

    ducts: tuple[Duct, ...]
    hatches_per_duct: int
    start: str
    rooms: tuple[MapRoom, ...]

    @model_validator(mode="after")
    def _geometry(self) -> MapFile:
        ids = [r.id for r in self.rooms]
        if dup := _duplicates(ids):
            raise ValueError(f"rooms: {', '.join(dup)} listed twice")
        duct_ids = {d.id for d in self.ducts}
        if duct_ids != set(DUCT_IDS):
            raise ValueError(f"ducts must be exactly {' and '.join(DUCT_IDS)}")
        exits = {r.id: r.exits for r in self.rooms}
        for room in self.rooms:
            for number, target in enumerate(room.exits, start=1):
                if target in duct_ids:
                    continue
                if target not in exits:
                    raise ValueError(f"rooms: {room.id} exit {number} leads to {target}, which is not a room")
                if target == room.id:
                    raise ValueError(f"rooms: {room.id} exit {number} leads back into itself")
                back = exits[target].count(room.id)
                if back != 1:
                    raise ValueError(
                        f"rooms: the corridor {room.id}-{target} must appear at {target}'s end exactly once "
                        f"(it appears {back} times)"
                    )
                if room.exits.count(target) != 1:
                    raise ValueError(f"rooms: {room.id} has two corridors to {target}")
        for duct in sorted(duct_ids):
            hatches = sum(r.exits.count(duct) for r in self.rooms)
            if hatches != self.hatches_per_duct:
                raise ValueError(f"duct {duct} has {hatches} hatches, not {self.hatches_per_duct}")
        if self.start not in exits:
            raise ValueError(f"start: {self.start} is not a room")
        seen = {self.rooms[0].id}
        frontier = [self.rooms[0].id]
        while frontier:
            here = frontier.pop()
            for target in exits[here]:
                if target in exits and target not in seen:
                    seen.add(target)
                    frontier.append(target)
        if len(seen) != len(ids):
            missing = ", ".join(sorted(set(ids) - seen))
            raise ValueError(f"rooms: the ship is not connected by corridors ({missing} cannot be reached)")
        grids = [r.grid for r in self.rooms]
        if len(set(grids)) != len(grids):
            raise ValueError("rooms: two rooms share a grid position")
        return self


# --- rooms.toml -----------------------------------------------------------------------------------------


class RoomAction(StrictModel):
    id: str
    name: str
    cost: int = Field(ge=0)


class RoomKind(StrictModel):
    """A fixed room or a room tile: its colour (search deck), computer and room actions."""

    id: str
    name: str
    colour: Colour
    computer: bool
    actions: tuple[RoomAction, ...]
    set: Literal["core", "extra"] | None = None


class RoomsFile(StrictModel):
    """``rooms.toml``: the 7 fixed rooms and the 16 tiles (9 core, 7 extra)."""

    hive_slots: tuple[str, ...]
    extra_tiles_used: int
    fixed: tuple[RoomKind, ...]
    tiles: tuple[RoomKind, ...]

    @model_validator(mode="after")
    def _tiles(self) -> RoomsFile:
        if dup := _duplicates([r.id for r in (*self.fixed, *self.tiles)]):
            raise ValueError(f"{', '.join(dup)} listed twice")
        if any(t.set is None for t in self.tiles):
            raise ValueError("tiles: every tile needs a set (core or extra)")
        if not any(t.id == "hive" for t in self.tiles):
            raise ValueError("tiles: the Hive tile is missing")
        extras = sum(1 for t in self.tiles if t.set == "extra")
        if not 0 <= self.extra_tiles_used <= extras:
            raise ValueError(f"extra_tiles_used must be between 0 and the {extras} extra tiles")
        return self


# --- explore.toml, dice.toml ----------------------------------------------------------------------------


class ExploreToken(StrictModel):
    effect: Literal["quiet", "slime", "fire", "malfunction", "remains"]
    value: int = Field(ge=0)


class ExploreFile(StrictModel):
    tokens: tuple[ExploreToken, ...]


class DiceFile(StrictModel):
    """``dice.toml``: the noise d10 and the combat d6."""

    noise: tuple[NoiseFace, ...]
    combat: tuple[CombatFace, ...]

    @model_validator(mode="after")
    def _sizes(self) -> DiceFile:
        if len(self.noise) != 10:
            raise ValueError("noise: the noise die has 10 faces")
        if len(self.combat) != 6:
            raise ValueError("combat: the combat die has 6 faces")
        return self


# --- characters.toml ------------------------------------------------------------------------------------


class ActionCard(StrictModel):
    """One action card: ``cost`` other cards are discarded with it (DER-COST-3)."""

    id: str
    name: str
    cost: int = Field(ge=0)
    timing: Timing
    text: str
    copies: int = Field(default=1, ge=1)


class Character(StrictModel):
    id: str
    name: str
    letter: str = Field(min_length=1, max_length=1)
    weapon: str
    trait: str
    cards: tuple[ActionCard, ...]


class CharactersFile(StrictModel):
    """``characters.toml``: common cards and the six characters (DER-SETUP-7..8)."""

    deck_size: int
    common: tuple[ActionCard, ...]
    characters: tuple[Character, ...]

    @model_validator(mode="after")
    def _decks(self) -> CharactersFile:
        if dup := _duplicates([c.id for c in self.characters]):
            raise ValueError(f"characters: {', '.join(dup)} listed twice")
        if dup := _duplicates([c.letter for c in self.characters]):
            raise ValueError(f"characters: two characters share the letter {', '.join(dup)}")
        common = sum(c.copies for c in self.common)
        common_ids = {c.id for c in self.common}
        for ch in self.characters:
            size = common + sum(c.copies for c in ch.cards)
            if size != self.deck_size:
                raise ValueError(f"characters: {ch.name}'s deck holds {size} cards, not {self.deck_size}")
            if clash := common_ids & {c.id for c in ch.cards}:
                raise ValueError(f"characters: {ch.name} repeats the common card {', '.join(sorted(clash))}")
        return self


# --- items.toml -----------------------------------------------------------------------------------------


class Weapon(StrictModel):
    id: str
    name: str
    kind: Literal["classic", "cell"]
    capacity: int = Field(ge=1)
    special: str


class Item(StrictModel):
    """An item card (searched or crafted); heavy ones are held in a hand and public."""

    id: str
    name: str
    copies: int = Field(ge=1)
    text: str
    deck: ItemDeck | None = None
    component: Component | None = None
    recipe: tuple[Component, Component] | None = None
    heavy: bool = False
    weapon: str | None = None
    cost: int | None = Field(default=None, ge=0)
    timing: Timing | None = None
    one_use: bool = False


class ItemsFile(StrictModel):
    """``items.toml``: weapons, the three item decks and the crafted items."""

    components: tuple[Component, ...]
    weapons: tuple[Weapon, ...]
    items: tuple[Item, ...]
    crafted: tuple[Item, ...]

    @model_validator(mode="after")
    def _items(self) -> ItemsFile:
        weapons = {w.id for w in self.weapons}
        if dup := _duplicates(w.id for w in self.weapons):
            raise ValueError(f"weapons: {', '.join(dup)} listed twice")
        for group, entries in (("items", self.items), ("crafted", self.crafted)):
            for i, item in enumerate(entries):
                where = f"{group}.{i} ({item.name})"
                if item.weapon is not None:
                    if item.weapon not in weapons:
                        raise ValueError(f"{where}: no weapon {item.weapon}")
                    if not item.heavy:
                        raise ValueError(f"{where}: a weapon item must be heavy (held in a hand)")
                elif item.cost is None or item.timing is None:
                    raise ValueError(f"{where}: an item that is not a weapon needs a cost and a timing")
                if group == "items" and item.deck is None:
                    raise ValueError(f"{where}: a searched item needs a deck")
                if group == "crafted" and item.recipe is None:
                    raise ValueError(f"{where}: a crafted item needs a recipe")
        if dup := _duplicates(c.id for c in self.crafted):
            raise ValueError(f"crafted: {', '.join(dup)} listed twice")
        return self


# --- intruders.toml -------------------------------------------------------------------------------------


class IntruderKind(StrictModel):
    id: IntruderType
    name: str
    letter: str = Field(min_length=1, max_length=1)
    figures: int = Field(ge=1)


class BagToken(StrictModel):
    id: str
    type: IntruderType
    number: int = Field(ge=1)
    in_bag: bool = False


class Bag(StrictModel):
    blanks: int = Field(ge=0)
    per_player: IntruderType
    tokens: tuple[BagToken, ...]


class AttackCard(StrictModel):
    id: str
    name: str
    symbols: tuple[IntruderType, ...]
    endurance: tuple[int, ...]
    flee: tuple[int, ...] = ()
    text: str

    @model_validator(mode="after")
    def _flee_marks(self) -> AttackCard:
        if any(not 1 <= n <= len(self.endurance) for n in self.flee):
            raise ValueError(f"{self.name}: a flee mark names a copy that does not exist")
        return self


class IntrudersFile(StrictModel):
    """``intruders.toml``: figures, bag tokens and the 20-card attack deck."""

    intruders: tuple[IntruderKind, ...]
    bag: Bag
    attacks: tuple[AttackCard, ...]

    @model_validator(mode="after")
    def _counts(self) -> IntrudersFile:
        if sorted(i.id for i in self.intruders) != sorted(INTRUDER_TYPES):
            raise ValueError(f"intruders must list each of {', '.join(INTRUDER_TYPES)} once")
        if dup := _duplicates(t.id for t in self.bag.tokens):
            raise ValueError(f"bag.tokens: {', '.join(dup)} listed twice")
        copies = sum(len(a.endurance) for a in self.attacks)
        if copies != 20:
            raise ValueError(f"attacks: the attack deck holds {copies} cards, not 20")
        return self


# --- events.toml ----------------------------------------------------------------------------------------

EventEffect = Literal[
    "flash_fire",
    "spreading_blaze",
    "scorched_wiring",
    "life_support_fault",
    "short_circuit",
    "power_surge",
    "hull_stress",
    "coolant_breach",
    "regrowth",
    "hatching",
    "hive_call",
    "lurking",
    "emergence",
    "egg_guard",
    "the_hunt",
    "moulting",
    "pod_ejection",
    "scent_trail",
    "duct_rattle",
    "venting",
    "quiet_spell",
    "distress_echo",
    "bulkhead_groan",
]


class EventCard(StrictModel):
    number: int
    effect: EventEffect
    name: str
    movers: tuple[IntruderType, ...]
    exit: int = Field(ge=1, le=4)
    after: Literal["discard", "remove", "reshuffle"] = "discard"
    text: str
    limit: str | None = None  # DER-EVCARD-4: said after ``text`` in a game whose tuning caps spreading tokens

    def says(self, capped: bool) -> str:
        """The card's text as the players read it: with its ``limit`` where the game's tuning caps the tokens
        it places in several rooms (DER-EVCARD-4), so the card never does less than it says."""
        return f"{self.text} {self.limit}" if capped and self.limit else self.text


class EventsFile(StrictModel):
    """``events.toml``: the 24 event cards, numbered 1..24."""

    events: tuple[EventCard, ...]

    @model_validator(mode="after")
    def _numbers(self) -> EventsFile:
        if [e.number for e in self.events] != list(range(1, 25)):
            raise ValueError("events: the event deck holds 24 cards numbered 1 to 24 in order")
        return self


# --- ship.toml ------------------------------------------------------------------------------------------


class TimeTrack(StrictModel):
    spaces: int = Field(ge=3)
    cryo_open: int = Field(ge=2)

    @model_validator(mode="after")
    def _cryo_before_end(self) -> TimeTrack:
        if self.cryo_open >= self.spaces:
            raise ValueError("cryo_open must come before the last space (the hyperjump)")
        return self


class Times(StrictModel):
    full: TimeTrack
    short: TimeTrack


class SelfDestruct(StrictModel):
    spaces: int
    last_disarmable: int


class Tokens(StrictModel):
    fire: int
    malfunction: int
    eggs: int


class Infection(StrictModel):
    cards: int
    infected: int

    @model_validator(mode="after")
    def _fits(self) -> Infection:
        if not 0 <= self.infected <= self.cards:
            raise ValueError("infected must be between 0 and the number of cards")
        return self


class WoundCard(StrictModel):
    id: Literal["mangled_arm", "broken_fingers", "torn_leg", "bleeding"]
    name: str
    copies: int
    text: str


class Weakness(StrictModel):
    id: str
    name: str
    text: str


class Weaknesses(StrictModel):
    used: int
    kinds: tuple[ObjectKind, ...]
    cards: tuple[Weakness, ...]

    @model_validator(mode="after")
    def _enough(self) -> Weaknesses:
        if self.used != len(self.kinds) or self.used > len(self.cards):
            raise ValueError("used must equal the number of kinds and not exceed the cards")
        return self


class Course(StrictModel):
    positions: tuple[str, ...]
    start: str
    destinations: tuple[str, ...]
    cards: tuple[tuple[str, ...], ...]

    @model_validator(mode="after")
    def _cards(self) -> Course:
        if self.start not in self.positions:
            raise ValueError("start must be one of the positions")
        for i, card in enumerate(self.cards):
            if sorted(card) != sorted(self.destinations) or len(card) != len(self.positions):
                raise ValueError(f"cards.{i}: a coordinates card names each destination once")
        if "Earth" not in self.destinations:
            raise ValueError("destinations must include Earth")
        return self


class Engines(StrictModel):
    rooms: tuple[str, ...]
    damaged_to_explode: int


class Pod(StrictModel):
    number: int
    bay: str
    from_players: int = Field(ge=1, le=5)


class CryoOpen(StrictModel):
    full: int = Field(ge=2)
    short: int = Field(ge=2)


class Tuning(StrictModel):
    """One balance tuning (digest §7); a game keeps the one it was dealt under (``DerelictState.tuning``)."""

    id: int = Field(ge=0)
    engine: str  # the engine version that introduced it
    capped_spreads: bool  # DER-EVCARD-4: an event card placing several tokens never places a ninth
    hibernation_roll: bool  # DER-HIBER-3: hibernating makes a noise roll that an intruder can stop
    infected: int | None = Field(default=None, ge=0)  # INFECTED infection cards dealt (None: [infection])
    cryo_open: CryoOpen | None = None  # DER-HIBER-2's space per length (None: the [time] tracks')
    # DER-COMBAT-5: added to the card's number in an endurance check, by intruder type. Only tunings 0 and 1
    # have one (+2 brooder, +4 matriarch); the rulebook's check adds nothing, so later tunings leave it empty.
    endurance_bonus: dict[IntruderType, int] = Field(default_factory=dict)


class ShipFile(StrictModel):
    """``ship.toml``: tracks, token pools, infection, wounds, weaknesses, course, engines, pods, tunings."""

    time: Times
    self_destruct: SelfDestruct
    tokens: Tokens
    infection: Infection
    wounds: tuple[WoundCard, ...]
    weaknesses: Weaknesses
    course: Course
    engines: Engines
    pods: tuple[Pod, ...]
    tunings: tuple[Tuning, ...]

    @model_validator(mode="after")
    def _tunings_numbered(self) -> ShipFile:
        if [t.id for t in self.tunings] != list(range(len(self.tunings))) or not self.tunings:
            raise ValueError("tunings must be numbered 0, 1, 2, ... in order")
        if any(t.infected is not None and t.infected > self.infection.cards for t in self.tunings):
            raise ValueError("a tuning cannot mark more INFECTED cards than there are infection cards")
        for t in self.tunings:
            if t.cryo_open and (
                t.cryo_open.full >= self.time.full.spaces or t.cryo_open.short >= self.time.short.spaces
            ):
                raise ValueError("a tuning's cryo_open must come before the last space (the hyperjump)")
        return self


# --- tasks.toml -----------------------------------------------------------------------------------------


class Task(StrictModel):
    id: str
    name: str
    deck: Literal["company", "personal"]
    players: int = Field(ge=1, le=5)
    kind: Literal["friendly", "hostile"]
    text: str


class TasksFile(StrictModel):
    """``tasks.toml``: the 15 tasks (C1-C8, P1-P7)."""

    tasks: tuple[Task, ...]

    @model_validator(mode="after")
    def _fifteen(self) -> TasksFile:
        ids = [t.id for t in self.tasks]
        expected = [f"C{i}" for i in range(1, 9)] + [f"P{i}" for i in range(1, 8)]
        if ids != expected:
            raise ValueError(f"tasks must be exactly {', '.join(expected)} in that order")
        return self


# --- the catalog ----------------------------------------------------------------------------------------


class Catalog:
    """Every file, loaded and cross-checked, with the look-ups the rules need."""

    def __init__(self, data_dir: Path = DATA_DIR) -> None:
        self.map = load_file(data_dir / "map.toml", MapFile)
        self.rooms = load_file(data_dir / "rooms.toml", RoomsFile)
        self.explore = load_file(data_dir / "explore.toml", ExploreFile)
        self.dice = load_file(data_dir / "dice.toml", DiceFile)
        self.characters = load_file(data_dir / "characters.toml", CharactersFile)
        self.items = load_file(data_dir / "items.toml", ItemsFile)
        self.intruders = load_file(data_dir / "intruders.toml", IntrudersFile)
        self.events = load_file(data_dir / "events.toml", EventsFile)
        self.ship = load_file(data_dir / "ship.toml", ShipFile)
        self.tasks = load_file(data_dir / "tasks.toml", TasksFile)
        self._cross_check(data_dir)

        self.exits: dict[str, tuple[str, str, str, str]] = {r.id: r.exits for r in self.map.rooms}
        self.map_order: tuple[str, ...] = tuple(r.id for r in self.map.rooms)
        self.slots: tuple[str, ...] = tuple(r.id for r in self.map.rooms if r.kind == "slot")
        self.fixed: dict[str, RoomKind] = {r.id: r for r in self.rooms.fixed}
        self.tiles: dict[str, RoomKind] = {t.id: t for t in self.rooms.tiles}
        self.character: dict[str, Character] = {c.id: c for c in self.characters.characters}
        self.weapon: dict[str, Weapon] = {w.id: w for w in self.items.weapons}
        self.intruder: dict[IntruderType, IntruderKind] = {i.id: i for i in self.intruders.intruders}
        self.bag_token: dict[str, BagToken] = {t.id: t for t in self.intruders.bag.tokens}
        self.task: dict[str, Task] = {t.id: t for t in self.tasks.tasks}
        self.event: dict[int, EventCard] = {e.number: e for e in self.events.events}
        self.attack_cards: tuple[tuple[str, AttackCard, int, bool], ...] = tuple(
            (f"{a.id}{i}", a, n, i in a.flee)
            for a in self.intruders.attacks
            for i, n in enumerate(a.endurance, start=1)
        )
        self.item_cards: dict[str, Item] = {}
        for item in (*self.items.items, *self.items.crafted):
            self.item_cards.setdefault(item.id, item)

    def _cross_check(self, data_dir: Path) -> None:
        """Checks spanning files: slots versus tiles, room ids, weapons, bag sizes, pods, engines."""
        slots = [r.id for r in self.map.rooms if r.kind == "slot"]
        fixed_map = sorted(r.id for r in self.map.rooms if r.kind == "fixed")
        if fixed_map != sorted(r.id for r in self.rooms.fixed):
            raise DataError(f"{data_dir / 'rooms.toml'}: fixed: must describe exactly the fixed rooms of map.toml")
        core = sum(1 for t in self.rooms.tiles if t.set == "core")
        if core + self.rooms.extra_tiles_used != len(slots):
            raise DataError(
                f"{data_dir / 'rooms.toml'}: tiles: {core} core tiles and {self.rooms.extra_tiles_used} extra "
                f"ones do not fill the {len(slots)} slots"
            )
        if bad := [s for s in self.rooms.hive_slots if s not in slots]:
            raise DataError(f"{data_dir / 'rooms.toml'}: hive_slots: {', '.join(bad)} are not slots")
        if len(self.explore.tokens) != len(slots):
            raise DataError(
                f"{data_dir / 'explore.toml'}: tokens: {len(self.explore.tokens)} tokens for {len(slots)} slots"
            )
        weapons = {w.id for w in self.items.weapons}
        for ch in self.characters.characters:
            if ch.weapon not in weapons:
                raise DataError(
                    f"{data_dir / 'characters.toml'}: characters: {ch.name}'s weapon {ch.weapon} is unknown"
                )
        for pod in self.ship.pods:
            if pod.bay not in self.fixed_ids():
                raise DataError(f"{data_dir / 'ship.toml'}: pods: pod {pod.number} is in no known bay")
        if any(room not in self.fixed_ids() for room in self.ship.engines.rooms):
            raise DataError(f"{data_dir / 'ship.toml'}: engines.rooms: every engine must be a fixed room")
        hunters = [t for t in self.intruders.bag.tokens if t.type == self.intruders.bag.per_player]
        spare = [t for t in hunters if not t.in_bag]
        if len(spare) < 5:
            raise DataError(
                f"{data_dir / 'intruders.toml'}: bag.tokens: 5 spare hunter tokens are needed for 5 players"
            )

    def fixed_ids(self) -> set[str]:
        return {r.id for r in self.map.rooms if r.kind == "fixed"}

    def action_card(self, character: str, card: str) -> ActionCard:
        """The action card ``card`` of ``character``'s deck (common or own)."""
        for c in (*self.characters.common, *self.character[character].cards):
            if c.id == card:
                return c
        raise KeyError(card)

    def deck_of(self, character: str) -> list[str]:
        """A character's 10 action cards by id, in a fixed order (shuffled at setup)."""
        cards: list[str] = []
        for c in (*self.characters.common, *self.character[character].cards):
            cards.extend([c.id] * c.copies)
        return cards

    def item_deck(self, deck: ItemDeck) -> list[str]:
        """The item ids of one search deck, one entry per copy, in file order."""
        cards: list[str] = []
        for item in self.items.items:
            if item.deck == deck:
                cards.extend([item.id] * item.copies)
        return cards


CATALOG = Catalog()
