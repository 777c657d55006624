"""The Discord bot: one ``commands.Bot`` holding the host, the deliverer, the cogs and the dynamic items.

Start-up (``setup_hook``) opens the store, builds the host over it, registers every ``DynamicItem`` class once
(so buttons sent before a restart keep working: discord.py matches their custom ids against the templates),
loads the cogs and syncs the slash commands — to the development guild at once when ``DEV_GUILD_ID`` is set,
globally otherwise (Discord may take a while to show global commands) — and starts the catch-up
(``bot.catchup``), which says in the background what a process that died left unsaid.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import Any

import discord
from discord.ext import commands, tasks

from . import collector
from .catchup import CATCH_UP_SECONDS, CatchUp
from .delivery import Delivery
from .errors import CannotPost, GameTree
from .outbox import Outbox
from .settings import Settings
from .store import Store
from .store.factory import open_store
from .tables import Host
from .threads import follow_names_at_start
from .ui import DYNAMIC_ITEMS
from .ui.takeback import TakeBackButton
from .warmup import ready_for_play

log = logging.getLogger(__name__)

NEVER = 1e12  # seconds: "no reminder unless the server set one" (about 30,000 years)
REMINDER_CHECK_MINUTES = 5  # how often the reminder query runs; a reminder is at most this late
CLEAN_UP_MINUTES = 10  # how often a process tries to claim the hour's clean-up (``Host.clean_up``): one does it
COLLECT_SECONDS = 5.0  # how often what answers that deliver nothing allocated is collected (``bot.collector``)
SEAT_BOT_SECONDS = 2.0  # how often the due bot moves are claimed (``Host.bot_round``): a bot acts within seconds
COGS = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.history",
    "bot.cogs.story",
    "bot.cogs.moderation",
    "bot.cogs.settings",
    "bot.cogs.help",
    "bot.cogs.privacy",
    "bot.cogs.away",
)


def intents() -> discord.Intents:
    """Only what the bot uses: guilds and channels (interactions, DMs and posts need no privileged intent)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class SpaceBot(commands.Bot):
    """The bot: slash commands and buttons in, ``Host`` requests, outboxes delivered back to Discord.

    ``host`` may be given (tests, tools); otherwise ``setup_hook`` opens the store named by the settings.
    """

    def __init__(self, settings: Settings, *, host: Host | None = None, settle: bool = False, **shards: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            tree_cls=GameTree,
            help_command=None,
            # Nobody is notified unless a post names them in its pings (see Delivery).
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.settings = settings
        self._host = host
        self._at_start: set[asyncio.Task[None]] = set()  # kept until done (asyncio holds tasks weakly)
        self._owns_store = host is None
        self._settle = settle  # once started: draw ahead, then settle the collector (``bot.warmup``)
        self.delivery = Delivery(self)
        self.catch_up = CatchUp(self)

    @property
    def host(self) -> Host:
        """The game host; available once ``setup_hook`` has run."""
        if self._host is None:
            raise RuntimeError("The host is created in setup_hook; the bot has not started yet.")
        return self._host

    async def setup_hook(self) -> None:
        if self._host is None:
            store: Store = await open_store(self.settings.database_url)
            self._host = Host(store, idle_hours=self.settings.idle_hours, reminder_hours=self.settings.reminder_hours)
        log.info("store %r", self._host.store)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.add_dynamic_items(TakeBackButton)  # **Take back** under a move (issue 28)
        for cog in COGS:
            await self.load_extension(cog)
        await self.sync_commands()
        self.reminders.start()  # runs even when REMINDER_HOURS is 0: a server may turn its own on
        self.catching_up.start()  # in the background: start-up never waits for what a dead process left
        self.seat_bots.start()  # bots' due moves are stored timers, so a restart resumes them
        self.cleaning_up.start()  # finished games past their keeping time, idle lobbies, dead tokens
        if self._settle:  # in the background: the bot answers while its renderers draw ahead
            self._in_background(ready_for_play(self.host.renderers))
            self.collecting.start()

    @tasks.loop(seconds=COLLECT_SECONDS)
    async def collecting(self) -> None:
        """What answers that deliver nothing (a ``/hand``, a zoom, autocompletes) left to the cycle collector,
        collected every few seconds rather than inside some later move (``bot.collector``)."""
        collector.between_answers()

    @tasks.loop(minutes=REMINDER_CHECK_MINUTES)
    async def reminders(self) -> None:
        """One query for every game due a reminder (stored timestamps: a restart loses none), then post them."""
        try:
            hours = self.settings.reminder_hours
            due = await self.host.remind(hours * 3600 if hours > 0 else NEVER)
        except Exception:
            log.exception("the reminder round failed; the next one tries again")
            return
        try:
            due += await self.host.end_over_aways()  # seats handed back from bots to those back (/away)
        except Exception:
            log.exception("handing seats back after an away failed; the next round tries again")
        for out in due:
            # A channel that refuses the post is logged by the deliverer and the reminder counts as sent; the
            # loop goes on with the others (an exception here would stop it for good).
            try:
                await self.deliver(out)
            except CannotPost:
                pass
            except Exception:
                log.exception("delivering a reminder in channel %s failed", out.channel_id)

    @reminders.before_loop
    async def _reminders_wait_until_ready(self) -> None:
        await self.wait_until_ready()

    @tasks.loop(seconds=CATCH_UP_SECONDS)
    async def catching_up(self) -> None:
        """Say what a process that died left unsaid (``bot.catchup``): at start, then every little while."""
        await self.catch_up.run()

    @catching_up.before_loop
    async def _catching_up_waits_until_ready(self) -> None:
        await self.wait_until_ready()

    @tasks.loop(seconds=SEAT_BOT_SECONDS)
    async def seat_bots(self) -> None:
        """Play every seat bot move that is due (one query: ``bot/tables/seatbots.py``) and deliver what each
        move says."""
        try:
            due = await self.host.bot_round()
        except Exception:
            log.exception("the seat bots' round failed; the next one tries again")
            return
        for out in due:
            try:  # one channel's refusal never stops the others' (the deliverer keeps what it owes)
                await self.deliver(out)
            except CannotPost:
                pass
            except Exception:
                log.exception("delivering a seat bot's move in channel %s failed", out.channel_id)

    @seat_bots.before_loop
    async def _seat_bots_wait_until_ready(self) -> None:
        """Once, before the first round: store the due move of games that were waiting on a bot before bots'
        moves were stored timers (a firing already stored is left alone)."""
        await self.wait_until_ready()
        try:
            looked = await self.host.schedule_waiting_bots()
            log.info("seat bots: %d running games with a bot looked at", looked)
        except Exception:
            log.exception("scheduling the waiting bots failed; their games' next commit schedules them")

    @tasks.loop(minutes=CLEAN_UP_MINUTES)
    async def cleaning_up(self) -> None:
        """The hour's clean-up (``bot/tables/retention.py``), done by whichever process claims it first; the
        closings of idle lobbies are delivered like any closing (stored with the deletion, so none is lost)."""
        try:
            done = await self.host.clean_up()
        except Exception:
            log.exception("the clean-up failed; the next round tries again")
            return
        for out in done.lobbies if done is not None else []:
            with contextlib.suppress(CannotPost):
                await self.deliver(out)

    @cleaning_up.before_loop
    async def _cleaning_up_waits_until_ready(self) -> None:
        await self.wait_until_ready()

    async def sync_commands(self) -> None:
        """Publish the slash commands: to the development guild at once, or globally."""
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    async def deliver(self, out: Outbox, *, reply_shown_to: int | None = None) -> None:
        """Post, edit and DM what ``out`` says; ``reply_shown_to`` already sees ``out.reply``. Then, with nobody
        waiting on this outbox any more, the cycle collector does what is due (``bot.collector``)."""
        try:
            await self.delivery.deliver(out, reply_shown_to=reply_shown_to)
        finally:
            collector.between_answers()

    async def close_store(self) -> None:
        """Close the store this bot opened (a host given from outside belongs to its giver)."""
        if self._owns_store and self._host is not None:
            await self._host.store.close()

    async def close(self) -> None:
        self.reminders.cancel()
        self.catching_up.cancel()
        self.seat_bots.cancel()
        self.cleaning_up.cancel()
        self.collecting.cancel()
        await super().close()
        await self.close_store()

    # ------------------------------------------------------------------ a server changing under a game (issue 31)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A game's channel was deleted: its game ends (readable by ``/games``), what it was owed is dropped."""
        await self._channel_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        try:
            await self.host.channel_gone(channel_id)
        except Exception:
            log.exception("could not end the game of deleted channel %s", channel_id)
        try:
            await self.delivery.cleared(channel_id)
        except Exception:
            log.exception("could not forget the refusals of deleted channel %s", channel_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server (not an outage: that is ``on_guild_unavailable``): its games pause, in the store;
        what was owed there is dropped. Added back, ``/board`` in a game's channel resumes it."""
        channels = [c.id for c in guild.channels] + [t.id for t in guild.threads]
        self.delivery.away.update(channels)
        try:  # stored: every process, and this one after a restart, leaves the games alone (bot.tables.paused)
            await self.host.pause_server(guild.id, channels)
        except Exception:
            log.exception("could not pause the games of server %s", guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Back in a server: its games' channels may be posted in again (``/board`` there resumes a game)."""
        self.delivery.away.difference_update([c.id for c in guild.channels] + [t.id for t in guild.threads])

    async def on_app_command_completion(self, interaction: discord.Interaction, command: Any) -> None:
        """A moderator's next command in a channel where the bot may not post: tell them once what is missing."""
        if interaction.channel_id is None or not isinstance(interaction.user, discord.Member):
            return
        perms = interaction.permissions
        if not (perms.manage_channels or perms.manage_guild):
            return
        note = self.delivery.moderator_note(interaction.channel_id)
        if note is not None:
            try:
                await interaction.followup.send(note, ephemeral=True)
            except discord.HTTPException:
                log.info("could not tell moderator %s about channel %s", interaction.user.id, interaction.channel_id)

    async def on_ready(self) -> None:
        user = self.user
        log.info("ready as %s (id %s) in %d servers", user, user.id if user else "?", len(self.guilds))
        # A thread's rename that waited for Discord's window when a process died: in the background.
        self._in_background(follow_names_at_start(self, self.host, [guild.id for guild in self.guilds]))

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task the bot keeps until it is done (asyncio holds tasks weakly)."""
        task = asyncio.create_task(work)
        self._at_start.add(task)
        task.add_done_callback(self._at_start.discard)


class ShardedSpaceBot(SpaceBot, commands.AutoShardedBot):
    """The same bot over discord.py's ``AutoShardedBot``: this process runs the shards ``SHARD_IDS`` of
    ``SHARD_COUNT``, other processes the rest, all over one ``DATABASE_URL``.

    Nothing else changes: the host reads every game from the store, and the deliverer reaches any channel by
    id (``get_partial_messageable``) and any player by DM, so a process serves any game whatever shard the
    interaction came in on (a button in a DM always arrives on shard 0, a server's on that server's shard)."""


def make_bot(settings: Settings) -> SpaceBot:
    """The bot these settings ask for: sharded when SHARD_COUNT or SHARD_IDS is set, one plain bot otherwise."""
    if not settings.sharded:
        return SpaceBot(settings, settle=True)
    return ShardedSpaceBot(settings, settle=True, shard_count=settings.shard_count, shard_ids=settings.shard_ids)
