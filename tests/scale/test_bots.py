"""Two processes' bot loops over one PostgreSQL: every bot move played once, none lost when one process dies.

Tables of bots alone (Derelict: one person's seat handed to a bot by a moderator right after the deal) are
played only by the hosts' bot rounds, run at the same instant. One process claims due moves and dies before
playing them; the other takes them over once the claims are stale. Afterwards each game's log replays to its
stored snapshot with no gap and no repeat, and each logged move was narrated exactly once: no move was tried
twice (a second try would be refused by the version check, and logged as dropped). With one due move per
claim, both processes' loops find work: a claim takes no more than its limit.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

import pytest

from bot.replay import state_after
from bot.store import TimerRecord
from bot.tables import Host
from bot.tables.seatbots import BOT_TURN
from tests.host.conftest import ALICE, GUILD, MOD, Clock

pytestmark = pytest.mark.postgres

TABLES = 4  # the slow set's tables; the default suite plays two (the same road, half the games)
ROUNDS = 400
HOUR = 3600.0


async def bots_only_tables(host: Host, tables: int) -> list[int]:
    """``tables`` short Derelict games of three bots each (Alice's seat handed over after the deal): their channels."""
    channels = list(range(8100, 8100 + tables))
    for channel in channels:
        await host.start(GUILD, channel, ALICE, "derelict", {"length": "short"}, bots=2)
        await host.begin(channel, ALICE)
        await host.replace_with_bot(channel, MOD, ALICE.user_id)
    return channels


@pytest.mark.parametrize("tables", [2, pytest.param(TABLES, marks=pytest.mark.slow)])
async def test_two_bot_loops_play_each_bot_move_once_and_lose_none_when_one_dies(
    hosts: list[Host], clock: Clock, caplog: pytest.LogCaptureFixture, tables: int
) -> None:
    caplog.set_level(logging.INFO, logger="bot.tables.seatbots")
    channels = await bots_only_tables(hosts[0], tables)
    narrated: Counter[int] = Counter()  # moves each channel was told of
    by_host: Counter[int] = Counter()
    dead = hosts[0]
    lost = await dead.store.claim_stale_timers(BOT_TURN, dead.owner, clock.now, clock.now - 30, 50, clock.now - HOUR)
    assert len({t.game_id for t in lost}) == tables, "the dying process claimed every table's due bot move"
    alive = hosts[1:]
    assert await alive[0].bot_round() == [], "claims of a process that may be alive are left alone"
    clock.now += dead.claim_seconds + 1
    # A new process over the dead one's pool takes its place beside the survivor.
    alive = [Host(dead.store, games=dead.games, renderers={}, clock=clock), hosts[1]]
    for host in alive:
        host.bot_batch = 1  # one due move per claim: both processes' claims find work
    for _ in range(ROUNDS):
        rounds = await asyncio.gather(*(host.bot_round() for host in alive))
        for number, outboxes in enumerate(rounds):
            by_host[number] += len(outboxes)
            narrated.update(out.channel_id for out in outboxes)
        if [await hosts[1].store.live_game(c) for c in channels] == [None] * tables:
            break
    else:
        raise AssertionError("the bot tables did not finish")
    assert all(by_host[n] > 0 for n in range(len(alive))), f"both loops played moves: {by_host}"
    assert "bot move" not in caplog.text, "a bot move was tried twice"
    store = hosts[1].store
    for channel in channels:
        record = await store.latest_game(channel)
        assert record is not None and record.id is not None and record.status == "finished"
        actions = await store.actions(record.id)
        assert [a.index for a in actions] == list(range(record.action_count)), "one log, no gap, no repeat"
        spec = hosts[1].spec(record.game_key)
        assert state_after(spec, record, actions).model_dump_json() == record.snapshot
        assert all(a.user_id < 0 for a in actions), "bots played every move"
        assert narrated[channel] == len(actions), "each move was played, and narrated, exactly once"


async def test_a_claim_of_due_timers_takes_no_more_than_its_limit(hosts: list[Host], clock: Clock) -> None:
    """Two processes claiming one due firing each at the same instant get one each: a claim that took every
    due row would leave the other process idle while one process plays every bot of the server."""
    first, second = (host.store for host in hosts)
    for game in range(1, 5):
        await first.schedule_timer(TimerRecord(game_id=game, kind=BOT_TURN, due_key="1", channel_id=game))
    stale, old = clock.now - 30, clock.now - HOUR
    claims = await asyncio.gather(
        first.claim_stale_timers(BOT_TURN, "one", clock.now, stale, 1, old),
        second.claim_stale_timers(BOT_TURN, "two", clock.now, stale, 1, old),
    )
    assert [len(c) for c in claims] == [1, 1]
    assert claims[0][0].key != claims[1][0].key
    rest = await first.claim_stale_timers(BOT_TURN, "three", clock.now, stale, 10, old)
    assert len(rest) == 2, "the two left, and nothing claimed by the others"
