"""Two processes changing one game at once: the loser reads the game again and tries once more.

Every write of a game names the version it read, and the store refuses a write over another version
(``Conflict``, nothing written). The host never shows that refusal: each request runs through ``retried``,
which reads the game again and runs the whole request once more on the new state, checks included. So a
request that still makes sense is applied to the game as it now stands (a join to a lobby that changed is
still a join, a vote still counts), and one that no longer does gets the sentence its own checks give on
the new state, or, when the game itself is gone or over, a sentence that says so ("The game had already
ended."). A request is a function of its ``Attempt``: it tells the attempt which game it read
(``Attempt.saw``), so a retry never acts on another game of the channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from engine.core import Conflict, GameError, IllegalAction, NoGameHere

from ..store import GameRecord, GameStatus, Store

log = logging.getLogger(__name__)

T = TypeVar("T")

RACE_RETRIES = 5  # reads of a game another process keeps moving under this one, before the player is asked again
BUSY = "The game changed several times while your request was being taken, so it was not taken; please try again."
OTHER_GAME = "The game you asked about is no longer this channel's game."


@dataclass
class Attempt:
    """One run of a request: its number (0 the first), and the game the first run read, as it was then."""

    number: int = 0
    game_id: int | None = None
    status: GameStatus | None = None

    @property
    def retry(self) -> bool:
        """Whether an earlier run lost a race: the request now runs on a game that changed meanwhile."""
        return self.number > 0

    def saw(self, record: GameRecord) -> None:
        """Note the game this run read; a retry that finds another game in the channel refuses."""
        if self.game_id is None:
            self.game_id, self.status = record.id, record.status
        elif record.id != self.game_id:
            raise NoGameHere(OTHER_GAME)


async def retried(store: Store, lock: asyncio.Lock, request: Callable[[Attempt], Awaitable[T]]) -> T:
    """Run ``request`` under the channel's ``lock`` (so only another process can win a race); each time its
    write loses one (``Conflict``), run it again on the game as stored now.

    A refusal on a retry that comes from the game being gone or over becomes the sentence saying so
    (``what_changed``).
    """
    async with lock:
        return await _retried(store, request)


async def _retried(store: Store, request: Callable[[Attempt], Awaitable[T]]) -> T:
    attempt = Attempt()
    for number in range(RACE_RETRIES):
        attempt.number = number
        try:
            return await request(attempt)
        except Conflict:
            log.info("race game=%s attempt=%s: another process wrote first", attempt.game_id, number + 1)
        except GameError as exc:
            if not attempt.retry:
                raise
            changed = await what_changed(store, attempt)
            if changed is None:
                raise
            raise type(exc)(changed) from None
    raise IllegalAction(BUSY)


async def what_changed(store: Store, attempt: Attempt) -> str | None:
    """What happened to the game the first run read, when a race ended it: reset, ended, finished, begun."""
    if attempt.game_id is None:
        return None
    now = await store.get_game(attempt.game_id)
    if now is None:
        return "The lobby had already been closed." if attempt.status == "lobby" else "The game had already been reset."
    if now.status == attempt.status:
        return None
    if now.status == "ended":
        return "The game had already been ended by a moderator."
    if now.status == "finished":
        return "The game had already finished."
    if attempt.status == "lobby" and now.status == "active":
        return "The game had already begun."
    return None
