"""Small things every part of the host shares: who is asking, a loaded game, and how times and users are written."""

from __future__ import annotations

import functools
import re
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from engine.core import Event, GameError, GameSpec, Prompt, State

from ..outbox import ChannelPost
from ..store import GameRecord, SeatRecord
from ..store.base import FORMER_PLAYER, is_former_player

MESSAGE_LIMIT = 1900  # Discord allows 2000 characters; keep room for the header
AUTOCOMPLETE_LIMIT = 25


ASKING: ContextVar[int | None] = ContextVar("asking", default=None)
"""The deferred interaction the running request answers (set by ``bot.ui.common.answering``): every write of a
game the request makes marks it done in the same transaction (``Store.update_game``'s ``interaction_id``), so
after a crash the catch-up knows whether the command was taken. A context variable rather than a parameter of
every host step: the seat-bot and reminder loops, which answer nobody, leave it unset."""


def asking() -> int | None:
    """The interaction the running request answers, if any (``ASKING``)."""
    return ASKING.get()


BEGUN = "The game has begun."
"""The narration a deal opens with. It names nobody: the board's first line lists whoever sits now, so a seat
given to someone else (``/replace``) never leaves the old player's name on the board."""


def without_old_roster(narration: list[str]) -> list[str]:
    """``narration`` with the roster a game begun before ``BEGUN`` named nobody taken off its opening line
    (it named the players as they sat at the deal, which a seat change makes wrong)."""
    return [BEGUN if line.startswith(BEGUN) else line for line in narration]


MAX_REMINDERS = 4  # after the idle time, then 2×, 4× and 8× it: a table is nudged, never nagged forever
RESET_REFUSED = "Only moderators (Manage Channels or Manage Server) can reset a game."
RESET_STALE = "That confirmation was for a game that is no longer here; nothing was reset. Use `/reset` again."


@dataclass(frozen=True)
class Actor:
    """Who is asking: a Discord user, and whether Discord says they may moderate this channel.

    ``can_moderate`` is Manage Channels or Manage Server in the channel, computed by the cog.
    """

    user_id: int
    display_name: str
    can_moderate: bool = False
    can_manage_server: bool = False  # Manage Server: the server's game settings


@dataclass(frozen=True)
class Loaded:
    """A game record with its engine spec and current state (``None`` in the lobby)."""

    record: GameRecord
    spec: GameSpec[Any, Any]
    state: State | None


@dataclass(frozen=True)
class Owed:
    """What an action owes the channel and the players, decided before its commit so it commits with it.

    ``new_post``: a new board message (which pings ``ping_seats``) rather than an edit; ``told``: the other
    seats that get a DM, with their private news; ``actor_dm``: the actor asked for DMs and a decision fell due
    to them. The host draws the messages from this after the commit, and again from the store after a crash.
    """

    new_post: bool
    ping_seats: frozenset[int]
    told: tuple[tuple[SeatRecord, tuple[str, ...]], ...]
    actor_dm: bool
    actor_lines: tuple[str, ...] = ()  # the actor's own private news, for their panel


@dataclass(frozen=True)
class Telling:
    """Who a commit is told to, and about what: the actor's seat, and the interaction waiting for the answer.

    A run of commits told as one (a skip's answers) passes the run's first pending decisions (``before``),
    its earlier events and ``headline`` for the last commit, which owes the run's messages, and the ``notices``
    stored with it (after its board and DMs: "the players voted to skip").
    """

    actor_seat: SeatRecord
    interaction_id: int | None = None
    before: tuple[Prompt, ...] | None = None
    events: tuple[Event, ...] = ()
    headline: bool = False
    notices: tuple[ChannelPost, ...] = ()


@dataclass(frozen=True)
class Committed:
    """One action as committed: the game after it, its events, the decisions pending before and after, whether
    it opens a new stage (a new board message), and what it owes Discord (``None`` when it is not told)."""

    loaded: Loaded
    events: list[Event]
    before: list[Prompt]
    after: list[Prompt]
    headline: bool
    owed: Owed | None = None


def mention(user_id: int) -> str:
    """A Discord mention of a user (shown as their name; it notifies only where pings allow it); a person who
    asked to be forgotten (``/forget me``) is "a former player", never a mention of their placeholder id."""
    return FORMER_PLAYER if is_former_player(user_id) else f"<@{user_id}>"


def seat_name(seat: SeatRecord) -> str:
    """How the table names a seat: a person by their mention, a seat bot by its name and level (never a ping)."""
    return f"🤖 {seat.display_name} ({seat.bot})" if seat.is_bot else mention(seat.user_id)


@functools.lru_cache(maxsize=1024)
def plain_name(name: str) -> str:
    """A stored display name as its person typed it, for an image or alt text: the names the host keeps are
    escaped for Discord markdown (``bot.ui.common.actor_of``), and a picture shows no markdown. Remembered for the
    names met lately: every board and panel asks for each seat's (a pattern substitution each)."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", name)


def people(seats: list[SeatRecord]) -> list[SeatRecord]:
    """The seats people hold: the ones that get DMs, pings, reminders and skip votes (bots get none)."""
    return [s for s in seats if not s.is_bot]


def duration(seconds: float) -> str:
    """A length of time as players say it: "25 minutes", "3 hours", "2 days"."""
    minutes = max(1, round(seconds / 60))
    if minutes < 120:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(minutes / 60)
    if hours < 48:
        return f"{hours} hours"
    return f"{round(hours / 24)} days"


def relative_time(ts: float) -> str:
    """A Discord timestamp shown relative to the reader ("3 hours ago")."""
    return f"<t:{int(ts)}:R>"


def option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def error_sentence(exc: BaseException) -> str:
    """The sentence a user reads for any failure: a game error's own, or an apology for a bug."""
    if isinstance(exc, GameError):
        return exc.sentence
    return "Sorry, something went wrong on my side; the game is unchanged. Please try again."
