"""Killing the bot in process, at a chosen point, with nothing it held in memory kept and nothing flushed.

A ``Fuse`` counts the points a request passes: each Discord request the bot makes is two points (just before
SimCord handles it and just after), and each commit one (right after the store's ``record_action`` returned).
Armed at point *n*, it raises ``Crash`` there, and at every later point until the test restarts the bot.

``Crash`` is a ``BaseException``: no ``except Exception`` of the bot catches it, so no error handler answers
the user, no "forget this" runs, no later Discord call is made — what a SIGKILL leaves. Store transactions
roll back as they would (nothing half-written), and the test then starts a fresh bot (a new ``Host``, its
caches empty) over the same database file, as a new process would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from simcord.http import router

from bot.store import Store


class Crash(BaseException):
    """The process died here."""


@dataclass
class Fuse:
    """Where the bot dies (see the module docstring); ``where`` names the point once it did."""

    at: int | None = None
    passed: int = 0
    where: str | None = None
    points: list[str] = field(default_factory=list)  # the points passed since arming (for messages)

    def arm(self, at: int) -> None:
        self.at, self.passed, self.where, self.points = at, 0, None, []

    def disarm(self) -> None:
        self.at, self.where = None, None

    @property
    def blown(self) -> bool:
        return self.where is not None

    def point(self, what: str) -> None:
        if self.where is not None:
            raise Crash(f"already dead (at {self.where}), then {what}")
        if self.at is None:
            return
        self.points.append(what)
        if self.passed == self.at:
            self.where = what
            raise Crash(what)
        self.passed += 1


COMMITS = ("record_action",)  # the store's writes after which the fuse has a point: a move's commit
CHANGES = (*COMMITS, "update_game", "undo_action", "delete_game")  # and every other change of a game


def install(
    monkeypatch: pytest.MonkeyPatch, fuse: Fuse, stores: tuple[Store, ...], commits: tuple[str, ...] = COMMITS
) -> None:
    """Put the fuse around every Discord request the bot makes and after every commit of ``stores`` (the
    store methods named in ``commits``)."""
    real_dispatch = router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        fuse.point(f"before {method} {path}")
        result = real_dispatch(backend, method, path, **kwargs)
        fuse.point(f"after {method} {path}")
        return result

    monkeypatch.setattr(router, "dispatch", dispatch)
    for store in stores:
        for name in commits:
            monkeypatch.setattr(store, name, _after(getattr(store, name), fuse))


def _after(record_action: Callable[..., Any], fuse: Fuse) -> Callable[..., Any]:
    async def committed(*args: Any, **kwargs: Any) -> Any:
        result = await record_action(*args, **kwargs)
        fuse.point("after the commit")
        return result

    return committed
