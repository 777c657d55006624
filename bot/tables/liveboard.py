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
