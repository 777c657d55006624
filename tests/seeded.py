"""Seeded games played with random offered answers: the states a test walks through, the same on every run."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.rng import Rng


def random_states(spec: Any, state: Any, seed: int, steps: int) -> Iterator[Any]:
    """``state`` and the states after it, one random offered choice at a time (seeded), until the game waits on
    nobody or ``steps`` states were given."""
    chooser = Rng.from_seed(seed)
    for _ in range(steps):
        yield state
        prompts = spec.prompts(state)
        if not prompts:
            return
        prompt = chooser.choice(prompts)
        state, _ = spec.apply(state, prompt.seat, prompt.id, chooser.choice(list(prompt.choices)).id)
