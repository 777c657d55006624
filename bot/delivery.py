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
- When Discord fails (issue 31; the schedules are ``bot.backoff``'s): the step stands either way (it was
  committed before delivery).
  - Discord's own trouble (a 5xx after discord.py's retries, a 429 it gave up on, a hung connection, a 404 on
    a send): the item stays owed, held in the store, and the catch-up tries it again after 15 s, 30 s, 1, 2,
    5 and 10 minutes; then it waits for the next post that goes through in its channel, or a ``/board``.
    The player who acted reads once that the board will follow (``CannotPost``).
  - A refusal (403: a permission taken away): the same, and the bot leaves the channel alone for a while
    (30 s, doubling to 10 minutes), holding what the channel is owed behind the refused item, untried: one
    refused request per channel per delay, never one per move. The acting player, and a moderator on their
    next command (``SpaceBot.on_app_command_completion``), read once which permission is missing (read
    fresh with one channel fetch). ``/board`` (``Outbox.retry_now``) tries at once and frees what was held.
  - The channel gone (Unknown Channel): its game ends (``Host.channel_gone``), what it was owed is dropped;
    a server that removed the bot (``away``): its games wait as stored, what they owe there is dropped.
- A game played in a thread (``bot.threads``): a post or edit refused because Discord archived the thread is
  sent again once the thread is reopened; one refused because a moderator locked it ends the game, untried again.
- What takes long to draw and nobody waits for (a finished game's recap, the other players' DMs of an action:
  ``Outbox.later``) is drawn and sent after the rest of its outbox, once whoever acted has their answer.
- What an action owes is stored with its commit; once Discord took an item (or refused it for good: a 400)
  it is forgotten (``Host.delivered``). A crash before that leaves it to the catch-up (``bot.catchup``). A move's
  items and the others' DMs drawn after the answer are forgotten together, in one store call once the DMs are
  out, when resending them could show nothing twice (``_forget_late``); a notice, a lobby or a game's last
  board is forgotten the moment it is sent.
  Every new message and DM of a stored delivery is sent with its nonce, so sending it again after a crash or
  a failure never makes a second message (see ``bot.tables.deliveries``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from engine.core import Role

from .backoff import LATER, MODERATOR, PARKED, REFUSED, Backoff, missing_sentence
from .errors import CannotPost
from .outbox import ChannelPost, DirectMessage, Outbox
from .tables.liveboard import as_history
from .tables.recent import Recent
from .threads import closed_thread
from .ui.board import board_view
from .ui.common import clip, to_file
from .ui.lobby import lobby_view
from .ui.permissions import IN_A_THREAD, POSTING
from .ui.prompts import panel_message
from .ui.zoom import zoom_areas

if TYPE_CHECKING:
    from .app import SpaceBot

MEMBER_FRESH = 3600.0  # seconds a member found in a server is taken to be there still (reminders)

log = logging.getLogger(__name__)

UNKNOWN_MESSAGE = 10008
UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
CANNOT_DM = 50007
Key = tuple[int, int, int]  # a stored delivery's (game id, version, seq)
LEFT = "{name} has left this server: a moderator can give the seat to someone else with `/replace`."


class Delivery:
    """Delivers outboxes for one bot."""

    def __init__(self, bot: SpaceBot) -> None:
        self.bot = bot
        self._channels: dict[int, asyncio.Lock] = {}
        self.backoff = Backoff(lambda: bot.host.clock())
        self.away: set[int] = set()  # channels of servers that removed the bot (``SpaceBot.on_guild_remove``)
        self.members_present: Recent[tuple[int, int], bool] = Recent(MEMBER_FRESH)  # (server, person) seen there
        self._restored = False  # the channels' stored refusals read (``Backoff.restore``), once per process

    def _lock(self, channel_id: int) -> asyncio.Lock:
        """One post at a time per channel in this process: a board is aimed, sent and recorded before the next
        one is aimed, so two deliveries never both take the same message for the newest board."""
        lock = self._channels.get(channel_id)
        if lock is None:
            lock = self._channels[channel_id] = asyncio.Lock()
        return lock

    async def deliver(
        self, out: Outbox, *, reply_shown_to: int | None = None, forgotten: list[Key] | None = None
    ) -> None:
        """Everything in ``out`` except ``out.reply``, which the caller shows to whoever asked.

        What Discord fails stays owed (see "When Discord fails" above); an outbox asked for (``retry_now``:
        ``/board``) is sent even while its channel is left alone. Raises ``CannotPost`` with the sentence for
        whoever acted, once per trouble (``Backoff.tell_once``). ``forgotten``: the items sent are added to it,
        for the caller to forget with others in one store call (``_later``), instead of forgotten here."""
        channel_id = out.channel_id
        if not self._restored:  # what a process before this one was refused: not posted again at once
            self._restored = True
            self.backoff.restore(await self.bot.host.store.refused_channels(self.bot.host.clock()))
        if channel_id in self.away:  # a server that removed the bot: its games wait, what they owe is dropped
            log.info("channel %s is in a server without the bot: %d owed item(s) dropped", channel_id, len(out.owed))
            await self.bot.host.delivered(replace(out, owed=[*out.owed, *(item.key for item in out.later)]))
            return
        held: set[str] = set()  # nonces of the owed items not sent
        trouble: str | None = None  # "refused" or "later": what the acting user is told
        stopped = self.backoff.blocked(channel_id) and not out.retry_now
        posted = False  # whether a post went through: only that says the channel works again
        if out.retry_now and (await self.cleared(channel_id) | self.backoff.released(channel_id)):
            await self.bot.host.resume_channel(channel_id)
        if out.timers:  # a reminder: say so when someone it waits on has left the server
            out.posts = [await self._with_leavers(channel_id, post) for post in out.posts]
        for post in out.posts:
            if stopped:  # the channel is left alone: behind the first held post, every later one waits too
                held.add(post.nonce or "")
                trouble = trouble or ("refused" if self._refusing(channel_id) else "later")
                continue
            try:
                await self.post(channel_id, post)
                posted = True
            except _ChannelGone:
                await self.bot.host.channel_gone(channel_id)
                await self.cleared(channel_id)
                return
            except _Failed as exc:
                stopped = True
                held.add(post.nonce or "")
                trouble = "refused" if exc.refused else "later"
                await self._troubled(channel_id, exc)
        failed: set[int] = set()
        for dm in out.dms:
            if dm.user_id in failed:
                continue
            if reply_shown_to == dm.user_id and out.reply is not None and dm.panel == out.reply:
                continue  # they are looking at this very panel already (the panel or DM they clicked in)
            sent = await self.direct_message(dm)
            if sent is None:
                held.add(dm.nonce or "")
                continue
            if not sent:
                failed.add(dm.user_id)
                notice = await self.bot.host.dm_failed(dm.channel_id, dm.user_id)
                for post in notice.posts:
                    if stopped:
                        continue
                    try:
                        await self.post(notice.channel_id, post)
                    except (_Failed, _ChannelGone):
                        stopped = True
        # What a sent item's row would resend after a crash is harmless a moment longer (``_forget_late``): it is
        # forgotten with the others' DMs drawn after the answer, in one store call, not in one call each.
        pending = forgotten if forgotten is not None else ([] if self._forget_late(out) else None)
        await self._settle(out, held, pending)
        # A DM alone (one drawn after the answer, ``_later``) says nothing of the channel: its trouble stays.
        if not held and posted and (await self.cleared(channel_id) | self.backoff.released(channel_id)):
            await self.bot.host.resume_channel(channel_id)
        if pending is not None and forgotten is None:
            try:
                await self._later(out, held=stopped, forgotten=pending)
            except Exception:  # a DM that failed to draw: what went out is forgotten all the same
                await self.bot.host.delivered(Outbox(out.channel_id, owed=pending))
                raise
            await self.bot.host.delivered(Outbox(out.channel_id, owed=pending))
        else:
            await self._later(out, held=stopped)
        if trouble is None or reply_shown_to is None:
            return
        if trouble == "later" or self.backoff.tell_once(channel_id, reply_shown_to):
            raise CannotPost(self._sentence(channel_id, trouble))

    def _forget_late(self, out: Outbox) -> bool:
        """Whether the items ``out`` carries may be forgotten after its ``later`` DMs instead of before them: it has
        such DMs, and a crash in between would make nothing twice. Sent again by the catch-up, a DM is one
        message with its nonce, or dropped once Discord no longer keeps the nonce (``NONCE_WINDOW``); a running
        game's board is one message with its nonce, or an edit of the newest board (``_owed_board``). A notice, a
        lobby or the last board of a game could be posted twice past the window: those are forgotten at once."""
        if out.timers or not any(item.kind == "dm" for item in out.later):
            return False
        return all(post.kind == "board" and post.live for post in out.posts)

    async def _later(self, out: Outbox, *, held: bool, forgotten: list[Key] | None = None) -> None:
        """What ``out`` leaves to draw after the rest (``Outbox.later``: the others' DMs of an action, a finished
        game's recap), drawn and sent now that the rest is out, whoever acted answered: a DM from the game as the
        action left it (``Host.drawn_later``), the rest from the stored game, the way the catch-up sends a stored
        item. A post behind a held post is held too, undrawn, on the same schedule: a channel's items go out in
        order. A DM is not the channel's: it goes out as it would have with the answer; the DMs sent are added to
        ``forgotten`` (given: forgotten together by the caller, one store call for them all)."""
        for item in out.later:
            if item.kind == "dm":
                drawn = await self.bot.host.drawn_later(item) or await self.bot.host.redeliver(item)
                await self.deliver(drawn, forgotten=forgotten)
                continue
            if held:
                self.backoff.holding.add(out.channel_id)
                await self.bot.host.postpone([item.key], self.backoff.next_try(item.key, out.channel_id))
                continue
            await self.deliver(await self.bot.host.redeliver(item))

    async def _with_leavers(self, channel_id: int, post: ChannelPost) -> ChannelPost:
        """A reminder that also tells the table who of those it waits on has left the server, and what a
        moderator can do about it (one member look-up per person reminded, at most once an hour for a person
        found there: the bot has no member list, and a sweep over 200 games of the same few people must not
        cost 400 calls)."""
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        if not isinstance(guild, discord.Guild) or not post.pings:
            return post
        record = await self.bot.host.store.live_game(channel_id)
        names = {s.user_id: s.display_name for s in record.seats} if record is not None else {}
        lines = []
        present = self.members_present
        for user_id in post.pings:
            if present.get((guild.id, user_id)):
                continue  # seen in the server within the hour: a sweep over many games asks once per person
            try:
                await guild.fetch_member(user_id)
                present.put((guild.id, user_id), True)
            except discord.NotFound:
                lines.append(LEFT.format(name=names.get(user_id, "A player")))
            except (discord.HTTPException, *PASSING):
                continue  # Discord's trouble: the reminder goes out as it is
        return replace(post, text=clip("\n".join([post.text, *lines]))) if lines else post

    async def _settle(self, out: Outbox, held: set[str], forgotten: list[Key] | None = None) -> None:
        """Forget what was sent (or refused for good), or add it to ``forgotten`` (forgotten by the caller); keep
        the rest owed, held by ``bot.backoff``'s schedule."""
        nonces = {key: f"{key[0]}.{key[1]}.{key[2]}"[-25:] for key in out.owed}
        # An edit drawn again by the catch-up carries no nonce (Discord needs none for an edit): a held message
        # without one holds every item of its outbox (a catch-up outbox carries one).
        keep = [key for key in out.owed if nonces[key] in held or "" in held]
        done = [key for key in out.owed if key not in keep]
        for key in done:
            self.backoff.sent(key)
        host = self.bot.host
        if keep:
            self.backoff.holding.add(out.channel_id)
        for key in keep:
            until = self.backoff.next_try(key, out.channel_id)
            await host.postpone([key], until)
            if until >= PARKED:
                log.warning("delivery %s in channel %s waits for the next action or /board", key, out.channel_id)
        if forgotten is not None and not out.timers:
            forgotten.extend(done)
            return
        await host.delivered(replace(out, owed=done))

    def _refusing(self, channel_id: int) -> bool:
        trouble = self.backoff.channels.get(channel_id)
        return trouble is not None and trouble.refused

    async def _troubled(self, channel_id: int, exc: _Failed) -> None:
        """After a refusal, leave the channel alone a while and find which permission is missing (one fetch).
        Discord's own failure holds only the items it failed: the next post in the channel is tried as usual."""
        if not exc.refused:
            return
        missing = await self.missing_permissions(channel_id)
        trouble = self.backoff.troubled(channel_id, missing)
        trouble.refused = True
        stored = self.backoff.stored(channel_id)
        if stored is not None:  # a restarted process leaves the channel alone as long (``bot.backoff``)
            await self.bot.host.store.save_refused_channel(stored)
        log.warning("cannot post in channel %s (missing %s): leaving it alone a while", channel_id, missing or "?")

    async def cleared(self, channel_id: int) -> bool:
        """The channel works again (or is gone): forget its trouble, here and stored; whether it had any."""
        refused = self._refusing(channel_id)
        had = self.backoff.cleared(channel_id)
        if refused:
            await self.bot.host.store.clear_refused_channel(channel_id)
        return had

    def _sentence(self, channel_id: int, trouble: str) -> str:
        if trouble == "refused":
            state = self.backoff.channels.get(channel_id)
            return REFUSED.format(why=missing_sentence(state.missing if state is not None else ()))
        return LATER

    def moderator_note(self, channel_id: int) -> str | None:
        """What a moderator reads once, on their next command in a channel where the bot may not post."""
        trouble = self.backoff.channels.get(channel_id)
        if trouble is None or not trouble.refused or trouble.moderator_told:
            return None
        trouble.moderator_told = True
        return MODERATOR.format(why=missing_sentence(trouble.missing))

    async def missing_permissions(self, channel_id: int) -> tuple[str, ...]:
        """The posting permissions the bot lacks in the channel, read fresh from Discord (an overwrite change
        may not have reached the cache); View Channel when Discord will not even show the channel."""
        try:
            channel = await self.bot.fetch_channel(channel_id)
        except discord.Forbidden:
            return ("View Channel",)
        except (discord.HTTPException, TimeoutError, OSError, aiohttp.ClientError):
            return ()
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return ()
        me = channel.guild.me
        if me is None:
            return ()
        granted = channel.permissions_for(me)
        needed = [
            IN_A_THREAD if k == "send_messages" and isinstance(channel, discord.Thread) else (k, n) for k, n in POSTING
        ]
        return tuple(name for key, name in needed if not getattr(granted, key))

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
                except discord.NotFound as exc:
                    if exc.code == UNKNOWN_CHANNEL:
                        raise
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
                raise _Failed(refused=True) from None
            if isinstance(exc, discord.NotFound):
                if exc.code in (UNKNOWN_CHANNEL, UNKNOWN_GUILD):
                    raise _ChannelGone from None
                log.warning("posting in channel %s failed (it will be tried again): %s", channel_id, exc)
                raise _Failed(refused=False) from None
            if not is_passing(exc):
                log.warning("Discord refused a post in channel %s for good: %s", channel_id, exc)
                return None
            log.warning("posting in channel %s failed (it will be tried again): %s", channel_id, exc)
            raise _Failed(refused=False) from None
        except PASSING as exc:
            log.warning("posting in channel %s timed out (it will be tried again): %r", channel_id, exc)
            raise _Failed(refused=False) from None
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
        except (discord.HTTPException, *PASSING) as exc:  # deleted, no permission, Discord's trouble: the old
            # buttons still open the panel
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

    async def direct_message(self, dm: DirectMessage) -> bool | None:
        """Send one private panel by DM; ``False`` when Discord refuses (closed DMs), ``None`` when it failed for
        now (to try again later), ``True`` otherwise."""
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
            if is_passing(exc):
                log.warning("dm failed user=%s (it will be tried again): %s", dm.user_id, exc)
                return None
            # Not a closed door (an unknown user): the panel still works; do not mark DMs closed.
            log.warning("dm failed user=%s: %s", dm.user_id, exc)
        except PASSING as exc:
            log.warning("dm timed out user=%s (it will be tried again): %r", dm.user_id, exc)
            return None
        return True


async def asked_for(step: Callable[[], Awaitable[Outbox]]) -> Outbox:
    """The outbox of a step someone asked for (``/board``): sent even while its channel is left alone after a
    refusal, and what the channel held goes with it (``Outbox.retry_now``). The step is started here, so a
    caller that never awaits this (its defer failed) leaves no step un-awaited."""
    out = await step()
    out.retry_now = True
    return out


class _Failed(Exception):
    """A channel post Discord did not take: ``refused`` (403: a permission) or its own trouble (5xx, 429 after
    discord.py's retries, a timeout, a 404 on a send that is not the channel's)."""

    def __init__(self, *, refused: bool) -> None:
        super().__init__("refused" if refused else "failed")
        self.refused = refused


class _ChannelGone(Exception):
    """The channel (or its server) is gone: Unknown Channel."""


PASSING = (TimeoutError, OSError, aiohttp.ClientError)
"""Failures outside ``discord.HTTPException``: a hung or dropped connection (discord.py lets them through)."""


def is_passing(exc: discord.HTTPException) -> bool:
    """Discord's own trouble, worth trying again later: a rate limit discord.py gave up on, or a 5xx."""
    return exc.status == 429 or exc.status >= 500
