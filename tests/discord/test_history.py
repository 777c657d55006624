"""Coming back a day later: ``/log`` shows what happened, ``/log private`` only your own lines, ``/games``
where you sit and whether it waits on you."""

from __future__ import annotations

import random

from .conftest import Table
from .players import begin_game, open_choices, play_one
from .sim import is_private, said


async def test_log_and_games_tell_a_returning_player_what_happened(table: Table) -> None:
    await begin_game(table)
    rng = random.Random(3)
    for _ in range(4):  # both players place their first two orders
        for player in (table.alice, table.bob):
            await play_one(table, player, rng, "act")

    public = await table.carol.slash(table.channel, "log")
    assert is_private(public)
    assert "placed a card" in said(public) and "You placed" not in said(public)

    mine = await table.alice.slash(table.channel, "log", which="private")
    assert is_private(mine) and "You placed" in said(mine)
    onlooker = await table.carol.slash(table.channel, "log", which="private")
    assert "no seat" in said(onlooker)

    waiting_on = [p for p in (table.alice, table.bob) if await open_choices(table, p)]
    assert waiting_on
    games = await waiting_on[0].slash(table.channel, "games")
    assert is_private(games) and "waiting on you" in said(games)
    nothing = await table.carol.slash(table.channel, "games")
    assert "not seated" in said(nothing)
