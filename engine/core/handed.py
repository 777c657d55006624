"""Prompts handed along one ``apply`` call, so that each state's prompts are worked out once per move.

A move works a state's prompts out several times over: the host has the prompts of the state it answers (it
offered them), the game's ``apply`` checks the answer against them again, ``answering_forced`` works out the new
state's prompts to find a question with one answer, and the host asks ``prompts`` of the same new state once
more. For most games that is cheap; Jupiter Deep's prompts (every destination, every dock side) cost 0.1-0.8 ms
each. ``handing`` lets those who have them hand them along instead, for the length of one ``apply`` call:

- the caller hands the prompts of the state it passes to ``apply`` (``Handing(state, prompts)``);
- ``answering_forced`` notes the prompts it worked out of every state it goes on from (``Handing.know``) and,
  for the state it returns, leaves them for the caller (``Handing.after``);
- a game's ``apply`` may check an answer against ``known(state)`` instead of working its prompts out again.

Why nothing here can go stale: an entry names one state *object* (by identity, holding it, so no other object
takes its id) and is only ever read while the ``with`` block of one ``apply`` call runs, on the thread that
runs it; ``apply`` never changes a state it is given (``tests/test_engine_copies.py`` holds every state
unchanged), and between noting a state's prompts and reading them nothing else runs. Nothing is kept past the
block: a state changed in place afterwards (as tests do to set up a position) is never answered from here.
What is handed must be what the spec's ``prompts`` gives for that state (the host's memo of the stored version
it parsed, or what ``answering_forced`` just worked out with the spec's own ``prompts``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import Prompt


class Handing:
    """The prompts known along one ``apply`` call: those of the state being answered, then those of the state
    ``answering_forced`` returns."""

    def __init__(self, state: Any, prompts: Sequence[Prompt] | None) -> None:
        self._known: tuple[Any, list[Prompt]] | None = None if prompts is None else (state, list(prompts))
        self._after: tuple[Any, list[Prompt]] | None = None

    def know(self, state: Any, prompts: list[Prompt]) -> None:
        """``prompts`` are what the spec's ``prompts`` gives for ``state``, which nobody changes from now on."""
        self._known = (state, prompts)

    def known(self, state: Any) -> list[Prompt] | None:
        """``state``'s prompts, when handed (the very object), else ``None``."""
        known = self._known
        return known[1] if known is not None and known[0] is state else None

    def leave(self, state: Any, prompts: list[Prompt]) -> None:
        """``state`` (returned by ``apply``) has ``prompts``: the caller need not work them out again."""
        self._after = (state, prompts)

    def after(self, state: Any) -> list[Prompt] | None:
        """The prompts ``apply`` left for ``state``, when ``state`` is the very object it returned."""
        after = self._after
        return after[1] if after is not None and after[0] is state else None


_current = threading.local()


@contextmanager
def handing(state: Any, prompts: Sequence[Prompt] | None = None) -> Iterator[Handing]:
    """Hand ``state``'s ``prompts`` (when the caller has them) to the ``apply`` call made inside the block, and
    collect the prompts it works out of the state it returns (``Handing.after``)."""
    outer = getattr(_current, "value", None)
    hand = Handing(state, prompts)
    _current.value = hand
    try:
        yield hand
    finally:
        _current.value = outer


def current() -> Handing | None:
    """The ``Handing`` of the ``apply`` call running on this thread, if its caller opened one."""
    value: Handing | None = getattr(_current, "value", None)
    return value


def known(state: Any) -> list[Prompt] | None:
    """``state``'s prompts when they were handed along the ``apply`` call running now, else ``None``: a game's
    ``apply`` checks an answer against them instead of working them out again."""
    hand = current()
    return None if hand is None else hand.known(state)
