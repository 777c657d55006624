"""The Jupiter Deep close-up: the acting robot's tile and the tiles within reach, cut from the board, enlarged.

A landscape image at a larger scale than the board, around the acting robot, drawn from what every viewer
sees alike (nothing in Jupiter Deep is secret, so every seat's close-up is the same image).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from PIL import Image

from engine.jupiter import SPEC
from engine.jupiter.view import JupiterView
from render.jupiter import RENDERER, JupiterRenderer
from render.jupiter.closeup import acting_robot, closeup_box, robot_tile, tiles_in_reach
from render.jupiter.layout import layout_for
from render.jupiter.renderer import placements, static_key

from .test_jupiter_render import GAMES, decode, playout, public


def seat_view(state: object, seat: int) -> JupiterView:
    view = SPEC.view(state, seat)  # type: ignore[arg-type]
    assert isinstance(view, JupiterView)
    return view


def test_the_closeup_is_landscape_and_enlarges_the_board_around_the_acting_robot() -> None:
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
            closeup, board = decode(data), decode(RENDERER.full(view))
            layout = layout_for(placements(view))
            box = closeup_box(view, layout)
            assert box is not None
            left, top, right, bottom = box
            assert closeup.width > closeup.height, f"the close-up is {closeup.size}"
            assert closeup.size == (2 * (right - left), 2 * (bottom - top)), "it is the board enlarged twice"
            shrunk = closeup.resize((right - left, bottom - top), Image.Resampling.NEAREST)
            assert shrunk.convert("RGB").tobytes() == board.crop(box).convert("RGB").tobytes()
            for near in tiles_in_reach(view, tile):
                x, y = layout.centre(near.q, near.r)
                assert left <= x < right and top <= y < bottom, f"{near.id} (next to {tile.id}) is out of it"
    assert drawn >= 5, "the sample drew close-ups"


def test_every_seat_gets_the_same_closeup() -> None:
    robots, seed, variants = GAMES[1]
    for state in playout(robots, seed, variants)[::41]:
        views = [seat_view(state, seat) for seat in range(robots)]
        assert len({v.my_seat for v in views}) == robots
        assert len({RENDERER.closeup(v) for v in views}) == 1
        assert len({RENDERER.closeup_alt(v) for v in views}) == 1


def test_a_board_and_its_closeup_asked_at_once_draw_one_board_and_each_layer_once() -> None:
    """As the host asks after an action: the channel's board and the actor's close-up together, in two threads.

    The close-up is cut from the board that action drew (one board drawn per public view), and the colony's
    static layer is drawn once per layout of tiles, whoever needs it first.
    """
    renderer = JupiterRenderer()
    states = [s for s in playout(7, 3)[:80] if public(s).phase not in ("won", "lost")]
    views = [(public(s), seat_view(s, public(s).active)) for s in states]
    with ThreadPoolExecutor(2) as pool:
        for board_view, actor in views:
            board, closeup = pool.submit(renderer.full, board_view), pool.submit(renderer.closeup, actor)
            board.result(), closeup.result()
    boards = {board_view.model_dump_json() for board_view, _ in views}
    assert renderer.boards.draws == len(boards), "a close-up draws no board of its own"
    layers = {static_key(board_view, layout_for(placements(board_view))) for board_view, _ in views}
    assert renderer.layers.draws == len(layers)
    assert renderer.layers.redraws == 0
