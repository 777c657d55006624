"""Lobby options for ¡Abordaje!: which set-up, and the advanced game's handicap."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator


class AbordajeOptions(BaseModel):
    """``variant`` picks the set-up (basic: 4 ship-deck cards; advanced: 5, pirate cunning, navy discipline);
    ``handicap`` removes one Repel! and gives the set-aside card to the pirate only (ABO-HANDICAP-1..3)."""

    model_config = ConfigDict(extra="forbid")

    variant: Literal["basic", "advanced"] = "basic"
    handicap: bool = False

    @model_validator(mode="after")
    def _handicap_needs_advanced(self) -> AbordajeOptions:
        # ABO-HANDICAP-3: the sentence is what the player reads in the lobby.
        if self.handicap and self.variant != "advanced":
            raise ValueError("The handicap only applies to the advanced game.")
        return self
