"""Seat bots at the table: seating them in a lobby, handing a seat between a person and a bot, and playing
their turns.

A bot seat is an ordinary seat with a level (``SeatRecord.bot``) and a user id of its own below zero (no
Discord user has one), so everything keyed by user works unchanged; the host never DMs, pings, reminds or
counts it in a skip vote (``people``). A bot moves through exactly the path a person's click takes (``act``
with a prompt id and a choice id), so the channel sees its move narrated like anyone's.

Nothing about a bot's turn lives in memory: ``bot_round`` reads the running games with a bot seat from the
store, and the bot's answer is worked out from the stored state and a seed made of the game's seed and its
action count (``engine.core.seatbot.bot_seed``). A restart in the middle of a bot's turn therefore plays the
very same move at the next round. The engine side (``engine/seatbots.py``) decides from the seat's view only.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.core import GameError, GameSpec, LobbyError
from engine.core.seatbot import LEVELS, Level, bot_move, bot_seed
from engine.seatbots import seat_bot

from ..outbox import Outbox
from ..store import GameRecord, SeatRecord
from .common import Actor
from .play import PlayHost

log = logging.getLogger(__name__)

DEFAULT_LEVEL: Level = "normal"
MOVES_PER_ROUND = 40  # a round plays at most this many bot moves per game, so one table never holds the loop


def check_offers_bots(spec: GameSpec[Any, Any]) -> None:
    """Refuse a bot, with a sentence, in a game that has none."""
    if seat_bot(spec.key) is None:
        raise LobbyError(f"{spec.name} has no bot player yet; invite a person instead.")


def check_level(level: str) -> Level:
    """``level`` as a bot level, or a sentence naming the levels."""
    for known in LEVELS:
        if known == level:
            return known
    raise LobbyError(f"A bot plays at one of these levels: {', '.join(LEVELS)}.")


def new_bot_seat(record: GameRecord, seat: int, level: Level, role: str | None = None) -> SeatRecord:
    """A seat for a new bot: the next unused user id below zero, named "Bot <n>"."""
    number = 1 + max((-s.user_id for s in record.seats if s.user_id < 0), default=0)
    return SeatRecord(seat=seat, user_id=-number, display_name=f"Bot {number}", role=role, bot=level)


class SeatBotsHost(PlayHost):
    """Bots' turns, played from the stored games."""

    @staticmethod
    def offers_bots(game_key: str) -> bool:
        """Whether this game's lobby offers "Add a bot" (a game without a seat bot does not)."""
        return seat_bot(game_key) is not None

    async def bot_round(self) -> list[Outbox]:
        """Play every bot whose turn it is in every running game (the bot loop calls this every few seconds).

        Everything comes from the store, so a round after a restart plays exactly what was due before it.
        """
        outboxes: list[Outbox] = []
        for record in await self.store.games_with_bots():
            for _ in range(MOVES_PER_ROUND):
                out = await self.bot_step(record.channel_id)
                if out is None:
                    break
                outboxes.append(out)
        return outboxes

    def due_bot_move(self, record: GameRecord) -> tuple[SeatRecord, str, str] | None:
        """The move a bot of ``record`` owes now (its seat, prompt id, choice id), from the stored state alone."""
        if record.status != "active":
            return None
        spec = self.spec(record.game_key)
        bot = seat_bot(spec.key)
        state = self._state_of(record, spec)
        if bot is None or state is None:
            return None
        for prompt in self.pending(record, spec, state):
            seat = record.user_of(prompt.seat)
            if seat is None or seat.bot is None:
                continue
            level = check_level(seat.bot)
            move = bot_move(bot, spec, state, seat.seat, level, bot_seed(record.seed, record.action_count, seat.seat))
            if move is not None:
                return seat, move[0], move[1]
        return None

    async def bot_step(self, channel_id: int) -> Outbox | None:
        """One bot move in the channel's game through the host's ``act``; ``None`` when no bot owes one (or a
        person's move got there first: the next round looks again)."""
        record = await self.store.live_game(channel_id)
        if record is None:
            return None
        due = self.due_bot_move(record)
        if due is None:
            return None
        seat, prompt_id, choice_id = due
        actor = Actor(user_id=seat.user_id, display_name=seat.display_name)
        try:
            out = await self.act(channel_id, actor, prompt_id, choice_id)
        except GameError as exc:
            log.info("bot move dropped channel=%s seat=%s: %s", channel_id, seat.seat, exc.sentence)
            return None
        out.reply = None  # nobody waits on an answer: the board and the others' DMs say it all
        return out
