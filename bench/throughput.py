"""Engine throughput: actions per second and complete random games per second, rules only.

``engine.core.playout.random_playout`` plays uniformly random legal choices (``prompts`` + ``apply`` at each
step), which is what one action costs the engine minus the views and the outcome check the host adds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import GameSpec, SeatSetup
from engine.core.playout import random_playout

MAX_STEPS = 5000


def seats_for(spec: GameSpec[Any, Any]) -> list[SeatSetup]:
    """The fewest seats the game needs, each with a distinct role when the game has roles."""
    roles: Sequence[str | None] = [r.key for r in spec.roles] or [None]
    return [SeatSetup(role=roles[i % len(roles)]) for i in range(spec.min_players)]


@dataclass(frozen=True)
class Throughput:
    """Random games played for about ``budget`` seconds: how many, how many actions, and how long."""

    games: int
    finished: int
    actions: int
    seconds: float

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else float("nan")

    @property
    def games_per_s(self) -> float:
        return self.finished / self.seconds if self.seconds else float("nan")

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games if self.games else float("nan")


def measure_throughput(spec: GameSpec[Any, Any], budget: float, min_games: int = 2) -> Throughput:
    """Play seeded random games until ``budget`` seconds have passed (and at least ``min_games``)."""
    seats = seats_for(spec)
    options = spec.options_model()
    games = finished = actions = 0
    start = time.perf_counter()
    while games < min_games or time.perf_counter() - start < budget:
        last = None
        for step in random_playout(spec, seats, options, seed=games, max_steps=MAX_STEPS):
            actions += 1
            last = step.after
        games += 1
        if last is not None and spec.outcome(last) is not None:
            finished += 1
    return Throughput(games, finished, actions, time.perf_counter() - start)
