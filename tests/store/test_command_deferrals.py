"""A command other than a move (a lobby step, a moderator's step, /skip, /board), on both backends: its
interaction is stored with what it asked, and every kind of write of a game marks it done in the same
transaction, so a catch-up after a crash can tell the player whether it was taken (issue 15)."""

from __future__ import annotations

import pytest

from bot.store import DeferralRecord, Store
from engine.core.errors import Conflict

from .test_deliveries import MINE, NOW, THEIRS
from .test_store import action, id_of, new_game, start_game


def command(interaction_id: int, asked: str = "/join") -> DeferralRecord:
    return DeferralRecord(
        interaction_id=interaction_id,
        application_id=42,
        token=f"token-{interaction_id}",
        channel_id=new_game().channel_id,
        user_id=101,
        deferred_at=NOW,
        asked=asked,
        said="You are seated.",
    )


async def claimed(store: Store) -> dict[int, DeferralRecord]:
    """Every stored deferral, as a process that took over after a crash would claim them."""
    return {d.interaction_id: d for d in await store.claim_deferrals(THEIRS, NOW + 40, NOW + 35, NOW - 800, 10)}


async def test_every_write_of_a_game_marks_the_command_that_asked_for_it_done(store: Store) -> None:
    for interaction_id in (1, 2, 3, 4, 5):
        await store.add_deferral(command(interaction_id), MINE)
    opened = await store.insert_game(new_game(), interaction_id=1)  # /start
    game = await start_game(store, opened.channel_id + 1)
    changed = await store.update_game(game, game.version, interaction_id=2)  # /join, /end, /board…
    moved = await store.record_action(changed, changed.version, action(changed, 0))
    undone = await store.undo_action(moved, moved.version, 0, interaction_id=3)  # /undo
    await store.delete_game(id_of(undone), undone.version, interaction_id=4)  # /cancel, /reset

    by_id = await claimed(store)
    assert [by_id[i].taken for i in (1, 2, 3, 4, 5)] == [True, True, True, True, False]
    assert by_id[1].game_id == id_of(opened) and by_id[2].game_id == id_of(game)
    assert by_id[5].asked == "/join" and by_id[5].said == "You are seated.", "what it asked, kept to say"


async def test_a_refused_write_leaves_its_command_not_done(store: Store) -> None:
    await store.add_deferral(command(1, "/end"), MINE)
    game = await start_game(store)
    await store.update_game(game.model_copy(deep=True), game.version)  # another process changed it meanwhile
    with pytest.raises(Conflict):
        await store.update_game(game, game.version, interaction_id=1)
    with pytest.raises(Conflict):
        await store.delete_game(id_of(game), game.version, interaction_id=1)
    assert not (await claimed(store))[1].taken, "the refused write rolled its mark back with it"
