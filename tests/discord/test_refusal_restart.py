"""Issue 31: a channel that refused the bot is left alone by the bot restarted after it too.

The refusal's schedule (until when, how many refusals in a row, what is missing) is stored
(``Store.save_refused_channel``): a restarted bot, which frees the dead one's held items at once, still sends
no request to that channel before its delay is over, then one, and the next delay is the longer one.
"""

from __future__ import annotations

import discord

from bot.backoff import CHANNEL_DELAYS

from .conftest import Table
from .faults import FaultPlan, Later
from .players import begin_game
from .sim import board, labels
from .test_discord_faults import acting_player, catch_up_after, messages, owed
from .test_posting_rights import deny_the_bot


def refused(table: Table, plan: FaultPlan) -> int:
    return plan.count("POST", messages(table), "403") + plan.count("PATCH", messages(table), "403")


async def test_a_restarted_bot_does_not_post_again_at_once_where_a_channel_refused_it(
    table: Table, plan: FaultPlan, later: Later
) -> None:
    await begin_game(table)
    deny_the_bot(table, discord.Permissions(send_messages=True))
    plan.forbid("*", messages(table))
    player, choices = await acting_player(table)
    await player.slash(table.channel, "act", choice=choices[0])
    assert refused(table, plan) == 1
    waiting = owed(table)
    assert waiting >= 1

    await table.restart(clock=later)  # returns once its first catch-up round is done
    assert refused(table, plan) == 1, "the restarted bot leaves the channel alone"
    await catch_up_after(table, later, CHANNEL_DELAYS[0] - 10)
    assert refused(table, plan) == 1, "until the channel's delay is over"
    await catch_up_after(table, later, 15)
    assert refused(table, plan) == 2, "then one request, not one per owed item"
    await catch_up_after(table, later, CHANNEL_DELAYS[1] - 10)
    assert refused(table, plan) == 2, "and the next delay is the second one: the refusals in a row were stored"
    assert owed(table) == waiting, "nothing was dropped"

    plan.stop()
    deny_the_bot(table, discord.Permissions.none())
    await table.alice.slash(table.channel, "board")
    await catch_up_after(table, later, 1)
    assert owed(table) == 0
    assert "Your move" in labels(board(table.channel, table.env))
    assert await table.next_store.refused_channels(later()) == [], "the channel works again: forgotten"
