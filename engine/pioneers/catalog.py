"""The game's components as data: planets, scenarios, commanders and tables from ``data/pioneers/*.toml``.

The files are validated when this module is imported, so a typo stops the bot at start-up with a sentence
naming the file and the field (``data/pioneers/planets.toml: planets.3.green: …``). The rules read every
number from here and hard-code only what each rule *does*.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from engine.core.data import DATA_ROOT, DataError, StrictModel, load_file

DATA_DIR = DATA_ROOT / "pioneers"

Colour = Literal["red", "yellow", "purple", "blue", "green"]
AlienType = Literal["worm", "slime", "squid", "lizard", "bug"]
Attribute = Literal["weapons", "cargo", "bombs", "engines"]
BombMode = Literal["hit_die", "hit_die_d6", "d6_choice"]

COLOURS: tuple[Colour, ...] = ("red", "yellow", "purple", "blue", "green")
ALIEN_TYPES: tuple[AlienType, ...] = ("worm", "slime", "squid", "lizard", "bug")
ATTRIBUTES: tuple[Attribute, ...] = ("weapons", "cargo", "bombs", "engines")
LEVELS = 3

# One adventure result: +n / -n colonists, $+n / $-n credits, C crash land.
_RESULT = re.compile(r"^(C|[+-][1-9]|\$[+-][1-9][0-9]*00)$")


class Planet(StrictModel):
    """One planet tile (its face side): colour, spots, how many of them are green, rolls 2..6."""

    id: str
    name: str
    colour: Colour
    spots: int
    green: int
    adventure: tuple[str, str, str, str, str]

    @model_validator(mode="after")
    def _consistent(self) -> Planet:
        if not 3 <= self.spots <= 9:
            raise ValueError(f"{self.name} has {self.spots} spots; a planet has 3 to 9")
        if not 1 <= self.green <= self.spots:
            raise ValueError(f"{self.name} has {self.green} green spots but only {self.spots} spots")
        for result in self.adventure:
            if not _RESULT.match(result):
                raise ValueError(f"{self.name}: {result!r} is not an adventure result (+n, -n, $+n, $-n or C)")
        return self


class PlanetsFile(StrictModel):
    planets: tuple[Planet, ...]

    @model_validator(mode="after")
    def _five_of_each(self) -> PlanetsFile:
        ids = [p.id for p in self.planets]
        if len(set(ids)) != len(ids):
            raise ValueError("two planets share an id")
        names = [p.name for p in self.planets]
        if len(set(names)) != len(names):
            raise ValueError("two planets share a name")
        for colour in COLOURS:
            n = sum(1 for p in self.planets if p.colour == colour)
            if n != 5:
                raise ValueError(f"there must be 5 {colour} planets, not {n}")
        return self


class Scenario(StrictModel):
    """One scenario card: its planet colours and the rules it changes (absent = the rulebook's rule)."""

    key: str
    name: str
    planets: dict[Colour, int]
    text: str
    trade_post: bool = False
    combat: bool = True
    combat_loot: int = 0
    upgrade_costs: dict[Attribute, int] = Field(default_factory=dict)
    setup_goods: tuple[Colour, ...] = ()
    trade_post_reward: int = 0
    jumpgate_goods: bool = False
    planet_goods_reward: int = 0
    planet_goods_colonist: bool = False
    credit_multiplier: dict[Colour, int] = Field(default_factory=dict)
    extra_event_rounds: tuple[int, ...] = ()
    control_vp: int | None = None
    credits_per_vp: int | None = None
    destroy_rounds: tuple[int, ...] = ()
    end_on_control: int | None = None

    @model_validator(mode="after")
    def _seven_planets(self) -> Scenario:
        total = sum(self.planets.values())
        if total != 7:
            raise ValueError(f"{self.name}: the planet colours sum to {total}, not 7")
        if any(n < 0 for n in self.planets.values()):
            raise ValueError(f"{self.name}: a colour count is negative")
        if self.trade_post_reward and not self.trade_post:
            raise ValueError(f"{self.name}: a Trade Post reward needs trade_post = true")
        for value in (self.combat_loot, self.trade_post_reward, self.planet_goods_reward, *self.upgrade_costs.values()):
            if value % 100:
                raise ValueError(f"{self.name}: credit amounts are multiples of 100")
        return self


class ScenariosFile(StrictModel):
    scenarios: tuple[Scenario, ...]

    @field_validator("scenarios")
    @classmethod
    def _distinct(cls, scenarios: tuple[Scenario, ...]) -> tuple[Scenario, ...]:
        keys = [s.key for s in scenarios]
        if len(set(keys)) != len(keys):
            raise ValueError("two scenarios share a key")
        return scenarios


class Commander(StrictModel):
    key: Literal["fraser", "kade", "novak", "sato"]
    name: str
    summary: str  # a few words for a button
    phase: str
    ability: str
    # The ability's numbers (our data, tuned by the self-play of docs/rules/pioneers.md):
    rerolls: int = 0  # Kade: re-rolls a combat; Sato: re-rolls a turn (the engine asks at most once)
    reroll_faces: tuple[int, ...] = ()  # Sato: the adventure die faces he may re-roll (never 1: PIO-ADV-5)
    rerolls_per_game: int | None = None  # Sato: re-rolls in the whole game (left out: no limit)
    jumpgate_bonus: int = 0  # Novak: extra credits at every Jumpgate phase

    @model_validator(mode="after")
    def _fits_a_button(self) -> Commander:
        if len(f"{self.name}: {self.summary}") > 80:
            raise ValueError(f"{self.name}: the summary is too long for a button (80 characters with the name)")
        if self.rerolls not in (0, 1):
            raise ValueError(f"{self.name}: rerolls is 0 or 1 (a re-roll is offered at most once a turn or combat)")
        if any(not 2 <= face <= 6 for face in self.reroll_faces) or len(set(self.reroll_faces)) != len(
            self.reroll_faces
        ):
            raise ValueError(f"{self.name}: reroll_faces are distinct faces 2 to 6 (a 1 draws its alien event at once)")
        if self.rerolls_per_game is not None and self.rerolls_per_game < 1:
            raise ValueError(f"{self.name}: rerolls_per_game is at least 1 (leave it out for no limit)")
        if self.jumpgate_bonus < 0 or self.jumpgate_bonus % 100:
            raise ValueError(f"{self.name}: jumpgate_bonus is a multiple of 100, not negative")
        return self


class AttributeTable(StrictModel):
    """The levels 1..3 of each attribute, shared by every commander (PIO-GAP-5)."""

    weapons: tuple[int, int, int]
    cargo: tuple[int, int, int]
    cargo_aliens: tuple[bool, bool, bool]
    engines: tuple[int, int, int]
    bombs: tuple[BombMode, BombMode, BombMode]

    @model_validator(mode="after")
    def _rising(self) -> AttributeTable:
        for name in ("weapons", "cargo", "engines"):
            levels = getattr(self, name)
            if list(levels) != sorted(levels) or levels[0] < 0:
                raise ValueError(f"{name} must not fall from one level to the next")
        if min(self.engines) < 1 or min(self.cargo) < 1:
            raise ValueError("engines and cargo need at least 1 at every level")
        return self


class ComponentsFile(StrictModel):
    rounds: int
    starting_credits: int
    colonists_per_player: int
    goods_tokens: int
    asteroid_belts: int
    setup_alien_cards: int
    cards_per_alien_type: int
    upgrade_cost: int
    jumpgate_income: int
    per_planet_income: int
    control_vp: int
    credits_per_vp: int
    round_track_aliens: tuple[bool, ...]
    hit_die: tuple[Literal["colonist", "worm", "slime", "squid", "lizard", "bug"], ...]
    alien_supply: dict[AlienType, int]
    alien_events: dict[AlienType, str]  # what each alien event card does (the /cards text; aliens.py applies it)
    natives: dict[Colour, AlienType]
    attributes: AttributeTable
    commanders: tuple[Commander, ...]

    @model_validator(mode="after")
    def _consistent(self) -> ComponentsFile:
        if len(self.round_track_aliens) != self.rounds:
            raise ValueError(f"the round track has {len(self.round_track_aliens)} spaces for {self.rounds} rounds")
        if len(self.hit_die) != 6:
            raise ValueError("the hit die has 6 faces")
        if sorted(self.alien_supply) != sorted(ALIEN_TYPES):
            raise ValueError("alien_supply must name each of worm, slime, squid, lizard, bug once")
        if sorted(self.alien_events) != sorted(ALIEN_TYPES) or not all(t.strip() for t in self.alien_events.values()):
            raise ValueError("alien_events must say what the card of each of worm, slime, squid, lizard, bug does")
        if sorted(self.natives) != sorted(COLOURS) or sorted(self.natives.values()) != sorted(ALIEN_TYPES):
            raise ValueError("natives must give each colour a different native alien type")
        keys = [c.key for c in self.commanders]
        if len(set(keys)) != len(keys) or len(keys) < 4:
            raise ValueError("there must be 4 distinct commanders (one for each seat)")
        for amount in (self.starting_credits, self.upgrade_cost, self.jumpgate_income, self.per_planet_income):
            if amount % 100:
                raise ValueError("credit amounts are multiples of 100")
        return self


class Catalog:
    """All three files, loaded and cross-checked, with the look-ups the rules need."""

    def __init__(self, data_dir: Path = DATA_DIR) -> None:
        self.components = load_file(data_dir / "components.toml", ComponentsFile)
        planets = load_file(data_dir / "planets.toml", PlanetsFile)
        scenarios = load_file(data_dir / "scenarios.toml", ScenariosFile)
        self.planets: dict[str, Planet] = {p.id: p for p in planets.planets}
        self.scenarios: dict[str, Scenario] = {s.key: s for s in scenarios.scenarios}
        self.commanders: dict[str, Commander] = {c.key: c for c in self.components.commanders}
        self.native_colour: dict[AlienType, Colour] = {a: c for c, a in self.components.natives.items()}
        path = data_dir / "scenarios.toml"
        for s in scenarios.scenarios:
            for colour in s.setup_goods:
                if colour not in COLOURS:
                    raise DataError(f"{path}: {s.key}.setup_goods: no colour {colour!r}")
            bad = [r for r in (*s.extra_event_rounds, *s.destroy_rounds) if not 1 <= r <= self.components.rounds]
            if bad:
                raise DataError(f"{path}: {s.key}: round {bad[0]} is not on the round track")

    def planet(self, planet_id: str) -> Planet:
        return self.planets[planet_id]

    def scenario(self, key: str) -> Scenario:
        return self.scenarios[key]

    def native(self, colour: Colour) -> AlienType:
        return self.components.natives[colour]

    def level_value(self, attribute: Literal["weapons", "cargo", "engines"], level: int) -> int:
        """The weapons bonus, cargo slots or engine range at ``level`` (1..3)."""
        table: tuple[int, int, int] = getattr(self.components.attributes, attribute)
        return table[level - 1]


CATALOG = Catalog()
