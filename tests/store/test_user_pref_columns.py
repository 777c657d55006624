"""One user preference written on its own, on both backends (``Store.set_user_pref``): the other column is
left as stored, and the write says whether it changed anything (how one of two processes knows it was first)."""

from __future__ import annotations

import pytest

from bot.store import Store, UserPrefs


async def test_writing_one_preference_keeps_the_other(store: Store) -> None:
    assert await store.set_user_pref(11, "notify_dm", True), "the user's first row"
    assert await store.set_user_pref(11, "dm_closed", True)
    assert await store.user_prefs(11) == UserPrefs(user_id=11, dm_closed=True, notify_dm=True)
    assert await store.set_user_pref(11, "notify_dm", False)
    assert await store.user_prefs(11) == UserPrefs(user_id=11, dm_closed=True, notify_dm=False)


async def test_writing_the_value_already_stored_changes_nothing_and_says_so(store: Store) -> None:
    await store.set_user_pref(12, "dm_closed", True)
    assert not await store.set_user_pref(12, "dm_closed", True), "a second process finds it already set"
    assert await store.set_user_pref(12, "dm_closed", False)
    assert not await store.set_user_pref(12, "dm_closed", False)


async def test_only_a_known_preference_can_be_written(store: Store) -> None:
    with pytest.raises(ValueError, match="no user preference"):
        await store.set_user_pref(13, "user_id; DROP TABLE games", True)
