"""What happened in a game, read back from its stored log: ``/log``, ``/log private`` and ``/games``.

A player who comes back a day later must see at once what happened. The public history is the narration each
action produced (stored with the action, so reading it costs one query). A player's private history (what
they drew, what they were passed) is never stored as text anywhere a spectator could reach: it is rebuilt on
demand by replaying the log through the engine, which is deterministic, and only the caller's lines are kept.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import GameError, GameSpec, NoGameHere, NotAllowed

from .replay import first_state, replay
from .store import ActionRecord, GameRecord, Store
from .tables.names import in_private

PAGE_SIZE = 15  # lines per page: a page stays well inside one Discord message


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
