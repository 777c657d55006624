"""Issue 31: one person spamming what posts to the channel, or typing at every length limit, gets sentences.

``/board``, ``/start`` and the lobby's buttons make the bot post or edit in the channel: each person may use
each a few times a minute (``bot.cooldowns``), then reads a sentence and nothing is posted, so no one person
can push the bot past Discord's per-channel limit. Values at Discord's length limits are refused with a
sentence that fits in a message, never a traceback.
"""

from __future__ import annotations

from bot.cooldowns import LIMITS

from .conftest import Table
from .faults import FaultPlan
from .players import begin_game
from .sim import bot_messages, is_private, lobby, said


def channel_writes(plan: FaultPlan, table: Table) -> int:
    path = f"/channels/{table.channel.id}/messages*"
    return plan.count("POST", path) + plan.count("PATCH", path)


async def test_board_spam_is_answered_with_a_sentence_after_a_few_a_minute(table: Table, plan: FaultPlan) -> None:
    await begin_game(table)
    for _ in range(LIMITS["board"]):
        assert "posted below" in said(await table.carol.slash(table.channel, "board"))
    writes = channel_writes(plan, table)

    refused = await table.carol.slash(table.channel, "board")

    assert is_private(refused) and "Slow down" in said(refused) and "`/board`" in said(refused)
    assert channel_writes(plan, table) == writes, "nothing posted"
    other = await table.bob.slash(table.channel, "board")
    assert "posted below" in said(other), "the limit is per person"


async def test_lobby_button_spam_stops_at_the_limit_and_posts_nothing_more(table: Table, plan: FaultPlan) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    answers = []
    for _ in range(LIMITS["lobby"] + 5):
        message = lobby(table.channel, table.env)
        label = "Leave" if table.bob.user.mention in message.content else "Join"
        answers.append(await table.bob.click(message, label=label))
    writes = channel_writes(plan, table)
    refused = [r for r in answers if "Slow down" in said(r)]
    assert len(refused) == 5 and all(is_private(r) for r in refused)
    # The lobby and its edits: the opening post, then one edit per accepted click at most.
    assert writes <= 1 + LIMITS["lobby"]


async def test_start_spam_is_refused_after_a_few_a_minute(table: Table) -> None:
    for _ in range(LIMITS["start"]):
        await table.alice.slash(table.channel, "start abordaje")
        await table.alice.slash(table.channel, "cancel")
    refused = await table.alice.slash(table.channel, "start abordaje")
    assert "Slow down" in said(refused) and "`/start`" in said(refused)
    assert await table.next_store.live_game(table.channel.id) is None


async def test_an_act_value_of_6000_characters_gets_a_sentence(table: Table) -> None:
    await begin_game(table)
    before = len(bot_messages(table.channel, table.env))
    result = await table.alice.slash(table.channel, "act", choice="x|" + "y" * 6000)
    assert is_private(result) and 0 < len(said(result)) <= 2000
    assert len(bot_messages(table.channel, table.env)) == before


async def test_an_autocomplete_string_at_the_limit_gets_an_empty_list_not_a_traceback(table: Table) -> None:
    await begin_game(table)
    offered = await table.alice.autocomplete(table.channel, "act", "choice", "z" * 6000)
    assert offered == []
