"""A registry whose entries are imported on first use: the game keys are known at once, a game's modules only
when something asks for that game.

The registries (``engine.registry.GAMES``, ``engine.seatbots.SEAT_BOTS``, ``render.registry.RENDERERS``) name
each game's module here instead of importing all five at load. A process that touches one game — the crash
tests' child, a benchmark worker, the local table — then pays for that game's imports only; the bot itself
builds its host and its ``/start`` choices from every entry, so it still imports (and validates the ``data/``
content of) every game when it starts, as before. Asking for a key that is not registered raises ``KeyError``
without importing anything; ``key in registry``, ``len`` and iterating the keys import nothing either.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import TypeVar

V = TypeVar("V")


class LazyRegistry(MutableMapping[str, V]):
    """key -> value, each value ``module:attribute`` imported the first time its key is read.

    Keys keep the order they were given in. Setting a key (a test swapping one game's spec) stores the value
    itself; deleting it forgets the key.
    """

    def __init__(self, where: dict[str, str]) -> None:
        self._where = dict(where)  # key -> "package.module:ATTRIBUTE"
        self._loaded: dict[str, V] = {}

    def __getitem__(self, key: str) -> V:
        if key in self._loaded:
            return self._loaded[key]
        module, _, attribute = self._where[key].partition(":")  # KeyError for a key never registered
        value: V = getattr(importlib.import_module(module), attribute)
        self._loaded[key] = value
        return value

    def __setitem__(self, key: str, value: V) -> None:
        self._where.setdefault(key, "")
        self._loaded[key] = value

    def __delitem__(self, key: str) -> None:
        del self._where[key]
        self._loaded.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __repr__(self) -> str:
        return f"LazyRegistry({list(self._where)})"
