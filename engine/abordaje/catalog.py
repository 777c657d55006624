"""The game's components as data: action cards and set-ups, read from ``data/abordaje/*.toml``.

The files are validated when this module is imported, so a typo stops the bot at start-up with a sentence
naming the file and the field (``data/abordaje/variants.toml: basic.pirate.pool: …``) instead of surfacing
mid-game. The rules code reads priorities, counters, crew and set-ups from here and hard-codes only what
each order *does*.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import model_validator

from engine.core.data import DATA_ROOT, DataError, StrictModel, load_file

from .view import CardKind, Side

DATA_DIR = DATA_ROOT / "abordaje"

SIDES: tuple[Side, Side] = ("pirate", "spanish")
KINDS: tuple[CardKind, ...] = ("fight", "boarding", "fire", "repel", "take_cover", "stand_up")


class ActionCard(StrictModel):
    """One kind of order card."""

    kind: CardKind
    name: str
    priority: int
    copies: int
    cancels: CardKind | None = None


class CardsFile(StrictModel):
    """``cards.toml``: the six kinds of order, each once."""

    action_cards: tuple[ActionCard, ...]

    @model_validator(mode="after")
    def _each_kind_once(self) -> CardsFile:
        kinds = [c.kind for c in self.action_cards]
        if sorted(kinds) != sorted(KINDS):
            raise ValueError(f"action_cards must list each of {', '.join(KINDS)} exactly once")
        priorities = [c.priority for c in self.action_cards]
        if len(set(priorities)) != len(priorities):
            raise ValueError("action_cards: two kinds share a priority")
        if any(c.copies < 1 for c in self.action_cards):
            raise ValueError("action_cards: every kind needs at least one copy")
        return self


class SideSetup(StrictModel):
    """One side's crew for a variant."""

    crew: int
    on_deck: dict[int, int]
    pool: int
    captain: int

    @model_validator(mode="after")
    def _crew_adds_up(self) -> SideSetup:
        if sum(self.on_deck.values()) + self.pool != self.crew:
            raise ValueError("on_deck plus pool must add up to crew")
        return self


class Variant(StrictModel):
    """A set-up: which ship-deck cards, whose crew where, and which special abilities apply."""

    ship_deck_cards: tuple[int, ...]
    hand_size: int
    swapping_tactics: tuple[Side, ...]
    navy_discipline: bool
    pirate: SideSetup
    spanish: SideSetup

    @model_validator(mode="after")
    def _decks_match_cards(self) -> Variant:
        for side in SIDES:
            setup = self.side(side)
            if sorted(setup.on_deck) != sorted(self.ship_deck_cards):
                raise ValueError(f"{side}.on_deck must name exactly the ship-deck cards of the variant")
            if setup.captain not in self.ship_deck_cards:
                raise ValueError(f"{side}.captain must be one of the variant's ship-deck cards")
        if list(self.ship_deck_cards) != sorted(set(self.ship_deck_cards)):
            raise ValueError("ship_deck_cards must be distinct and in number order")
        return self

    def side(self, side: Side) -> SideSetup:
        return self.pirate if side == "pirate" else self.spanish


class Handicap(StrictModel):
    """The advanced game's handicap: cards removed, and who draws from the set-aside cards."""

    remove_cards: dict[CardKind, int]
    set_aside_to: tuple[Side, ...]


class Deal(StrictModel):
    set_aside_to: tuple[Side, ...]


class VariantsFile(StrictModel):
    """``variants.toml``."""

    basic: Variant
    advanced: Variant
    handicap: Handicap
    deal: Deal


class Catalog:
    """Both files, loaded and cross-checked, with the look-ups the rules need."""

    def __init__(self, data_dir: Path = DATA_DIR) -> None:
        cards = load_file(data_dir / "cards.toml", CardsFile)
        variants = load_file(data_dir / "variants.toml", VariantsFile)
        self.cards: dict[CardKind, ActionCard] = {c.kind: c for c in cards.action_cards}
        self.variants = variants
        for kind, n in variants.handicap.remove_cards.items():
            if n > self.cards[kind].copies:
                raise DataError(f"{data_dir / 'variants.toml'}: handicap.remove_cards.{kind}: more than exist")

    def name(self, kind: CardKind) -> str:
        return self.cards[kind].name

    def priority(self, kind: CardKind) -> int:
        return self.cards[kind].priority

    def cancels(self, counter: CardKind, target: CardKind) -> bool:
        """Whether ``counter`` can cancel ``target`` on the same ship-deck card."""
        return self.cards[counter].cancels == target

    def variant(self, key: Literal["basic", "advanced"]) -> Variant:
        return self.variants.basic if key == "basic" else self.variants.advanced

    def deck_in_use(self, handicap: bool) -> list[CardKind]:
        """Every action card in play, in a fixed order (by priority) that the turn's shuffle starts from."""
        removed = self.variants.handicap.remove_cards if handicap else {}
        deck: list[CardKind] = []
        for card in sorted(self.cards.values(), key=lambda c: c.priority):
            deck.extend([card.kind] * (card.copies - removed.get(card.kind, 0)))
        return deck

    def set_aside_to(self, handicap: bool) -> tuple[Side, ...]:
        """Who draws from the set-aside cards before the last placement, in draw order."""
        return self.variants.handicap.set_aside_to if handicap else self.variants.deal.set_aside_to

    def by_priority(self, kinds: list[CardKind]) -> list[CardKind]:
        return sorted(kinds, key=self.priority)


CATALOG = Catalog()
