"""What is kept, and for how long (issue 29): the hourly clean-up, and a moderator deleting a finished game.

Once an hour one process, whichever claims the hour first (a ``TimerRecord`` of kind ``housekeeping`` keyed by
the hour, claimed as a reminder is: of several processes over one PostgreSQL exactly one wins it), does three
things:

- deletes the finished and ended games its server keeps no longer (``/settings keep``, a year by default),
  counted from when the game ended, with their seats, log and notes;
- closes each lobby nobody joined, left or began for its server's time (``/settings lobbies``, 48 hours by
  default; 0: never), through the lobby's own closing path: its message says so, in the channel;
- deletes the interactions whose token Discord no longer accepts (15 minutes after the defer), in case the
  catch-up, which does it every round, has not run (the bot was stopped).

A process that dies mid-round leaves its claim; the next process's round takes it over once it is stale and does
the work then. Every step is safe to do twice: a delete of a deleted game deletes nothing, a lobby closing is
version-checked.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from engine.core import Conflict, LobbyError, NoGameHere, NotAllowed

from ..outbox import Outbox
from ..store import GameRecord, TimerRecord
from .common import AUTOCOMPLETE_LIMIT, Actor, duration, plain_name, relative_time
from .core import HostCore
from .deliveries import ANSWER_WINDOW
from .reminders import FIRED_KEPT

log = logging.getLogger(__name__)

HOUSEKEEPING = "housekeeping"
"""The timer kind of the hourly clean-up; its ``due_key`` is the hour (unix time // 3600)."""
SERVER_WIDE = 0
"""The ``game_id`` of a timer that belongs to no game (games are numbered from 1)."""
HOUR = 3600.0
DAY = 24 * HOUR
KEEP_DAYS = 365.0
"""How long a finished or ended game is kept on a server that did not choose (``/settings keep``)."""
LOBBY_HOURS = 48.0
"""How long a lobby may wait untouched on a server that did not choose (``/settings lobbies``)."""
PRUNE_BATCH = 500  # games deleted per transaction; a round goes on until none is left
LOBBY_BATCH = 100  # idle lobbies closed per round (each is a message): the rest next hour


@dataclass
class CleanUp:
    """What one clean-up round did: games deleted, lobbies closed (their outboxes to deliver), tokens dropped."""

    games: int = 0
    lobbies: list[Outbox] = field(default_factory=list)
    tokens: int = 0


def finished_label(record: GameRecord, game_name: str) -> str:
    """A finished game as a moderator picks it: game, the day it ended, who played (within 100 characters)."""
    day = time.strftime("%d %b %Y", time.gmtime(record.updated_at)).lstrip("0")
    players = ", ".join(plain_name(s.display_name) for s in record.seats) or "nobody"
    ended = "" if record.status == "finished" else " (ended)"
    label = f"{game_name}{ended} · {day} · {players}"
    return label if len(label) <= 100 else label[:99] + "…"


class RetentionHost(HostCore):
    """The hourly clean-up and ``/forget game``."""

    async def clean_up(self) -> CleanUp | None:
        """This hour's clean-up, if this process claims it (``None``: another did, or it is done)."""
        now = self.clock()
        stale = now - self.claim_seconds
        this_hour = TimerRecord(
            game_id=SERVER_WIDE,
            kind=HOUSEKEEPING,
            due_key=str(int(now // HOUR)),
            channel_id=0,
            created_at=now,
        )
        # An earlier hour's round whose process died is done now, under its own claim.
        held = await self.store.claim_stale_timers(HOUSEKEEPING, self.owner, now, stale, 10, now - FIRED_KEPT)
        if await self.store.claim_timer(this_hour, self.owner, now, stale):
            held.append(this_hour)
        if not held:
            return None
        done = CleanUp()
        while pruned := await self.store.prune_finished_games(now, KEEP_DAYS * DAY, PRUNE_BATCH):
            done.games += len(pruned)
            for game_id in pruned:
                self._states.pop(game_id, None)
        for lobby in await self.store.idle_lobbies(now, LOBBY_HOURS * HOUR, LOBBY_BATCH):
            out = await self._close_idle_lobby(lobby)
            if out is not None:
                done.lobbies.append(out)
        done.tokens = await self.store.forget_expired_deferrals(now - ANSWER_WINDOW)
        await self.store.forget_refused_channels(now)  # a day after a refusal's delay ran out (``bot.backoff``)
        await self.store.finish_timers([t.key for t in held], self.clock())
        log.info("clean-up games=%s lobbies=%s tokens=%s", done.games, len(done.lobbies), done.tokens)
        return done

    async def _close_idle_lobby(self, lobby: GameRecord) -> Outbox | None:
        """Close ``lobby`` as the query found it; ``None`` when someone touched it meanwhile (it waits on)."""
        async with self.lock(lobby.channel_id):
            record = await self.store.live_game(lobby.channel_id)
            if record is None or record.id != lobby.id or record.version != lobby.version:
                return None
            spec = self.spec(record.game_key)
            waited = duration(self.clock() - record.updated_at)
            why = f"Nobody joined, left or began it for {waited}. Open a new one with `/start`."
            try:
                return await self._close_lobby(record, spec, why)
            except Conflict:
                return None

    # ------------------------------------------------------------------ a moderator deletes a finished game

    async def finished_game_choices(
        self, guild_id: int | None, channel_id: int, actor: Actor, typed: str = ""
    ) -> list[tuple[str, str]]:
        """The finished games ``actor`` may delete, as (label, game id) pairs matching ``typed``: the server's
        with Manage Server, this channel's for a channel moderator, none for anybody else."""
        if guild_id is None or not (actor.can_manage_server or actor.can_moderate):
            return []
        wanted = typed.strip().lower()
        choices = []
        for record in await self.store.finished_games(guild_id, 200):
            if not actor.can_manage_server and record.channel_id != channel_id:
                continue
            name = self.games[record.game_key].name if record.game_key in self.games else record.game_key
            label = finished_label(record, name)
            if wanted in label.lower() or wanted == str(record.id):
                choices.append((label, str(record.id)))
            if len(choices) == AUTOCOMPLETE_LIMIT:
                break
        return choices

    async def forget_game(self, guild_id: int | None, channel_id: int, actor: Actor, game: str) -> str:
        """Delete a finished or ended game of this server at once, with its seats, log and notes (``/forget
        game``): with Manage Server any of the server's, with Manage Channels one played in this channel."""
        if not (actor.can_manage_server or actor.can_moderate):
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can delete a finished game.")
        game = game.strip()
        # An id as autocomplete gives it; anything else (a name typed, 6,000 digits) is no game of this server.
        record = await self.store.get_game(int(game)) if game.isdigit() and len(game) <= 18 else None
        if record is None or guild_id is None or record.guild_id != guild_id:
            raise NoGameHere("There is no such game on this server; pick one from the list as you type.")
        if not actor.can_manage_server and record.channel_id != channel_id:
            raise NotAllowed(
                "That game was played in another channel: delete it there, or ask someone with Manage Server."
            )
        name = self.spec(record.game_key).name
        if record.status not in ("finished", "ended"):
            raise LobbyError(
                f"The game of **{name}** in <#{record.channel_id}> is not over: a moderator ends it with `/end` "
                "in its channel first, then it can be deleted."
            )
        assert record.id is not None
        async with self.lock(record.channel_id):
            await self.store.delete_game(record.id, record.version)
        self._states.pop(record.id, None)
        log.info("finished game deleted id=%s by=%s", record.id, actor.user_id)
        over = relative_time(record.updated_at)
        return (
            f"Deleted the game of **{name}** played in <#{record.channel_id}> (over {over}): its players, log and "
            "notes are gone from the bot's database. Its messages in the channel stay; Discord lets moderators "
            "delete those."
        )
