"""Issue 31: the gateway connection drops while a move is in flight, and the bot reconnects.

SimCord can close a shard's connection (``ShardInfo.disconnect``: every event for it is dropped while it is
closed, as on a dead socket) and open it again (``ShardInfo.reconnect``: a full IDENTIFY, READY, then every
server's GUILD_CREATE again). SimCord itself has no RESUME with a replay of missed events and no
INVALID_SESSION opcode; ``gateway_faults.ModelledGateway`` adds both in the tests' layer, and
``test_gateway_resume`` covers them. This scenario covers SimCord's own drop and full reconnect: a move whose
delivery runs while the connection is down still completes (its answer and board travel over REST), a click
made while the bot is disconnected never reaches it (a dead session: Discord shows "This interaction failed")
and changes nothing, and after the reconnect the game goes on with every move applied once.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import simcord

from bot.app import ShardedSpaceBot
from bot.store import Store
from bot.tables import Host

from .conftest import Table, seeds_for, settings_for, simulated
from .faults import FaultPlan
from .players import begin_game, open_choices
from .sim import is_private


@pytest.fixture
async def env(db: Path, stores: tuple[Store, Store], request: pytest.FixtureRequest) -> AsyncIterator[simcord.Env]:
    """The bot as discord.py's sharded client (one shard): SimCord can drop and reopen its connection."""
    host = Host(stores[0], seeds=seeds_for(request.node.nodeid))
    async with simulated(ShardedSpaceBot(settings_for(db), host=host, shard_count=1, shard_ids=[0])) as sim:
        yield sim


async def test_a_dropped_connection_mid_move_loses_nothing_and_applies_nothing_twice(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = FaultPlan().install(monkeypatch)
    bot = table.bot
    assert isinstance(bot, ShardedSpaceBot)
    shard = bot.get_shard(0)
    assert shard is not None
    await begin_game(table)
    player = table.alice if await open_choices(table, table.alice) else table.bob
    choice = (await open_choices(table, player))[0]
    before = await table.next_store.live_game(table.channel.id)
    assert before is not None

    plan.on_call("*", f"/channels/{table.channel.id}/messages*", shard.disconnect)  # drops as the board goes out
    moved = await player.slash(table.channel, "act", choice=choice)

    assert is_private(moved) and shard.is_closed()
    after = await table.next_store.live_game(table.channel.id)
    assert after is not None and after.action_count == before.action_count + 1

    lost = await player.slash(table.channel, "status")  # while the bot is disconnected: never delivered
    assert lost.response is None
    table.clock.timings = [t for t in table.clock.timings if t.interaction_id != lost._interaction.id]

    await shard.reconnect()
    await table.env.settle()
    assert not shard.is_closed()
    again = await table.next_store.live_game(table.channel.id)
    assert again is not None and again.action_count == after.action_count, "nothing applied twice"
    status = await player.slash(table.channel, "status")
    assert is_private(status), "after the reconnect the bot answers again"
