"""Aways (``/away``, migration 12) on both backends: stored, replaced, ended exactly once, found when over."""

from __future__ import annotations

import asyncio

from bot.store import Store
from bot.store.base import AwayRecord, HandedSeat


async def test_an_away_is_stored_replaced_and_ended_once(store: Store) -> None:
    assert await store.away_of(7, 1) is None
    handed = [HandedSeat(game_id=3, seat=1, bot_user_id=-2, from_action=40, display_name="ana")]
    away = AwayRecord(user_id=7, guild_id=1, since=100.0, until=500.0, reason="holiday", bot=True, handed=handed)
    await store.set_away(away)
    assert await store.away_of(7, 1) == away
    assert await store.away_of(7, 2) is None, "an away is one server's"
    assert await store.aways_among(1, [5, 7, 9]) == [away] and await store.aways_among(2, [7]) == []
    later = away.model_copy(update={"until": 900.0, "reason": None})
    await store.set_away(later)
    assert await store.away_of(7, 1) == later
    assert await store.aways_over(899.0) == []
    assert await store.aways_over(900.0) == [later]
    ended = await asyncio.gather(store.end_away(7, 1), store.end_away(7, 1))
    assert sorted(e is not None for e in ended) == [False, True], "two enders: exactly one gets it"
    assert await store.away_of(7, 1) is None


async def test_a_server_s_longest_away_is_kept_and_forgotten(store: Store) -> None:
    assert await store.away_limit(1) is None
    await store.set_away_limit(1, 30.0)
    await store.set_away_limit(1, 21.5)
    assert await store.away_limit(1) == 21.5
    assert await store.away_limit(2) is None
    await store.set_away_limit(1, None)
    assert await store.away_limit(1) is None
