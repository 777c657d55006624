"""Lobbies: opening one, taking and leaving seats, roles, and dealing the game when the opener begins."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.core import GameSpec, LobbyError, NoGameHere, NotAllowed, SeatSetup

from ..outbox import Outbox
from ..store import DeliveryRecord, GameRecord, NoteRecord, SeatRecord
from .common import BEGUN, Actor, Loaded, Owed, asking, mention, people
from .core import owed_records, posts_owed, with_nonces
from .paused import is_paused, resume
from .races import Attempt, retried
from .seatbots import DEFAULT_LEVEL, check_level, check_offers_bots, new_bot_seat
from .threads import ThreadsHost

log = logging.getLogger(__name__)


class LobbyHost(ThreadsHost):
    """Everything before the deal (and the threads tables are opened in: ``ThreadsHost``)."""

    async def start(
        self,
        guild_id: int | None,
        channel_id: int,
        actor: Actor,
        game_key: str,
        options: Mapping[str, Any],
        *,
        bots: int = 0,
        level: str = DEFAULT_LEVEL,
        parent_id: int | None = None,
    ) -> Outbox:
        """Open a lobby for ``game_key`` in the channel, with the opener seated (and ``bots`` bots of ``level``).

        ``parent_id``: the channel a thread hangs from, when the channel is a thread; the server's list of game
        channels names the parent, never each thread."""
        spec = self.spec(game_key)
        parsed = await self.check_start(guild_id, parent_id or channel_id, game_key, options, bots=bots, level=level)

        async def run(attempt: Attempt) -> Outbox:
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
            for _ in range(bots):
                record.seats = self._seated(spec, record, None, level)
            # Its first message is stored with it (the row's game id is filled in by the store), as every later
            # edit of it is (``_lobby_saved``): a crash before Discord heard of it leaves it to the catch-up.
            row = lobby_row(record, 1, now)
            record = await self.store.insert_game(record, [row], claimed_by=self.owner, interaction_id=asking())
            log.info("lobby opened channel=%s game=%s id=%s", channel_id, spec.key, record.id)
            return self._lobby_owed(record, spec, lobby_row(record, 1, now))

        return await retried(self.store, self.lock(channel_id), run)

    async def check_start(
        self,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        options: Mapping[str, Any],
        *,
        bots: int = 0,
        level: str = DEFAULT_LEVEL,
    ) -> Any:
        """Refuse, with its sentence, a ``/start`` that could not open (options, bots, the server's game channels),
        before anything is posted: a thread is opened for a lobby only once the lobby can open. Returns the
        parsed options."""
        spec = self.spec(game_key)
        parsed = spec.parse_options(dict(options))
        if bots:
            check_offers_bots(spec)
            check_level(level)
            if 1 + bots > spec.max_seats(parsed):
                raise LobbyError(f"{spec.name} seats at most {spec.max_seats(parsed)} players, bots included.")
        await self.check_channel(guild_id, channel_id)
        return parsed

    async def _lobby_saved(
        self, record: GameRecord, version: int, spec: GameSpec[Any, Any], notes: Sequence[NoteRecord] = ()
    ) -> Outbox:
        """Write a lobby step over ``version`` (``Conflict`` otherwise) with the lobby message's edit (and a
        moderator's ``/log`` line, if any) stored in the same transaction, and return that edit carrying its row's
        nonce."""
        now = self.clock()
        record.updated_at = now  # also the row's claim: this process delivers it from now
        row = lobby_row(record, version + 1, now)
        record = await self._save(record, version, [row], notes)
        return self._lobby_owed(record, spec, row)

    def _lobby_owed(self, record: GameRecord, spec: GameSpec[Any, Any], row: DeliveryRecord) -> Outbox:
        """The lobby message a stored ``row`` owes, as posted now: a new message or an edit of the lobby's."""
        out = self._lobby_outbox(record, spec, new=row.new_post)
        out.posts = [replace(post, nonce=row.nonce) for post in out.posts]
        out.owed = [row.key]
        return out

    def _seated(
        self, spec: GameSpec[Any, Any], record: GameRecord, actor: Actor | None, level: str | None = None
    ) -> list[SeatRecord]:
        """The seats after ``actor`` joins (``None``: a bot of ``level``): a free role is handed out at random,
        shown before Begin."""
        role: str | None = None
        if spec.roles:
            taken = {s.role for s in record.seats}
            seats = len(record.seats) + 1
            free = [r.key for r in spec.roles if r.key not in taken and seats >= r.dealt_from]
            free = free or [r.key for r in spec.roles if r.key not in taken]
            if free:
                role = random.Random(record.seed + len(record.seats)).choice(free)
        if actor is None:
            seat = new_bot_seat(record, len(record.seats), check_level(level or DEFAULT_LEVEL), role)
        else:
            seat = SeatRecord(seat=len(record.seats), user_id=actor.user_id, display_name=actor.display_name, role=role)
        return [*record.seats, seat]

    async def add_bot(self, channel_id: int, actor: Actor, level: str = DEFAULT_LEVEL) -> Outbox:
        """Seat a bot in the lobby (its opener or a moderator); it plays from its own seat's view only."""
        check_level(level)

        async def run(attempt: Attempt) -> Outbox:
            record, spec = await self._lobby(channel_id, attempt)
            check_offers_bots(spec)
            self._check_lobby_keeper(record, actor, "add a bot")
            seats = self.seat_cap(spec, record)
            if len(record.seats) >= seats:
                raise LobbyError(f"This lobby is full ({seats} players{self._capped_by(spec, seats)}).")
            version = record.version
            record.seats = self._seated(spec, record, None, level)
            out = await self._lobby_saved(record, version, spec)
            log.info("bot seated channel=%s id=%s level=%s", channel_id, record.id, level)
            return out

        return await retried(self.store, self.lock(channel_id), run)

    async def remove_bot(self, channel_id: int, actor: Actor) -> Outbox:
        """Take the last bot seated in the lobby away (its opener or a moderator)."""

        async def run(attempt: Attempt) -> Outbox:
            record, spec = await self._lobby(channel_id, attempt)
            self._check_lobby_keeper(record, actor, "remove a bot")
            bots = [s for s in record.seats if s.is_bot]
            if not bots:
                raise LobbyError("There is no bot in this lobby.")
            return await self._unseat(record, spec, bots[-1].user_id)

        return await retried(self.store, self.lock(channel_id), run)

    @staticmethod
    def _check_lobby_keeper(record: GameRecord, actor: Actor, what: str) -> None:
        if actor.user_id != record.opener_id and not actor.can_moderate:
            raise NotAllowed(f"Only the player who opened this lobby, or a moderator, can {what}.")

    async def _lobby(self, channel_id: int, attempt: Attempt) -> tuple[GameRecord, GameSpec[Any, Any]]:
        record = await self.store.live_game(channel_id)
        if record is None:
            raise NoGameHere("There is no lobby in this channel. Open one with `/start`.")
        attempt.saw(record)
        if record.status != "lobby":
            raise LobbyError("This game has already begun; the lobby is closed.")
        spec = self.spec(record.game_key)
        if is_paused(record):  # its server removed the bot, which is back: used again, the lobby goes on
            record = (await resume(self, Loaded(record, spec, None))).record
            attempt.saw(record)
        return record, spec

    async def join(self, channel_id: int, actor: Actor) -> Outbox:
        """Take a seat in the channel's lobby."""

        async def run(attempt: Attempt) -> Outbox:
            record, spec = await self._lobby(channel_id, attempt)
            if record.seat_of(actor.user_id) is not None:
                raise LobbyError("You are already seated in this lobby.")
            seats = self.seat_cap(spec, record)
            if len(record.seats) >= seats:
                raise LobbyError(f"This lobby is full ({seats} players{self._capped_by(spec, seats)}).")
            version = record.version
            record.seats = self._seated(spec, record, actor)
            return await self._lobby_saved(record, version, spec)

        return await retried(self.store, self.lock(channel_id), run)

    @staticmethod
    def _capped_by(spec: GameSpec[Any, Any], seats: int) -> str:
        """Why a lobby is full below the game's usual maximum: its options chose fewer seats."""
        return "" if seats == spec.max_players else ", as its options ask"

    async def leave(self, channel_id: int, actor: Actor) -> Outbox:
        """Give up a seat in the lobby; the opener leaving closes the lobby."""

        async def run(attempt: Attempt) -> Outbox:
            record, spec = await self._lobby(channel_id, attempt)
            if record.seat_of(actor.user_id) is None:
                raise LobbyError("You are not seated in this lobby.")
            if actor.user_id == record.opener_id:
                return await self._close_lobby(record, spec, f"{actor.display_name} left, so the lobby is closed.")
            return await self._unseat(record, spec, actor.user_id)

        return await retried(self.store, self.lock(channel_id), run)

    async def kick(self, channel_id: int, actor: Actor, user_id: int) -> Outbox:
        """A moderator takes a player's seat away in the lobby (the game has not begun: nothing is lost)."""
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can remove a player from a lobby.")

        async def run(attempt: Attempt) -> Outbox:
            record, spec = await self._lobby(channel_id, attempt)
            seat = record.seat_of(user_id)
            if seat is None:
                raise LobbyError(f"{mention(user_id)} has no seat in this lobby.")
            if user_id == record.opener_id:
                why = f"{actor.display_name} removed {seat.display_name}, who opened it, so the lobby is closed."
                return await self._close_lobby(record, spec, why)
            log.info("kicked channel=%s id=%s user=%s by=%s", channel_id, record.id, user_id, actor.user_id)
            note = self._noted(
                record, actor.user_id, f"🚪 {actor.display_name} (moderator) removed {seat.display_name}."
            )
            return await self._unseat(record, spec, user_id, [note])  # the /log line is written with the step

        return await retried(self.store, self.lock(channel_id), run)

    async def _unseat(
        self, record: GameRecord, spec: GameSpec[Any, Any], user_id: int, notes: Sequence[NoteRecord] = ()
    ) -> Outbox:
        version = record.version
        remaining = [s for s in record.seats if s.user_id != user_id]
        record.seats = [s.model_copy(update={"seat": i}) for i, s in enumerate(remaining)]
        return await self._lobby_saved(record, version, spec, notes)

    async def pick_role(self, channel_id: int, actor: Actor, role: str) -> Outbox:
        """Take a role in the lobby; if another player holds it, the two of you swap."""

        async def run(attempt: Attempt) -> Outbox:
            record, spec = await self._lobby(channel_id, attempt)
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
            return await self._lobby_saved(record, version, spec)

        return await retried(self.store, self.lock(channel_id), run)

    async def cancel(self, channel_id: int, actor: Actor) -> Outbox:
        """Close the lobby: its opener or a moderator may."""

        async def run(attempt: Attempt) -> Outbox:
            record, spec = await self._lobby(channel_id, attempt)
            if actor.user_id != record.opener_id and not actor.can_moderate:
                raise NotAllowed("Only the player who opened this lobby, or a moderator, can cancel it.")
            return await self._close_lobby(record, spec, f"{actor.display_name} cancelled the lobby.")

        return await retried(self.store, self.lock(channel_id), run)

    async def begin(self, channel_id: int, actor: Actor) -> Outbox:
        """Deal and start: the opener (or a moderator) begins once enough players sit."""

        async def run(attempt: Attempt) -> Outbox:
            record, spec = await self._lobby(channel_id, attempt)
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
            record.engine_version = spec.engine_version  # the rules it is dealt under (a lobby may predate them)
            record.snapshot = state.model_dump_json()
            record.narration = [BEGUN]  # the board's first line names the players (and whoever sits later)
            record.waiting_since = now
            record.reminders_sent = 0
            record.updated_at = now
            # The lobby message's last edit ("the game has begun below"), stored with the deal like the rest.
            begun = f"**{spec.name}** lobby closed: the game has begun below."
            closing = [] if record.board_message_id is None else [self._closing(record, begun, "lobby")]
            record.board_message_id = None
            # What the deal owes (the board that pings whoever acts first, each person's hand by DM) commits with
            # it, so a crash before Discord heard of it leaves the catch-up to deliver it, as after a move.
            # A bot gets no DM: it reads its view when its turn comes.
            prompts = spec.prompts(state)
            welcomes = tuple((seat, (self._welcome(record, spec, seat),)) for seat in people(record.seats))
            owed = Owed(new_post=True, ping_seats=frozenset(p.seat for p in prompts), told=welcomes, actor_dm=False)
            rows = owed_records(record, version + 1, owed, None, now)
            rows += posts_owed(record, version + 1, closing, now, len(rows))
            record = await self._save(record, version, rows)
            self._remember(record, state)
            # A new game tries DMs again for players whose DMs failed before.
            for seat in people(record.seats):
                await self._set_dm_choice(seat.user_id, "dm_closed", False)  # no row touched if open
            log.info("game begun channel=%s game=%s id=%s", channel_id, spec.key, record.id)
            out = await self._owed_outbox(Loaded(record, spec, state), prompts, owed, rows)
            out.posts[:0] = with_nonces(closing, rows[len(rows) - len(closing) :])
            return out

        return await retried(self.store, self.lock(channel_id), run)

    def _welcome(self, record: GameRecord, spec: GameSpec[Any, Any], seat: SeatRecord) -> str:
        role = self._role_label(spec, seat.role)
        side = f" You play **{role}**." if role else ""
        return f"Your game of **{spec.name}** in <#{record.channel_id}> has begun.{side}"


def lobby_row(record: GameRecord, version: int, now: float) -> DeliveryRecord:
    """The stored row of the lobby message a step owes (for the commit making ``record`` version ``version``):
    a new message while the lobby has none, an edit of it otherwise. It carries no text: it is drawn again
    from the lobby as stored when delivered late (``DeliveriesHost.redeliver``)."""
    return DeliveryRecord(
        game_id=record.id or 0,  # a lobby being opened has no id yet: the store fills it in
        version=version,
        seq=0,
        channel_id=record.channel_id,
        kind="board",
        new_post=record.board_message_id is None,
        board_message_id=record.board_message_id,
        created_at=now,
        lobby=True,
    )
