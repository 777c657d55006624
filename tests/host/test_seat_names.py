"""Moderators read seats by the people, bots and roles in them, never by a seat number (issue 25)."""

from __future__ import annotations

import re

import pytest

from bot.tables import Host
from engine.core import LobbyError

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, MOD


async def test_a_bot_s_seat_is_offered_and_refused_by_name_and_role(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "pioneers", {}, bots=1)
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    bot = next(s for s in record.seats if s.is_bot)
    bob = record.seat_of(BOB.user_id)
    assert bob is not None
    role = host._role_label(host.spec("pioneers"), bot.role)
    offered = await host.bot_seats(CHANNEL)
    assert offered == [(f"{bot.display_name} ({role})" if role else bot.display_name, bot.seat + 1)]

    with pytest.raises(LobbyError) as refused:
        await host.give_back(CHANNEL, MOD, bob.seat + 1, CAROL)
    sentence = refused.value.sentence
    assert sentence.startswith("bob's seat is not a bot's.") and offered[0][0] in sentence
    assert not re.search(r"[Ss]eat \d", sentence), "no seat numbers"

    await host.give_back(CHANNEL, MOD, offered[0][1], CAROL)
    assert await host.bot_seats(CHANNEL) == []
    with pytest.raises(LobbyError, match="no bot plays in this game"):
        await host.give_back(CHANNEL, MOD, bob.seat + 1, CAROL)
