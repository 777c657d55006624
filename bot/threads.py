"""The Discord side of tables in threads: opening a game's thread, renaming it, reopening it when Discord
archived it, and ending its game when a moderator locked it (the host's part is ``bot.tables.threads``).

- **Opening.** ``/start`` in a text channel posts a one-line message there ("Alice opened a table of …") and
  opens a public thread from it, with the longest auto-archive Discord offers (a week); the game's lobby and
  everything after it live in the thread. Needs Create Public Threads and Send Messages in Threads.
- **Renaming.** The thread is named after its game and players and renamed as people join. Discord allows two
  renames of a thread per ten minutes: a rename that would be the third waits for the window (one timer per
  thread in this process), and whichever name is wanted when it fires wins. A process that dies with a rename
  waiting leaves the older name until the next process is ready (``follow_names_at_start``).
- **Archived.** Discord archives a quiet thread after its auto-archive time; a game may wait days on someone.
  A post or edit refused because the thread is archived (50083) reopens it (``archived=False``, which needs
  only Send Messages in Threads while the thread is not locked) and is sent again, once; so the bot's next
  post, a reminder or a button press all reopen the thread. Nothing is spent on threads that are open.
- **Locked.** A thread a moderator locked ends its game (``Host.thread_locked``), seen either as the thread's
  update arrives or, when the bot missed it (it was offline), at its next post there: Discord refuses it
  (160005), refuses to reopen the thread, or (for a bot with Manage Threads) reopens it and says it is locked,
  in which case it is archived again as the moderator left it. The refused post is not retried.

**Known limit.** A process that dies between opening a thread and storing its lobby leaves an empty thread
(its record is stored, no game): the opener's ``/start`` was not answered as done, and running it again opens a
new thread. A deleted thread ends its game like any deleted channel (``Host.channel_gone``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Sequence
from typing import Any, Literal

import discord

from .store import SeatRecord
from .tables import Host
from .tables.threads import MAX_AUTO_ARCHIVE_MINUTES, rename_wait, thread_name

log = logging.getLogger(__name__)

THREAD_ARCHIVED = 50083  # "Operation cannot be performed on an archived thread"
THREAD_LOCKED = 160005  # "Thread is locked"

Closed = Literal["reopened", "locked"]

# Where a thread game needs more than a channel game: the bot's own permissions, as Discord's settings name them.
FOR_THREADS: tuple[tuple[str, str], ...] = (
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
)


def may_open_threads(permissions: discord.Permissions) -> bool:
    """Whether the bot may open a game's thread in a channel where it holds ``permissions``."""
    return all(getattr(permissions, key) for key, _ in FOR_THREADS)


def missing_for_threads(permissions: discord.Permissions) -> list[str]:
    """The thread permissions the bot lacks, by their names in Discord's settings."""
    return [name for key, name in FOR_THREADS if not getattr(permissions, key)]


def starter_text(opener: str, game_name: str) -> str:
    """The message in the channel a game's thread is opened from."""
    return f"🎲 **{opener}** opened a table of **{game_name}**: the lobby and the game are in this thread."


async def open_thread(host: Host, channel: discord.TextChannel, opener: str, game_name: str) -> discord.Thread:
    """Post the starter message in ``channel`` and open the game's public thread from it (stored at once)."""
    starter = await channel.send(starter_text(opener, game_name), allowed_mentions=discord.AllowedMentions.none())
    name = thread_name(game_name, [SeatRecord(seat=0, user_id=0, display_name=opener)])
    thread = await starter.create_thread(name=name, auto_archive_duration=MAX_AUTO_ARCHIVE_MINUTES)
    await host.thread_opened(thread.id, channel.guild.id, channel.id, starter.id, name)
    log.info("thread opened channel=%s thread=%s", channel.id, thread.id)
    return thread


class Renamer:
    """Renames game threads within Discord's two renames per ten minutes; one waiting rename per thread."""

    def __init__(self) -> None:
        self._waiting: dict[int, asyncio.TimerHandle] = {}
        self._running: set[asyncio.Task[None]] = set()  # a fired rename, kept until done (asyncio holds weakly)

    async def follow(self, client: discord.Client, host: Host, channel_id: int) -> None:
        """Give the thread of ``channel_id`` (if the bot opened it for a game) the name its game wants now, or
        as soon as Discord allows it."""
        thread = await host.game_thread(channel_id)
        if thread is None or thread.locked:
            return
        name = await host.wanted_name(thread)
        if name == thread.shown_name:
            return
        wait = rename_wait(thread, host.clock())
        if wait > 0:
            self._later(client, host, channel_id, wait)
            return
        try:
            await _rename(client, channel_id, name)
        except discord.HTTPException as exc:  # a name is a courtesy: the game goes on under the old one
            log.info("could not rename thread %s: %s", channel_id, exc)
            return
        await host.thread_renamed(thread, name)

    def _later(self, client: discord.Client, host: Host, channel_id: int, wait: float) -> None:
        if channel_id in self._waiting:
            return  # the waiting rename reads the wanted name when it fires: the last name wins
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self._waiting.pop(channel_id, None)
            task = loop.create_task(self.follow(client, host, channel_id))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

        self._waiting[channel_id] = loop.call_later(wait, fire)

    def waiting(self) -> list[int]:
        """The threads with a rename waiting for Discord's window."""
        return list(self._waiting)


async def _rename(client: discord.Client, channel_id: int, name: str) -> None:
    """Rename a thread; one Discord archived is reopened for it (Discord renames no archived thread) and archived
    again after, as it was found (if the bot may not archive it, Discord does after its quiet week)."""
    try:
        await client.http.edit_channel(channel_id, name=name)
        return
    except discord.HTTPException as exc:
        if exc.code != THREAD_ARCHIVED:
            raise
    await client.http.edit_channel(channel_id, archived=False)
    await client.http.edit_channel(channel_id, name=name)
    with contextlib.suppress(discord.HTTPException):
        await client.http.edit_channel(channel_id, archived=True)


_RENAMERS: weakref.WeakKeyDictionary[discord.Client, Renamer] = weakref.WeakKeyDictionary()


def renamer_of(client: discord.Client) -> Renamer:
    """The one renamer of a bot (its waiting renames are this process's)."""
    renamer = _RENAMERS.get(client)
    if renamer is None:
        renamer = _RENAMERS[client] = Renamer()
    return renamer


async def follow_name(client: discord.Client, host: Host, channel_id: int) -> None:
    """After a lobby step: the game's thread takes its players' names (see ``Renamer``)."""
    await renamer_of(client).follow(client, host, channel_id)


async def forget_names(client: discord.Client, host: Host, thread_ids: Sequence[int]) -> None:
    """After ``/forget me``: each thread of the person's finished games takes its game's name as it reads now
    (the person is "a former player" there), and the bot's record of the threads forgets the old names even where
    Discord refused the rename (``Host.thread_names_forgotten``)."""
    renamer = renamer_of(client)
    for thread_id in thread_ids:
        await renamer.follow(client, host, thread_id)
    waiting = set(renamer.waiting())  # Discord's two renames per ten minutes: stored when the rename is made
    await host.thread_names_forgotten([t for t in thread_ids if t not in waiting])


async def follow_names_at_start(client: discord.Client, host: Host, guild_ids: Sequence[int]) -> None:
    """At start: a rename that was waiting for Discord's window when a process died is made now, or when the
    window frees (``Renamer``), for every live game of the servers this process serves. A game whose channel is
    not a thread, or whose thread already shows its name, costs two reads."""
    renamer = renamer_of(client)
    for guild_id in guild_ids:
        for record in await host.store.running_games(guild_id):
            try:
                await renamer.follow(client, host, record.channel_id)
            except Exception:  # one thread's trouble leaves the others' names to follow
                log.exception("following the name of thread %s at start failed", record.channel_id)


async def end_locked(client: discord.Client, host: Host, channel_id: int) -> None:
    """A moderator locked the thread of ``channel_id``: its game ends (``Host.thread_locked``) and each person
    seated is told once by DM (a locked thread takes no ping), unless their DMs are known to be closed. At most
    once: a DM lost to a crash is not sent again (``/games`` lists the game under "Ended lately")."""
    ended = await host.thread_locked(channel_id)
    if ended is None:
        return
    spec = host.games.get(ended.game_key)
    name = spec.name if spec else ended.game_key
    people = [s.user_id for s in ended.seats if not s.is_bot]
    prefs = await host.store.users_prefs(people)
    for user_id in people:
        if prefs[user_id].dm_closed:
            continue
        try:
            channel = await client.create_dm(discord.Object(id=user_id))
            await channel.send(
                f"Your game of **{name}** in <#{channel_id}> has ended: a moderator locked its thread. "
                "Its history stays readable with `/log` there."
            )
        except discord.HTTPException as exc:
            log.info("could not tell user=%s of the locked thread %s: %s", user_id, channel_id, exc)


async def closed_thread(
    client: discord.Client, host: Host, channel_id: int, refused: discord.HTTPException
) -> Closed | None:
    """What a refused post in ``channel_id`` means for a game thread: ``"reopened"`` when Discord had archived it
    and it is open again (send the post again, once), ``"locked"`` when a moderator locked it (its game has
    ended; never retry), ``None`` when the refusal has nothing to do with threads."""
    if refused.code == THREAD_LOCKED:
        await end_locked(client, host, channel_id)
        return "locked"
    if refused.code != THREAD_ARCHIVED:
        return None
    try:
        reopened: dict[str, Any] = dict(await client.http.edit_channel(channel_id, archived=False))
    except discord.HTTPException as exc:
        if exc.code == THREAD_LOCKED or await _is_locked(client, channel_id):
            await end_locked(client, host, channel_id)
            return "locked"
        log.warning("could not reopen thread %s: %s", channel_id, exc)
        return None
    if (reopened.get("thread_metadata") or {}).get("locked"):
        # A bot with Manage Threads may reopen a locked thread: it was locked all the same, so its game ends and
        # the thread goes back as the moderator left it.
        with contextlib.suppress(discord.HTTPException):
            await client.http.edit_channel(channel_id, archived=True)
        await end_locked(client, host, channel_id)
        return "locked"
    log.info("reopened archived thread %s", channel_id)
    return "reopened"


async def _is_locked(client: discord.Client, channel_id: int) -> bool:
    try:
        channel = await client.fetch_channel(channel_id)
    except discord.HTTPException:
        return False
    return isinstance(channel, discord.Thread) and channel.locked
