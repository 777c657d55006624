"""The daily digest across processes: two bot processes over one real PostgreSQL database send each player's
digest exactly once, and a process started afterwards repeats none of it (the SQLite case: ``tests/host``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.outbox import Outbox
from bot.store.factory import open_store
from bot.tables import Host
from tests.host.conftest import ALICE, BOB, Clock, make_host, started_duel
from tests.host.test_notify import NINE_NEXT_MORNING, digests

pytestmark = pytest.mark.postgres

DAY = 24 * 3600.0


async def test_two_processes_send_each_digest_exactly_once_and_a_later_one_none(
    hosts: list[Host], shared_url: str, clock: Clock
) -> None:
    first, second = hosts
    await first.notify(BOB.user_id, digest=True, hour=9)
    await first.notify(ALICE.user_id, digest=True, hour=9, time_zone="+01:00")
    await started_duel(first)
    clock.now += NINE_NEXT_MORNING  # 9:00 for Bob, 10:00 for Alice: the game waits on both
    sent: list[Outbox] = []
    for _ in range(3):  # rounds of both processes at the same instant, as their loops would run
        rounds = await asyncio.gather(first.remind(DAY * 10), second.remind(DAY * 10))
        for host, outboxes in zip((first, second), rounds, strict=True):
            sent += outboxes
            for out in outboxes:
                await host.delivered(out)
    assert sorted(dm.user_id for out in sent for dm in out.dms if "daily digest" in dm.panel.text) == [
        ALICE.user_id,
        BOB.user_id,
    ]
    store = await open_store(shared_url)
    try:
        later = make_host(store, clock, first_seed=2)  # a process started after: nothing in memory
        assert digests(await later.remind(DAY * 10)) == []
    finally:
        await store.close()
