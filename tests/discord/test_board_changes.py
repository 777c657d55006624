"""Issue 26 on the simulated Discord: after a move, the board in the channel frames what the move changed.

Alice and Bob play ¡Abordaje! through their panels; once a move changes the board, the live board's image
carries the purple frames (``render.core.changes.MARK``) the first board lacks, and its alt text says what is
framed.
"""

from __future__ import annotations

import random

from render.core.changes import CHANGED, MARK

from .conftest import Table
from .players import begin_game, play_one
from .sim import board, png_images


async def test_the_board_after_a_move_frames_what_changed_with_alt_text(table: Table) -> None:
    players = await begin_game(table)
    first = board(table.channel, table.env)
    [dealt] = await png_images([first])
    assert CHANGED not in first.attachments[0].description, "the first board has nothing to compare with"
    rng = random.Random(3)
    for _ in range(30):
        for player in players:
            await play_one(table, player, rng, "panel")
        live = board(table.channel, table.env)
        if live.attachments and CHANGED in live.attachments[0].description:
            break
    else:
        raise AssertionError("30 rounds of moves and no board framed a change")
    [image] = await png_images([live])
    assert image.histogram()[int(MARK)] > dealt.histogram()[int(MARK)], "the alt text says framed, the image is not"
    framed = live.attachments[0].description.split(CHANGED, 1)[1]
    assert framed and "seat" not in framed.lower(), framed
