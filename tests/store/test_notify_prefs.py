"""Notification choices (``/notify``) and first-time hint counts, in both backends (migration 11)."""

from __future__ import annotations

import pytest

from bot.store import NotifyPrefs, Store


async def test_choices_default_then_each_write_keeps_the_others(store: Store) -> None:
    assert await store.notify_prefs([7, 8]) == {7: NotifyPrefs(user_id=7), 8: NotifyPrefs(user_id=8)}
    await store.set_notify_prefs(7, {"hints": False})
    after = await store.set_notify_prefs(7, {"digest_hour": 9, "time_zone": "Europe/Paris"})
    assert after == NotifyPrefs(user_id=7, hints=False, digest_hour=9, time_zone="Europe/Paris")
    await store.set_notify_prefs(7, {"quiet_start": 22, "quiet_end": 8, "quiet_since": 5.0})
    assert (await store.notify_prefs([7]))[7].quiet_start == 22
    assert (await store.notify_prefs([7]))[7].hints is False, "a later write left hints as they were"
    assert await store.notify_schedules() == [(await store.notify_prefs([7]))[7]]
    await store.set_notify_prefs(7, {"digest_hour": None, "quiet_start": None, "quiet_end": None})
    assert await store.notify_schedules() == [], "nobody left with a digest or quiet hours"


async def test_an_unknown_choice_is_refused(store: Store) -> None:
    with pytest.raises(ValueError):
        await store.set_notify_prefs(7, {"dm_closed": True})


async def test_a_hint_counts_each_decision_once(store: Store) -> None:
    assert await store.note_hint(7, "derelict:pays", "g1:r1.3.pay") == 1
    assert await store.note_hint(7, "derelict:pays", "g1:r1.3.pay") == 1, "the same panel drawn again"
    assert await store.note_hint(7, "derelict:pays", "g1:r1.9.pay") == 2
    assert await store.note_hint(8, "derelict:pays", "g1:r1.9.pay") == 1, "counted per player"
