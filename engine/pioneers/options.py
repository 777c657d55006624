"""Lobby options for Cosmic Pioneers: the scenario, how commanders are given out, how the ring is laid."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from .catalog import CATALOG


class PioneersOptions(BaseModel):
    """``scenario`` is one of the ten keys or ``random`` (PIO-SETUP-8); ``commanders`` ``choose`` (picked in
    turn, PIO-GAP-4) or ``random``; ``layout`` ``draft`` (players place the tiles, PIO-SETUP-11) or ``random``."""

    model_config = ConfigDict(extra="forbid")

    scenario: str = "random"
    commanders: Literal["choose", "random"] = "choose"
    layout: Literal["draft", "random"] = "draft"

    @field_validator("scenario")
    @classmethod
    def _known_scenario(cls, value: str) -> str:
        if value != "random" and value not in CATALOG.scenarios:
            names = ", ".join(sorted(CATALOG.scenarios))
            raise ValueError(f"There is no scenario called {value!r}; pick random or one of: {names}")
        return value
