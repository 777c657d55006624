"""Reminders to idle players, and what Discord tells the host back about deliveries."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from engine.core import Conflict, GameSpec

from ..outbox import ChannelPost, Outbox
from ..store import GameRecord, TimerRecord
from . import away  # a module, not its function: away imports settings, which comes back here
from .common import MAX_REMINDERS, mention, relative_time
from .core import HostCore
from .paused import is_paused
from .zones import is_quiet

log = logging.getLogger(__name__)


REMINDER = "reminder"
"""The timer kind of a reminder (``TimerRecord.kind``); its ``due_key`` is the wait and the reminder's number."""
TIMER_BATCH = 50  # stale firings taken over per round
FIRED_KEPT = 3 * 24 * 3600.0
"""Seconds a fired timer's row is kept (every kind: the reminder round forgets older ones). A reminder's key is
never due again once the game's count moved past it, which the same round does. A daily digest's key is its
player's local date (``bot/tables/notify.py``), and time zones differ by up to 26 hours: a player who moves
their clock back a day could meet the same date again within two days, so three are kept."""


class RemindersHost(HostCore):
    """Reminders from stored timestamps, and delivery feedback."""

    async def remind(self, idle_seconds: float) -> list[Outbox]:
        """Remind whoever a game has waited on for ``idle_seconds``, then again after twice, four times… that.

        Everything comes from stored timestamps (``waiting_since``, ``reminders_sent``), so a restart loses
        nothing; one query finds the candidates however many games there are. A finished, ended or reset game
        is never active, so it is never reminded. Across processes each reminder is a timer firing
        (``TimerRecord``) claimed before it is counted and sent, and marked fired once delivered
        (``Outbox.timers``): two processes never send one reminder, and one claimed by a process that died is
        finished by the next round of another once the claim is stale (``claim_seconds``).
        """
        now = self.clock()
        stale = now - self.claim_seconds
        outboxes = []
        left = await self.store.claim_stale_timers(REMINDER, self.owner, now, stale, TIMER_BATCH, now - FIRED_KEPT)
        for timer in left:
            outboxes.append(await self._fire_reminder(timer))
        for candidate in await self.store.games_due_a_reminder(now, idle_seconds, MAX_REMINDERS):
            timer = reminder_timer(candidate, now)
            if await self.store.claim_timer(timer, self.owner, now, stale):
                outboxes.append(await self._fire_reminder(timer))
        return [out for out in outboxes if out is not None]

    async def _fire_reminder(self, timer: TimerRecord) -> Outbox | None:
        """Count and word one claimed reminder; ``None`` (the claim given up) when the game moved on.

        The claimant that died may have counted it already (``reminders_sent`` one past the key's number):
        then it is only sent."""
        number, since = int(timer.payload["number"]), float(timer.payload["since"])
        async with self.lock(timer.channel_id):
            record = await self.store.get_game(timer.game_id)
            users: list[int] = []
            paused = record is not None and is_paused(record)  # its server removed the bot: nobody is reminded
            if record is not None and record.status == "active" and record.waiting_since == since and not paused:
                spec = self.spec(record.game_key)
                state = self._state_of(record, spec)
                if state is not None:
                    seats = {p.seat for p in self.pending(record, spec, state)}
                    users = sorted({s.user_id for s in record.seats if s.seat in seats and not s.is_bot})  # bots: never
                    users = await away.present(self.store, record.guild_id, users, self.clock())  # not those away
            users = await self._awake(users)  # quiet hours hold the ping: a reminder to them alone waits
            if record is None or not users or record.reminders_sent not in (number, number + 1):
                await self.store.release_timer(timer.key)
                return None
            if record.reminders_sent == number:
                version = record.version
                record.reminders_sent += 1
                try:
                    record = await self._save(record, version)
                except Conflict:  # a move or a vote since the query: the next round looks again
                    await self.store.release_timer(timer.key)
                    return None
            out = Outbox(record.channel_id, timers=[timer.key])
            out.posts.append(
                ChannelPost(
                    kind="notice",
                    text=self._reminder_text(record, self.spec(record.game_key), users),
                    pings=tuple(users),
                    game_id=record.id,
                    game_key=record.game_key,
                    nonce=f"r{timer.game_id}.{number}.{int(since)}"[-25:],  # a resend after a crash is one message
                )
            )
            log.info("reminder channel=%s id=%s n=%s", record.channel_id, record.id, record.reminders_sent)
            return out

    async def _awake(self, users: list[int]) -> list[int]:
        """``users`` less those in their quiet hours (``/notify quiet``): a reminder never pings them then; one
        that would ping nobody else is given up for this round and fires at a later one, once they are awake."""
        if not users:
            return users
        now = self.clock()
        prefs = await self.store.notify_prefs(users)
        return [u for u in users if not is_quiet(prefs[u], now)]

    @staticmethod
    def _reminder_text(record: GameRecord, spec: GameSpec[Any, Any], users: Sequence[int]) -> str:
        who = " ".join(mention(u) for u in users)
        where = "the board above"
        if record.guild_id is not None and record.board_message_id is not None:
            where = (
                f"[the board](https://discord.com/channels/{record.guild_id}/{record.channel_id}/"
                f"{record.board_message_id})"
            )
        return (
            f"⏰ {who}: the game of **{spec.name}** has been waiting on you since "
            f"{relative_time(record.waiting_since)}. Your move is on {where} (**Your move**, or `/act`)."
        )

    async def board_posted(self, channel_id: int, game_id: int | None, message_id: int) -> None:
        """Remember the channel message that small steps of this game will edit from now on."""
        if game_id is None:
            return
        async with self.lock(channel_id):
            for _ in range(3):
                record = await self.store.get_game(game_id)
                if record is None or record.status not in ("lobby", "active"):
                    return
                version = record.version
                record.board_message_id = message_id
                try:
                    await self._save(record, version)
                    return
                except Conflict:
                    continue

    async def dm_failed(self, channel_id: int, user_id: int) -> Outbox:
        """A DM to ``user_id`` bounced (closed DMs): remember it and tell the table once, nothing hidden."""
        out = Outbox(channel_id)
        # One column, set only if not set yet: ``/notify`` at the same instant is kept, and of two processes
        # whose DMs bounced at once only the one that changed it tells the table.
        if not await self._set_dm_choice(user_id, "dm_closed", True):
            return out
        log.info("dms closed user=%s channel=%s", user_id, channel_id)
        out.posts.append(
            ChannelPost(
                kind="notice",
                text=f"📪 I can't send {mention(user_id)} direct messages, so I won't try again for this game. "
                "Use the **Your move** button on the board or `/hand` to see your cards and choices.",
            )
        )
        return out


def reminder_timer(record: GameRecord, now: float) -> TimerRecord:
    """The firing of ``record``'s next reminder: its wait (``waiting_since``) and number name it."""
    assert record.id is not None
    number, since = record.reminders_sent, record.waiting_since
    return TimerRecord(
        game_id=record.id,
        kind=REMINDER,
        due_key=f"{since!r}:{number}",
        channel_id=record.channel_id,
        payload={"number": number, "since": since},
        created_at=now,
    )
