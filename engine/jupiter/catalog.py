"""Jupiter Deep's components as data: tiles, the spiral, the Rescue deck and the numbers, from ``data/jupiter``.

The files are validated when this module is imported, so a typo stops the bot at start-up with a sentence
naming the file and the field (``data/jupiter/tiles.toml: tiles.3.pattern: …``) instead of surfacing mid-game.
The rules read dome layouts, module numbers, card scopes and costs, counts and limits from here, and hard-code
only what each card *does*.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from engine.core.data import DATA_ROOT, DataError, StrictModel, load_file

DATA_DIR = DATA_ROOT / "jupiter"

SIDE_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
"""Side (and outer dome) names, index ``k`` = direction ``k``, counter-clockwise from east (JUP-GAP-TILE-1)."""

Centre = Literal["dome", "power_plant", "radar_dish"]
CardKind = Literal["ability", "setback"]
CardType = Literal["move", "command", "attack", "misc"]
StandardScope = Literal["single_action", "single_turn", "single_event"]
CoreScope = Literal["every_action", "once_per_turn"]

CENTRE_OF_MODULE: dict[int, Centre] = {3: "power_plant", 4: "radar_dish"}
"""The rulebook's critical modules: Module 3 tiles carry a power plant, Module 4 tiles a radar dish."""


def side_index(name: str) -> int:
    """``"NW"`` -> ``2``; raises ``ValueError`` with a sentence for an unknown side name."""
    try:
        return SIDE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"{name!r} is not a side; use one of {', '.join(SIDE_NAMES)}") from None


class Pattern(StrictModel):
    """The bridges inside one tile, in its printed orientation."""

    spokes: tuple[str, ...] = ()
    ring: tuple[str, ...] = ()

    @field_validator("spokes")
    @classmethod
    def _spokes_are_sides(cls, spokes: tuple[str, ...]) -> tuple[str, ...]:
        for name in spokes:
            side_index(name)
        if len(set(spokes)) != len(spokes):
            raise ValueError("a spoke is listed twice")
        return spokes

    @field_validator("ring")
    @classmethod
    def _ring_links_join_neighbours(cls, ring: tuple[str, ...]) -> tuple[str, ...]:
        for link in ring:
            parts = link.split("-")
            if len(parts) != 2:
                raise ValueError(f"ring link {link!r} must be written SIDE-NEXT, like E-NE")
            a, b = (side_index(p) for p in parts)
            if b != (a + 1) % 6:
                raise ValueError(f"ring link {link!r} must join a side to the next one counter-clockwise")
        if len(set(ring)) != len(ring):
            raise ValueError("a ring link is listed twice")
        return ring

    def spoke_sides(self) -> tuple[int, ...]:
        """Printed sides whose outer dome is bridged to the centre dome."""
        return tuple(side_index(s) for s in self.spokes)

    def ring_sides(self) -> tuple[int, ...]:
        """Printed sides ``k`` whose outer dome is bridged to outer dome ``k+1``."""
        return tuple(side_index(link.split("-")[0]) for link in self.ring)


class TileSpec(StrictModel):
    """One colony module tile: its id (used in dome names), module number (the die face) and layout."""

    id: str = Field(pattern=r"^T\d\d$")
    module: int = Field(ge=1, le=5)
    pattern: str
    centre: Centre

    @model_validator(mode="after")
    def _critical_modules_have_their_centre(self) -> TileSpec:
        wanted = CENTRE_OF_MODULE.get(self.module, "dome")
        if self.centre != wanted:
            raise ValueError(f"a Module {self.module} tile has a {wanted.replace('_', ' ')} in its centre")
        return self

    @property
    def has_centre_dome(self) -> bool:
        return self.centre == "dome"


class TilesFile(StrictModel):
    """``tiles.toml``: the bridge patterns and the 20 tiles."""

    patterns: dict[str, Pattern]
    tiles: tuple[TileSpec, ...]

    @model_validator(mode="after")
    def _tiles_fit_patterns(self) -> TilesFile:
        ids = [t.id for t in self.tiles]
        if len(set(ids)) != len(ids):
            raise ValueError("two tiles share an id")
        if len(self.tiles) != 20:
            raise ValueError(f"the box holds 20 colony tiles, not {len(self.tiles)}")
        for tile in self.tiles:
            pattern = self.patterns.get(tile.pattern)
            if pattern is None:
                raise ValueError(f"tile {tile.id}: no pattern called {tile.pattern!r}")
            if pattern.spokes and not tile.has_centre_dome:
                raise ValueError(f"tile {tile.id}: pattern {tile.pattern} has spokes but the centre is not a dome")
        return self


class Numbers(StrictModel):
    """The counts of the box and the numbers the rules use (see ``colony.toml`` for each one's rule id)."""

    colonists: int = Field(ge=1)
    creeps: int = Field(ge=1)
    super_creeps: int = Field(ge=0)
    rescue_target: int = Field(ge=1)
    pod_capacity: int = Field(ge=1)
    actions: int = Field(ge=1)
    actions_jammed: int = Field(ge=0)
    hand_limit: int = Field(ge=0)
    dealt: int = Field(ge=1)


class RobotSpec(StrictModel):
    """A pawn and core ring: its colour and the letter drawn on it."""

    colour: str
    letter: str = Field(min_length=1, max_length=1)


class ColonyFile(StrictModel):
    """``colony.toml``."""

    spiral: tuple[tuple[int, int], ...]
    interior: int = Field(ge=1)
    numbers: Numbers
    robots: tuple[RobotSpec, ...]

    @model_validator(mode="after")
    def _spiral_is_sound(self) -> ColonyFile:
        if len(set(self.spiral)) != len(self.spiral):
            raise ValueError("spiral: a cell is listed twice")
        if self.interior > len(self.spiral):
            raise ValueError("interior: more interior tiles than spiral positions")
        if len({r.colour for r in self.robots}) != len(self.robots):
            raise ValueError("robots: two robots share a colour")
        return self


class CardSpec(StrictModel):
    """One kind of Rescue card."""

    key: str = Field(pattern=r"^[a-z]+$", max_length=12)
    name: str
    kind: CardKind
    types: tuple[CardType, ...] = ()
    standard_scope: StandardScope | None = None
    core_scope: CoreScope | None = None
    action_cost: int = Field(default=0, ge=0)
    copies: int = Field(ge=1)
    text: str = Field(max_length=80)

    @model_validator(mode="after")
    def _abilities_have_scopes(self) -> CardSpec:
        if self.kind == "ability":
            if self.standard_scope is None or self.core_scope is None or not self.types:
                raise ValueError(f"ability {self.key} needs types, standard_scope and core_scope")
        elif self.standard_scope or self.core_scope or self.types or self.action_cost:
            raise ValueError(f"setback {self.key} takes no types, scopes or action cost")
        return self


class RescueFile(StrictModel):
    """``rescue.toml``: the 36-card Rescue deck."""

    cards: tuple[CardSpec, ...]

    @model_validator(mode="after")
    def _deck_is_sound(self) -> RescueFile:
        keys = [c.key for c in self.cards]
        if len(set(keys)) != len(keys):
            raise ValueError("two cards share a key")
        total = sum(c.copies for c in self.cards)
        if total != 36:
            raise ValueError(f"the Rescue deck holds 36 cards, not {total}")
        return self


class Catalog:
    """The three files, loaded and cross-checked, with the look-ups the rules need."""

    def __init__(self, data_dir: Path = DATA_DIR) -> None:
        tiles = load_file(data_dir / "tiles.toml", TilesFile)
        colony = load_file(data_dir / "colony.toml", ColonyFile)
        rescue = load_file(data_dir / "rescue.toml", RescueFile)
        self.patterns: dict[str, Pattern] = dict(tiles.patterns)
        self.tiles: dict[str, TileSpec] = {t.id: t for t in tiles.tiles}
        self.spiral: tuple[tuple[int, int], ...] = colony.spiral
        self.interior: int = colony.interior
        self.numbers: Numbers = colony.numbers
        self.robots: tuple[RobotSpec, ...] = colony.robots
        self.cards: dict[str, CardSpec] = {c.key: c for c in rescue.cards}
        if len(self.spiral) != len(self.tiles) - 1:
            raise DataError(
                f"{data_dir / 'colony.toml'}: spiral: {len(self.spiral)} positions for "
                f"{len(self.tiles)} tiles (one tile stays in the box)"
            )

    def tile(self, tile_id: str) -> TileSpec:
        return self.tiles[tile_id]

    def pattern_of(self, tile_id: str) -> Pattern:
        return self.patterns[self.tiles[tile_id].pattern]

    def card(self, key: str) -> CardSpec:
        return self.cards[key]

    def card_name(self, key: str) -> str:
        return self.cards[key].name

    def is_setback(self, key: str) -> bool:
        return self.cards[key].kind == "setback"

    def full_deck(self) -> list[str]:
        """Every Rescue card (by key, copies repeated) in data order: the order the setup shuffle starts from."""
        deck: list[str] = []
        for card in self.cards.values():
            deck.extend([card.key] * card.copies)
        return deck

    def colour(self, seat: int) -> str:
        return self.robots[seat].colour


CATALOG = Catalog()
