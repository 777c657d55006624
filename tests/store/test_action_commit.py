"""An action's commit, or a game's write, refused part-way writes nothing, on both backends.

PostgreSQL writes each in one statement (``sql.RECORD_ACTION_POSTGRES``, ``sql.UPDATE_GAME_POSTGRES``) and
SQLite in one hop to its thread (``bot.store.sqlite_thread``): the game row, its seats, the action, what it owes
and the interaction's link land together or not at all, and the player reads the same sentence as before.
"""

from __future__ import annotations

import pytest

from bot.store import Store
from engine.core.errors import Conflict

from .test_deliveries import MINE, NOW, THEIRS, deferral, owed
from .test_store import action, id_of, new_game, start_game


async def test_a_second_action_of_the_same_number_writes_nothing(store: Store) -> None:
    game = await start_game(store)
    first = await store.record_action(game, game.version, action(game, 0))
    # Another writer's update moved the version on (the log did not grow): the same number again is refused.
    moved = await store.update_game(first, first.version)
    await store.add_deferral(deferral(1), MINE)
    with pytest.raises(Conflict, match="moved first"):
        await store.record_action(moved, moved.version, action(game, 0, choice="x"), owed(moved, 9), interaction_id=1)

    stored = await store.get_game(id_of(game))
    assert stored is not None and stored.version == moved.version and stored.action_count == 1
    assert [a.choice_id for a in await store.actions(id_of(game))] == ["c0"]
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10) == []
    claimed = await store.claim_deferrals(THEIRS, NOW + 40, NOW + 35, NOW - 800, 10)
    assert [(d.interaction_id, d.taken) for d in claimed] == [(1, False)], "not linked to an action"


async def test_an_action_that_would_make_a_second_live_game_in_a_channel_writes_nothing(store: Store) -> None:
    old = await start_game(store)
    old.status = "ended"
    ended = await store.update_game(old, old.version)
    await store.insert_game(new_game())  # a new lobby in the same channel
    ended.status = "active"
    with pytest.raises(Conflict, match="already has a game"):
        await store.record_action(ended, ended.version, action(ended, 0), owed(ended, 9), claimed_by=MINE)

    stored = await store.get_game(id_of(ended))
    assert stored is not None and stored.status == "ended" and stored.version == ended.version
    assert await store.actions(id_of(ended)) == []
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10) == []


async def test_a_refused_game_write_leaves_its_seats_and_owes_nothing(store: Store) -> None:
    game = await start_game(store)
    stale = game.model_copy(deep=True)
    await store.update_game(game, game.version)  # another writer first
    stale.seats = stale.seats[:1]
    stale.seats[0].display_name = "renamed"
    with pytest.raises(Conflict, match="changed this game first"):
        await store.update_game(stale, stale.version, owed(stale, 9), claimed_by=MINE)

    stored = await store.get_game(id_of(game))
    assert stored is not None and stored.seats == game.seats
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10) == []
