"""The games this host can run: key -> ``GameSpec``. The lobby builds ``/start`` from this, never its own list.

Each game's package (and the ``data/`` content it validates on load) is imported the first time its spec is
asked for (``engine.core.lazy``): the bot asks for every one when it starts, a process that plays one game
imports that one only.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameSpec, NoGameHere
from engine.core.lazy import LazyRegistry

GAMES: LazyRegistry[GameSpec[Any, Any]] = LazyRegistry(
    {
        "capricorn": "engine.capricorn:SPEC",
        "jupiter": "engine.jupiter:SPEC",
        "abordaje": "engine.abordaje:SPEC",
        "pioneers": "engine.pioneers:SPEC",
        "derelict": "engine.derelict:SPEC",
    }
)


def get_spec(key: str) -> GameSpec[Any, Any]:
    """The spec for ``key``, or a sentence saying which games exist."""
    try:
        return GAMES[key]
    except KeyError:
        names = ", ".join(sorted(GAMES))
        raise NoGameHere(f"There is no game called {key!r} here; try one of: {names}.") from None
