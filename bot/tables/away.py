"""``/away``: a player steps away from a server's games for a while (a holiday) without stalling or being skipped.

While away (until a time, at most the server's maximum, ``/settings away``, 14 days unless set): reminders and
DMs stop for them (``present``, asked by the reminders and by every commit's DMs), the board and ``/status``
say "away until <date>" next to their name, and a skip vote against them waits until they are back or the
maximum has passed (``skip_waits``). ``/away off`` ends it; so does the time passing. One away per person
per server (``AwayRecord``), kept in the store so every process and a restart see it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from engine.core import Event, IllegalAction, Prompt

from ..outbox import ChannelPost
from ..store import GameRecord, SeatRecord, Store
from ..store.base import AwayRecord
from .common import Actor, Loaded, Owed, mention
from .core import HostCore

DEFAULT_MAX_DAYS = 14.0
UNITS = {"m": 60.0, "h": 3600.0, "d": 86400.0, "w": 7 * 86400.0}
DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([mhdw])\s*$", re.IGNORECASE)


def server_key(guild_id: int | None) -> int:
    """The store's key of a server (0: a game outside any server)."""
    return guild_id or 0


def parse_duration(text: str) -> float:
    """``3d``, ``12h``, ``2w``, ``90m`` as seconds; a sentence for anything else."""
    match = DURATION.match(text)
    if match is None or float(match[1]) <= 0:
        raise IllegalAction("Say how long you will be away like `3d` (days), `12h` (hours) or `2w` (weeks).")
    return float(match[1]) * UNITS[match[2].lower()]


def until_text(until: float) -> str:
    """A date every reader sees in their own time zone (Discord's date format)."""
    return f"<t:{int(until)}:D>"


async def away_until(store: Store, guild_id: int | None, user_id: int, now: float) -> float | None:
    """When ``user_id`` is back on this server, while they are away; ``None`` when they are not."""
    away = await store.away_of(user_id, server_key(guild_id))
    return away.until if away is not None and away.until > now else None


async def present(store: Store, guild_id: int | None, user_ids: Sequence[int], now: float) -> list[int]:
    """``user_ids`` without the people away on this server: those who are reminded and sent DMs."""
    return [u for u in user_ids if await away_until(store, guild_id, u, now) is None]


async def skip_waits(store: Store, guild_id: int | None, user_id: int, name: str, now: float) -> None:
    """Refuse a skip vote against someone away (until they are back or the server's maximum passed)."""
    away = await store.away_of(user_id, server_key(guild_id))
    if away is None:
        return
    limit = await store.away_limit(server_key(guild_id))
    end = min(away.until, away.since + (DEFAULT_MAX_DAYS if limit is None else limit) * 86400)
    if now < end:
        raise IllegalAction(f"{name} is away until {until_text(end)}; a vote to skip them waits until they are back.")


def marked(text: str, aways: dict[int, float]) -> str:
    """``text`` with "(away until <date>)" after the first mention of each person away."""
    for user_id, until in aways.items():
        text = text.replace(mention(user_id), f"{mention(user_id)} (away until {until_text(until)})", 1)
    return text


class AwayHost(HostCore):
    """Stepping away and coming back; the board, ``/status`` and every commit's DMs honour it."""

    async def away_maximum(self, guild_id: int | None) -> float:
        """The server's longest away, in days."""
        days = await self.store.away_limit(server_key(guild_id))
        return DEFAULT_MAX_DAYS if days is None else days

    async def step_away(self, guild_id: int | None, actor: Actor, how_long: str, reason: str | None = None) -> str:
        """Step away on this server for ``how_long`` (``3d``, ``12h``), at most the server's maximum; the
        sentence the player reads. A second ``/away`` replaces the first."""
        seconds = parse_duration(how_long)
        maximum = await self.away_maximum(guild_id)
        if seconds > maximum * 86400:
            raise IllegalAction(f"This server allows an away of at most {maximum:g} days.")
        now = self.clock()
        until = now + seconds
        clean = (reason or "").strip()[:200] or None
        away = AwayRecord(user_id=actor.user_id, guild_id=server_key(guild_id), since=now, until=until, reason=clean)
        await self.store.set_away(away)
        return (
            f"You are away until {until_text(until)}: no reminders or DMs, and nobody can vote to skip you "
            "meanwhile. `/away off` when you are back."
        )

    async def come_back(self, guild_id: int | None, actor: Actor) -> str:
        """End the caller's away on this server (``/away off``)."""
        away = await self.store.end_away(actor.user_id, server_key(guild_id))
        if away is None or away.until <= self.clock():
            return "You were not away; nothing changed."
        return "Welcome back: reminders and DMs are on again."

    async def set_away_maximum(self, guild_id: int, actor: Actor, days: float | None) -> str:
        """``/settings away``: the server's longest away (Manage Server only); ``None``: back to 14 days."""
        if not actor.can_manage_server:
            raise IllegalAction("Only members with Manage Server can change this server's game settings.")
        if days is not None and not 1 <= days <= 90:
            raise IllegalAction("The longest away is between 1 and 90 days.")
        await self.store.set_away_limit(guild_id, days)
        return f"Players may step away for up to {DEFAULT_MAX_DAYS if days is None else days:g} days."

    async def _aways(self, guild_id: int | None, user_ids: Sequence[int]) -> dict[int, float]:
        now = self.clock()
        found = {u: await away_until(self.store, guild_id, u, now) for u in user_ids if u > 0}
        return {u: until for u, until in found.items() if until is not None}

    async def _owed(
        self,
        record: GameRecord,
        before: Sequence[Prompt],
        after: Sequence[Prompt],
        events: Sequence[Event],
        headline: bool,
        actor_seat: SeatRecord,
    ) -> Owed:
        """What a move owes (``HostCore._owed``), without DMs or pings for anyone away."""
        owed = await super()._owed(record, before, after, events, headline, actor_seat)
        aways = await self._aways(record.guild_id, [s.user_id for s in record.seats])
        if not aways:
            return owed
        away_seats = {s.seat for s in record.seats if s.user_id in aways}
        return replace(
            owed,
            ping_seats=frozenset(owed.ping_seats - away_seats),
            told=tuple((seat, lines) for seat, lines in owed.told if seat.user_id not in aways),
            actor_dm=owed.actor_dm and actor_seat.user_id not in aways,
        )

    async def _board_post(
        self, loaded: Loaded, prompts: Sequence[Prompt], *, new: bool, ping_seats: set[int]
    ) -> ChannelPost:
        """The board (``HostCore._board_post``) saying "away until <date>" next to whoever is away."""
        post = await super()._board_post(loaded, prompts, new=new, ping_seats=ping_seats)
        record = loaded.record
        aways = await self._aways(record.guild_id, [s.user_id for s in record.seats])
        return replace(post, text=marked(post.text, aways)) if aways else post

    async def status(self, channel_id: int) -> str:
        """``/status`` (``HostCore.status``) saying "away until <date>" next to whoever is away."""
        text = await super().status(channel_id)
        record = await self.store.live_game(channel_id)
        if record is None:
            return text
        return marked(text, await self._aways(record.guild_id, [s.user_id for s in record.seats]))
