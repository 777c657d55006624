"""A small seeded random generator whose whole state is one integer.

Randomness lives in the game state (as boardgame.io keeps ``prngstate``) so that ``apply`` stays pure and a
replay of the log reproduces every shuffle and roll. The generator is SplitMix64: tiny, fast in pure
Python, and its state serialises to JSON as a single number.

>>> rng = Rng.from_seed(7)
>>> rng.randrange(6) in range(6)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel

from .copies import shallow

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng(BaseModel):
    """SplitMix64 generator; mutate only a copy of the state you are about to return."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for a game's seed (any integer)."""
        return cls(state=seed & _MASK)

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def roll_d6(self) -> int:
        """A six-sided die: 1..6."""
        return self.randrange(6) + 1

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        return items[self.randrange(len(items))]

    def clone(self) -> Rng:
        """An independent copy, as ``model_copy(deep=True)`` gives (a rigged one keeps its own queue of draws),
        without ``deepcopy``'s walk: every ``apply`` copies its generator once or twice."""
        return shallow(self)  # the state is an int

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]


class RiggedRng(Rng):
    """A generator for rules tests: ``randrange`` returns the queued answers first.

    Like boardgame.io's ``mock-random``: a test queues the draws it wants (each must be in range); when the
    queue is empty the generator falls back to SplitMix64.
    """

    queued: list[int] = []

    def clone(self) -> RiggedRng:
        return shallow(self, queued=self.queued[:])

    def randrange(self, n: int) -> int:
        if self.queued:
            value = self.queued.pop(0)
            if not 0 <= value < n:
                raise ValueError(f"rigged draw {value} is not in range({n})")
            return value
        return super().randrange(n)
