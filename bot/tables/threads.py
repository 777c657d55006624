"""Tables in threads: one channel holds any number of games, each in a public thread of its own.

``/start`` in a text channel posts a short message there and opens a public thread from it; the lobby, the
board, the pings, the buttons and the reminders of that game all live in the thread, whose id is the game's
channel id (Discord: a thread is a channel). Everything else in the host works unchanged in it.

What this part of the host keeps (``ThreadRecord``, migration 13):

- A server's choice (``/settings threads on|off``); never chosen, whether the bot may create threads in the
  channel decides (``threads_wanted``).
- Each thread the bot opened: the channel it hangs from, its starter message, the name the game wants (its
  game and players) and the name Discord shows. Discord allows two renames of a thread per ten minutes, so a
  rename that would be the third waits until the window frees, and the last name wins (``rename_wait``).
- A thread a moderator locked ends its game at once (``thread_locked``): stored as ended, readable by
  ``/log`` and ``/games``, and nothing more is posted or retried there.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Final

from engine.core import NotAllowed

from ..store import GameRecord, SeatRecord, ThreadRecord
from .common import Actor
from .core import HostCore
from .races import Attempt, retried

log = logging.getLogger(__name__)

RENAMES_PER_WINDOW = 2
RENAME_WINDOW = 600.0  # seconds: Discord allows two renames of one thread per ten minutes
THREAD_NAME_LIMIT = 100  # Discord's limit on a channel's name
MAX_AUTO_ARCHIVE_MINUTES: Final = 10080  # a week: the longest auto-archive Discord offers (every server since 2022)
LOCKED_RESULT = "Ended: a moderator locked its thread, so the game stopped there with no winner."
SETTINGS_REFUSED = "Only members who can Manage Server can change this server's game settings."


def thread_name(game_name: str, seats: Sequence[SeatRecord]) -> str:
    """A thread's name: its game and its players ("Capricorn · Alice, Bob"), within Discord's 100 characters.

    Names are stored markdown-escaped for channel posts; a thread's name is shown as typed."""
    people = ", ".join(s.display_name.replace("\\", "") for s in seats)
    name = f"{game_name} · {people}" if people else game_name
    return name if len(name) <= THREAD_NAME_LIMIT else name[: THREAD_NAME_LIMIT - 1] + "…"


def rename_wait(thread: ThreadRecord, now: float) -> float:
    """Seconds before the thread may be renamed again (0: now), by Discord's two renames per ten minutes."""
    recent = sorted(t for t in thread.renamed_at if now - t < RENAME_WINDOW)
    if len(recent) < RENAMES_PER_WINDOW:
        return 0.0
    return recent[-RENAMES_PER_WINDOW] + RENAME_WINDOW - now


class ThreadsHost(HostCore):
    """The threads a server's games live in: the server's choice, each thread's name, and a lock ending a game."""

    async def threads_wanted(self, guild_id: int | None, can_create: bool) -> bool:
        """Whether ``/start`` in a text channel opens the game in a new thread: the server's choice, else
        whether the bot may create public threads (and post in them) there."""
        if guild_id is None:
            return False
        chosen = await self.store.threads_setting(guild_id)
        return can_create if chosen is None else chosen

    async def set_threads(self, guild_id: int, actor: Actor, on: bool | None) -> str:
        """``/settings threads on|off`` (``None``: back to the default); Manage Server only."""
        if not actor.can_manage_server:
            raise NotAllowed(SETTINGS_REFUSED)
        await self.store.set_threads_setting(guild_id, on)
        log.info("threads setting guild=%s on=%s by=%s", guild_id, on, actor.user_id)
        if on is None:
            return "Games open in a thread of their own wherever I may create threads (the default)."
        if on:
            return (
                "From now on `/start` opens each game in a thread of its own, so one channel holds any number "
                "of tables."
            )
        return "From now on a channel holds one game at a time, played in the channel itself."

    async def thread_opened(
        self, thread_id: int, guild_id: int | None, parent_id: int, starter_message_id: int | None, name: str
    ) -> ThreadRecord:
        """Remember a thread just opened for a game (its creation named it: that counts as no rename)."""
        thread = ThreadRecord(
            thread_id=thread_id,
            guild_id=guild_id,
            parent_id=parent_id,
            starter_message_id=starter_message_id,
            name=name,
            shown_name=name,
            created_at=self.clock(),
        )
        await self.store.save_thread(thread)
        return thread

    async def game_thread(self, channel_id: int) -> ThreadRecord | None:
        """The thread the bot opened for the game of ``channel_id``, if that channel is one."""
        return await self.store.thread(channel_id)

    async def wanted_name(self, thread: ThreadRecord) -> str:
        """The name the thread's game wants now (its game and players); its stored name if it has no game."""
        record = await self.store.latest_game(thread.thread_id)
        if record is None:
            return thread.name
        spec = self.games.get(record.game_key)
        return thread_name(spec.name if spec else record.game_key, record.seats)

    async def threads_of_finished_games(self, user_id: int) -> list[int]:
        """The threads the bot opened for finished or ended games the person sat in: their names carry the
        person's name (``thread_name``), so ``/forget me`` renames them. Read before the forgetting, which
        leaves nothing linking those games to the person."""
        games = await self.store.recent_games_of_user(user_id, 0.0)
        threads = []
        for channel_id in dict.fromkeys(game.channel_id for game in games):
            if await self.store.thread(channel_id) is not None:
                threads.append(channel_id)
        return threads

    async def thread_names_forgotten(self, thread_ids: Sequence[int]) -> None:
        """After ``/forget me`` and its renames: each thread's stored names become the one its game wants now,
        also where Discord refused the rename (the name it still shows is Discord's, as the bot's messages are;
        a moderator renames it there). Such a thread is then not renamed again by the bot for this."""
        for thread_id in thread_ids:
            thread = await self.store.thread(thread_id)
            if thread is None:
                continue
            name = await self.wanted_name(thread)
            if (thread.name, thread.shown_name) != (name, name):
                await self.store.save_thread(thread.model_copy(update={"name": name, "shown_name": name}))

    async def thread_renamed(self, thread: ThreadRecord, name: str) -> ThreadRecord:
        """Note that Discord now shows ``name`` (a rename made now)."""
        now = self.clock()
        recent = [t for t in thread.renamed_at if now - t < RENAME_WINDOW]
        renamed = thread.model_copy(update={"name": name, "shown_name": name, "renamed_at": [*recent, now]})
        await self.store.save_thread(renamed)
        return renamed

    async def thread_locked(self, thread_id: int) -> GameRecord | None:
        """A moderator locked the thread: its live game ends now, with nothing more posted (the thread refuses
        the bot's posts, and a post refused for good is never retried). The game stays stored and readable.
        Returns the game it ended, ``None`` when the thread had no live game (already ended, or none)."""

        async def run(attempt: Attempt) -> GameRecord | None:
            record = await self.store.live_game(thread_id)
            if record is None:
                return None
            attempt.saw(record)
            version = record.version
            record.status = "ended"
            record.result = LOCKED_RESULT
            record.narration = []
            record.updated_at = self.clock()
            saved = await self._save(record, version, [])
            if saved.id is not None:
                self._states.pop(saved.id, None)
            log.info("game ended by a locked thread channel=%s id=%s", thread_id, saved.id)
            return saved

        ended = await retried(self.store, self.lock(thread_id), run)
        thread = await self.store.thread(thread_id)
        if thread is not None and not thread.locked:
            await self.store.save_thread(thread.model_copy(update={"locked": True}))
        return ended
