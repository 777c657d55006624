"""The Discord bot: one ``commands.Bot`` holding the host, the deliverer, the cogs and the dynamic items.

Start-up (``setup_hook``) opens the store, builds the host over it, registers every ``DynamicItem`` class once
(so buttons sent before a restart keep working: discord.py matches their custom ids against the templates),
loads the cogs and syncs the slash commands — to the development guild at once when ``DEV_GUILD_ID`` is set,
globally otherwise (Discord may take a while to show global commands) — and starts the catch-up
(``bot.catchup``), which says in the background what a process that died left unsaid.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord.ext import commands, tasks

from .catchup import CATCH_UP_SECONDS, CatchUp
from .delivery import Delivery
from .errors import CannotPost, GameTree
from .outbox import Outbox
from .settings import Settings
from .store import Store
from .store.factory import open_store
from .tables import Host
from .ui import DYNAMIC_ITEMS

log = logging.getLogger(__name__)

NEVER = 1e12  # seconds: "no reminder unless the server set one" (about 30,000 years)
REMINDER_CHECK_MINUTES = 5  # how often the reminder query runs; a reminder is at most this late
SEAT_BOT_SECONDS = 2.0  # how often the due bot moves are claimed (``Host.bot_round``): a bot acts within seconds
COGS = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.history",
    "bot.cogs.story",
    "bot.cogs.moderation",
    "bot.cogs.settings",
    "bot.cogs.help",
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

    def __init__(self, settings: Settings, *, host: Host | None = None, **shards: Any) -> None:
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
        self._owns_store = host is None
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
        for cog in COGS:
            await self.load_extension(cog)
        await self.sync_commands()
        self.reminders.start()  # runs even when REMINDER_HOURS is 0: a server may turn its own on
        self.catching_up.start()  # in the background: start-up never waits for what a dead process left
        self.seat_bots.start()  # bots' due moves are stored timers, so a restart resumes them

    @tasks.loop(minutes=REMINDER_CHECK_MINUTES)
    async def reminders(self) -> None:
        """One query for every game due a reminder (stored timestamps: a restart loses none), then post them."""
        try:
            hours = self.settings.reminder_hours
            due = await self.host.remind(hours * 3600 if hours > 0 else NEVER)
        except Exception:
            log.exception("the reminder round failed; the next one tries again")
            return
        for out in due:
            # A channel that refuses the post is logged by the deliverer and the reminder counts as sent; the
            # loop goes on with the others (an exception here would stop it for good).
            with contextlib.suppress(CannotPost):
                await self.deliver(out)

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
            for out in await self.host.bot_round():
                await self.deliver(out)
        except Exception:
            log.exception("the seat bots' round failed; the next one tries again")

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
        """Post, edit and DM what ``out`` says; ``reply_shown_to`` already sees ``out.reply``."""
        await self.delivery.deliver(out, reply_shown_to=reply_shown_to)

    async def close_store(self) -> None:
        """Close the store this bot opened (a host given from outside belongs to its giver)."""
        if self._owns_store and self._host is not None:
            await self._host.store.close()

    async def close(self) -> None:
        self.reminders.cancel()
        self.catching_up.cancel()
        self.seat_bots.cancel()
        await super().close()
        await self.close_store()

    async def on_ready(self) -> None:
        user = self.user
        log.info("ready as %s (id %s) in %d servers", user, user.id if user else "?", len(self.guilds))


class ShardedSpaceBot(SpaceBot, commands.AutoShardedBot):
    """The same bot over discord.py's ``AutoShardedBot``: this process runs the shards ``SHARD_IDS`` of
    ``SHARD_COUNT``, other processes the rest, all over one ``DATABASE_URL``.

    Nothing else changes: the host reads every game from the store, and the deliverer reaches any channel by
    id (``get_partial_messageable``) and any player by DM, so a process serves any game whatever shard the
    interaction came in on (a button in a DM always arrives on shard 0, a server's on that server's shard)."""


def make_bot(settings: Settings) -> SpaceBot:
    """The bot these settings ask for: sharded when SHARD_COUNT or SHARD_IDS is set, one plain bot otherwise."""
    if not settings.sharded:
        return SpaceBot(settings)
    return ShardedSpaceBot(settings, shard_count=settings.shard_count, shard_ids=settings.shard_ids)
