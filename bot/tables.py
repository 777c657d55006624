"""The game host: lobbies, seats, actions, moderation — everything between Discord and the rules, Discord-free.

Every request is load → apply → commit → deliver: the host loads the channel's game from the store, asks the
engine, commits one transaction, and returns an ``Outbox`` for the caller (a cog, the local table, a test)
to deliver. Nothing is told to anybody before the commit, so a crash loses nothing acknowledged.

One asyncio lock per channel serialises requests inside a process; the store's version counter guards across
processes. Discord permissions arrive as plain booleans on the ``Actor``, so every refusal is testable
without Discord.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import (
    Conflict,
    Event,
    GameError,
    GameSpec,
    IllegalAction,
    LobbyError,
    NoGameHere,
    NotAllowed,
    Prompt,
    SeatSetup,
    State,
    View,
)
from engine.registry import GAMES
from render.registry import RENDERERS, Renderer

from .outbox import Attachment, ChannelPost, DirectMessage, Outbox, Panel
from .store import ActionRecord, GameRecord, SeatRecord, Store, UserPrefs

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 1900  # Discord allows 2000 characters; keep room for the header
AUTOCOMPLETE_LIMIT = 25
CACHE_SIZE = 512


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


@dataclass(frozen=True)
class Loaded:
    """A game record with its engine spec and current state (``None`` in the lobby)."""

    record: GameRecord
    spec: GameSpec[Any, Any]
    state: State | None


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


class Host:
    """The Discord-free game host; one per process, over one store."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameSpec[Any, Any]] | None = None,
        renderers: Mapping[str, Renderer] | None = None,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
    ) -> None:
        """``clock`` and ``seeds`` (each new game's seed: its deal and every die) are the host's only
        sources of change; tests pass fixed ones so that a failing game can be played again exactly."""
        self.seeds = seeds
        self.store = store
        self.games = dict(GAMES if games is None else games)
        self.renderers = dict(RENDERERS if renderers is None else renderers)
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[int, tuple[int, State]] = OrderedDict()

    # ------------------------------------------------------------------ loading

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock that serialises every request on one channel."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    def spec(self, key: str) -> GameSpec[Any, Any]:
        """The game spec for a key, or a sentence naming the games that exist."""
        try:
            return self.games[key]
        except KeyError:
            names = ", ".join(sorted(self.games))
            raise NoGameHere(f"There is no game called {key!r}; the games here are: {names}.") from None

    def _state_of(self, record: GameRecord, spec: GameSpec[Any, Any]) -> State | None:
        """The record's state, parsed once per version and kept in a small LRU cache."""
        if record.snapshot is None or record.id is None:
            return None
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            self._states.move_to_end(record.id)
            return cached[1]
        state: State = spec.load_state(record.snapshot)
        self._remember(record, state)
        return state

    def _remember(self, record: GameRecord, state: State) -> None:
        assert record.id is not None
        self._states[record.id] = (record.version, state)
        self._states.move_to_end(record.id)
        while len(self._states) > CACHE_SIZE:
            self._states.popitem(last=False)

    async def _load(self, channel_id: int, *, live_only: bool = True) -> Loaded:
        record = await self.store.live_game(channel_id)
        if record is None and not live_only:
            record = await self.store.latest_game(channel_id)
        if record is None:
            raise NoGameHere("There is no game in this channel. Start one with `/start`.")
        spec = self.spec(record.game_key)
        return Loaded(record, spec, self._state_of(record, spec))

    async def _load_running(self, channel_id: int) -> Loaded:
        record = await self.store.live_game(channel_id)
        if record is None:
            latest = await self.store.latest_game(channel_id)
            if latest is not None:
                raise NoGameHere("This channel's game is over; nothing is waiting on anyone.")
            raise NoGameHere("There is no game in this channel. Start one with `/start`.")
        if record.status == "lobby":
            raise NoGameHere("The game has not begun yet: it is still in its lobby.")
        spec = self.spec(record.game_key)
        return Loaded(record, spec, self._state_of(record, spec))

    # ------------------------------------------------------------------ lobby

    async def start(
        self,
        guild_id: int | None,
        channel_id: int,
        actor: Actor,
        game_key: str,
        options: Mapping[str, Any],
    ) -> Outbox:
        """Open a lobby for ``game_key`` in the channel, with the opener seated."""
        spec = self.spec(game_key)
        parsed = spec.parse_options(dict(options))
        async with self.lock(channel_id):
            busy = await self.store.live_game(channel_id)
            if busy is not None:
                what = "a lobby" if busy.status == "lobby" else "a game"
                name = self.spec(busy.game_key).name
                raise LobbyError(
                    f"This channel already has {what} of {name}. See `/status`, or ask a moderator to `/end` it."
                )
            now = self.clock()
            record = GameRecord(
                guild_id=guild_id,
                channel_id=channel_id,
                game_key=spec.key,
                options=parsed.model_dump(mode="json"),
                seed=self.seeds(),
                engine_version=spec.engine_version,
                status="lobby",
                opener_id=actor.user_id,
                seats=[],
                created_at=now,
                updated_at=now,
                waiting_since=now,
            )
            record.seats = self._seated(spec, record, actor)
            record = await self.store.insert_game(record)
            log.info("lobby opened channel=%s game=%s id=%s", channel_id, spec.key, record.id)
            return self._lobby_outbox(record, spec, new=True)

    def _seated(self, spec: GameSpec[Any, Any], record: GameRecord, actor: Actor) -> list[SeatRecord]:
        """The seats after ``actor`` joins: a free role is handed out at random, shown before Begin."""
        role: str | None = None
        if spec.roles:
            taken = {s.role for s in record.seats}
            seats = len(record.seats) + 1
            free = [r.key for r in spec.roles if r.key not in taken and seats >= r.dealt_from]
            free = free or [r.key for r in spec.roles if r.key not in taken]
            if free:
                role = random.Random(record.seed + len(record.seats)).choice(free)
        seat = SeatRecord(seat=len(record.seats), user_id=actor.user_id, display_name=actor.display_name, role=role)
        return [*record.seats, seat]

    async def _lobby(self, channel_id: int) -> tuple[GameRecord, GameSpec[Any, Any]]:
        record = await self.store.live_game(channel_id)
        if record is None:
            raise NoGameHere("There is no lobby in this channel. Open one with `/start`.")
        if record.status != "lobby":
            raise LobbyError("This game has already begun; the lobby is closed.")
        return record, self.spec(record.game_key)

    async def join(self, channel_id: int, actor: Actor) -> Outbox:
        """Take a seat in the channel's lobby."""
        async with self.lock(channel_id):
            record, spec = await self._lobby(channel_id)
            if record.seat_of(actor.user_id) is not None:
                raise LobbyError("You are already seated in this lobby.")
            if len(record.seats) >= spec.max_players:
                raise LobbyError(f"This lobby is full ({spec.max_players} players).")
            version = record.version
            record.seats = self._seated(spec, record, actor)
            record = await self._save(record, version)
            return self._lobby_outbox(record, spec)

    async def leave(self, channel_id: int, actor: Actor) -> Outbox:
        """Give up a seat in the lobby; the opener leaving closes the lobby."""
        async with self.lock(channel_id):
            record, spec = await self._lobby(channel_id)
            if record.seat_of(actor.user_id) is None:
                raise LobbyError("You are not seated in this lobby.")
            if actor.user_id == record.opener_id:
                return await self._close_lobby(record, spec, f"{actor.display_name} left, so the lobby is closed.")
            return await self._unseat(record, spec, actor.user_id)

    async def kick(self, channel_id: int, actor: Actor, user_id: int) -> Outbox:
        """A moderator takes a player's seat away in the lobby (the game has not begun: nothing is lost)."""
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can remove a player from a lobby.")
        async with self.lock(channel_id):
            record, spec = await self._lobby(channel_id)
            seat = record.seat_of(user_id)
            if seat is None:
                raise LobbyError(f"{mention(user_id)} has no seat in this lobby.")
            if user_id == record.opener_id:
                why = f"{actor.display_name} removed {seat.display_name}, who opened it, so the lobby is closed."
                return await self._close_lobby(record, spec, why)
            log.info("kicked channel=%s id=%s user=%s by=%s", channel_id, record.id, user_id, actor.user_id)
            return await self._unseat(record, spec, user_id)

    async def _unseat(self, record: GameRecord, spec: GameSpec[Any, Any], user_id: int) -> Outbox:
        version = record.version
        remaining = [s for s in record.seats if s.user_id != user_id]
        record.seats = [s.model_copy(update={"seat": i}) for i, s in enumerate(remaining)]
        record = await self._save(record, version)
        return self._lobby_outbox(record, spec)

    async def pick_role(self, channel_id: int, actor: Actor, role: str) -> Outbox:
        """Take a role in the lobby; if another player holds it, the two of you swap."""
        async with self.lock(channel_id):
            record, spec = await self._lobby(channel_id)
            mine = record.seat_of(actor.user_id)
            if mine is None:
                raise LobbyError("Join the lobby first, then pick your role.")
            labels = {r.key: r.label for r in spec.roles}
            if role not in labels:
                raise LobbyError(f"{spec.name} has no role {role!r}; choose one of: {', '.join(labels.values())}.")
            version = record.version
            seats = []
            for s in record.seats:
                if s.user_id == actor.user_id:
                    seats.append(s.model_copy(update={"role": role}))
                elif s.role == role:
                    seats.append(s.model_copy(update={"role": mine.role}))
                else:
                    seats.append(s)
            record.seats = seats
            record = await self._save(record, version)
            return self._lobby_outbox(record, spec)

    async def cancel(self, channel_id: int, actor: Actor) -> Outbox:
        """Close the lobby: its opener or a moderator may."""
        async with self.lock(channel_id):
            record, spec = await self._lobby(channel_id)
            if actor.user_id != record.opener_id and not actor.can_moderate:
                raise NotAllowed("Only the player who opened this lobby, or a moderator, can cancel it.")
            return await self._close_lobby(record, spec, f"{actor.display_name} cancelled the lobby.")

    async def _close_lobby(self, record: GameRecord, spec: GameSpec[Any, Any], why: str) -> Outbox:
        assert record.id is not None
        await self.store.delete_game(record.id)
        log.info("lobby closed channel=%s id=%s", record.channel_id, record.id)
        out = Outbox(record.channel_id)
        out.posts.append(
            ChannelPost(
                kind="lobby",
                text=f"**{spec.name}** lobby closed. {why}",
                edit_message_id=record.board_message_id,
                live=False,
                game_id=record.id,
                game_key=record.game_key,
            )
        )
        return out

    async def begin(self, channel_id: int, actor: Actor) -> Outbox:
        """Deal and start: the opener (or a moderator) begins once enough players sit."""
        async with self.lock(channel_id):
            record, spec = await self._lobby(channel_id)
            if actor.user_id != record.opener_id and not actor.can_moderate:
                opener = record.seat_of(record.opener_id)
                who = opener.display_name if opener else "the player who opened it"
                raise NotAllowed(f"Only {who} (who opened this lobby) or a moderator can begin.")
            if len(record.seats) < spec.min_players:
                missing = spec.min_players - len(record.seats)
                raise LobbyError(f"{spec.name} needs {spec.min_players} players; waiting for {missing} more.")
            if spec.roles_required and any(s.role is None for s in record.seats):
                raise LobbyError("Every player needs a role before the game begins.")
            options = spec.parse_options(record.options)
            state = spec.setup([SeatSetup(role=s.role) for s in record.seats], options, record.seed)
            version = record.version
            now = self.clock()
            record.status = "active"
            record.snapshot = state.model_dump_json()
            record.narration = [f"The game has begun. {self._roster(record, spec)}"]
            record.waiting_since = now
            record.reminders_sent = 0
            record.updated_at = now
            old_message = record.board_message_id
            record.board_message_id = None
            record = await self._save(record, version)
            self._remember(record, state)
            # A new game tries DMs again for players whose DMs failed before.
            for seat in record.seats:
                prefs = await self.store.user_prefs(seat.user_id)
                if prefs.dm_closed:
                    await self.store.set_user_prefs(UserPrefs(user_id=seat.user_id, dm_closed=False))
            log.info("game begun channel=%s game=%s id=%s", channel_id, spec.key, record.id)
            out = Outbox(channel_id)
            if old_message is not None:
                out.posts.append(
                    ChannelPost(
                        kind="lobby",
                        text=f"**{spec.name}** lobby closed: the game has begun below.",
                        edit_message_id=old_message,
                        live=False,
                        game_id=record.id,
                        game_key=record.game_key,
                    )
                )
            loaded = Loaded(record, spec, state)
            prompts = spec.prompts(state)
            out.posts.append(await self._board_post(loaded, prompts, new=True, ping_seats={p.seat for p in prompts}))
            for seat in record.seats:
                panel = await self._panel(loaded, seat, [], intro=self._welcome(record, spec, seat))
                out.dms.append(DirectMessage(seat.user_id, channel_id, panel))
            return out

    def _welcome(self, record: GameRecord, spec: GameSpec[Any, Any], seat: SeatRecord) -> str:
        role = self._role_label(spec, seat.role)
        side = f" You play **{role}**." if role else ""
        return f"Your game of **{spec.name}** in <#{record.channel_id}> has begun.{side}"

    @staticmethod
    def _role_label(spec: GameSpec[Any, Any], role: str | None) -> str | None:
        for r in spec.roles:
            if r.key == role:
                return r.label
        return role

    def _roster(self, record: GameRecord, spec: GameSpec[Any, Any]) -> str:
        parts = []
        for s in record.seats:
            role = self._role_label(spec, s.role)
            parts.append(f"{role}: {mention(s.user_id)}" if role else mention(s.user_id))
        return " · ".join(parts)

    def _lobby_outbox(self, record: GameRecord, spec: GameSpec[Any, Any], *, new: bool = False) -> Outbox:
        out = Outbox(record.channel_id)
        out.posts.append(
            ChannelPost(
                kind="lobby",
                text=self.lobby_text(record, spec),
                edit_message_id=None if new or record.board_message_id is None else record.board_message_id,
                game_id=record.id,
                game_key=record.game_key,
            )
        )
        return out

    def lobby_text(self, record: GameRecord, spec: GameSpec[Any, Any]) -> str:
        """The lobby message: game, options, seats with their roles, and what is needed to begin."""
        options = ", ".join(f"{k}: {_option_text(v)}" for k, v in record.options.items())
        title = f"**{spec.name}** — lobby opened by {mention(record.opener_id)}"
        lines = [title + (f" ({options})" if options else "")]
        if spec.blurb:
            lines.append(f"_{spec.blurb}_")
        lines.append(f"Players ({len(record.seats)}/{spec.max_players}):")
        for s in record.seats:
            role = self._role_label(spec, s.role)
            lines.append(f"• {mention(s.user_id)}" + (f" — {role}" if role else ""))
        if spec.roles:
            taken = {s.role for s in record.seats}
            free = [r.label for r in spec.roles if r.key not in taken]
            if free:
                lines.append("Free: " + ", ".join(free))
            lines.append("Roles were dealt at random; pick another with the menu (you swap with its holder).")
        if len(record.seats) < spec.min_players:
            lines.append(f"Join to play: {spec.min_players - len(record.seats)} more needed.")
        else:
            lines.append(f"Ready: {mention(record.opener_id)} can press **Begin**.")
        return "\n".join(lines)

    # ------------------------------------------------------------------ play

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

    async def _without_closed_dms(self, out: Outbox) -> Outbox:
        """Drop DMs to users whose DMs are known to be closed: they use the panel or ``/hand``."""
        kept = []
        for dm in out.dms:
            prefs = await self.store.user_prefs(dm.user_id)
            if not prefs.dm_closed:
                kept.append(dm)
        out.dms = kept
        return out

    async def _board_post(
        self, loaded: Loaded, prompts: Sequence[Prompt], *, new: bool, ping_seats: set[int]
    ) -> ChannelPost:
        record = loaded.record
        text = self.board_text(loaded, prompts)
        image = await self._board_image(loaded)
        pings = tuple(s.user_id for s in record.seats if s.seat in ping_seats)
        return ChannelPost(
            kind="board",
            text=text,
            image=image,
            edit_message_id=None if new else record.board_message_id,
            pings=pings,
            live=record.status == "active",
            game_id=record.id,
            game_key=record.game_key,
        )

    async def _board_image(self, loaded: Loaded) -> Attachment | None:
        renderer = self.renderers.get(loaded.spec.key)
        if renderer is None or loaded.state is None:
            return None
        view = loaded.spec.view(loaded.state, None)
        data = await asyncio.to_thread(renderer.board, view)
        return Attachment(f"{loaded.spec.key}-board.png", data)

    def board_text(self, loaded: Loaded, prompts: Sequence[Prompt]) -> str:
        """The channel message: title, narration of the current stage, and who must decide what."""
        record, spec = loaded.record, loaded.spec
        assert loaded.state is not None
        header = f"**{spec.name}** · turn {loaded.state.turn} · {self._roster(record, spec)}"
        lines = [header]
        narration = list(record.narration)
        body = "\n".join(narration)
        while narration and len(body) > MESSAGE_LIMIT - 400:
            narration.pop(0)
            body = "…\n" + "\n".join(narration)
        if body:
            lines.append(body)
        if record.status == "finished":
            lines.append(f"🏁 **Game over.** {record.result or ''}".rstrip())
        elif record.status == "ended":
            lines.append(f"🛑 **Game ended.** {record.result or ''}".rstrip())
        else:
            lines.append(self._waiting_line(record, prompts))
        return "\n".join(lines)

    def _waiting_line(self, record: GameRecord, prompts: Sequence[Prompt]) -> str:
        if not prompts:
            return "Nothing is waiting on anyone."
        parts = []
        for p in prompts:
            seat = record.user_of(p.seat)
            who = mention(seat.user_id) if seat else f"seat {p.seat}"
            parts.append(f"{who}: {p.question}")
        since = relative_time(record.waiting_since)
        return "⏳ Waiting on " + "; ".join(parts) + f" (since {since}). Press **Your move**."

    async def _panel(
        self, loaded: Loaded, seat: SeatRecord, private_lines: Sequence[str], intro: str | None = None
    ) -> Panel:
        """One seat's private view, what just happened to them, and their pending prompts."""
        spec, state = loaded.spec, loaded.state
        assert state is not None
        view = spec.view(state, seat.seat)
        prompts = tuple(p for p in spec.prompts(state) if p.seat == seat.seat)
        lines = []
        if intro:
            lines.append(intro)
        lines.extend(private_lines)
        described = view.describe()
        if described:
            lines.append(described)
        if prompts:
            lines.extend(f"**{p.question}**" for p in prompts)
        elif loaded.record.status == "active":
            lines.append("Nothing is waiting on you right now.")
        image = await self._hand_image(spec, view)
        return Panel(text=_clip("\n".join(lines)), prompts=prompts, image=image)

    async def _hand_image(self, spec: GameSpec[Any, Any], view: View) -> Attachment | None:
        renderer = self.renderers.get(spec.key)
        if renderer is None:
            return None
        data = await asyncio.to_thread(renderer.hand, view)
        return None if data is None else Attachment(f"{spec.key}-hand.png", data)

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

    # ------------------------------------------------------------------ reading

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

    async def status(self, channel_id: int) -> str:
        """Whose decision the game waits on, what it is and since when."""
        loaded = await self._load(channel_id, live_only=False)
        record, spec = loaded.record, loaded.spec
        if record.status == "lobby":
            return (
                f"A lobby of **{spec.name}** is open ({len(record.seats)}/{spec.max_players} players, "
                f"{spec.min_players} needed) since {relative_time(record.created_at)}."
            )
        assert loaded.state is not None
        if record.status == "finished":
            return f"The game of **{spec.name}** is over. {record.result or ''}".rstrip()
        if record.status == "ended":
            return f"The game of **{spec.name}** was ended. {record.result or ''}".rstrip()
        prompts = spec.prompts(loaded.state)
        return f"**{spec.name}**, turn {loaded.state.turn}. " + self._waiting_line(record, prompts)

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

    # ------------------------------------------------------------------ moderation

    async def check_reset(self, channel_id: int, actor: Actor) -> str:
        """Whether ``actor`` may reset this channel's game, before asking "are you sure?": the game's status
        line when they may, a refusal (``NotAllowed``, ``NoGameHere``) with its sentence when they may not."""
        if not actor.can_moderate:
            raise NotAllowed(RESET_REFUSED)
        return await self.status(channel_id)

    async def reset(self, channel_id: int, actor: Actor) -> Outbox:
        """Wipe the channel's game (moderators only; the UI asks for confirmation first)."""
        if not actor.can_moderate:
            raise NotAllowed(RESET_REFUSED)
        async with self.lock(channel_id):
            loaded = await self._load(channel_id, live_only=False)
            record = loaded.record
            assert record.id is not None
            await self.store.delete_game(record.id)
            self._states.pop(record.id, None)
            log.info("game reset channel=%s id=%s by=%s", channel_id, record.id, actor.user_id)
            out = Outbox(channel_id)
            if record.board_message_id is not None and record.status in ("lobby", "active"):
                out.posts.append(
                    ChannelPost(
                        kind="board" if record.status == "active" else "lobby",
                        text=f"**{loaded.spec.name}**: this game was reset by a moderator.",
                        edit_message_id=record.board_message_id,
                        live=False,
                        game_id=record.id,
                        game_key=record.game_key,
                    )
                )
            out.posts.append(
                ChannelPost(
                    kind="notice",
                    text=f"🧹 {actor.display_name} reset the game of **{loaded.spec.name}** in this channel. "
                    "Start a new one with `/start`.",
                    game_id=record.id,
                    game_key=record.game_key,
                )
            )
            return out

    async def end(self, channel_id: int, actor: Actor) -> Outbox:
        """End the channel's running game now, without a winner (moderators only); it stays readable."""
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can end a game.")
        async with self.lock(channel_id):
            loaded = await self._load(channel_id)
            record = loaded.record
            if record.status == "lobby":
                return await self._close_lobby(record, loaded.spec, f"{actor.display_name} (moderator) ended it.")
            version = record.version
            record.status = "ended"
            record.result = f"Ended by {actor.display_name} (moderator) with no winner."
            record.narration = []
            record.updated_at = self.clock()
            record = await self._save(record, version)
            log.info("game ended channel=%s id=%s by=%s", channel_id, record.id, actor.user_id)
            loaded = Loaded(record, loaded.spec, loaded.state)
            out = Outbox(channel_id)
            out.posts.append(await self._board_post(loaded, [], new=True, ping_seats=set()))
            return out

    async def replace(self, channel_id: int, actor: Actor, old_user: int, new: Actor) -> Outbox:
        """A moderator gives a player's seat to another member (an idle player's, say).

        The seat keeps everything (role, hand, pending decisions); from now on only ``new`` may act for it and
        see its private view, which is sent to them at once. The old player keeps nothing.
        """
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can give a seat to someone else.")
        async with self.lock(channel_id):
            loaded = await self._load_running(channel_id)
            record, spec = loaded.record, loaded.spec
            seat = record.seat_of(old_user)
            if seat is None:
                raise LobbyError(f"{mention(old_user)} has no seat in this game.")
            if record.seat_of(new.user_id) is not None:
                raise LobbyError(f"{new.display_name} already plays in this game; one seat each.")
            version = record.version
            taken = seat.model_copy(update={"user_id": new.user_id, "display_name": new.display_name})
            record.seats = [taken if s.seat == seat.seat else s for s in record.seats]
            record = await self._save(record, version)
            log.info("seat replaced channel=%s id=%s seat=%s by=%s", channel_id, record.id, seat.seat, actor.user_id)
            loaded = Loaded(record, spec, loaded.state)
            out = Outbox(channel_id)
            role = self._role_label(spec, taken.role)
            text = (
                f"🔁 {actor.display_name} (moderator) gave {seat.display_name}'s seat"
                f"{f' ({role})' if role else ''} to {mention(new.user_id)}."
            )
            out.posts.append(ChannelPost(kind="notice", text=text, pings=(new.user_id,), game_id=record.id))
            intro = f"You now hold {seat.display_name}'s seat in the game of **{spec.name}** in <#{channel_id}>."
            out.dms.append(DirectMessage(new.user_id, channel_id, await self._panel(loaded, taken, [], intro=intro)))
            return await self._without_closed_dms(out)

    # ------------------------------------------------------------------ reminders

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
                prompts = spec.prompts(state)
                seats = sorted({p.seat for p in prompts})
                users = [s.user_id for s in record.seats if s.seat in seats]
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

    # ------------------------------------------------------------------ delivery feedback

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
        await self.store.set_user_prefs(UserPrefs(user_id=user_id, dm_closed=True))
        log.info("dms closed user=%s channel=%s", user_id, channel_id)
        out.posts.append(
            ChannelPost(
                kind="notice",
                text=f"📪 I can't send {mention(user_id)} direct messages, so I won't try again for this game. "
                "Use the **Your move** button on the board or `/hand` to see your cards and choices.",
            )
        )
        return out

    async def _save(self, record: GameRecord, expected_version: int) -> GameRecord:
        return await self.store.update_game(record, expected_version)


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def error_sentence(exc: BaseException) -> str:
    """The sentence a user reads for any failure: a game error's own, or an apology for a bug."""
    if isinstance(exc, GameError):
        return exc.sentence
    return "Sorry, something went wrong on my side; the game is unchanged. Please try again."
