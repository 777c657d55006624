"""``/away``: a player steps away from a server's games for a while (a holiday) without stalling or being skipped.

While away (until a time, at most the server's maximum, ``/settings away``, 14 days unless set): reminders and
DMs stop for them (``present``, asked by the reminders and by every commit's DMs), the board and ``/status``
say "away until <date>" next to their name, and a skip vote against them waits until they are back or the
maximum has passed (``skip_waits``). ``/away off`` ends it; so does the time passing. One away per person
per server (``AwayRecord``), kept in the store so every process and a restart see it.

With ``bot:on`` a seat bot plays their seat in each running game of the server that has one (as a skip vote
hands a seat to a bot, ``ModerationHost``), and hands it back on their return (``/away off``, or the reminder
loop's sweep once the time is up: ``end_over_aways``), with a private summary of what it did. A seat a
moderator gave to someone else meanwhile is not taken back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from engine.core import Event, IllegalAction, NotAllowed, Prompt
from engine.core.words import count
from engine.seatbots import seat_bot

from ..outbox import ChannelPost, Outbox
from ..store import GameRecord, SeatRecord, Store
from ..store.base import AwayRecord, HandedSeat
from .common import Actor, Loaded, Owed, mention, without_old_roster
from .moderation import ModerationHost
from .names import in_private
from .races import Attempt, retried
from .recent import Recent
from .seatbots import DEFAULT_LEVEL, new_bot_seat
from .settings import SETTINGS_REFUSED

DEFAULT_MAX_DAYS = 14.0
SUMMARY_LINES = 10  # the last moves a bot made for someone away, in their summary
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


class AwayHost(ModerationHost):
    """Stepping away and coming back; the board, ``/status`` and every commit's DMs honour it."""

    async def away_maximum(self, guild_id: int | None) -> float:
        """The server's longest away, in days."""
        days = await self.store.away_limit(server_key(guild_id))
        return DEFAULT_MAX_DAYS if days is None else days

    async def step_away(
        self, guild_id: int | None, actor: Actor, how_long: str, reason: str | None = None, bot: bool = False
    ) -> tuple[str, list[Outbox]]:
        """Step away on this server for ``how_long`` (``3d``, ``12h``), at most the server's maximum: the
        sentence the player reads, and what the channels are told (a bot taking a seat, with ``bot``). A second
        ``/away`` replaces the first (its bot seats stay with their bots)."""
        if guild_id is None:
            raise IllegalAction("You step away from a server's games: use `/away` in one of its channels.")
        seconds = parse_duration(how_long)
        maximum = await self.away_maximum(guild_id)
        if seconds > maximum * 86400:
            raise IllegalAction(f"This server allows an away of at most {maximum:g} days.")
        now = self.clock()
        until = now + seconds
        clean = (reason or "").strip()[:200] or None
        key = server_key(guild_id)
        earlier = await self.store.away_of(actor.user_id, key)
        away = AwayRecord(user_id=actor.user_id, guild_id=key, since=now, until=until, reason=clean, bot=bot)
        away.handed = list(earlier.handed) if earlier is not None else []
        outs: list[Outbox] = []
        if bot:
            for record in await self.store.games_of_user(actor.user_id, guild_id):
                if record.id is None or record.status != "active" or seat_bot(record.game_key) is None:
                    continue
                taken = await self._bot_takes_seat(record.channel_id, record.id, actor.user_id, until)
                if taken is not None:
                    away.handed.append(taken[0])
                    outs.append(taken[1])
        await self.store.set_away(away)
        self._recent_aways().forget()
        text = (
            f"You are away until {until_text(until)}: no reminders or DMs, and nobody can vote to skip you meanwhile."
        )
        if away.handed:
            text += f" A bot plays your seat in {count(len(away.handed), 'game')} until you are back."
        return text + " `/away off` when you are back.", outs

    async def come_back(self, guild_id: int | None, actor: Actor) -> tuple[str, list[Outbox]]:
        """End the caller's away on this server (``/away off``); their seats come back from the bots."""
        away = await self.store.end_away(actor.user_id, server_key(guild_id))
        self._recent_aways().forget()
        if away is None or (away.until <= self.clock() and not away.handed):
            return "You were not away; nothing changed.", []
        outs = await self._seats_back(away)
        back = " Your seats are yours again; I sent you what the bot did." if outs else ""
        return "Welcome back: reminders and DMs are on again." + back, outs

    async def end_over_aways(self) -> list[Outbox]:
        """The reminder loop's sweep: end every away whose time is up, handing its seats back from the bots
        (of processes sweeping at once, exactly one ends each: ``Store.end_away``)."""
        outs: list[Outbox] = []
        for over in await self.store.aways_over(self.clock()):
            away = await self.store.end_away(over.user_id, over.guild_id)
            self._recent_aways().forget()
            if away is not None:
                outs += await self._seats_back(away)
        return outs

    async def _bot_takes_seat(
        self, channel_id: int, game_id: int, user_id: int, until: float
    ) -> tuple[HandedSeat, Outbox] | None:
        """A seat bot takes ``user_id``'s seat in the game while they are away; the channel is told."""

        async def run(attempt: Attempt) -> tuple[HandedSeat, Outbox] | None:
            loaded = await self._load_running(channel_id)
            record = loaded.record
            attempt.saw(record)
            seat = record.seat_of(user_id)
            if record.id != game_id or seat is None:
                return None
            bot = new_bot_seat(record, seat.seat, DEFAULT_LEVEL, seat.role)
            record.seats = [bot if s.seat == seat.seat else s for s in record.seats]
            record.narration = without_old_roster(record.narration)
            text = (
                f"🌴 {seat.display_name} is away until {until_text(until)}; {bot.display_name} plays their seat "
                "until they are back."
            )
            notice = ChannelPost(kind="notice", text=text, game_id=record.id, game_key=record.game_key)
            owed = Owed(new_post=False, ping_seats=frozenset(), told=(), actor_dm=False)
            handed = HandedSeat(
                game_id=game_id,
                seat=seat.seat,
                bot_user_id=bot.user_id,
                from_action=record.action_count,
                display_name=seat.display_name,
            )
            out = await self._changed(loaded, owed, [notice])
            await self._note(record, user_id, text)
            return handed, out

        return await retried(self.store, self.lock(channel_id), run)

    async def _seats_back(self, away: AwayRecord) -> list[Outbox]:
        outs = []
        for handed in away.handed:
            record = await self.store.get_game(handed.game_id)
            if record is not None and record.status == "active":
                out = await self._seat_back(record.channel_id, handed, away.user_id)
                if out is not None:
                    outs.append(out)
        return outs

    async def _seat_back(self, channel_id: int, handed: HandedSeat, user_id: int) -> Outbox | None:
        """Give the seat a bot played back to its person, with a DM of what the bot did meanwhile."""

        async def run(attempt: Attempt) -> Outbox | None:
            loaded = await self._load_running(channel_id)
            record = loaded.record
            attempt.saw(record)
            seat = record.user_of(handed.seat)
            if record.id != handed.game_id or seat is None or seat.user_id != handed.bot_user_id:
                return None  # the game ended, or a moderator gave the seat to someone else meanwhile
            if record.seat_of(user_id) is not None:
                return None
            back = seat.model_copy(update={"user_id": user_id, "display_name": handed.display_name, "bot": None})
            record.seats = [back if s.seat == seat.seat else s for s in record.seats]
            record.narration = without_old_roster(record.narration)
            played = [
                a
                for a in await self.store.actions(handed.game_id)
                if a.index >= handed.from_action and a.seat == handed.seat and a.user_id == handed.bot_user_id
            ]
            moves = count(len(played), "move")
            lines = [f"While you were away, {seat.display_name} made {moves} for you in <#{channel_id}>."]
            said = [line for a in played for line in a.public][-SUMMARY_LINES:]
            lines += [f"• {in_private(line, record)}" for line in said]
            text = f"👋 {handed.display_name} is back and plays their seat again."
            notice = ChannelPost(kind="notice", text=text, game_id=record.id, game_key=record.game_key)
            told = ((back, tuple(lines)),) if await self._dm_open(back) else ()
            owed = Owed(new_post=False, ping_seats=frozenset(), told=told, actor_dm=False)
            out = await self._changed(loaded, owed, [notice])
            await self._note(record, user_id, text)
            return out

        return await retried(self.store, self.lock(channel_id), run)

    async def set_away_maximum(self, guild_id: int, actor: Actor, days: float | None) -> str:
        """``/settings away``: the server's longest away (Manage Server only); ``None``: back to 14 days."""
        if not actor.can_manage_server:
            raise NotAllowed(SETTINGS_REFUSED)
        if days is not None and not 1 <= days <= 90:
            raise IllegalAction("The longest away is between 1 and 90 days.")
        await self.store.set_away_limit(guild_id, days)
        return f"Players may step away for up to {DEFAULT_MAX_DAYS if days is None else days:g} days."

    async def _aways(self, guild_id: int | None, user_ids: Sequence[int]) -> dict[int, float]:
        """Who of ``user_ids`` is away on this server now, and until when (one query; bots are never away)."""
        now = self.clock()
        people = [u for u in user_ids if u > 0]
        if not people:
            return {}
        key = (server_key(guild_id), tuple(sorted(people)))
        found = self._recent_aways().get(key)
        if found is None:
            found = await self.store.aways_among(key[0], people)
            self._recent_aways().put(key, found)
        return {a.user_id: a.until for a in found if a.until > now}

    def _recent_aways(self) -> Recent[tuple[int, tuple[int, ...]], list[AwayRecord]]:
        """Who was away lately, per server and players (``recent``: every move asks twice)."""
        kept: Recent[tuple[int, tuple[int, ...]], list[AwayRecord]] = self.__dict__.setdefault("_aways_kept", Recent())
        return kept

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
