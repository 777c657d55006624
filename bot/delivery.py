"""Turning an ``Outbox`` into Discord calls: channel posts and edits, DMs, and what to do when they fail.

Order: channel posts first (the board everybody reads), then DMs. The rules of thumb:

- A board is aimed at the game's newest board just before it is sent (``Host.aim``: an edit goes to the
  newest message, drawn again if the game moved on since), one post at a time per channel.
- A new lobby or board message is reported back to the host (``Host.board_posted``) so that the next small
  step edits it instead of posting again; the board it replaces keeps its story and loses its call to action
  and buttons (``as_history``). If the message an edit targets was deleted (404), a new one is
  posted and reported the same way; a dead message of a finished game is left alone.
- Edits replace the attachments with the post's image (or none) and the controls with the post's: a lobby
  gets Join / Leave / Begin / Cancel and the role picker, a running board the "Your move" button, anything
  no longer live no controls at all.
- Only the users in ``post.pings`` are notified; every other mention in a text is shown, not pinged.
- A DM refused by Discord (403: the user closed DMs from server members, code 50007) is reported to the host
  once (``Host.dm_failed``), which remembers it in the store and tells the channel once without anything
  hidden; the host stops addressing DMs to that user, and this deliverer never retries inside one outbox.
  The player keeps playing from the "Your move" panel and ``/hand``.
- A channel post Discord refuses (missing permissions) or fails does not undo the game: the step stands (it
  was committed before delivery), the user who acted is told why the board did not move (``CannotPost``),
  and the log gets a warning.
- A game played in a thread (``bot.threads``): a post or edit refused because Discord archived the thread is
  sent again once the thread is reopened; one refused because a moderator locked it ends the game, untried again.
- What an action owes is stored with its commit; once an outbox is delivered (or refused for good) its stored
  deliveries are forgotten (``Host.delivered``). A crash before that leaves them to the catch-up
  (``bot.catchup``). Every new message and DM of a stored delivery is sent with its nonce, so sending it again
  after a crash never makes a second message (see ``bot.tables.deliveries``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from engine.core import Role

from .errors import CannotPost
from .outbox import ChannelPost, DirectMessage, Outbox
from .tables.liveboard import as_history
from .threads import closed_thread
from .ui.board import board_view
from .ui.common import clip, to_file
from .ui.lobby import lobby_view
from .ui.prompts import panel_message
from .ui.zoom import zoom_areas

if TYPE_CHECKING:
    from .app import SpaceBot

log = logging.getLogger(__name__)

UNKNOWN_MESSAGE = 10008
CANNOT_DM = 50007


class Delivery:
    """Delivers outboxes for one bot."""

    def __init__(self, bot: SpaceBot) -> None:
        self.bot = bot
        self._channels: dict[int, asyncio.Lock] = {}

    def _lock(self, channel_id: int) -> asyncio.Lock:
        """One post at a time per channel in this process: a board is aimed, sent and recorded before the next
        one is aimed, so two deliveries never both take the same message for the newest board."""
        lock = self._channels.get(channel_id)
        if lock is None:
            lock = self._channels[channel_id] = asyncio.Lock()
        return lock

    async def deliver(self, out: Outbox, *, reply_shown_to: int | None = None) -> None:
        """Everything in ``out`` except ``out.reply``, which the caller shows to whoever asked."""
        refused: CannotPost | None = None
        for post in out.posts:
            try:
                await self.post(out.channel_id, post)
            except CannotPost as exc:
                refused = refused or exc
        failed: set[int] = set()
        for dm in out.dms:
            if dm.user_id in failed:
                continue
            if reply_shown_to == dm.user_id and out.reply is not None and dm.panel == out.reply:
                continue  # they are looking at this very panel already (the panel or DM they clicked in)
            if not await self.direct_message(dm):
                failed.add(dm.user_id)
                notice = await self.bot.host.dm_failed(dm.channel_id, dm.user_id)
                for post in notice.posts:
                    try:
                        await self.post(notice.channel_id, post)
                    except CannotPost as exc:
                        refused = refused or exc
        await self.bot.host.delivered(out)
        if refused is not None:
            raise refused

    # ------------------------------------------------------------------ channel

    async def post(self, channel_id: int, post: ChannelPost) -> None:
        """Post or edit one channel message, a board aimed at the game's newest one (``Host.aim``); a new
        lobby/board message is reported to the host, and the board it replaces becomes history."""
        async with self._lock(channel_id):
            await self._post(channel_id, await self.bot.host.aim(post))

    async def _post(self, channel_id: int, post: ChannelPost, *, reopened: bool = False) -> None:
        channel = self.bot.get_partial_messageable(channel_id)
        view = await self._controls(channel_id, post)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(id=u) for u in post.pings]
        )
        text = clip(post.text)
        try:
            if post.edit_message_id is not None:
                try:
                    await channel.get_partial_message(post.edit_message_id).edit(
                        content=text,
                        attachments=[to_file(post.image)] if post.image is not None else [],
                        view=view,
                        allowed_mentions=mentions,
                    )
                    return
                except discord.NotFound:
                    if not post.live:
                        return  # the message of a closed lobby or an ended game is gone: nothing to update
                    log.info(
                        "board message %s is gone in channel %s; posting a new one",
                        post.edit_message_id,
                        channel_id,
                    )
            kwargs: dict[str, Any] = {"allowed_mentions": mentions}
            if post.nonce is not None:
                kwargs["nonce"] = post.nonce
            if view is not None:
                kwargs["view"] = view
            if post.image is not None:
                kwargs["file"] = to_file(post.image)
            message = await channel.send(text, **kwargs)
        except discord.HTTPException as exc:
            # A game thread Discord archived is reopened and the post sent again (once); a locked one ended its
            # game, and nothing is retried there (``bot.threads``).
            closed = await closed_thread(self.bot, self.bot.host, channel_id, exc)
            if closed == "reopened" and not reopened:
                return await self._post(channel_id, post, reopened=True)
            if closed == "locked":
                return None
            if isinstance(exc, discord.Forbidden):
                log.warning("cannot post in channel %s: %s", channel_id, exc)
                raise CannotPost(
                    "Done, but I am not allowed to post in this channel (I need View Channel, Send Messages and "
                    "Attach Files); ask a moderator to fix my permissions, then use `/board`."
                ) from None
            log.warning("posting in channel %s failed: %s", channel_id, exc)
            raise CannotPost("Done, but Discord failed to update the board; `/board` posts it again.") from None
        if post.supersedes is not None and message.id <= post.supersedes:
            return  # a nonce's resend answered with a message older than the newest board: it stays the newest
        if post.kind in ("lobby", "board") and post.live:
            await self.bot.host.board_posted(channel_id, post.game_id, message.id)
        if post.supersedes is not None:
            await self._retire(channel_id, post.supersedes)

    async def _retire(self, channel_id: int, message_id: int) -> None:
        """Make a board that a newer one replaced history: its story stays, its call to action and buttons go
        (best effort: the new board is what counts)."""
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            old = await channel.fetch_message(message_id)
            await old.edit(content=as_history(old.content), view=None, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:  # deleted, or no permission: the old buttons still open the panel
            log.info("could not retire board %s in channel %s: %s", message_id, channel_id, exc)

    async def _controls(self, channel_id: int, post: ChannelPost) -> discord.ui.View | None:
        """The buttons that go with a post; ``None`` means none (and removes any an edited message had)."""
        if not post.live:
            return None
        if post.kind == "board":
            return board_view(channel_id, await zoom_areas(self.bot.host, channel_id, post.game_key))
        if post.kind == "lobby":
            return lobby_view(channel_id, self._roles(post), bots=self.bot.host.offers_bots(post.game_key or ""))
        return None

    def _roles(self, post: ChannelPost) -> tuple[Role, ...]:
        """The roles a lobby offers, from its game's spec."""
        spec = self.bot.host.games.get(post.game_key or "")
        return () if spec is None else spec.roles

    # ------------------------------------------------------------------ direct messages

    async def direct_message(self, dm: DirectMessage) -> bool:
        """Send one private panel by DM; ``False`` when Discord refuses (closed DMs), ``True`` otherwise."""
        message = panel_message(dm.panel, dm.channel_id, in_dm=True)
        kwargs: dict[str, Any] = {}
        if dm.nonce is not None:
            kwargs["nonce"] = dm.nonce
        if message["view"] is not None:
            kwargs["view"] = message["view"]
        if dm.panel.attachments():
            kwargs["files"] = [to_file(a) for a in dm.panel.attachments()]
        try:
            channel = await self.bot.create_dm(discord.Object(id=dm.user_id))
            await channel.send(message["content"], **kwargs)
        except discord.Forbidden as exc:
            log.info("dm refused user=%s code=%s", dm.user_id, exc.code)
            return False
        except discord.HTTPException as exc:
            # Not a closed door (a hiccup, an unknown user): the panel still works; do not mark DMs closed.
            log.warning("dm failed user=%s: %s", dm.user_id, exc)
        return True
