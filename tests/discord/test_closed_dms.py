"""Scenario 4: a player whose DMs are closed still plays, from the panel and ``/hand``.

Closed DMs are SimCord's one missing behaviour here; ``sim.close_dms`` adds it (403, code 50007).
"""

from __future__ import annotations

import random

from .conftest import Table
from .players import begin_game, open_choices, open_panel, play_one
from .sim import bot_messages, close_dms, dms, is_private, prompt_choices, said


def dm_attempts(table: Table, player_dm_channel: int) -> int:
    """How many messages the bot tried to send into one DM channel."""
    path = f"/channels/{player_dm_channel}/messages"
    return sum(1 for r in table.env.http_requests if r.method == "POST" and r.path == path)


async def test_a_player_with_closed_dms_plays_from_the_panel_and_the_channel_is_told_once(
    table: Table,
) -> None:
    close_dms(table.env, table.bob)
    rng = random.Random(3)

    await begin_game(table)
    hand = await table.bob.slash(table.channel, "hand")
    for _ in range(6):
        for player in (table.alice, table.bob):
            await play_one(table, player, rng, "dm")  # Bob has no DM to answer in: he uses the panel

    notices = [m for m in bot_messages(table.channel, table.env) if "direct messages" in m.content]
    assert len(notices) == 1 and table.bob.mention in notices[0].content
    assert dms(table.bob) == [] and dms(table.alice), "Alice's DMs still arrive"
    assert dm_attempts(table, table.bob.user.dm_channel.id) == 1, "a closed DM is never retried"
    # /hand carries Bob's private view, only to him; nothing of it reached the channel's notice.
    assert is_private(hand) and "Your hand" in said(hand)
    secret = said(hand).split("Your hand:", 1)[1].splitlines()[0]
    assert secret.strip() and secret not in notices[0].content
    # The panel still offers Bob his pending choices whenever he has any.
    if await open_choices(table, table.bob):
        panel = await open_panel(table, table.bob)
        assert panel.response is not None and prompt_choices(panel.response)
