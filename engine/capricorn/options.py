"""Lobby options for Abandon Capricorn: difficulty, variant, and the solo player's second role."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from .terms import DIFFICULTIES, ROLES, Difficulty, RoleKey, Variant

VARIANTS: tuple[Variant, ...] = ("standard", "rotation-gone-mad")


class CapricornOptions(BaseModel):
    """``difficulty`` sets the required repairs, the starting threat and whether the black Mother is in the bag
    (CAP-G-DIFF-1); ``variant`` adds Rotation Gone Mad (CAP-VAR-RGM-1); ``second_role`` is the role a player
    alone at the table plays beside their own (CAP-G-SEAT-2; by default the first free rulebook role).

    Last Man Standing and Everyone for Themselves have no rules in the rulebook and are not offered
    (CAP-G-VAR-1).
    """

    model_config = ConfigDict(extra="forbid")

    difficulty: Difficulty = "normal"
    variant: Variant = "standard"
    second_role: RoleKey | None = None

    @field_validator("difficulty", mode="before")
    @classmethod
    def _known_difficulty(cls, value: Any) -> Any:
        if value not in DIFFICULTIES:
            raise ValueError(f"The difficulty must be one of {', '.join(DIFFICULTIES)}.")
        return value

    @field_validator("variant", mode="before")
    @classmethod
    def _known_variant(cls, value: Any) -> Any:
        if value not in VARIANTS:
            raise ValueError(f"The variant must be one of {', '.join(VARIANTS)}.")
        return value

    @field_validator("second_role", mode="before")
    @classmethod
    def _known_role(cls, value: Any) -> Any:
        if value is not None and value not in ROLES:
            raise ValueError(f"The second role must be one of {', '.join(ROLES)}.")
        return value
