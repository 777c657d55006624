"""Issue 26: a move's board and the others' DMs are forgotten in one call once delivered
(``bot.delivery``'s ``_forget_late``); on both backends, that call forgets exactly the items named, of one
commit or of several, and leaves every other item owed."""

from __future__ import annotations

from bot.store import DeliveryRecord, GameRecord, Store

from .test_deliveries import MINE, NOW, THEIRS, owed
from .test_store import BOB, action, id_of, start_game


def three(game: GameRecord, version: int, *, at: float = NOW) -> list[DeliveryRecord]:
    """A board and two DMs (one to Bob, one to Alice) for the commit that makes ``version``."""
    items = owed(game, version, at=at)
    bob = items[1].model_copy(update={"seq": 2, "user_id": BOB})
    return [*items, bob]


async def test_some_items_of_one_commit_are_forgotten_in_one_call_and_the_rest_stays_owed(store: Store) -> None:
    game = await start_game(store)
    items = three(game, game.version + 1)
    await store.record_action(game, game.version, action(game, 0), items, claimed_by=MINE)

    await store.finish_deliveries([items[0].key, items[2].key])  # the board and Bob's DM went out
    assert await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10) == [items[1]]


async def test_items_of_two_commits_are_forgotten_in_one_call(store: Store) -> None:
    game = await start_game(store)
    first_items = three(game, game.version + 1)
    first = await store.record_action(game, game.version, action(game, 0), first_items, claimed_by=MINE)
    second_items = three(first, first.version + 1, at=NOW + 5)
    await store.record_action(first, first.version, action(first, 1), second_items, claimed_by=MINE)

    await store.finish_deliveries([*(item.key for item in first_items[1:]), second_items[0].key])
    left = await store.claim_deliveries(THEIRS, NOW + 100, NOW + 100, 10)
    assert left == [first_items[0], *second_items[1:]]
    assert {item.game_id for item in left} == {id_of(game)}
