"""The host's shared ground: loading a channel's game, saving it, and drawing what players see.

Every part of the host (lobby, play, moderation, reminders) builds on these: the per-channel lock, the
parsed-state cache, the board post and the private panel.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import GameSpec, NoGameHere, Prompt, State, View
from engine.registry import GAMES
from render.registry import RENDERERS, Renderer

from ..outbox import Attachment, ChannelPost, Outbox, Panel
from ..store import GameRecord, SeatRecord, Store
from .common import CACHE_SIZE, MESSAGE_LIMIT, Loaded, clip, mention, option_text, relative_time

log = logging.getLogger(__name__)


class HostCore:
    """The host's state (store, games, renderers, clock, caches) and the pieces every request uses."""

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

    async def _save(self, record: GameRecord, expected_version: int) -> GameRecord:
        return await self.store.update_game(record, expected_version)

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
        options = ", ".join(f"{k}: {option_text(v)}" for k, v in record.options.items())
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
        return Panel(text=clip("\n".join(lines)), prompts=prompts, image=image)

    async def _hand_image(self, spec: GameSpec[Any, Any], view: View) -> Attachment | None:
        renderer = self.renderers.get(spec.key)
        if renderer is None:
            return None
        data = await asyncio.to_thread(renderer.hand, view)
        return None if data is None else Attachment(f"{spec.key}-hand.png", data)

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
