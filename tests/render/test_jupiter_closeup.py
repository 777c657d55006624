"""The Jupiter Deep close-up: the acting robot's tile and its neighbours, drawn large (that tile's zoom).

It shows the tile's id and each dome's side at 12 px or more on a phone, is the same image as the Zoom on that
tile, and is drawn from what every viewer sees alike (nothing in Jupiter Deep is secret, so every seat's
close-up is the same image).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.jupiter import SPEC
from engine.jupiter.view import JupiterView
from render.core import changes
from render.core.sheet import clean
from render.core.zoom import MIN_DISPLAY_TEXT, display_size
from render.jupiter import RENDERER, JupiterRenderer
from render.jupiter.closeup import acting_robot, robot_tile
from render.jupiter.phone import static_key as phone_key

from .test_jupiter_render import GAMES, decode, playout, public


def seat_view(state: object, seat: int) -> JupiterView:
    view = SPEC.view(state, seat)  # type: ignore[arg-type]
    assert isinstance(view, JupiterView)
    return view


def test_the_closeup_is_the_acting_robots_tile_zoomed_and_readable_on_a_phone() -> None:
    drawn = 0
    for robots, seed, variants in GAMES:
        for state in playout(robots, seed, variants)[::29]:
            view = seat_view(state, 0)
            data = RENDERER.closeup(view)
            robot = acting_robot(view)
            tile = robot_tile(view, robot) if robot is not None else None
            if view.phase in ("won", "lost") or tile is None:
                assert data is None, "no close-up without a robot in the colony"
                continue
            assert data is not None
            drawn += 1
            assert data == RENDERER.zoom(public(state), tile.id), "the close-up is the robot's tile's zoom"
            image = decode(data)
            sheet = RENDERER.zoom_layout(view, tile.id)
            shown = {mark.text for mark in sheet.marks}
            assert tile.id in shown
            for mark in sheet.marks:
                assert display_size(mark.size, image.width) >= MIN_DISPLAY_TEXT, f"{mark.text!r} is too small"
                assert clean(mark, image) is None, f"{mark.text!r} is crossed or covered"
    assert drawn >= 5, "the sample drew close-ups"


def test_every_seat_gets_the_same_closeup() -> None:
    robots, seed, variants = GAMES[1]
    for state in playout(robots, seed, variants)[::41]:
        views = [seat_view(state, seat) for seat in range(robots)]
        assert len({v.my_seat for v in views}) == robots
        assert len({RENDERER.closeup(v) for v in views}) == 1
        assert len({RENDERER.closeup_alt(v) for v in views}) == 1


def test_a_board_and_its_closeup_asked_at_once_draw_no_full_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the host asks after an action: the channel's board and the actor's close-up together, in two threads.
    Neither needs the detailed board, so neither draws it (nor its static layer): the only layers drawn are the
    phone board's, one per shape of colony."""
    monkeypatch.setattr(changes, "BOARDS", changes.DrawnBoards())  # no phone board drawn before in this process
    renderer = JupiterRenderer()
    states = [s for s in playout(7, 3)[:80] if public(s).phase not in ("won", "lost")]
    views = [(public(s), seat_view(s, public(s).active)) for s in states]
    with ThreadPoolExecutor(2) as pool:
        for board_view, actor in views:
            board, closeup = pool.submit(renderer.board, board_view), pool.submit(renderer.closeup, actor)
            board.result(), closeup.result()
    assert renderer.boards.draws == 0
    assert renderer.layers.draws == len({phone_key(board_view) for board_view, _ in views})
