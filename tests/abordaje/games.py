"""Seeded random ¡Abordaje! games, each default seed played once a test process for every test that reads it.

The property tests (``test_properties.py``) and the hidden-information tests (``test_hidden.py``) play the same
seeds with the same seats and options: ``steps`` keeps the first ``KEPT`` seeds' games (about 3 MB a game) so
both read one copy. States are never changed in place (``apply`` and the resampling make new ones), so a kept
game reads the same to every test. Other seeds (the slow set's hundreds) are played afresh and not kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine.abordaje import SPEC, AbordajeOptions
from engine.core import SeatSetup
from engine.core.playout import PlayoutStep, random_playout

OPTION_SETS = (
    AbordajeOptions(variant="basic"),
    AbordajeOptions(variant="advanced"),
    AbordajeOptions(variant="advanced", handicap=True),
)
KEPT = range(18)
MAX_STEPS = 20_000  # a guard against a loop inside one turn (a turn asks at most a few dozen questions)


def options_for(seed: int) -> AbordajeOptions:
    """Seeds cycle through the basic game, the advanced game and the advanced game with the handicap."""
    return OPTION_SETS[seed % 3]


def seats_for(seed: int) -> list[SeatSetup]:
    """Pirates on seat 0 for half the seeds and on seat 1 for the other half, across every option set."""
    roles = ["pirate", "spanish"] if (seed // 3) % 2 == 0 else ["spanish", "pirate"]
    return [SeatSetup(role=role) for role in roles]


def steps(seed: int) -> Iterable[PlayoutStep]:
    """Every step of ``random_playout(SPEC, seats_for(seed), options_for(seed), seed, max_steps=MAX_STEPS)``:
    kept for the first ``KEPT`` seeds, played as it is read for the others."""
    if seed in KEPT:
        return _kept(seed)
    return random_playout(SPEC, seats_for(seed), options_for(seed), seed, max_steps=MAX_STEPS)


@cache
def _kept(seed: int) -> tuple[PlayoutStep, ...]:
    return tuple(random_playout(SPEC, seats_for(seed), options_for(seed), seed, max_steps=MAX_STEPS))
