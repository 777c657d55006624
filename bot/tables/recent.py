"""A few seconds' memory of the per-person choices every move reads: who is away, how each wants to be told.

Every action asks whether its players are away (``away.py``) and how they want to be told (``notify.py``), some
of it twice (for the pings, then for the board); those choices change only by the person's own command. Reading
them from the store each time cost a move several queries (the bench's "no image" action went from 3 to 15 ms
p95). They are kept here for ``FRESH_SECONDS`` of real time: a change made in this process is seen at once (the
command that writes it forgets what was kept), one made by another process within those seconds.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

FRESH_SECONDS = 5.0
KEPT = 4096  # entries; the oldest go first

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """Values read lately, each good for ``fresh`` seconds (monotonic clock: a test's clock never moves it)."""

    def __init__(self, fresh: float = FRESH_SECONDS, kept: int = KEPT) -> None:
        self.fresh, self.kept = fresh, kept
        self._values: OrderedDict[K, tuple[float, V]] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._values.get(key)
        if found is None or time.monotonic() - found[0] > self.fresh:
            return None
        return found[1]

    def put(self, key: K, value: V) -> None:
        self._values[key] = (time.monotonic(), value)
        self._values.move_to_end(key)
        while len(self._values) > self.kept:
            self._values.popitem(last=False)

    def forget(self, key: K | None = None) -> None:
        """Forget ``key`` (everything when ``None``): this process just changed it."""
        if key is None:
            self._values.clear()
        else:
            self._values.pop(key, None)
