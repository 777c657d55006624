"""Lobby options for Jupiter Deep: the rulebook's four alternate rules, each on or off on its own (JUP-VAR-*)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class JupiterOptions(BaseModel):
    """The alternate rules, all off by default and fixed when the game begins.

    ``robot_vulnerability``: a robot no longer keeps its tile from exploding and leaves play with it
    (JUP-VAR-RV-*). ``fast_creeps``: Conversion comes after Invasion (JUP-VAR-FAST-1). ``ultimate_heroes``:
    every colonist placed at setup must be saved (JUP-VAR-HERO-1). ``polite_colonists``: colonists and robots
    do not block movement that does not end on them (JUP-VAR-POLITE-1).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    robot_vulnerability: bool = False
    fast_creeps: bool = False
    ultimate_heroes: bool = False
    polite_colonists: bool = False
