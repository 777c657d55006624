"""Reminders to idle players, and what Discord tells the host back about deliveries."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from engine.core import Conflict, GameSpec

from ..outbox import ChannelPost, Outbox
from ..store import GameRecord
from .common import MAX_REMINDERS, mention, relative_time
from .core import HostCore

log = logging.getLogger(__name__)


class RemindersHost(HostCore):
    """Reminders from stored timestamps, and delivery feedback."""

    async def remind(self, idle_seconds: float) -> list[Outbox]:
        """Remind whoever a game has waited on for ``idle_seconds``, then again after twice, four times… that.

        Everything comes from stored timestamps (``waiting_since``, ``reminders_sent``), so a restart loses
        nothing and sends nothing twice; one query finds the candidates however many games there are. A
        finished, ended or reset game is never active, so it is never reminded.
        """
        now = self.clock()
        outboxes = []
        for candidate in await self.store.games_due_a_reminder(now, idle_seconds, MAX_REMINDERS):
            async with self.lock(candidate.channel_id):
                record = await self.store.get_game(candidate.id or 0)
                if record is None or record.version != candidate.version:
                    continue  # it moved on since the query: the next round looks again
                spec = self.spec(record.game_key)
                state = self._state_of(record, spec)
                if state is None:
                    continue
                prompts = self.pending(record, spec, state)
                seats = sorted({p.seat for p in prompts})
                users = [s.user_id for s in record.seats if s.seat in seats and not s.is_bot]  # bots: never
                if not users:
                    continue
                version = record.version
                record.reminders_sent += 1
                try:
                    record = await self._save(record, version)
                except Conflict:
                    continue
                self._remember(record, state)
                out = Outbox(record.channel_id)
                out.posts.append(
                    ChannelPost(
                        kind="notice",
                        text=self._reminder_text(record, spec, users),
                        pings=tuple(users),
                        game_id=record.id,
                        game_key=record.game_key,
                    )
                )
                outboxes.append(out)
                log.info("reminder channel=%s id=%s n=%s", record.channel_id, record.id, record.reminders_sent)
        return outboxes

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
        prefs = await self.store.user_prefs(user_id)
        if prefs.dm_closed:
            return out
        await self.store.set_user_prefs(prefs.model_copy(update={"dm_closed": True}))
        log.info("dms closed user=%s channel=%s", user_id, channel_id)
        out.posts.append(
            ChannelPost(
                kind="notice",
                text=f"📪 I can't send {mention(user_id)} direct messages, so I won't try again for this game. "
                "Use the **Your move** button on the board or `/hand` to see your cards and choices.",
            )
        )
        return out
