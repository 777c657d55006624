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
    wait. Two records with the same key draw the same board; a delivery drawn under another key is stale.

    The digest of ``json.dumps([snapshot, status, narration, result, waiting_since, seats])``, written in two
    parts: the snapshot's (most of it: a state's JSON, tens of kilobytes) is hashed once per snapshot and kept
    (``SNAPSHOTS_HASHED``), since a version's key is asked at its post and again at its delivery (``aim``)."""
    rest = [
        record.status,
        list(record.narration),
        record.result,
        record.waiting_since,
        [(s.seat, s.user_id, s.bot, s.role, s.display_name) for s in record.seats],
    ]
    hashed = _snapshot_hashed(record.snapshot).copy()
    hashed.update(b", " + json.dumps(rest).encode()[1:])  # the list's other items and its closing bracket
    return hashed.hexdigest()


SNAPSHOTS_HASHED = 8
"""Snapshots whose digest so far ``board_key`` keeps (the newest): a version's post and delivery, a few games."""
_hashed: OrderedDict[str | None, hashlib.blake2b] = OrderedDict()
_hashed_lock = threading.Lock()


def _snapshot_hashed(snapshot: str | None) -> hashlib.blake2b:
    """The digest ``board_key`` makes, fed the opening of its list: ``[`` and the snapshot's JSON."""
    with _hashed_lock:
        kept = _hashed.get(snapshot)
        if kept is not None:
            _hashed.move_to_end(snapshot)
            return kept
    hashed = hashlib.blake2b(digest_size=12)
    hashed.update(b"[" + json.dumps(snapshot).encode())
    with _hashed_lock:
        _hashed[snapshot] = hashed
        while len(_hashed) > SNAPSHOTS_HASHED:
            _hashed.popitem(last=False)
    return hashed


def _shows(view: View) -> bytes:
    """A digest of what ``view`` shows: equal for equal views. Pydantic's ``==`` walks both views' models in
    Python (up to 5 ms a move for Jupiter's, where they differ); the JSON is written in Rust (0.2 ms)."""
    return shows_of(view.model_dump_json())


def shows_of(text: str) -> bytes:
    """``_shows`` of a view whose JSON (``text``) the caller wrote already (``names.images_named``): written once."""
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def as_history(text: str) -> str:
    """An older board's text: the same story, with the line naming whom the game waits on (and its call to
    action) replaced by ``HISTORY``; a text without such a line only loses its call to action."""
    lines = text.split("\n")
    kept = [HISTORY if line.startswith(WAITING) else line.replace(CALL_TO_ACTION, "").rstrip() for line in lines]
    return "\n".join(kept)


class ShownBoards:
    """The public views boards were drawn from, and which of them reached the channel, so the next board can
    frame what changed since the board the players last saw (``render.core.changes``).

    A board is drawn when its commit is made and delivered later (``BoardsHost.aim`` says when): a bots' round
    draws several boards before any is delivered, and a stale one is drawn again for the newest game. So a
    board of version ``v`` is compared with the newest board *delivered* before ``v`` (``delivered``), or,
    where this process delivered none (tests that deliver without aiming), with the newest drawn before ``v``.
    A board drawn again for the same version (a repost, a stale delivery aimed again) compares with the same
    one as before. Kept in memory for the ``games`` most recently drawn games (each view is a few tens of
    kilobytes: as many games as the host keeps parsed states), a few versions each. After a restart the first
    board of a game frames nothing: what changed is still in its narration.
    """

    KEPT = 3
    """Distinct boards kept a game besides the delivered ones."""

    def __init__(self, games: int = 64) -> None:
        self.games = games
        # Each view with a digest of its JSON (``shows``): two views show the same when their JSON is the same.
        self._drawn: OrderedDict[int, dict[int, tuple[View, bytes]]] = OrderedDict()
        self._delivered: dict[int, list[int]] = {}
        self._lock = threading.Lock()

    def since(self, game_id: int, version: int, view: View, shows: bytes | None = None) -> View | None:
        """The view of the board to compare a board of ``version`` with (``None``: none in this process), noting
        ``view`` as the one ``version`` shows. Boards that show the same as ``view`` (a repost after a change
        that draws nothing new) are passed over, so a repost frames what the board it repeats framed.
        ``shows``: ``view``'s digest (``shows_of``), when the caller has it."""
        shows = _shows(view) if shows is None else shows
        with self._lock:
            drawn = self._drawn.pop(game_id, {})
            other = {v for v, (_, seen) in drawn.items() if v < version and seen != shows}
            delivered = [v for v in self._delivered.get(game_id, []) if v in other]
            before = max(delivered) if delivered else max(other) if other else None
            previous = None if before is None else drawn[before][0]
            newest = max(drawn) if drawn else None
            if newest is None or drawn[newest][1] != shows or newest > version:
                drawn[version] = (view, shows)  # a distinct board; one equal to the newest stays under its first
            keep = set(sorted(drawn)[-self.KEPT :]) | set(self._delivered.get(game_id, []))
            self._drawn[game_id] = {v: seen for v, seen in drawn.items() if v in keep}
            while len(self._drawn) > self.games:
                gone, _ = self._drawn.popitem(last=False)
                self._delivered.pop(gone, None)
            return previous

    def delivered(self, game_id: int, version: int) -> None:
        """A board showing the game at ``version`` is about to reach the channel: the newest board drawn at or
        before ``version`` is what the players see next, the one later boards compare with."""
        with self._lock:
            drawn = [v for v in self._drawn.get(game_id, {}) if v <= version]
            if not drawn:
                return
            shown = sorted({*self._delivered.get(game_id, []), max(drawn)})
            self._delivered[game_id] = shown[-2:]
