"""A server that removed the bot: its games pause until someone brings one back with ``/board`` (issue 31).

Discord tells the bot it was removed from (or kicked out of) a server with GUILD_DELETE, which discord.py
hands over as ``on_guild_remove`` (an outage is a GUILD_DELETE marked ``unavailable``: discord.py keeps the
server and nothing pauses). From then on the bot can post nothing there, so everything that would act for the
server's games on its own must leave them alone, in every process and after a restart: the pause is stored
with each game (``GameRecord.paused_at``, migration 16), set for all of the server's lobbies and running games
at once (``Store.pause_guild_games``, one version up, so a bot move or a reminder claimed for the game as it
was goes stale), and never written by a game's ordinary writes.

What a pause stops, and where:

- seat bots: a move in a paused game is refused (``check_not_paused`` in ``act``), so a bot's due move is
  dropped with a log line; the resume schedules it again (``_schedule_bots``);
- reminders, the daily digest and the ping held over quiet hours: the reminder query skips paused games, a
  reminder claimed before the pause is given up, and a digest lists only games that are not paused;
- the idle-lobby clean-up skips a paused lobby (closing it would post where the bot cannot);
- the retention clean-up keeps a paused game for the server's keeping time (``/settings keep``, a year by
  default) from the pause, then deletes it like a finished game past its keeping time: a server that did not
  want the bot back within that time does not keep its hands and deck orders in the bot's database for ever;
- what the server's channels were owed is dropped in the same write, with a log line.

Added back (GUILD_CREATE with the same server id, ``on_guild_join``), nothing resumes by itself: the games stay
paused until someone uses ``/board`` in a game's channel, which takes the pause off and posts the board again
(``resume``); a move before that, in the channel or from a DM, is answered with ``PAUSED``. A paused lobby
goes on at its next step (a join, a role, **Begin**…: its buttons and commands are used in its channel only).
``/games`` says ``PAUSED_STATE`` for each.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.core import Conflict, NotAllowed

from ..store import LIVE_STATUSES, GameRecord
from .common import Loaded
from .core import HostCore

log = logging.getLogger(__name__)

PAUSED = (
    "This game is paused: the bot was removed from this server. Once the bot is back, `/board` in the game's "
    "channel resumes it."
)
PAUSED_STATE = "paused (the bot was removed from the server)"
"""What ``/games`` says of a paused game."""


def is_paused(record: GameRecord) -> bool:
    """Whether ``record`` is a live game its server paused by removing the bot."""
    return record.paused_at is not None and record.status in LIVE_STATUSES


def check_not_paused(record: GameRecord) -> None:
    """Refuse a move in a paused game, with a sentence that says how to resume it."""
    if is_paused(record):
        raise NotAllowed(PAUSED)


class PausedHost(HostCore):
    """Pausing a server's games when it removes the bot, and resuming one with ``/board``."""

    async def pause_server(self, guild_id: int, channel_ids: Sequence[int]) -> int:
        """The bot was removed from ``guild_id``: pause its games, drop what its channels were owed; how many
        games were paused."""
        paused = await self.store.pause_guild_games(guild_id, self.clock())
        dropped = await self.store.drop_channel_deliveries(channel_ids)
        log.info(
            "removed from server %s: %d game(s) paused, %d owed item(s) dropped over %d channel(s)",
            guild_id,
            paused,
            dropped,
            len(channel_ids),
        )
        return paused

    async def resumed(self, loaded: Loaded) -> Loaded:
        """``loaded`` without its pause (``/board`` in its channel): see ``resume``."""
        return await resume(self, loaded)


async def resume(host: HostCore, loaded: Loaded) -> Loaded:
    """``loaded`` without its pause: the game goes on (``/board`` in its channel, or a lobby's own step: its
    buttons and commands are used in its channel only), its bots' due move is scheduled again. ``Conflict``
    when the game changed since it was read (the caller's ``retried`` reads it again)."""
    record = loaded.record
    if not is_paused(record) or record.id is None:
        return loaded
    if not await host.store.resume_game(record.id, record.version, host.clock()):
        raise Conflict("The game changed while it was resumed; try again.")
    record = record.model_copy(update={"paused_at": None, "version": record.version + 1})
    record.updated_at = host.clock()
    log.info("game %s in channel %s resumed", record.id, record.channel_id)
    await host._schedule_bots(record)
    return Loaded(record, loaded.spec, host._state_of(record, loaded.spec))
