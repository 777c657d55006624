"""What a viewer sees of a Cosmic Pioneers game: nearly everything (nothing is secret between players).

Hidden from everyone: the order of the alien event deck (only its size shows), the planet tiles not on the
table, the setup alien cards not drawn, and future dice (the generator never leaves the engine).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core import View
from engine.core.words import seat_ref

from .catalog import AlienType, Attribute


class SectorView(BaseModel):
    slot: int
    label: str  # as the board prints it: "3 Ravan"
    kind: str  # jumpgate, trade_post, belt, planet, destroyed, open (a slot the draft has not filled yet)
    planet: str | None = None
    name: str | None = None
    colour: str | None = None
    native: AlienType | None = None
    green: int = 0
    spots: list[str | None] = Field(default_factory=list)  # seat digit for a colonist, alien letter, None empty
    goods: list[str] = Field(default_factory=list)
    ships: list[int] = Field(default_factory=list)
    controller: int | None = None
    adventure: list[str] = Field(default_factory=list)


class PlayerView(BaseModel):
    seat: int
    commander: str | None
    commander_name: str | None
    levels: dict[Attribute, int]
    credits: int
    reserve: int
    cargo: list[str]
    at: int
    crashed: bool
    vp: int
    controlled: int
    colonists: int


class PioneersView(View):
    phase: str
    scenario: str
    scenario_name: str
    scenario_text: str
    setup_aliens: list[AlienType]
    round: int
    rounds: int
    first: int
    active: int | None
    waiting: list[int]
    ring: list[SectorView]
    players: list[PlayerView]
    deck_size: int
    discards: list[AlienType]
    supply: dict[AlienType, int]
    goods_supply: int
    pool: list[str]
    belts_left: int

    def describe(self) -> str:
        if self.phase == "over":
            scores = ", ".join(f"{seat_ref(p.seat)} {p.vp} VP" for p in self.players)
            return f"**Cosmic Pioneers** ({self.scenario_name}) is over: {scores}."
        if self.phase != "play":
            return f"**Cosmic Pioneers** ({self.scenario_name}): setting up ({self.phase})."
        who = f"{seat_ref(self.active)}'s turn" if self.active is not None else "between turns"
        return f"**Cosmic Pioneers** ({self.scenario_name}), round {self.round} of {self.rounds}: {who}."
