"""When Discord fails a delivery: how long an owed item waits, and which channels the bot leaves alone a while.

Two schedules, the first in this process's memory, the second stored too (``Store.save_refused_channel``,
migration 16), so a restarted process does not post again at once where the dead one was refused:

- **Per item** (``next_try``): a stored delivery Discord failed (a 5xx after discord.py's own retries, a timeout,
  a refused post) stays owed and is tried again by the catch-up after ``RETRY_DELAYS``; after the last one it
  waits (``PARKED``) for the next action in its channel or a ``/board`` there, never retried for ever.
- **Per channel** (``refused``, ``troubled``): after a 403 (or a failure Discord blames on itself) the bot posts
  nothing more in that channel until the channel's own delay is over; what a move owes meanwhile is stored and
  waits behind it, so every owed item still goes out once and in order. Discord bans a bot's address after
  10,000 refused requests in ten minutes: one refusal per channel per delay keeps far from that.

Each channel also remembers who was told what is missing (``tell_once``): the acting player once, and a
moderator once on their next command (``bot.app``); that is not stored (after a restart they are told again).

**Across a restart.** The next process frees the dead one's claims at once (``release_dead_claims``), so the
catch-up claims every held item straight away; what keeps it from posting is the channel's stored refusal,
read once when the deliverer first delivers (``restore``): the items wait behind it, untried, and only after
the channel's own delay is one of them tried (one refused request, and the next delay is the longer one, the
refusals in a row being stored too). The items' own attempt counts (``attempts``) are not stored: after a
restart an item Discord *failed* (5xx, timeout) is tried at once and gets its six tries again, at most six
requests per item per process life, and none at all while its channel is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .store.base import RefusedChannel

RETRY_DELAYS = (15.0, 30.0, 60.0, 120.0, 300.0, 600.0)
"""Seconds an owed item waits after each failure before the catch-up tries it again; then it is parked."""

CHANNEL_DELAYS = (30.0, 60.0, 120.0, 300.0, 600.0)
"""Seconds the bot leaves a channel alone after its first, second… refusal or failure in a row."""

PARKED = 1e15
"""A held item's claim time that never goes stale: it waits for the next action or ``/board`` in its channel."""


@dataclass
class Trouble:
    """One channel's trouble: until when the bot leaves it alone, why, and who has been told."""

    until: float
    failures: int
    missing: tuple[str, ...] = ()  # the permissions Discord refused for (empty: Discord's own failure)
    refused: bool = False  # a 403 (else Discord's own failure)
    told: set[int] = field(default_factory=set)
    moderator_told: bool = False


class Backoff:
    """The two schedules of one deliverer."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.attempts: dict[tuple[int, int, int], int] = {}
        self.channels: dict[int, Trouble] = {}
        self.holding: set[int] = set()  # channels with items held in the store (resumed by their next success)

    def next_try(self, key: tuple[int, int, int], channel_id: int) -> float:
        """When a failed item is tried again: its own next delay, never before its channel's; ``PARKED`` after
        the last delay."""
        failures = self.attempts.get(key, 0)
        self.attempts[key] = failures + 1
        if failures >= len(RETRY_DELAYS):
            return PARKED
        when = self.clock() + RETRY_DELAYS[failures]
        trouble = self.channels.get(channel_id)
        return max(when, trouble.until) if trouble is not None else when

    def sent(self, key: tuple[int, int, int]) -> None:
        self.attempts.pop(key, None)

    def blocked(self, channel_id: int) -> bool:
        """Whether the bot leaves the channel alone right now."""
        trouble = self.channels.get(channel_id)
        return trouble is not None and self.clock() < trouble.until

    def troubled(self, channel_id: int, missing: tuple[str, ...] = ()) -> Trouble:
        """Note one more refusal (``missing`` names what for) or failure in a row in the channel."""
        trouble = self.channels.get(channel_id)
        failures = 1 if trouble is None else trouble.failures + 1
        delay = CHANNEL_DELAYS[min(failures, len(CHANNEL_DELAYS)) - 1]
        if trouble is None:
            trouble = self.channels[channel_id] = Trouble(until=0.0, failures=0)
        trouble.refused = False
        if missing != trouble.missing:  # a new reason: whoever acts next hears about it
            trouble.told.clear()
            trouble.moderator_told = False
        trouble.until, trouble.failures, trouble.missing = self.clock() + delay, failures, missing
        return trouble

    def cleared(self, channel_id: int) -> bool:
        """The channel works again; whether it had trouble (its held items can go now)."""
        return self.channels.pop(channel_id, None) is not None

    def released(self, channel_id: int) -> bool:
        """A post in the channel went through; whether it had items held (they can go now)."""
        if channel_id in self.holding:
            self.holding.discard(channel_id)
            return True
        return False

    def stored(self, channel_id: int) -> RefusedChannel | None:
        """What is stored of the channel's refusal (``None``: nothing to store, it is not refused)."""
        trouble = self.channels.get(channel_id)
        if trouble is None or not trouble.refused:
            return None
        return RefusedChannel(
            channel_id=channel_id, until=trouble.until, failures=trouble.failures, missing=list(trouble.missing)
        )

    def restore(self, refused: list[RefusedChannel]) -> None:
        """Take up the refusals a process before this one stored (this process's own are newer: kept)."""
        for row in refused:
            self.channels.setdefault(
                row.channel_id,
                Trouble(until=row.until, failures=row.failures, missing=tuple(row.missing), refused=True),
            )

    def tell_once(self, channel_id: int, user_id: int) -> bool:
        """Whether ``user_id`` is yet to hear about the channel's trouble (and from now on has)."""
        trouble = self.channels.get(channel_id)
        if trouble is None or user_id in trouble.told:
            return False
        trouble.told.add(user_id)
        return True


def missing_sentence(missing: tuple[str, ...]) -> str:
    """What the acting player and a moderator read when the bot may not post in the game's channel."""
    if not missing:
        return (
            "I may not post in this channel any more. A server manager can check my permissions in the "
            "channel's settings (View Channel, Send Messages, Embed Links, Attach Files)"
        )
    names = ", ".join(f"**{name}**" for name in missing)
    many = len(missing) > 1
    return (
        f"I lost the permission{'s' if many else ''} {names} in this channel. A server manager can grant "
        f"{'them' if many else 'it'} back in the channel's settings (Permissions)"
    )


REFUSED = "Done, but the board could not be posted: {why}. The game is safe; the board follows once I may post again."
LATER = "Done, but Discord is having trouble right now: the board will follow by itself (`/board` posts it now)."
MODERATOR = "A note for moderators: {why}. The game is safe and its board is waiting."
