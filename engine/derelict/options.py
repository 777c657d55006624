"""Lobby options for Derelict: which tasks are dealt, and how long the time track runs."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class DerelictOptions(BaseModel):
    """``mode``: ``standard`` deals hostile tasks too, ``coop`` only friendly ones (DER-TASK-3, DER-COOP-1).
    ``length``: ``full`` (13-space time track, cryo opens on space 7) or ``short`` (10 spaces, space 5)."""

    model_config = ConfigDict(extra="forbid")

    mode: Literal["standard", "coop"] = "standard"
    length: Literal["full", "short"] = "full"
