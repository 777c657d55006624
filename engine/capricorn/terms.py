"""The words of Abandon Capricorn as types: symbols, roles, rings, lanes, alien colours, difficulties and
their tables.

Kept apart from the data models so that the board, the state and the view can share them without importing
each other.
"""

from __future__ import annotations

from typing import Literal

Symbol = Literal["move", "rotate", "hit", "shoot", "grenade", "hide", "power"]
SYMBOLS: tuple[Symbol, ...] = ("move", "rotate", "hit", "shoot", "grenade", "hide", "power")

RoleKey = Literal["engineer", "soldier", "medic", "chemist", "scout"]
# The rulebook's four roles in the order a missing role is filled in, then our fifth (CAP-G-SEAT-*).
ROLES: tuple[RoleKey, ...] = ("engineer", "soldier", "medic", "chemist", "scout")

RingKey = Literal["inner", "middle", "outer"]
RINGS: tuple[RingKey, ...] = ("inner", "middle", "outer")
RotatingRing = Literal["inner", "middle"]
ROTATING: tuple[RotatingRing, ...] = ("inner", "middle")

Lane = Literal["i", "o"]
LANES: tuple[Lane, ...] = ("i", "o")

AlienColor = Literal["yellow", "blue", "red"]
ALIEN_COLORS: tuple[AlienColor, ...] = ("yellow", "blue", "red")
MotherColor = Literal["black", "green"]
MOTHER_COLORS: tuple[MotherColor, ...] = ("black", "green")

Difficulty = Literal["easy", "normal", "hard", "nightmare"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "normal", "hard", "nightmare")
# CAP-G-DIFF-1: whose difficulty numbers a game is dealt: the rulebook's (ours where it prints none) or ours,
# tuned by self-play.
Table = Literal["printed", "tuned"]
TABLES: tuple[Table, ...] = ("printed", "tuned")

Variant = Literal["standard", "rotation-gone-mad"]

POD = "POD"  # the escape pod's space id (CAP-G-MAP-6)
