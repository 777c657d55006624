"""Timer firings (reminders, bot turns) are claimed by one process, fired once, and taken over when stale."""

from __future__ import annotations

import asyncio

from bot.store import Store, TimerRecord
from bot.store.factory import open_store

from .conftest import Database

NOW = 1_000.0
STALE = 30.0


def timer(due_key: str = "v3", kind: str = "bot_turn") -> TimerRecord:
    return TimerRecord(game_id=7, kind=kind, due_key=due_key, channel_id=70, payload={"seat": 1}, created_at=NOW)


async def claim(store: Store, who: str, now: float = NOW, t: TimerRecord | None = None) -> bool:
    return await store.claim_timer(t or timer(), who, now, now - STALE)


async def test_one_claimant_holds_a_firing_until_it_fires(store: Store) -> None:
    assert await claim(store, "a")
    assert not await claim(store, "b"), "a fresh claim holds"
    assert await claim(store, "b", t=timer("v4")), "another firing of the same game is its own"
    await store.finish_timers([timer().key], NOW + 1)
    assert not await claim(store, "b", now=NOW + 10 * STALE), "a fired firing never fires again"


async def test_a_dead_claimants_firing_is_taken_over_once_stale(store: Store) -> None:
    assert await claim(store, "dead")
    assert not await claim(store, "b", now=NOW + STALE - 1)
    assert await claim(store, "b", now=NOW + STALE + 1)
    assert not await claim(store, "c", now=NOW + STALE + 2), "taken over once, by one"


async def test_stale_firings_of_one_kind_are_claimed_with_their_payload(store: Store) -> None:
    assert await claim(store, "dead")
    assert await claim(store, "dead", t=timer("r0", kind="reminder"))
    later = NOW + STALE + 1
    assert await store.claim_stale_timers("bot_turn", "b", later, later - STALE, 10, 0.0) == [timer()]
    assert await store.claim_stale_timers("bot_turn", "c", later, later - STALE, 10, 0.0) == [], "b holds it now"
    assert [t.kind for t in await store.claim_stale_timers("reminder", "c", later, later - STALE, 10, 0.0)] == [
        "reminder"
    ]


async def test_a_released_firing_can_be_claimed_again_and_a_dead_process_claims_are_freed(store: Store) -> None:
    assert await claim(store, "a")
    await store.release_timer(timer().key)
    assert await claim(store, "b")
    assert "b" in await store.claimants()
    await store.release_claims(["b"])
    assert await claim(store, "c", now=NOW + 1), "released claims are stale at once"


async def test_two_processes_racing_for_many_firings_each_win_exactly_once(database: Database) -> None:
    stores = [await open_store(database.url) for _ in range(2)]
    try:
        keys = [f"k{i}" for i in range(60)]
        wins = await asyncio.gather(*(claim(s, f"p{n}", t=timer(k)) for k in keys for n, s in enumerate(stores)))
        assert sum(wins) == len(keys)
        assert all(wins[2 * i] != wins[2 * i + 1] for i in range(len(keys))), "one winner per firing"
    finally:
        for s in stores:
            await s.close()
