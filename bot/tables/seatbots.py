"""Seat bots at the table: seating them in a lobby, handing a seat between a person and a bot, and playing
their turns.

A bot seat is an ordinary seat with a level (``SeatRecord.bot``) and a user id of its own below zero (no
Discord user has one), so everything keyed by user works unchanged; the host never DMs, pings, reminds or
counts it in a skip vote (``people``). A bot moves through exactly the path a person's click takes (``act``
with a prompt id and a choice id), so the channel sees its move narrated like anyone's.

Nothing about a bot's turn lives in memory, and a game with no bot due costs nothing: every commit that leaves
a bot's decision pending stores a timer firing (``TimerRecord``, kind ``bot``, keyed by the game's version),
due at once and held by nobody. Each process's bot loop (``bot_round``) claims the due firings in one query
(exactly one process gets each; a claim left by a process that died is taken over once stale), plays the move
through ``act`` and marks the firing done; that move's own commit stores the next one. The bot's answer is
worked out from the stored state and a seed made of the game's seed and its action count
(``engine.core.seatbot.bot_seed``), so a firing taken over after a restart plays the very same move, and one
whose game moved on (its version is not the key's any more) is simply marked done. Games stored before bots'
timers existed are scheduled once at start-up (``schedule_waiting_bots``); so is a firing lost because the
firing is stored just after its commit, not in the commit's transaction, and a process died between the two
(the game waits on its bot until a process starts or the game's next commit). The engine side
(``engine/seatbots.py``) decides from the seat's view only.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from engine.core import GameError, GameSpec, LobbyError, Prompt
from engine.core.seatbot import LEVELS, Level, bot_move, bot_seed
from engine.seatbots import seat_bot

from ..outbox import Outbox
from ..store import GameRecord, SeatRecord, TimerRecord
from .common import Actor
from .play import PlayHost

log = logging.getLogger(__name__)

DEFAULT_LEVEL: Level = "normal"
BOT_TURN = "bot"
"""The timer kind of a seat bot's due move (``TimerRecord.kind``); its ``due_key`` is the game's version."""
BATCH = 50  # due bot moves claimed per query
CLAIMS_PER_ROUND = 40
"""Claim queries per round: a bot's move that hands the turn to another bot is played in the same round, up to
this many moves in a row per table, so one busy table never holds the loop."""
FIRED_KEPT = 3600.0
"""Seconds a fired bot firing's row is kept: its version is never the game's again once the move committed."""


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

    bot_batch = BATCH  # due moves one claim takes (a test sets 1 to see two processes share the work)

    @staticmethod
    def offers_bots(game_key: str) -> bool:
        """Whether this game's lobby offers "Add a bot" (a game without a seat bot does not)."""
        return seat_bot(game_key) is not None

    async def bot_round(self) -> list[Outbox]:
        """Play every bot move that is due, in every game (each process's bot loop calls this every few seconds).

        One query claims the due firings (none at all when no bot owes a move); each move's commit may store
        the next one, which the next query of the same round claims.
        """
        outboxes: list[Outbox] = []
        for _ in range(CLAIMS_PER_ROUND):
            now = self.clock()
            due = await self.store.claim_stale_timers(
                BOT_TURN, self.owner, now, now - self.claim_seconds, self.bot_batch, now - FIRED_KEPT
            )
            if not due:
                break
            for timer in due:
                try:
                    out = await self._fire_bot_turn(timer)
                except Exception:  # one table's failure must not stop the others': its claim goes stale, retried
                    log.exception("bot move failed game=%s key=%s", timer.game_id, timer.due_key)
                    continue
                if out is not None:
                    outboxes.append(out)
        return outboxes

    async def _fire_bot_turn(self, timer: TimerRecord) -> Outbox | None:
        """Play the claimed firing's move if its game still stands where it was scheduled, then mark it done."""
        record = await self.store.get_game(timer.game_id)
        out = None
        if record is not None and str(record.version) == timer.due_key:
            out = await self.bot_step(record.channel_id)
        await self.store.finish_timers([timer.key], self.clock())
        return out

    async def _schedule_bots(self, record: GameRecord, prompts: Sequence[Prompt] | None = None) -> None:
        """Store the bot move ``record`` now owes, due at once (every commit calls this; ``prompts`` are the
        pending decisions when the caller has them)."""
        bots = {s.seat for s in record.seats if s.is_bot}
        if not bots or record.status != "active" or record.id is None:
            return
        if prompts is None:
            spec = self.spec(record.game_key)
            state = self._state_of(record, spec)
            prompts = [] if state is None else self.pending(record, spec, state)
        if any(p.seat in bots for p in prompts):
            timer = TimerRecord(
                game_id=record.id,
                kind=BOT_TURN,
                due_key=str(record.version),
                channel_id=record.channel_id,
                created_at=self.clock(),
            )
            await self.store.schedule_timer(timer)

    async def schedule_waiting_bots(self) -> int:
        """At start-up: store the due move of every running game with a bot (games stored before bots' turns
        were timers have none; a firing already stored is left alone). Returns how many games were looked at.
        A game paused because the bot left its server is left alone: its resume (``/board``) schedules them."""
        games = [g for g in await self.store.games_with_bots() if g.paused_at is None]
        for record in games:
            await self._schedule_bots(record)
        return len(games)

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
