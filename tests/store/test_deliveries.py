"""Stored deliveries and deferred interactions, on both backends: written with the commit, claimed by one
process at a time, taken over once a claim is stale, forgotten once done."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import DeferralRecord, DeliveryRecord, GameRecord, Store
from bot.store.factory import open_store
from engine.core.errors import Conflict

from .conftest import Database
from .test_store import ALICE, BOB, action, id_of, start_game

NOW = 1_700_000_100.0  # the time of the first action (`test_store.action`): its deliveries are claimed then
MINE = "host-a:1:aaaa"
THEIRS = "host-b:2:bbbb"


def owed(game: GameRecord, version: int, *, at: float = NOW) -> list[DeliveryRecord]:
    """A board that pings Bob and a DM of private news to Alice, for the commit that makes ``version``."""
    key = {"game_id": id_of(game), "version": version, "channel_id": game.channel_id, "created_at": at}
    return [
        DeliveryRecord(seq=0, kind="board", new_post=True, pings=[BOB], board_message_id=game.board_message_id, **key),
        DeliveryRecord(seq=1, kind="dm", user_id=ALICE, lines=["You drew the ✦ Comet."], **key),
    ]


def deferral(interaction_id: int, at: float = NOW) -> DeferralRecord:
    return DeferralRecord(
        interaction_id=interaction_id,
        application_id=9_000_000_000_000_000_001,
        token=f"token-{interaction_id}",
        channel_id=7_000_000_000_000_000_001,
        user_id=ALICE,
        deferred_at=at,
    )


async def test_an_action_commits_its_deliveries_with_it_and_a_stale_claim_is_taken_over(store: Store) -> None:
    game = await start_game(store)
    items = owed(game, game.version + 1)
    await store.record_action(game, game.version, action(game, 0), items, claimed_by=MINE)

    # Claimed by the committing process: nobody else takes them while the claim is fresh.
    assert await store.claim_deliveries(THEIRS, NOW + 1, NOW - 30, 10) == []
    # Once the claim is older than the cut-off, another process takes every item over, exactly as stored.
    taken = await store.claim_deliveries(THEIRS, NOW + 31, NOW + 1, 10)
    assert taken == items
    # And holds them now: a third claimant with the same cut-off finds nothing.
    assert await store.claim_deliveries("host-c:3:cccc", NOW + 32, NOW + 1, 10) == []


async def test_a_refused_action_leaves_no_delivery(store: Store) -> None:
    game = await start_game(store)
    await store.record_action(game.model_copy(deep=True), game.version, action(game, 0))
    with pytest.raises(Conflict):  # a stale version: the action, and what it would have owed, are not stored
        await store.record_action(game, game.version, action(game, 0, choice="x"), owed(game, 99), claimed_by=MINE)
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10) == []


async def test_delivered_items_are_forgotten_by_key_or_by_commit(store: Store) -> None:
    game = await start_game(store)
    first = await store.record_action(
        game, game.version, action(game, 0), owed(game, game.version + 1), claimed_by=MINE
    )
    second_items = owed(first, first.version + 1, at=NOW + 5)
    await store.record_action(first, first.version, action(first, 1), second_items, claimed_by=MINE)

    await store.finish_commit_deliveries(id_of(game), first.version)  # the first commit delivered everything
    await store.finish_deliveries([second_items[1].key])  # the second its DM only
    left = await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10)
    assert left == second_items[:1]


async def test_claims_come_oldest_first_a_batch_at_a_time(store: Store) -> None:
    game = await start_game(store)
    for index in range(3):
        at = NOW - index  # each later action carries an earlier time: the order must follow the time
        record = await store.record_action(game, game.version, action(game, index), owed(game, game.version + 1, at=at))
        game = record
    batch = await store.claim_deliveries(MINE, NOW + 100, NOW + 50, 4)
    assert [d.created_at for d in batch] == [NOW - 2, NOW - 2, NOW - 1, NOW - 1]
    rest = await store.claim_deliveries(MINE, NOW + 100, NOW + 50, 4)
    assert [d.created_at for d in rest] == [NOW, NOW]


async def test_two_processes_claiming_at_once_never_share_an_item(store: Store, database: Database) -> None:
    game = await start_game(store)
    for index in range(6):
        game = await store.record_action(game, game.version, action(game, index), owed(game, game.version + 1))
    other = await open_store(database.url)
    try:
        batches = await asyncio.gather(
            *(s.claim_deliveries(who, NOW + 100, NOW + 50, 5) for s, who in ((store, MINE), (other, THEIRS)) * 2)
        )
    finally:
        await other.close()
    keys = [d.key for batch in batches for d in batch]
    assert len(keys) == 12 and len(set(keys)) == 12, "every item claimed, and by one claimant only"
    assert all(len(batch) <= 5 for batch in batches), "a claim takes no more than its limit: the work is shared"


async def test_deleting_a_game_forgets_its_deliveries(store: Store) -> None:
    game = await start_game(store)
    await store.record_action(game, game.version, action(game, 0), owed(game, game.version + 1))
    await store.delete_game(id_of(game))
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10) == []


async def test_a_deferral_is_linked_to_the_action_it_led_to(store: Store) -> None:
    game = await start_game(store)
    await store.add_deferral(deferral(1), MINE)
    await store.add_deferral(deferral(2, at=NOW + 1), MINE)
    await store.record_action(game, game.version, action(game, 0), claimed_by=MINE, interaction_id=1)

    claimed = await store.claim_deferrals(THEIRS, NOW + 40, NOW + 35, NOW - 800, 10)
    assert [(d.interaction_id, d.taken, d.game_id, d.action_index) for d in claimed] == [
        (1, True, id_of(game), 0),
        (2, False, None, None),
    ]
    assert claimed[0].token == "token-1" and claimed[0].application_id == 9_000_000_000_000_000_001


async def test_a_fresh_deferral_stays_with_its_process_and_an_answered_one_is_forgotten(store: Store) -> None:
    await store.add_deferral(deferral(1), MINE)
    await store.add_deferral(deferral(2), MINE)
    assert await store.claim_deferrals(THEIRS, NOW + 1, NOW - 30, NOW - 800, 10) == []
    await store.finish_deferral(1)
    claimed = await store.claim_deferrals(THEIRS, NOW + 40, NOW + 35, NOW - 800, 10)
    assert [d.interaction_id for d in claimed] == [2]
    assert await store.claim_deferrals("host-c:3:cccc", NOW + 41, NOW + 35, NOW - 800, 10) == []


async def test_deferrals_too_old_to_answer_are_forgotten_not_claimed(store: Store) -> None:
    await store.add_deferral(deferral(1, at=NOW - 1000), MINE)  # past Discord's 15 minutes
    await store.add_deferral(deferral(2, at=NOW - 100), MINE)
    claimed = await store.claim_deferrals(THEIRS, NOW, NOW - 30, NOW - 870, 10)
    assert [d.interaction_id for d in claimed] == [2]
    # The old one is gone for good, even for a claimant that would accept any age.
    again = await store.claim_deferrals("host-c:3:cccc", NOW + 100, NOW + 100, 0.0, 10)
    assert again == [deferral(2, at=NOW - 100)]


async def test_the_claims_of_a_dead_process_can_be_released_at_once(store: Store) -> None:
    game = await start_game(store)
    await store.record_action(game, game.version, action(game, 0), owed(game, game.version + 1), claimed_by=MINE)
    await store.add_deferral(deferral(1), THEIRS)
    assert sorted(await store.claimants()) == sorted([MINE, THEIRS])

    await store.release_claims([MINE])  # MINE died; THEIRS lives on
    fresh_cut_off = NOW - 30  # nothing claimed at NOW is stale yet by the clock
    assert len(await store.claim_deliveries("host-c:3:cccc", NOW + 1, fresh_cut_off, 10)) == 2
    assert await store.claim_deferrals("host-c:3:cccc", NOW + 1, fresh_cut_off, NOW - 800, 10) == []
    assert sorted(await store.claimants()) == sorted(["host-c:3:cccc", THEIRS])
