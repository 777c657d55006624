"""Issue 31, on both backends: what Discord failed stays owed, held until its retry; a channel that works again
gets its held items back at once; a deleted channel's items are forgotten."""

from __future__ import annotations

from bot.store import Store

from .test_deliveries import MINE, NOW, THEIRS, owed
from .test_store import action, start_game


async def test_a_held_delivery_waits_for_its_retry_and_a_channel_that_works_again_frees_it(store: Store) -> None:
    game = await start_game(store)
    items = owed(game, game.version + 1)
    await store.record_action(game, game.version, action(game, 0), items, claimed_by=MINE)
    keys = [item.key for item in items]

    await store.postpone_deliveries(keys, MINE, NOW + 600 - 30)  # due in ten minutes

    assert await store.claim_deliveries(THEIRS, NOW + 60, NOW + 60 - 30, 10) == [], "not due yet"
    assert await store.resume_channel_deliveries(game.channel_id, THEIRS, NOW) == 0, "only the holder resumes"
    assert await store.resume_channel_deliveries(game.channel_id, MINE, NOW) == 2
    assert await store.claim_deliveries(THEIRS, NOW + 60, NOW + 60 - 30, 10) == items, "due at once"


async def test_a_deleted_channels_deliveries_are_dropped(store: Store) -> None:
    game = await start_game(store)
    await store.record_action(game, game.version, action(game, 0), owed(game, game.version + 1), claimed_by=MINE)

    assert await store.drop_channel_deliveries([game.channel_id, 1]) == 2
    assert await store.claim_deliveries(THEIRS, NOW + 600, NOW + 600, 10) == []
