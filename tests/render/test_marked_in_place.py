"""A marked board drawn for a new view rings the unmarked board itself, then puts it back (issue 26).

The board just drawn is kept for ``/board`` and the next marked board (``render.core.changes.BOARDS``); ringing it
in place (no copy) must leave it exactly as drawn, and ring it exactly as a copy of it would be ringed.
"""

from __future__ import annotations

import io
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image

from engine.registry import GAMES
from render.core.changes import BOARDS
from render.registry import RENDERERS

from .test_changes import public_views


def pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).tobytes()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_board_ringed_in_place_is_put_back_as_drawn(game: str) -> None:
    renderer: Any = RENDERERS[game]
    views = [v for v, w in pairwise(public_views(game)) if v != w][:12]
    boards = [v.model_copy(update={"names": {seat: f"in place {seat}" for seat in range(8)}}) for v in views]
    for previous, view in pairwise(boards):  # each view new: drawn, then ringed on itself
        marked, words = renderer.marked(view, previous)
        plain = renderer.board(view)  # the kept unmarked board, after its rings
        if pixels(marked) != pixels(plain):  # something changed, so rings were drawn
            break
    else:
        pytest.fail("no board with what changed ringed")

    BOARDS.clear()  # a restart: both boards drawn again from nothing
    renderer.cache.clear()
    assert pixels(renderer.board(view)) == pixels(plain)
    renderer.board(previous)
    again, words_again = renderer.marked(view, previous)  # the kept board now: ringed on a copy
    assert words_again == words and pixels(again) == pixels(marked)
