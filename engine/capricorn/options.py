"""Lobby options for Abandon Capricorn: difficulty and its table, variant, and the solo player's second role."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from .terms import DIFFICULTIES, ROLES, TABLES, Difficulty, RoleKey, Table, Variant

VARIANTS: tuple[Variant, ...] = ("standard", "rotation-gone-mad")


class CapricornOptions(BaseModel):
    """``difficulty`` sets the required repairs, the starting threat, the white die and whether the black Mother is
    in the bag (CAP-G-DIFF-1, CAP-G-DICE-1); ``table`` whose numbers: the rulebook's printed table (the default)
    or ours, tuned by self-play, which departs from the printed rules (easier Hard and Nightmare, Normal with 5
    characters at threat 1); ``variant`` adds Rotation Gone Mad (CAP-VAR-RGM-1); ``second_role``
    is the role a player alone at the table plays beside their own (CAP-G-SEAT-2; by default the first free
    rulebook role).

    Last Man Standing and Everyone for Themselves have no rules in the rulebook and are not offered
    (CAP-G-VAR-1).
    """

    model_config = ConfigDict(extra="forbid")

    difficulty: Difficulty = "normal"
    table: Table = Field(
        "printed",
        description="printed (the rulebook's numbers, default) or tuned (ours: departs from the printed rules)",
    )
    variant: Variant = "standard"
    second_role: RoleKey | None = None

    @field_validator("difficulty", "table", "variant", "second_role", mode="before")
    @classmethod
    def _known_value(cls, value: Any, info: ValidationInfo) -> Any:
        """A sentence naming the allowed values, instead of pydantic's literal-error wording."""
        name, allowed = ALLOWED[info.field_name or ""]
        if value is not None and value not in allowed:
            raise ValueError(f"The {name} must be one of {', '.join(allowed)}.")
        return value


# field -> (its name in a sentence, the values it takes); ``None`` is refused by the type where it is wrong.
ALLOWED: dict[str, tuple[str, tuple[str, ...]]] = {
    "difficulty": ("difficulty", DIFFICULTIES),
    "table": ("table", TABLES),
    "variant": ("variant", VARIANTS),
    "second_role": ("second role", ROLES),
}
