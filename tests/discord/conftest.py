"""A running bot in a simulated server: the real ``SpaceBot`` (cogs, views, host) over a SQLite file.

The renderer is whatever ``render.registry.RENDERERS`` holds, so the scenarios run with images when a game has
a renderer and without when it has none; image checks apply to whatever attachments are there.

The store is opened before the simulated Discord starts and handed to the bot: opened inside it, SQLite
refuses the schema migration's COMMIT ("SQL statements in progress") because SimCord keeps the results of
``call_soon_threadsafe`` callbacks alive, and with them the un-closed cursors of the store's ``PRAGMA``
statements (see ``test_startup.py``, which pins the store's own start-up path).

SimCord records every exception the bot's handlers raise; a refusal (a ``GameError`` turned into a sentence by
the command tree's handler) is expected behaviour, anything else fails the test at teardown.

Every scenario also runs under two watchers installed on the simulated Discord (``sim.ResponseClock`` and
``leaks.LeakScanner``): at teardown it fails if any interaction was answered after Discord's 3 seconds (or
never), or if anything channel-visible or any autocomplete list leaked a hidden card. Their counts are printed
at the end of the run.
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import discord
import pytest
import simcord
from discord import app_commands
from simcord.backend.models import Interaction

from bot.app import SpaceBot
from bot.settings import Settings
from bot.store import Store
from bot.store.factory import open_store
from bot.tables import Host
from engine.core import GameError

from .faults import FaultPlan, Later
from .leaks import LeakScanner
from .sim import ResponseClock, Timing, honour_nonces
from .stats import COUNTS


def settings_for(db: Path) -> Settings:
    """Settings for a test bot: no token needed, the database in the test's folder, no .env read."""
    return Settings(_env_file=None, database_url=str(db), dev_guild_id=None, log_level="INFO", reminder_hours=0)


def seeds_for(name: str) -> Callable[[], int]:
    """Game seeds fixed by the test's name: a scenario deals the same game on every run, so a failure can be
    played again exactly (the bot itself draws them from ``secrets``)."""
    rng = random.Random(zlib.crc32(name.encode()))
    return lambda: rng.getrandbits(62)


def is_refusal(error: BaseException) -> bool:
    """A game's refusal, which the bot turned into a sentence for the user (not a bug)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return isinstance(error, GameError)


@dataclass
class Table:
    """One server with a game channel and its people."""

    env: simcord.Env
    db: Path
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor  # a member who never plays
    mod: simcord.MemberActor  # Manage Channels (and Manage Messages, to delete a board)

    @property
    def bot(self) -> SpaceBot:
        assert isinstance(self.env.bot, SpaceBot)
        return self.env.bot

    next_store: Store  # the store the next process opens over the same file (see the module docstring)
    clock: ResponseClock
    scanner: LeakScanner
    expected_bugs: list[BaseException] = field(default_factory=list)  # failures a test provokes on purpose

    def unexpected_errors(self) -> list[BaseException]:
        """What the bot raised that is neither a refusal nor a failure the test provoked."""
        return [e for e in self.env.errors if not is_refusal(e) and e not in self.expected_bugs]

    async def restart(self, clock: Callable[[], float] = time.time) -> SpaceBot:
        """Stop this bot and start a fresh one, like a new process, over the same database file.

        Returns once its first catch-up round is done. The new bot runs in this very process under a new
        claimant token: it sees the old one's claims as those of an earlier life of its pid, gone, and takes
        them over at once, as a bot restarted on the same machine does.
        """
        host = Host(self.next_store, seeds=seeds_for("after a restart"), clock=clock)
        fresh = SpaceBot(settings_for(self.db), host=host)
        await self.env.restart_bot(fresh)
        await fresh.catch_up.finished_round.wait()
        COUNTS.restarts += 1
        return fresh

    def timing_of(self, result: simcord.InteractionResult) -> Timing:
        """The clock's record of one interaction."""
        record: Interaction = result._interaction
        return next(t for t in self.clock.timings if t.interaction_id == record.id)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
async def stores(db: Path) -> AsyncIterator[tuple[Store, Store]]:
    """Two connections to one file: this process's store, and the one a restarted process opens."""
    first, second = await open_store(str(db)), await open_store(str(db))
    yield first, second
    await first.close()
    await second.close()


@asynccontextmanager
async def simulated(bot: SpaceBot) -> AsyncIterator[simcord.Env]:
    """``bot`` connected to a simulated Discord that keeps Discord's nonce rule, shut down at the end."""
    honour_nonces()
    sim = simcord.Env(bot)
    await sim.start()
    try:
        yield sim
    finally:
        await sim.shutdown()


@pytest.fixture
async def env(db: Path, stores: tuple[Store, Store], request: pytest.FixtureRequest) -> AsyncIterator[simcord.Env]:
    async with simulated(SpaceBot(settings_for(db), host=Host(stores[0], seeds=seeds_for(request.node.nodeid)))) as sim:
        yield sim


@pytest.fixture
def watchers(env: simcord.Env, db: Path) -> Iterator[tuple[ResponseClock, LeakScanner]]:
    """The 3-second clock and the leak scanner, installed on the simulated Discord for one scenario."""
    clock = ResponseClock(env).install()
    scanner = LeakScanner(env, db).install(clock.on_autocomplete)
    yield clock, scanner
    scanner.close()


@pytest.fixture
async def table(
    env: simcord.Env,
    db: Path,
    stores: tuple[Store, Store],
    watchers: tuple[ResponseClock, LeakScanner],
    request: pytest.FixtureRequest,
) -> AsyncIterator[Table]:
    # A test module of a sharded bot names the shard its server is on (``GUILD_SHARD``).
    guild = env.create_guild("Space Station", shard_id=getattr(request.module, "GUILD_SHARD", None))
    channel = guild.create_text_channel("games")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True, manage_messages=True))
    table = Table(
        env=env,
        db=db,
        guild=guild,
        channel=channel,
        alice=guild.add_member(env.create_user("alice")),
        bob=guild.add_member(env.create_user("bob")),
        carol=guild.add_member(env.create_user("carol")),
        mod=guild.add_member(env.create_user("mod"), roles=[mods]),
        next_store=stores[1],
        clock=watchers[0],
        scanner=watchers[1],
    )
    # The bot may create threads in SimCord's server, so /start would open each game in a thread; a scenario
    # module plays in the channel itself (one game per channel) unless it sets ``THREADS = True``.
    if not getattr(request.module, "THREADS", False):
        await stores[0].set_threads_setting(guild.id, False)
    yield table
    unexpected = table.unexpected_errors()
    assert not unexpected, f"the bot raised unexpected errors: {unexpected!r}"
    count(table)
    late = table.clock.problems()
    assert not late, "interactions missed Discord's 3-second limit:\n" + "\n".join(late)
    leaks = table.scanner.scan()
    assert not leaks, "hidden information reached someone else:\n" + "\n".join(leaks)


def count(table: Table) -> None:
    """Add one scenario's figures to the run's counts."""
    COUNTS.scenarios += 1
    COUNTS.interactions += len(table.clock.timings)
    slowest = table.clock.slowest()
    if slowest is not None and (slowest.elapsed or 0.0) > COUNTS.slowest:
        COUNTS.slowest, COUNTS.slowest_what = slowest.elapsed or 0.0, slowest.what
    COUNTS.messages_scanned += table.scanner.messages
    COUNTS.autocomplete_lists_scanned += table.scanner.lists


@pytest.fixture
def plan(monkeypatch: pytest.MonkeyPatch) -> FaultPlan:
    """Discord's faults for one test (``faults.FaultPlan``), installed in SimCord's HTTP layer."""
    return FaultPlan().install(monkeypatch)


@pytest.fixture
def later(table: Table) -> Iterator[Later]:
    """The table's host on a clock the test moves forward (``faults.Later``)."""
    clock = Later()
    table.bot.host.clock = clock
    yield clock
