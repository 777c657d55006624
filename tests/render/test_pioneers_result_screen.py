"""Cosmic Pioneers' result screen starts from a taller copy of the game's last board of play
(``PioneersRenderer._result_over_last``): the same pixels and layout as one drawn over its own layer, whose
standings are its own, and no static layer drawn for a screen a game shows once."""

from __future__ import annotations

from render.core.sheet import Sheet
from render.pioneers.phone import draw_overview
from render.pioneers.renderer import PioneersRenderer
from tests.render.test_pioneers_cells import layout, played


def test_a_result_screen_drawn_over_the_last_board_of_play_is_the_one_drawn_from_nothing() -> None:
    views = played(6, 3)
    end = views[-1]
    assert end.phase == "over" and views[-2].phase == "play"
    richer = [p.model_copy(update={"vp": p.vp + 5 * p.seat}) for p in end.players]
    other_end = end.model_copy(update={"players": richer})  # another winner, other standings
    renderer = PioneersRenderer()
    for view in views[-6:-1]:
        renderer._phone(view, Sheet(boxes_only=True))
    layers = renderer.layers.draws
    images = []
    for view in (end, other_end, end):
        kept, fresh = Sheet(boxes_only=True), Sheet(boxes_only=True)
        image = renderer._phone(view, kept)
        assert image.tobytes() == draw_overview(view, fresh).tobytes()
        assert layout(kept) == layout(fresh)
        images.append(image.tobytes())
    assert images[0] != images[1] and images[0] == images[2]
    assert renderer.layers.draws == layers, "a layer was drawn for the result screen"
