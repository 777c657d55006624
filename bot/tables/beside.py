"""The acting player's panel drawn beside the board only while the board waits on a drawing.

An action's answer is the board and the actor's panel. When either must draw an image (a worker thread), the other
is worked out meanwhile, so the player waits for the longer of them rather than their sum. Most actions draw
nothing new (the images are kept: ``bot.tables.lastdrawn``); then both are plain Python on the event loop, and
running them as two tasks (``asyncio.gather``) only added the tasks' and the loop's own steps: about 0.2 ms of CPU
an action, a tenth of the host's part. So the board is awaited directly and the panel waits as a coroutine not yet
started; it becomes a task only when the board is about to wait on a worker thread (``drawn`` calls
``waiting_on_thread``), and is otherwise awaited right after the board, in the same task.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Coroutine
from contextvars import ContextVar
from typing import Any, Generic, TypeVar

A = TypeVar("A")
B = TypeVar("B")


class _Beside(Generic[B]):
    """A coroutine waiting to run beside the current one: started as a task once that one waits on a thread."""

    def __init__(self, coro: Coroutine[Any, Any, B]) -> None:
        self._coro: Coroutine[Any, Any, B] | None = coro
        self._task: asyncio.Future[B] | None = None

    def start(self) -> None:
        if self._task is None and self._coro is not None:
            token = _by_a_drawing.set(True)  # the task's context is a copy of this one, made as it is created
            try:
                self._task = asyncio.ensure_future(self._coro)
            finally:
                _by_a_drawing.reset(token)
            self._coro = None

    async def result(self) -> B:
        if self._task is not None:
            return await self._task
        assert self._coro is not None
        coro, self._coro = self._coro, None
        return await coro

    def drop(self) -> None:
        """The first one failed: this one is not wanted (a task stopped, a coroutine never started closed)."""
        if self._task is not None:
            self._task.cancel()
        elif self._coro is not None:
            self._coro.close()
            self._coro = None


_beside: ContextVar[_Beside[Any] | None] = ContextVar("beside", default=None)
_by_a_drawing: ContextVar[bool] = ContextVar("by_a_drawing", default=False)


def by_a_drawing() -> bool:
    """Whether the current task was started beside one waiting on a worker thread (the actor's panel beside a new
    board's drawing): its view changed with the board's, so its images are mostly to draw, and asked of a worker
    thread at once where looking them up on the loop first costs more than the hop (``bot.tables.lookfirst``)."""
    return _by_a_drawing.get()


def waiting_on_thread() -> None:
    """The current task is about to wait on a worker thread (a drawing): start what was left to run beside it."""
    beside = _beside.get()
    if beside is not None:
        beside.start()


async def both(first: Awaitable[A], second: Coroutine[Any, Any, B]) -> tuple[A, B]:
    """``first`` and ``second``'s results, as ``asyncio.gather`` would give them: ``second`` runs beside ``first``
    from the moment ``first`` waits on a worker thread (``waiting_on_thread``), else after it, in this task."""
    beside = _Beside(second)
    token = _beside.set(beside)
    try:
        done = await first
    except BaseException:
        beside.drop()
        raise
    finally:
        _beside.reset(token)
    return done, await beside.result()
