"""Whether a panel's images, asked beside a board being drawn, are looked up on the event loop first.

A panel asks its renderer for its images on the loop first (``render.core.cache.kept``): an image kept costs the
loop its key and no hop to a worker thread. Beside a new board's drawing (``bot.tables.beside.by_a_drawing``) the
seat's view has just changed with the board's, so most are to be drawn, and the look-up is paid for nothing: its
key again in the thread. What the look-up costs depends on the game's renderer: Cosmic Pioneers' close-up key
costs the loop 0.04 ms, less than a hop (about 0.1 ms of the loop's CPU); Jupiter Deep's 0.45-0.55 ms, Abandon
Capricorn's hand 0.2 ms. So each game's first look-ups beside a drawing are timed (the loop's CPU), and once
they cost more than a hop on average, that game's images beside a drawing go to the worker thread at once, which
finds them kept as well: the same images either way. So do the others' DMs drawn after the answer (``unhurried``):
nobody waits on them but the loop, which the look-up would cost more than the hop.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

HOP = 0.0001
"""The loop's CPU for one hop to a worker thread and back (``asyncio.to_thread``), in seconds."""

TRIES = 8
"""Look-ups timed per game before deciding."""


class LookFirst:
    """Per game, the loop's CPU of its panel look-ups beside a drawing, and whether they are still worth it."""

    def __init__(self) -> None:
        self._seconds: defaultdict[str, float] = defaultdict(float)
        self._tries: defaultdict[str, int] = defaultdict(int)

    def worth(self, game: str) -> bool:
        """Whether ``game``'s panel images beside a drawing are looked up on the loop first: while still timed,
        then when they cost the loop less than a hop on average."""
        tries = self._tries[game]
        return tries < TRIES or self._seconds[game] < HOP * tries

    def took(self, game: str, seconds: float) -> None:
        """A look-up of ``game``'s beside a drawing took the loop ``seconds`` of CPU (the first ``TRIES`` count)."""
        if self._tries[game] < TRIES:
            self._tries[game] += 1
            self._seconds[game] += seconds


_unhurried: ContextVar[bool] = ContextVar("unhurried", default=False)


@contextmanager
def after_the_answer() -> Iterator[None]:
    """Within it, the panels drawn are the others' DMs, after the answer (``HostCore.drawn_later``): a hop to a
    worker thread delays nobody, so their images are asked of it at once when the look-up costs the loop more."""
    token = _unhurried.set(True)
    try:
        yield
    finally:
        _unhurried.reset(token)


def unhurried() -> bool:
    """Whether the panel drawn now is one nobody waits on (``after_the_answer``)."""
    return _unhurried.get()
