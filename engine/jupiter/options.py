"""Lobby options for Jupiter Deep: the rulebook's four alternate rules, each on or off on its own (JUP-VAR-*), and
how many robots the table plays (a player may play several: digest section 2)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .catalog import CATALOG

ROBOT_PAWNS = len(CATALOG.robots)


class JupiterOptions(BaseModel):
    """The alternate rules, all off by default, and the number of robots; all fixed when the game begins.

    ``robot_vulnerability``: a robot no longer keeps its tile from exploding and leaves play with it
    (JUP-VAR-RV-*). ``fast_creeps``: Conversion comes after Invasion (JUP-VAR-FAST-1). ``ultimate_heroes``:
    every colonist placed at setup must be saved (JUP-VAR-HERO-1). ``polite_colonists``: colonists and robots
    do not block movement that does not end on them (JUP-VAR-POLITE-1). ``robots``: robots in play in all,
    dealt to the players round-robin in seat order, so a player alone can play two robots and a table of three
    can play six; unset, every player plays one robot (see docs/rules/jupiter.md, Decisions). Whether the
    number suits the players seated is checked when the game begins (``setup``), when the table is known.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    robot_vulnerability: bool = False
    fast_creeps: bool = False
    ultimate_heroes: bool = False
    polite_colonists: bool = False
    robots: int | None = Field(
        default=None,
        description=f"Robots in play, 1-{ROBOT_PAWNS}, shared among the players (default: one each)",
    )

    @field_validator("robots", mode="before")
    @classmethod
    def _robot_count(cls, value: Any) -> Any:
        """A sentence a player understands instead of pydantic's integer wording."""
        if value is None:
            return None
        count: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            count = value
        elif isinstance(value, str) and value.strip().isdigit():
            count = int(value.strip())
        if count is None or not 1 <= count <= ROBOT_PAWNS:
            raise ValueError(
                f"Jupiter Deep has {ROBOT_PAWNS} robot pawns: choose from 1 to {ROBOT_PAWNS} robots in all, "
                f"not {value!r}"
            )
        return count
