"""Each view's phone board is drawn once, whether it is asked for plain or with what changed ringed (issue 26).

The host posts a game's first board plain (and again plain after a restart), then every next board with what
changed since the last one ringed, and ``/board`` asks for the plain board of a view already posted. The
rings are found from the two boards' layouts and drawn on a copy of the unmarked board
(``render.core.changes.BOARDS``), so no view is drawn twice and the last board is not drawn again to be
compared with. ``DrawnBoards.draws`` counts the drawings; each test names its seats uniquely, so the views are
new to the process whatever ran before.
"""

from __future__ import annotations

import io
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image

from engine.core import View
from engine.registry import GAMES
from render.core.changes import BOARDS
from render.registry import RENDERERS

from .test_changes import public_views


def three_boards(game: str, tag: str) -> list[View]:
    """Three consecutive different public views, their seats named for this test alone."""
    views = [v for v, w in pairwise(public_views(game)) if v != w][:3]
    return [v.model_copy(update={"names": {seat: f"{tag} {seat}" for seat in range(8)}}) for v in views]


def pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).tobytes()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_plain_board_then_marked_ones_draw_each_view_once(game: str) -> None:
    renderer: Any = RENDERERS[game]
    first, second, third = three_boards(game, "plain then marked")
    drawn = BOARDS.draws
    renderer.board(first)  # the game's first board, or the first after a restart
    renderer.marked(second, first)
    renderer.marked(third, second)
    plain = renderer.board(third)  # `/board`: the unmarked board of the view just posted
    assert BOARDS.draws - drawn == 3
    marked, words = renderer.marked(third, third)
    assert words == [] and pixels(marked) == pixels(plain)


@pytest.mark.parametrize("game", ["abordaje", "jupiter"])
def test_after_a_restart_the_last_board_is_measured_once(game: str) -> None:
    """The process that posted the last board is gone: its layout is measured once (drawn), then kept."""
    renderer: Any = RENDERERS[game]
    first, second, third = three_boards(game, "restart")
    drawn = BOARDS.draws
    renderer.marked(second, first)
    renderer.marked(third, second)
    assert BOARDS.draws - drawn == 3


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_phone_boards_of_a_game_share_static_layers_drawn_once(game: str) -> None:
    """Frames, titles and keys are drawn once per shape of board (a game's cards, ring, colony, seats) and
    copied under every board's pieces: a game of boards draws a few layers, never one twice (measured in the
    game's middle: Cosmic Pioneers' ring is dealt a sector a move in its set-up, a new shape each time)."""
    renderer: Any = type(RENDERERS[game])()  # a fresh renderer: its layer counts are this game's alone
    views = [v.model_copy(update={"names": {seat: f"layers {seat}" for seat in range(8)}}) for v in public_views(game)]
    drawn = BOARDS.draws
    middle = len(views) // 2
    for before, after in pairwise(views[middle - 15 : middle + 15]):
        renderer.marked(after, before)
    boards = BOARDS.draws - drawn
    assert boards >= 10
    # Cosmic Pioneers pastes its boards part by part over its last board (or blank paper): no static layer at all.
    fewest = 0 if game == "pioneers" else 1
    assert fewest <= renderer.layers.draws <= boards // 3 and renderer.layers.redraws == 0
