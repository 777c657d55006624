"""Issue 26 through the simulated Discord: whoever acts is answered before the others' DMs of the move are drawn
(``Outbox.later``); each of those DMs still arrives, once, after the board."""

from __future__ import annotations

import random

from .conftest import Table
from .players import begin_game, open_choices
from .sim import answers, bot_messages, dms, is_private


async def test_the_others_dms_arrive_once_each_after_the_answer_and_the_board(table: Table) -> None:
    players = await begin_game(table)
    rng = random.Random(26)
    told = 0
    for _ in range(8):
        waiting = [p for p in players if await open_choices(table, p)]
        if not waiting:
            break
        acting = waiting[0]
        other = next(p for p in players if p is not acting)
        before = len(dms(other))
        result = await acting.slash(table.channel, "act", choice=rng.choice(await open_choices(table, acting)))
        assert is_private(result)
        [answer] = answers(result)
        new = dms(other)[before:]
        assert len(new) <= 1, "one DM a move"
        for dm in new:
            told += 1
            assert dm.id > int(answer.id), "the DM was sent after the acting player's answer"
            newest = bot_messages(table.channel, table.env)[-1]
            assert dm.id > newest.id or newest.edited_at is not None, "after the board"
    assert told, "the moves told the other player something by DM"
