"""Playing: answering prompts (buttons, selects, `/act`), and the reading commands (board, panel, status, rules)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.core import Event, IllegalAction, NoGameHere, NotAllowed, Prompt

from ..outbox import DirectMessage, Outbox, Panel
from ..store import ActionRecord, SeatRecord
from .common import AUTOCOMPLETE_LIMIT, Actor, Loaded, duration
from .core import HostCore

log = logging.getLogger(__name__)


class PlayHost(HostCore):
    """Answering prompts and showing the game."""

    async def act(self, channel_id: int, actor: Actor, prompt_id: str, choice_id: str) -> Outbox:
        """Answer one pending prompt as ``actor``; a stale or forged answer gets a sentence and changes nothing."""
        async with self.lock(channel_id):
            loaded = await self._load_running(channel_id)
            record, spec = loaded.record, loaded.spec
            seat = record.seat_of(actor.user_id)
            if seat is None:
                raise NotAllowed("You are not playing in this game; you can watch the board and `/status`.")
            assert loaded.state is not None
            before = spec.prompts(loaded.state)
            state, events = spec.apply(loaded.state, seat.seat, prompt_id, choice_id)
            after = spec.prompts(state)
            outcome = spec.outcome(state)
            now = self.clock()
            public = [e.text for e in events if e.is_public]
            headline = any(e.headline and e.is_public for e in events) or outcome is not None
            version = record.version
            record.snapshot = state.model_dump_json()
            record.updated_at = now
            if {p.id for p in after} != {p.id for p in before}:
                record.waiting_since = now
                record.reminders_sent = 0
            record.narration = public if headline else [*record.narration, *public]
            if outcome is not None:
                record.status = "finished"
                played = f"{state.turn} turns in {duration(now - record.created_at)}"
                record.result = f"{outcome.summary} ({played}, {record.action_count + 1} decisions)"
            action = ActionRecord(
                game_id=record.id or 0,
                index=record.action_count,
                seat=seat.seat,
                user_id=actor.user_id,
                prompt_id=prompt_id,
                choice_id=choice_id,
                public=public,
                at=now,
            )
            record.action_count += 1
            record = await self.store.record_action(record, version, action)
            self._remember(record, state)
            log.info("action channel=%s id=%s v=%s seat=%s", channel_id, record.id, record.version, seat.seat)
            loaded = Loaded(record, spec, state)
            return await self._after_action(loaded, before, after, events, headline, seat)

    async def _after_action(
        self,
        loaded: Loaded,
        before: Sequence[Prompt],
        after: Sequence[Prompt],
        events: Sequence[Event],
        headline: bool,
        actor_seat: SeatRecord,
    ) -> Outbox:
        record = loaded.record
        out = Outbox(record.channel_id)
        before_ids = {p.id for p in before}
        newly_due = [p for p in after if p.id not in before_ids]
        new_message = headline or record.board_message_id is None
        ping = {p.seat for p in after} if new_message else set()
        out.posts.append(await self._board_post(loaded, after, new=new_message, ping_seats=ping))
        for seat in record.seats:
            private = [e.text for e in events if not e.is_public and e.readable_by(seat.seat)]
            due = [p for p in newly_due if p.seat == seat.seat]
            if seat.user_id == actor_seat.user_id:
                continue
            if not private and not due:
                continue
            panel = await self._panel(loaded, seat, private)
            out.dms.append(DirectMessage(seat.user_id, record.channel_id, panel))
        mine = [e.text for e in events if not e.is_public and e.readable_by(actor_seat.seat)]
        actor_panel = await self._panel(loaded, actor_seat, mine)
        out.reply = actor_panel
        if any(p.seat == actor_seat.seat for p in newly_due):
            out.dms.append(DirectMessage(actor_seat.user_id, record.channel_id, actor_panel))
        return await self._without_closed_dms(out)

    async def panel(self, channel_id: int, user_id: int) -> Panel:
        """The private panel (the "Your move" button, ``/hand``): your view and your pending choices."""
        loaded = await self._load(channel_id, live_only=False)
        if loaded.record.status == "lobby":
            raise NoGameHere("The game has not begun yet: it is still in its lobby.")
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise NotAllowed("You are not playing in this game, so you have no hand here.")
        return await self._panel(loaded, seat, [])

    async def choices_for(self, channel_id: int, user_id: int, typed: str = "") -> list[tuple[str, str]]:
        """``/act`` autocomplete: (label, value) of exactly this user's legal choices, filtered, at most 25.

        Never raises: a user with nothing pending (or no game) gets an empty list.
        """
        record = await self.store.live_game(channel_id)
        if record is None or record.status != "active":
            return []
        seat = record.seat_of(user_id)
        if seat is None:
            return []
        spec = self.spec(record.game_key)
        state = self._state_of(record, spec)
        if state is None:
            return []
        needle = typed.casefold().strip()
        found: list[tuple[str, str]] = []
        for p in spec.prompts(state):
            if p.seat != seat.seat:
                continue
            for c in p.choices:
                label = c.label
                if needle and needle not in label.casefold() and needle not in c.id.casefold():
                    continue
                found.append((label[:100], f"{p.id}|{c.id}"))
                if len(found) >= AUTOCOMPLETE_LIMIT:
                    return found
        return found

    async def act_typed(self, channel_id: int, actor: Actor, value: str) -> Outbox:
        """``/act`` with what the user typed or picked: a ``prompt|choice`` value or a choice's label."""
        if "|" in value:
            prompt_id, _, choice_id = value.partition("|")
            return await self.act(channel_id, actor, prompt_id, choice_id)
        typed = value.casefold().strip()
        offered = await self.choices_for(channel_id, actor.user_id)
        matches = [v for label, v in offered if label.casefold() == typed]
        if len(matches) == 1:
            prompt_id, _, choice_id = matches[0].partition("|")
            return await self.act(channel_id, actor, prompt_id, choice_id)
        if not await self.choices_for(channel_id, actor.user_id):
            await self._load_running(channel_id)
            raise IllegalAction("Nothing is waiting on you right now.")
        raise IllegalAction("I don't recognise that choice; pick one from the list `/act` offers as you type.")

    async def board(self, channel_id: int) -> Outbox:
        """Repost the board as a new message (the old one stops being edited)."""
        async with self.lock(channel_id):
            loaded = await self._load(channel_id, live_only=False)
            if loaded.record.status == "lobby":
                return self._lobby_outbox(loaded.record, loaded.spec, new=True)
            assert loaded.state is not None
            prompts = [] if loaded.record.status != "active" else loaded.spec.prompts(loaded.state)
            out = Outbox(channel_id)
            out.posts.append(await self._board_post(loaded, prompts, new=True, ping_seats=set()))
            return out

    async def rules(self, channel_id: int | None, game_key: str | None = None) -> str:
        """The short rules reference of this channel's game (or of ``game_key``)."""
        if game_key is None and channel_id is not None:
            record = await self.store.live_game(channel_id) or await self.store.latest_game(channel_id)
            if record is not None:
                game_key = record.game_key
        if game_key is None:
            names = ", ".join(f"`{k}` ({s.name})" for k, s in sorted(self.games.items()))
            return f"No game in this channel. Games you can `/start`: {names}."
        return self.spec(game_key).rules_text
