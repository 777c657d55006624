"""The games this host can run: key -> ``GameSpec``. The lobby builds ``/start`` from this, never its own list."""

from __future__ import annotations

from typing import Any

from engine.abordaje import SPEC as ABORDAJE
from engine.capricorn import SPEC as CAPRICORN
from engine.core import GameSpec, NoGameHere
from engine.derelict import SPEC as DERELICT
from engine.jupiter import SPEC as JUPITER
from engine.pioneers import SPEC as PIONEERS

GAMES: dict[str, GameSpec[Any, Any]] = {spec.key: spec for spec in (CAPRICORN, JUPITER, ABORDAJE, PIONEERS, DERELICT)}


def get_spec(key: str) -> GameSpec[Any, Any]:
    """The spec for ``key``, or a sentence saying which games exist."""
    try:
        return GAMES[key]
    except KeyError:
        names = ", ".join(sorted(GAMES))
        raise NoGameHere(f"There is no game called {key!r} here; try one of: {names}.") from None
