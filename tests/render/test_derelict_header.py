"""The Derelict phone board's header lines, kept as one part and pasted (``phone.kept_lines``): same pixels.

Pinned: every board shape's static layer is plain paper in the lines' box (``phone.LINES_BOX``), so a part cut
from one board may be pasted on any other; the lines of every header a seeded game shows (its end too, and a
self-destruct armed) draw nothing outside that box, and are kept; a board whose header lines changed (a fire more,
another course, a pod launched) is drawn again, not pasted stale, and equals the board drawn from nothing.
"""

from __future__ import annotations

from PIL import Image, ImageChops

from engine.derelict import SPEC
from engine.derelict.view import DerelictView
from render.core import new_canvas
from render.derelict import DerelictRenderer, phone
from render.derelict.cells import RoomCells, paste_box
from tests.derelict.playout import random_game
from tests.render.test_derelict_cells import assert_fresh
from tests.render.test_derelict_render import states

BOX = paste_box(phone.LINES_BOX)


def header_rows(view: DerelictView) -> list[tuple[str, object, bool]]:
    """The rows ``draw_header`` keeps, caught from the part it draws."""
    caught: list[tuple[str, object, bool]] = []
    kept = RoomCells()
    image = phone.draw_static(*phone.shape(view))
    phone.draw_header(phone.Board(image, None), view, kept, kept)
    for key in list(kept._kept._kept):
        if key[0] == "header lines":
            caught.extend(key[1])  # type: ignore[arg-type]
    return caught


def game_views() -> list[DerelictView]:
    views = []
    for seed in (1, 2, 6):
        played = [state for state, _ in random_game(seed) if state.phase != "setup"]
        views.extend(SPEC.view(state, None) for state in [*played[::7], played[-1]])
    armed = [v.model_copy(update={"self_destruct": 3}) for v in views[::5]]
    assert any(v.phase == "over" for v in views)
    return views + armed


def test_every_shape_has_plain_paper_in_the_lines_box() -> None:
    blank = new_canvas(phone.WIDTH, 400).crop(BOX).tobytes()
    for shape in ((1, False), (2, False), (5, False), (1, True), (5, True)):
        assert phone.draw_static(*shape).crop(BOX).tobytes() == blank, shape


def test_the_lines_of_every_header_draw_only_inside_their_box_and_are_kept() -> None:
    reference = phone.draw_static(5, True)
    seen = set()
    for n, view in enumerate(game_views()):
        rows = tuple(header_rows(view))
        assert rows, n  # kept: every line's box was inside
        if rows in seen:
            continue
        seen.add(rows)
        image = reference.copy()
        phone.draw_lines(phone.Board(image, None), rows)  # type: ignore[arg-type]
        outside = ImageChops.difference(image.convert("L"), reference.convert("L"))
        assert outside.crop(BOX).getbbox() is not None, n
        outside.paste(0, BOX)
        assert outside.getbbox() is None, n
    assert len(seen) > 10


def test_a_changed_header_line_is_drawn_not_pasted() -> None:
    renderer = DerelictRenderer()
    view = SPEC.view(states(4)[2], None)
    first = assert_fresh(renderer, view, "the first board")
    launched = [pod.model_copy(update={"launched": True}) if i == 0 else pod for i, pod in enumerate(view.pods)]
    variants = {
        "a fire more": {"fires": view.fires + 1},
        "a malfunction more": {"malfunctions": view.malfunctions + 1},
        "another course": {"course": "Z"},
        "a pod launched": {"pods": launched},
        "a smaller bag": {"bag_size": view.bag_size - 1},
        "self-destruct armed": {"self_destruct": 2},
    }
    for what, update in variants.items():
        image = assert_fresh(renderer, view.model_copy(update=update), what)
        assert image.crop(BOX).tobytes() != first.crop(BOX).tobytes(), what
    again = assert_fresh(renderer, view, "the first board again")
    assert again.tobytes() == first.tobytes()
    assert len(renderer.header) >= len(variants)


def test_an_image_of_the_lines_box_is_what_is_kept() -> None:
    renderer = DerelictRenderer()
    view = SPEC.view(states(4)[2], None)
    assert_fresh(renderer, view, "drawn")
    assert_fresh(renderer, view, "pasted")
    (drawn,) = renderer.header._kept._kept.values()
    assert isinstance(drawn.image, Image.Image) and drawn.image.size == (BOX[2] - BOX[0], BOX[3] - BOX[1])
