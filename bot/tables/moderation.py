"""What moderators can do to a running game: reset, end, give a seat to someone else, undo the last action.

Every one of them is written to the game's ``/log`` with who did it, except a reset, which wipes the game and
its log (that is what it is for): its channel notice names the moderator.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.core import GameSpec, IllegalAction, LobbyError, NoGameHere, NotAllowed
from engine.core.seatbot import Level

from ..outbox import ChannelPost, Outbox, PostKind
from ..replay import state_after
from ..store import SeatRecord
from .common import RESET_REFUSED, RESET_STALE, Actor, Loaded, Owed, mention, without_old_roster
from .core import HostCore
from .names import in_channel
from .races import Attempt, retried
from .seatbots import DEFAULT_LEVEL, check_level, check_offers_bots, new_bot_seat

log = logging.getLogger(__name__)

UNDO_RACED = "The game's last action changed at the same moment (another move or undo), so nothing was undone."


class ModerationHost(HostCore):
    """Moderators' commands; each checks ``Actor.can_moderate`` first, so refusals are testable without Discord."""

    async def check_reset(self, channel_id: int, actor: Actor) -> tuple[str, int]:
        """Whether ``actor`` may reset this channel's game, before asking "are you sure?": the game's status
        line and its id (the confirmation resets that game only) when they may, a refusal (``NotAllowed``,
        ``NoGameHere``) with its sentence when they may not."""
        if not actor.can_moderate:
            raise NotAllowed(RESET_REFUSED)
        status = await self.status(channel_id)
        record = (await self._load(channel_id, live_only=False)).record
        assert record.id is not None, "a stored game has an id"
        return status, record.id

    async def reset(self, channel_id: int, actor: Actor, game_id: int | None = None) -> Outbox:
        """Wipe the channel's game (moderators only; the UI asks for confirmation first), or, given ``game_id``,
        that game only: a confirmation shown for a game since ended or reset wipes nothing newer.

        The board's closing and the channel's notice are stored with the wipe (``_wipe``): a crash before
        Discord heard of them leaves them to the catch-up. A retry after a race wipes the same game or none."""
        if not actor.can_moderate:
            raise NotAllowed(RESET_REFUSED)

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self._load(channel_id, live_only=False)
            record = loaded.record
            if game_id is not None and record.id != game_id:
                raise NoGameHere(RESET_STALE)
            attempt.saw(record)
            name = loaded.spec.name
            posts = []
            if record.board_message_id is not None and record.status in ("lobby", "active"):
                kind: PostKind = "board" if record.status == "active" else "lobby"
                posts.append(self._closing(record, f"**{name}**: this game was reset by a moderator.", kind))
            text = f"🧹 {actor.display_name} reset the game of **{name}** in this channel. "
            text += "Start a new one with `/start`."
            posts.append(ChannelPost(kind="notice", text=text, game_id=record.id, game_key=record.game_key))
            out = await self._wipe(record, posts)
            log.info("game reset channel=%s id=%s by=%s", channel_id, record.id, actor.user_id)
            return out

        return await retried(self.store, self.lock(channel_id), run)

    async def end(self, channel_id: int, actor: Actor) -> Outbox:
        """End the channel's running game now, without a winner (moderators only); it stays readable.

        The new board saying so is stored with the change (``_moderated``), as a move's is."""
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can end a game.")

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self._load(channel_id)
            record = loaded.record
            attempt.saw(record)
            if record.status == "lobby":
                return await self._close_lobby(record, loaded.spec, f"{actor.display_name} (moderator) ended it.")
            record.status = "ended"
            record.result = f"Ended by {actor.display_name} (moderator) with no winner."
            record.narration = []
            out = await self._changed(loaded, Owed(new_post=True, ping_seats=frozenset(), told=(), actor_dm=False))
            log.info("game ended channel=%s id=%s by=%s", channel_id, record.id, actor.user_id)
            return out

        return await retried(self.store, self.lock(channel_id), run)

    async def replace(self, channel_id: int, actor: Actor, old_user: int, new: Actor) -> Outbox:
        """A moderator gives a player's seat to another member (an idle player's, say).

        The seat keeps everything (role, hand, pending decisions); from now on only ``new`` may act for it and
        see its private view, which is sent to them at once. The old player keeps nothing.
        """
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can give a seat to someone else.")

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self._load_running(channel_id)
            attempt.saw(loaded.record)
            seat = loaded.record.seat_of(old_user)
            if seat is None:
                raise LobbyError(f"{mention(old_user)} has no seat in this game.")
            return await self._hand_seat(loaded, seat, actor, new)

        return await retried(self.store, self.lock(channel_id), run)

    async def _hand_seat(self, loaded: Loaded, seat: SeatRecord, actor: Actor, new: Actor) -> Outbox:
        """Give ``seat`` (a person's or a bot's) to ``new`` with its private view (the caller holds the lock).

        Stored with the change: the notice that pings ``new``, the board's edit (its roster names them now) and
        their panel by DM."""
        record, spec = loaded.record, loaded.spec
        channel_id = record.channel_id
        if record.seat_of(new.user_id) is not None:
            raise LobbyError(f"{new.display_name} already plays in this game; one seat each.")
        update = {"user_id": new.user_id, "display_name": new.display_name, "bot": None}
        taken = seat.model_copy(update=update)
        record.seats = [taken if s.seat == seat.seat else s for s in record.seats]
        record.narration = without_old_roster(record.narration)
        role = self._role_label(spec, taken.role)
        text = (
            f"🔁 {actor.display_name} (moderator) gave {seat.display_name}'s seat"
            f"{f' ({role})' if role else ''} to {new.display_name}."
        )
        intro = f"You now hold {seat.display_name}'s seat in the game of **{spec.name}** in <#{channel_id}>."
        told = ((taken, (intro,)),) if await self._dm_open(taken) else ()
        notice = ChannelPost(
            kind="notice",
            text=text.replace(f"to {new.display_name}.", f"to {mention(new.user_id)}."),
            pings=(new.user_id,),
            game_id=record.id,
        )
        owed = Owed(new_post=False, ping_seats=frozenset(), told=told, actor_dm=False)
        out = await self._changed(loaded, owed, [notice], notes=[self._noted(record, actor.user_id, text)])
        log.info("seat replaced channel=%s id=%s seat=%s by=%s", channel_id, record.id, seat.seat, actor.user_id)
        return out

    async def replace_with_bot(
        self, channel_id: int, actor: Actor, old_user: int, level: str = DEFAULT_LEVEL
    ) -> Outbox:
        """A moderator hands a player's seat to a seat bot (Board Game Arena's "zombie" mode): the bot plays it,
        from that seat's view only, until ``give_back`` hands it to a person."""
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can hand a seat to a bot.")
        chosen = check_level(level)

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self._load_running(channel_id)
            attempt.saw(loaded.record)
            check_offers_bots(loaded.spec)
            seat = loaded.record.seat_of(old_user)
            if seat is None:
                raise LobbyError(f"{mention(old_user)} has no seat in this game.")
            if seat.is_bot:
                raise LobbyError(f"{seat.display_name} is already a bot.")
            return await self._seat_to_bot(loaded, seat, actor, "a moderator handed it over", chosen)

        return await retried(self.store, self.lock(channel_id), run)

    async def _seat_to_bot(
        self, loaded: Loaded, seat: SeatRecord, actor: Actor, why: str, level: Level = DEFAULT_LEVEL
    ) -> Outbox:
        """Give ``seat`` to a new bot of ``level`` (the caller holds the channel's lock), noted in ``/log``."""
        record, spec = loaded.record, loaded.spec
        bot = new_bot_seat(record, seat.seat, level, seat.role)
        record.seats = [bot if s.seat == seat.seat else s for s in record.seats]
        record.narration = without_old_roster(record.narration)
        text = (
            f"🤖 {seat.display_name}'s seat is now played by {bot.display_name} ({level}): {why}. "
            "A moderator gives it back with `/replace`."
        )
        notice = ChannelPost(kind="notice", text=text, game_id=record.id, game_key=spec.key)
        owed = Owed(new_post=False, ping_seats=frozenset(), told=(), actor_dm=False)
        out = await self._changed(loaded, owed, [notice], notes=[self._noted(record, actor.user_id, text)])
        log.info("seat to bot channel=%s id=%s seat=%s by=%s", record.channel_id, record.id, seat.seat, actor.user_id)
        return out

    async def give_back(self, channel_id: int, actor: Actor, seat_number: int, new: Actor) -> Outbox:
        """A moderator gives a bot's seat (numbered from 1, as the board lists them) to a member."""
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can give a seat to someone else.")

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self._load_running(channel_id)
            attempt.saw(loaded.record)
            seat = loaded.record.user_of(seat_number - 1)
            if seat is None or not seat.is_bot:
                bots = [self.seat_label(loaded.spec, s) for s in loaded.record.seats if s.is_bot]
                whose = f"{seat.display_name}'s seat is" if seat is not None else "That seat is"
                if not bots:
                    raise LobbyError(f"{whose} not a bot's, and no bot plays in this game.")
                raise LobbyError(f"{whose} not a bot's. The bots here: {', '.join(bots)}.")
            return await self._hand_seat(loaded, seat, actor, new)

        return await retried(self.store, self.lock(channel_id), run)

    def seat_label(self, spec: GameSpec[Any, Any], seat: SeatRecord) -> str:
        """How a moderator reads a seat: its player's name, with its role when the game has roles
        ("Bot 1 (Commander Vale)"); never a seat number."""
        role = self._role_label(spec, seat.role)
        return f"{seat.display_name} ({role})" if role else seat.display_name

    async def bot_seats(self, channel_id: int) -> list[tuple[str, int]]:
        """The bot seats of the channel's running game, each as ``seat_label`` names it and its number (from 1)
        as ``give_back`` takes it: what ``/replace``'s ``seat`` option offers. Empty when there is none."""
        record = await self.store.live_game(channel_id)
        if record is None or record.status != "active":
            return []
        spec = self.spec(record.game_key)
        return [(self.seat_label(spec, s), s.seat + 1) for s in record.seats if s.is_bot]

    async def undo(self, channel_id: int, actor: Actor) -> Outbox:
        """Take back the game's last action (moderators only), unless it drew, rolled, shuffled or uncovered
        something: then it is final, because its player, or everyone, has seen what it revealed.

        The state before it is rebuilt by replaying the log without it (the engine is deterministic); the
        action leaves the log and a note in ``/log`` says who undid what.
        """
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can undo an action.")

        seen: list[int] = []  # the log's length the first run read: the action the moderator meant to undo

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self._load_running(channel_id)
            record, spec = loaded.record, loaded.spec
            attempt.saw(record)
            assert record.id is not None and loaded.state is not None
            seen.append(record.action_count)
            if seen[0] != record.action_count:  # a move, or another undo, came first: undoing now hits another
                raise IllegalAction(UNDO_RACED)
            if spec.unseen is None:
                raise IllegalAction(f"{spec.name} has no undo here; see `/rules`.")
            actions = await self.store.actions(record.id)
            if not actions:
                raise IllegalAction("Nothing has been played yet, so there is nothing to undo.")
            last = actions[-1]
            before = state_after(spec, record, actions[:-1])
            if spec.unseen(before, last.seat) != spec.unseen(loaded.state, last.seat):
                raise IllegalAction(
                    "The last action drew a card, rolled dice, shuffled or uncovered something hidden, so it is "
                    "final and cannot be undone."
                )
            player = record.user_of(last.seat)
            who = player.display_name if player else "a player"
            what = f": {in_channel(' '.join(last.public), record)}" if last.public else ""
            now = self.clock()
            record.snapshot = before.model_dump_json()
            record.action_count = last.index
            record.narration = [f"↩️ {actor.display_name} (moderator) undid {who}'s last action{what}"]
            record.waiting_since = now
            record.reminders_sent = 0
            record.skip_votes = []
            record.updated_at = now
            # The new board pings whoever the game waits on again; the player whose action it was gets their
            # hand and choices as they were before it.
            intro = f"A moderator undid your last action in <#{channel_id}>; you can decide again."
            told = ((player, (intro,)),) if player is not None and await self._dm_open(player) else ()
            prompts = spec.prompts(before)
            owed = Owed(new_post=True, ping_seats=frozenset(p.seat for p in prompts), told=told, actor_dm=False)
            noted = [self._noted(record, actor.user_id, record.narration[0])]
            out = await self._changed(Loaded(record, spec, before), owed, undone=last.index, notes=noted)
            log.info("undo channel=%s id=%s index=%s by=%s", channel_id, record.id, last.index, actor.user_id)
            return out

        return await retried(self.store, self.lock(channel_id), run)
