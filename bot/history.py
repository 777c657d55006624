"""What happened in a game, read back from its stored log: ``/log``, ``/log private`` and ``/games``.

A player who comes back a day later must see at once what happened. The public history is the narration each
action produced (stored with the action, so reading it costs one query). A player's private history (what
they drew, what they were passed) is never stored as text anywhere a spectator could reach: it is rebuilt on
demand by replaying the log through the engine, which is deterministic, and only the caller's lines are kept.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import GameError, GameSpec, NoGameHere, NotAllowed

from .replay import first_state, replay
from .store import ActionRecord, GameRecord, Store
from .tables.names import in_private
from .tables.paused import PAUSED_STATE, is_paused

PAGE_SIZE = 15  # lines per page: a page stays well inside one Discord message
SERVER_GAMES_SHOWN = 15  # games listed per section of /games: the answer stays inside one Discord message
ENDED_GAMES_SHOWN = 5
ENDED_SHOWN_FOR = 7 * 24 * 3600.0  # /games shows the caller's games that ended within a week


@dataclass(frozen=True)
class LogPage:
    """One page of a history, most recent first; ``page`` counts from 1."""

    title: str
    lines: tuple[str, ...]
    page: int
    pages: int

    @property
    def text(self) -> str:
        body = "\n".join(self.lines) if self.lines else "Nothing has happened yet."
        return f"{self.title} · page {self.page}/{self.pages}\n{body}"


def paged(title: str, newest_first: Sequence[str], page: int) -> LogPage:
    """Cut ``newest_first`` into pages; a page past the end shows the last one."""
    pages = max(1, -(-len(newest_first) // PAGE_SIZE))
    page = min(max(1, page), pages)
    start = (page - 1) * PAGE_SIZE
    return LogPage(title, tuple(newest_first[start : start + PAGE_SIZE]), page, pages)


class History:
    """Reads games back for the commands that show history; it never changes anything."""

    def __init__(self, store: Store, games: Mapping[str, GameSpec[Any, Any]]) -> None:
        self.store = store
        self.games = games

    async def _game(self, channel_id: int) -> tuple[GameRecord, GameSpec[Any, Any]]:
        # A finished or ended game stays readable until the channel starts another.
        record = await self.store.latest_game(channel_id)
        if record is None or record.id is None:
            raise NoGameHere("There is no game in this channel yet. Start one with `/start`.")
        return record, self.games[record.game_key]

    async def public_log(self, channel_id: int, page: int = 1) -> LogPage:
        """Everything the channel was told, action by action, most recent first."""
        record, spec = await self._game(channel_id)
        assert record.id is not None
        notes = await self.store.notes(record.id)
        lines: list[str] = []
        for action in await self.store.actions(record.id):
            # A note written when the log held k actions goes before action k (a moderator's undo, a skip).
            while notes and notes[0].after_action <= action.index:
                lines.append(notes.pop(0).text)
            lines.extend(in_private(line, record) for line in action.public)
        lines.extend(note.text for note in notes)
        if record.status in ("finished", "ended") and record.result:
            lines.append(f"🏁 {record.result}")
        return paged(f"**{spec.name}** — what happened", lines[::-1], page)

    async def private_log(self, channel_id: int, user_id: int, page: int = 1) -> LogPage:
        """What only ``user_id`` was told in this game (their deal, draws, passes), most recent first."""
        record, spec = await self._game(channel_id)
        assert record.id is not None
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotAllowed("You have no seat in this game, so it has no private history for you.")
        if record.status == "lobby":
            return paged(f"**{spec.name}** — your private history", [], page)
        actions = await self.store.actions(record.id)
        # Replaying a long game takes a while: in a worker thread, so every other channel is answered meanwhile.
        lines = await asyncio.to_thread(_told_only_to, spec, record, actions, seat.seat)
        return paged(f"**{spec.name}** — your private history", lines[::-1], page)

    async def games_of(self, user_id: int, guild_id: int | None) -> str:
        """The games ``user_id`` is seated in (in this server), with links, and whether each waits on them."""
        records = await self.store.games_of_user(user_id, guild_id)
        if not records:
            return "You are not seated in any game here. Open one with `/start`, or join a lobby with `/join`."
        lines = []
        for record in sorted(records, key=lambda r: r.updated_at, reverse=True):
            spec = self.games.get(record.game_key)
            name = spec.name if spec else record.game_key
            where = f"<#{record.channel_id}>"
            if guild_id is not None and record.board_message_id is not None:
                link = f"https://discord.com/channels/{guild_id}/{record.channel_id}/{record.board_message_id}"
                where = f"{where} ([board]({link}))"
            if record.status == "lobby":
                lines.append(f"• **{name}** in {where}: lobby, {len(record.seats)} seated")
                continue
            seat = record.seat_of(user_id)
            waiting = False
            if spec is not None and record.snapshot is not None and seat is not None:
                waiting = any(p.seat == seat.seat for p in spec.prompts(spec.load_state(record.snapshot)))
            since = f"<t:{int(record.waiting_since)}:R>"
            state = f"⏳ **waiting on you** since {since}" if waiting else f"waiting on others since {since}"
            lines.append(f"• **{name}** in {where}: {state}")
        return "\n".join(lines)

    async def games_overview(
        self, user_id: int, guild_id: int | None, shares: Callable[[int | None], bool], now: float
    ) -> str:
        """``/games``: the server's running games with links, newest activity first; then the caller's own
        games on every server the bot shares with them (``shares``), those waiting on them first; then their
        games that ended in the last week (a thread a moderator locked ends its game: it shows here)."""
        sections: list[str] = []
        if guild_id is not None:
            running = await self.store.running_games(guild_id)
            lines = [f"• {self._where(r)}: {self._state(r, None)}" for r in running[:SERVER_GAMES_SHOWN]]
            if len(running) > SERVER_GAMES_SHOWN:
                lines.append(f"…and {len(running) - SERVER_GAMES_SHOWN} more.")
            if lines:
                sections.append("**Running on this server** (newest activity first)\n" + "\n".join(lines))
        mine = [r for r in await self.store.games_of_user(user_id) if shares(r.guild_id)]
        waiting = {r.id for r in mine if self._waits_on(r, user_id)}
        mine.sort(key=lambda r: (r.id not in waiting, -r.updated_at))
        if mine:
            lines = [f"• {self._where(r)}: {self._state(r, user_id)}" for r in mine[:SERVER_GAMES_SHOWN]]
            sections.append("**Your games** (waiting on you first)\n" + "\n".join(lines))
        ended = [r for r in await self.store.recent_games_of_user(user_id, now - ENDED_SHOWN_FOR) if shares(r.guild_id)]
        if ended:
            lines = [f"• {self._where(r)}: {r.result or 'over'}" for r in ended[:ENDED_GAMES_SHOWN]]
            sections.append("**Ended lately**\n" + "\n".join(lines))
        if not sections:
            return "No game is running here and you sit in none. Open one with `/start`, or join a lobby with `/join`."
        if not mine:
            sections.append("You are not seated in any running game.")
        return "\n\n".join(sections)

    def _where(self, record: GameRecord) -> str:
        """A game's name and where it is played, with a link that jumps to its board (or its channel/thread)."""
        spec = self.games.get(record.game_key)
        name = spec.name if spec else record.game_key
        where = f"<#{record.channel_id}>"
        if record.guild_id is not None:
            link = f"https://discord.com/channels/{record.guild_id}/{record.channel_id}"
            if record.board_message_id is not None:
                link += f"/{record.board_message_id}"
            where = f"{where} ([jump]({link}))"
        return f"**{name}** in {where}"

    def _waits_on(self, record: GameRecord, user_id: int) -> bool:
        spec = self.games.get(record.game_key)
        seat = record.seat_of(user_id)
        if record.status != "active" or spec is None or record.snapshot is None or seat is None:
            return False
        return any(p.seat == seat.seat for p in spec.prompts(spec.load_state(record.snapshot)))

    def _state(self, record: GameRecord, user_id: int | None) -> str:
        """Where a game stands: a lobby's seats, or whom it waits on and since when."""
        if is_paused(record):
            return PAUSED_STATE
        if record.status == "lobby":
            return f"lobby, {len(record.seats)} seated"
        since = f"<t:{int(record.waiting_since)}:R>"
        if user_id is not None and self._waits_on(record, user_id):
            return f"⏳ **waiting on you** since {since}"
        return f"waiting since {since}" if user_id is None else f"waiting on others since {since}"


def _told_only_to(
    spec: GameSpec[Any, Any], record: GameRecord, actions: Sequence[ActionRecord], seat: int
) -> list[str]:
    """What only ``seat`` was told, action by action, oldest first, rebuilt by replaying the log."""
    lines: list[str] = []
    try:
        for _, events in replay(spec, first_state(spec, record), actions):
            lines.extend(in_private(e.text, record) for e in events if not e.is_public and e.readable_by(seat))
    except GameError:  # a log that no longer replays: show what was rebuilt, never a traceback
        lines.append("(the rest of this history could not be rebuilt)")
    return lines
