"""One live board per game: which stored game a drawn board shows, and what an older board is reduced to.

A board is drawn when its commit is made, but reaches Discord later: after another process's delivery, after a
bot's next moves (a bot round commits several before it delivers), after a crash in any order. So the drawn
board carries the key of the stored game it shows (``board_key``); the host aims it at delivery
(``BoardsHost.aim``): at the newest board message, drawn again when the game moved on since. A board a newer
one replaced keeps its picture and its story, and loses its call to action (``as_history``): only the newest
board tells anyone to press **Your move**.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict

from engine.core import View

from ..store import GameRecord

CALL_TO_ACTION = "Press **Your move**."
"""The sentence only the newest board carries, and only while the game waits on a person."""

WAITING = "⏳ Waiting on "
"""How the board's line naming whom the game waits on begins (``HostCore._waiting_line``)."""

HISTORY = "⏪ An earlier board: the game goes on in the newest one below."
"""What an older board says instead of whom the game waits on."""


def board_key(record: GameRecord) -> str:
    """A short digest of everything a board shows of ``record``: its state, status, story, result, seats and
    wait. Two records with the same key draw the same board; a delivery drawn under another key is stale."""
    shown = [
        record.snapshot,
        record.status,
        list(record.narration),
        record.result,
        record.waiting_since,
        [(s.seat, s.user_id, s.bot, s.role, s.display_name) for s in record.seats],
    ]
    return hashlib.blake2b(json.dumps(shown).encode(), digest_size=12).hexdigest()


def as_history(text: str) -> str:
    """An older board's text: the same story, with the line naming whom the game waits on (and its call to
    action) replaced by ``HISTORY``; a text without such a line only loses its call to action."""
    lines = text.split("\n")
    kept = [HISTORY if line.startswith(WAITING) else line.replace(CALL_TO_ACTION, "").rstrip() for line in lines]
    return "\n".join(kept)


class ShownBoards:
    """The public view each game's last boards were drawn from, so the next board can ring what changed since
    (``render.core.changes``): a board of version ``v`` is compared with the newest one drawn before ``v``.

    Kept in memory for the ``games`` most recently drawn games, two versions each (a board drawn again for the
    same version, a repost or a stale delivery aimed again, compares with the same one as before). After a
    restart the first board of a game rings nothing: what changed is still in its narration. Each view is a few
    tens of kilobytes, so ``games`` is kept as small as the host's cache of parsed states.
    """

    def __init__(self, games: int = 64) -> None:
        self.games = games
        self._shown: OrderedDict[int, list[tuple[int, View]]] = OrderedDict()
        self._lock = threading.Lock()

    def since(self, game_id: int, version: int, view: View) -> View | None:
        """The view the newest board drawn before ``version`` showed (``None``: none drawn in this process),
        noting ``view`` as the one ``version`` shows."""
        with self._lock:
            drawn = self._shown.pop(game_id, [])
            earlier = [(v, seen) for v, seen in drawn if v < version]
            previous = max(earlier, key=lambda item: item[0])[1] if earlier else None
            kept = {v: seen for v, seen in drawn}
            kept[version] = view
            self._shown[game_id] = sorted(kept.items())[-2:]
            while len(self._shown) > self.games:
                self._shown.popitem(last=False)
            return previous
