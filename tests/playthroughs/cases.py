"""Which games, seeds, seats and options have a golden playthrough, and where its file lives.

Each case is picked to exercise what a reviewer should see change: several seats, hidden information, prompts
to two seats at once, and a whole game that still fits in a file of a few hundred kilobytes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import GameSpec, SeatSetup
from engine.registry import GAMES
from tests.test_contract import seats_for

HERE = Path(__file__).resolve().parent
MAX_STEPS = 600  # a case longer than this stops here, and its header says so


@dataclass(frozen=True)
class Case:
    """One golden file: ``game`` played by ``players`` seats from ``seed`` with lobby ``options``."""

    game: str
    seed: int
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    why: str = ""
    max_steps: int = MAX_STEPS

    @property
    def spec(self) -> GameSpec[Any, Any]:
        return GAMES[self.game]

    @property
    def name(self) -> str:
        return f"{self.game}_{self.seed}"

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"

    def seats(self) -> list[SeatSetup]:
        """The contract test's seats: distinct roles, rotated by the seed."""
        return seats_for(self.spec, self.players, self.seed)

    def parsed_options(self) -> Any:
        return self.spec.parse_options(self.options)

    def options_text(self) -> str:
        """The options as the lobby would store them, defaults included, keys sorted."""
        return json.dumps(self.parsed_options().model_dump(mode="json"), sort_keys=True, ensure_ascii=False)


CASES: tuple[Case, ...] = (
    Case(
        "abordaje",
        0,
        2,
        why="the basic game: orders placed face down by both sides at once, hands passed on, the reveal",
    ),
    Case(
        "abordaje",
        2,
        2,
        {"variant": "advanced", "handicap": True},
        why="the advanced game with the handicap: swapping tactics, the set-aside card, several turns",
    ),
    Case(
        "capricorn",
        0,
        4,
        why="four hidden hands, the Engineer's off-turn offers (two seats prompted at once), many turns",
    ),
    Case(
        "jupiter",
        0,
        3,
        {"robots": 4},
        why="three players sharing four robots (one player answers for two), an open game with nothing hidden",
    ),
    Case(
        "pioneers",
        0,
        3,
        {"scenario": "trade_routes"},
        why="three captains: commanders, the free upgrades at once, the planet draft, combat, crash landings, goods",
    ),
    Case(
        "derelict",
        1,
        3,
        why="secret tasks and hands, a parallel draft and task choice, noise, collisions and the end checks",
    ),
)


def case_named(name: str) -> Case:
    """The case whose file is ``<name>.txt``."""
    for case in CASES:
        if case.name == name:
            return case
    raise KeyError(f"no golden playthrough case called {name!r}")
