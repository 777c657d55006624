"""Issue 20: a button pressed in a DM is served by a process that did not post the game's board.

Discord sends every DM interaction to shard 0, whatever server the game is in. Here the server is on shard 1
of 2: process A (``ShardedSpaceBot`` running shard 1 only) hears the server's commands, deals the game and
posts its board; then process B (shard 0 only: no server events at all) takes over the simulated Discord over
the same database, and the waiting player presses a choice in the DM the deal sent them. B serves it from the
store alone: the move is taken once, the board in the server's channel shows it, and the player's DM answer
is their panel.

SimCord runs one client per simulated Discord, so the two processes take turns on it (``restart_bot``)
rather than run side by side; what they share is only the database. That is the shared SQLite file of the
other scenarios, not PostgreSQL, because every scenario's leak scanner (``leaks.LeakScanner``) reads the
store's file directly at each message; the race of two processes on one game is ``tests/scale``'s, on
PostgreSQL.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import simcord

from bot.app import ShardedSpaceBot
from bot.store import Store
from bot.tables import Host, Loaded
from engine.registry import GAMES

from .conftest import Table, seeds_for, settings_for
from .players import begin_game, latest_dm_with, open_choices, press
from .sim import board, dms, honour_nonces, prompt_choices
from .turns import stored

SHARDS = 2
GUILD_SHARD = 1  # the server's shard (read by the ``table`` fixture); DMs arrive on shard 0


def process(db: Path, store: Store, shard: int, seeds: str) -> ShardedSpaceBot:
    """One bot process running the single shard ``shard`` of ``SHARDS`` over ``store``."""
    host = Host(store, seeds=seeds_for(seeds))
    return ShardedSpaceBot(settings_for(db), host=host, shard_count=SHARDS, shard_ids=[shard])


@pytest.fixture
async def env(db: Path, stores: tuple[Store, Store], request: pytest.FixtureRequest) -> AsyncIterator[simcord.Env]:
    """The simulated Discord with process A attached: the server's shard only."""
    honour_nonces()
    sim = simcord.Env(process(db, stores[0], GUILD_SHARD, request.node.nodeid))
    await sim.start()
    try:
        yield sim
    finally:
        await sim.shutdown()


async def test_a_dm_button_is_served_by_the_process_that_did_not_post_the_board(table: Table) -> None:
    assert (table.guild.id >> 22) % SHARDS == GUILD_SHARD, "the server's events go to process A only"
    await begin_game(table)  # through process A: the board is posted, each hand sent by DM with its buttons
    player = table.alice if await open_choices(table, table.alice) else table.bob
    value = (await open_choices(table, player))[0]
    dm = latest_dm_with(player, value)
    assert dm is not None, "the deal's DM offers the player's choice as a control"
    before, _ = await stored(table)
    board_before = board(table.channel, table.env).id

    other = process(table.db, table.next_store, 0, "process B")
    await table.env.restart_bot(other)  # process B: shard 0, which DMs arrive on; it never saw the board posted
    result = await press(player, dm, value, in_dm=True)

    after, state = await stored(table)
    assert after.id == before.id and after.action_count == before.action_count + 1, "the move is taken once"
    assert after.board_message_id is not None
    actions = await table.next_store.actions(after.id or 0)
    seat = after.seat_of(player.user.id)
    assert seat is not None
    prompt_id, _, choice_id = value.partition("|")
    assert [(a.seat, a.prompt_id, a.choice_id) for a in actions[before.action_count :]] == [
        (seat.seat, prompt_id, choice_id)
    ]
    spec = GAMES[after.game_key]
    shown = board(table.channel, table.env)
    expected = other.host.board_text(Loaded(after, spec, state), spec.prompts(state))
    assert shown.content == expected, "the server's channel shows the game after the move, posted by process B"
    assert shown.id == after.board_message_id == board_before, "the board process A posted, edited by process B"
    assert not result.followups, "no refusal"
    (answered,) = [m for m in dms(player) if m.id == dm.id]  # the DM's panel is answered in place
    assert answered.content != dm.content and f"<#{table.channel.id}>" in answered.content
    assert prompt_choices(answered).keys().isdisjoint({value}), "the choice taken is no longer offered"
