"""What moderators can do to a running game: reset, end, give a seat to someone else."""

from __future__ import annotations

import logging

from engine.core import LobbyError, NotAllowed

from ..outbox import ChannelPost, DirectMessage, Outbox
from .common import RESET_REFUSED, Actor, Loaded, mention
from .core import HostCore

log = logging.getLogger(__name__)


class ModerationHost(HostCore):
    """Moderators' commands; each checks ``Actor.can_moderate`` first, so refusals are testable without Discord."""

    async def check_reset(self, channel_id: int, actor: Actor) -> str:
        """Whether ``actor`` may reset this channel's game, before asking "are you sure?": the game's status
        line when they may, a refusal (``NotAllowed``, ``NoGameHere``) with its sentence when they may not."""
        if not actor.can_moderate:
            raise NotAllowed(RESET_REFUSED)
        return await self.status(channel_id)

    async def reset(self, channel_id: int, actor: Actor) -> Outbox:
        """Wipe the channel's game (moderators only; the UI asks for confirmation first)."""
        if not actor.can_moderate:
            raise NotAllowed(RESET_REFUSED)
        async with self.lock(channel_id):
            loaded = await self._load(channel_id, live_only=False)
            record = loaded.record
            assert record.id is not None
            await self.store.delete_game(record.id)
            self._states.pop(record.id, None)
            log.info("game reset channel=%s id=%s by=%s", channel_id, record.id, actor.user_id)
            out = Outbox(channel_id)
            if record.board_message_id is not None and record.status in ("lobby", "active"):
                out.posts.append(
                    ChannelPost(
                        kind="board" if record.status == "active" else "lobby",
                        text=f"**{loaded.spec.name}**: this game was reset by a moderator.",
                        edit_message_id=record.board_message_id,
                        live=False,
                        game_id=record.id,
                        game_key=record.game_key,
                    )
                )
            out.posts.append(
                ChannelPost(
                    kind="notice",
                    text=f"🧹 {actor.display_name} reset the game of **{loaded.spec.name}** in this channel. "
                    "Start a new one with `/start`.",
                    game_id=record.id,
                    game_key=record.game_key,
                )
            )
            return out

    async def end(self, channel_id: int, actor: Actor) -> Outbox:
        """End the channel's running game now, without a winner (moderators only); it stays readable."""
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can end a game.")
        async with self.lock(channel_id):
            loaded = await self._load(channel_id)
            record = loaded.record
            if record.status == "lobby":
                return await self._close_lobby(record, loaded.spec, f"{actor.display_name} (moderator) ended it.")
            version = record.version
            record.status = "ended"
            record.result = f"Ended by {actor.display_name} (moderator) with no winner."
            record.narration = []
            record.updated_at = self.clock()
            record = await self._save(record, version)
            log.info("game ended channel=%s id=%s by=%s", channel_id, record.id, actor.user_id)
            loaded = Loaded(record, loaded.spec, loaded.state)
            out = Outbox(channel_id)
            out.posts.append(await self._board_post(loaded, [], new=True, ping_seats=set()))
            return out

    async def replace(self, channel_id: int, actor: Actor, old_user: int, new: Actor) -> Outbox:
        """A moderator gives a player's seat to another member (an idle player's, say).

        The seat keeps everything (role, hand, pending decisions); from now on only ``new`` may act for it and
        see its private view, which is sent to them at once. The old player keeps nothing.
        """
        if not actor.can_moderate:
            raise NotAllowed("Only moderators (Manage Channels or Manage Server) can give a seat to someone else.")
        async with self.lock(channel_id):
            loaded = await self._load_running(channel_id)
            record, spec = loaded.record, loaded.spec
            seat = record.seat_of(old_user)
            if seat is None:
                raise LobbyError(f"{mention(old_user)} has no seat in this game.")
            if record.seat_of(new.user_id) is not None:
                raise LobbyError(f"{new.display_name} already plays in this game; one seat each.")
            version = record.version
            taken = seat.model_copy(update={"user_id": new.user_id, "display_name": new.display_name})
            record.seats = [taken if s.seat == seat.seat else s for s in record.seats]
            record = await self._save(record, version)
            log.info("seat replaced channel=%s id=%s seat=%s by=%s", channel_id, record.id, seat.seat, actor.user_id)
            loaded = Loaded(record, spec, loaded.state)
            out = Outbox(channel_id)
            role = self._role_label(spec, taken.role)
            text = (
                f"🔁 {actor.display_name} (moderator) gave {seat.display_name}'s seat"
                f"{f' ({role})' if role else ''} to {mention(new.user_id)}."
            )
            out.posts.append(ChannelPost(kind="notice", text=text, pings=(new.user_id,), game_id=record.id))
            intro = f"You now hold {seat.display_name}'s seat in the game of **{spec.name}** in <#{channel_id}>."
            out.dms.append(DirectMessage(new.user_id, channel_id, await self._panel(loaded, taken, [], intro=intro)))
            return await self._without_closed_dms(out)
