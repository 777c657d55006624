"""Small things every part of the host shares: who is asking, a loaded game, and how times and users are written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Event, GameError, GameSpec, Prompt, State

from ..store import GameRecord

MESSAGE_LIMIT = 1900  # Discord allows 2000 characters; keep room for the header
AUTOCOMPLETE_LIMIT = 25


MAX_REMINDERS = 4  # after the idle time, then 2×, 4× and 8× it: a table is nudged, never nagged forever
RESET_REFUSED = "Only moderators (Manage Channels or Manage Server) can reset a game."


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
class Committed:
    """One action as committed: the game after it, its events, the decisions pending before and after, and
    whether it opens a new stage (a new board message)."""

    loaded: Loaded
    events: list[Event]
    before: list[Prompt]
    after: list[Prompt]
    headline: bool


def mention(user_id: int) -> str:
    """A Discord mention of a user (shown as their name; it notifies only where pings allow it)."""
    return f"<@{user_id}>"


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
