"""A moderator's ``/log`` line commits with their step, on both backends (issue 31, "Smaller"): a step refused
(another process changed the game first) writes no line, a step taken writes exactly its own."""

from __future__ import annotations

import pytest

from bot.store import NoteRecord, Store
from engine.core.errors import Conflict

from .test_store import action, id_of, start_game

MOD = 900


def line(game_id: int, after: int, text: str) -> NoteRecord:
    return NoteRecord(game_id=game_id, after_action=after, at=1.0, user_id=MOD, text=text)


async def test_a_change_and_its_note_commit_together_or_not_at_all(store: Store) -> None:
    game = await start_game(store)
    moved = await store.record_action(game, game.version, action(game, 0))
    gave = line(id_of(game), 1, "🔁 mod (moderator) gave bob's seat to carol.")

    with pytest.raises(Conflict):  # read before the move: refused, and so is its line
        await store.update_game(game, game.version, notes=[gave])
    assert await store.notes(id_of(game)) == []

    changed = await store.update_game(moved, moved.version, notes=[gave])
    assert await store.notes(id_of(game)) == [gave]

    undid = line(id_of(game), 0, "↩️ mod (moderator) undid bob's last action")
    with pytest.raises(Conflict):
        await store.undo_action(moved, moved.version, 0, notes=[undid])
    await store.undo_action(changed, changed.version, 0, notes=[undid])
    assert await store.notes(id_of(game)) == [gave, undid]
