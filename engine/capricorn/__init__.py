"""Abandon Capricorn (Søren Brandborg, Bastian Borup): a cooperative escape from a rotating space station.

Work in progress, built in layers; not registered in ``engine/registry.py`` until it can be played whole
(no ``SPEC`` yet). Modules: ``terms`` (the game's words as types), ``catalog`` (the ship, cards and numbers
from ``data/capricorn``), ``board`` (the ship's geometry: spaces, adjacency, doors under rotation),
``options``, ``state`` (the table, the turn log), ``setup``, ``script`` (a turn as straight code that asks
questions, replayed from the turn's snapshot), ``effects`` (damage, the bag, placing and pushing aliens),
``actions`` (each card action and Search), ``turn`` (one character's turn), ``rules`` (``prompts``,
``apply``, ``outcome``). See ``docs/rules/capricorn.md`` for what is implemented and what is not yet.
"""

from __future__ import annotations

from .board import SHIP, Ship
from .catalog import CATALOG, Catalog, DataError

__all__ = ["CATALOG", "SHIP", "Catalog", "DataError", "Ship"]
