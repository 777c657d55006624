"""The Derelict phone board's rooms, pasted from the rooms drawn before (``render.derelict.cells``): a board is the
very board drawn from nothing, however many boards came before it.

Pinned: over a seeded game, every board a long-lived renderer draws equals the board drawn from nothing, in pixels
and in what its layout says is where (the what-changed rings compare layouts); two views that differ only inside one
room (a fire, an intruder's letter, a character's letter) draw different boards, each equal to its fresh drawing,
and so do two that differ in time; a room and the time track draw nothing outside their boxes, and every board
shape's static layer is the same in every room's box (so a room drawn on one shape may be pasted on another).
"""

from __future__ import annotations

from PIL import Image, ImageChops

from engine.derelict import SPEC
from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, IntruderView
from render.core.sheet import Sheet
from render.derelict import DerelictRenderer, phone
from render.derelict.cells import paste_box
from tests.render.test_derelict_render import crowded, states

TRACK = (phone.TIME_LEFT, phone.TIME_TOP, phone.WIDTH - phone.MARGIN, phone.TIME_BOTTOM + 1)


def fresh(view: DerelictView) -> tuple[Image.Image, Sheet]:
    sheet = Sheet(boxes_only=True)
    return phone.draw_phone(view, sheet), sheet


def drawn(renderer: DerelictRenderer, view: DerelictView) -> tuple[Image.Image, Sheet]:
    sheet = Sheet(boxes_only=True)
    return renderer._phone(view, sheet), sheet


def places(sheet: Sheet) -> tuple[list[tuple[str, tuple[int, ...]]], list[tuple[str, str, tuple[int, ...]]]]:
    return [(m.text, m.box) for m in sheet.marks], [(t.space, t.what, t.box) for t in sheet.tokens]


def assert_fresh(renderer: DerelictRenderer, view: DerelictView, what: str) -> Image.Image:
    image, sheet = drawn(renderer, view)
    expected, expected_sheet = fresh(view)
    assert image.tobytes() == expected.tobytes(), what
    assert places(sheet) == places(expected_sheet), what
    return image


def test_every_board_of_a_game_is_the_board_drawn_from_nothing() -> None:
    renderer = DerelictRenderer()
    boards = 0
    for seed in (3, 5):
        for n, state in enumerate(states(seed, every=4)):
            assert_fresh(renderer, SPEC.view(state, None), f"seed {seed} state {n}")
            boards += 1
    assert 0 < renderer.rooms.draws < boards * len(CATALOG.map_order) // 2  # most rooms were pasted


def test_a_change_inside_one_room_is_drawn_not_pasted() -> None:
    renderer = DerelictRenderer()
    view = SPEC.view(states(4)[2], None)
    room = next(r for r in view.rooms if r.explored and r.id != "CB")
    seated = [s for s in view.seats if s.letter]
    first = assert_fresh(renderer, view, "the first board")
    variants = {
        "a fire": {"fire": not room.fire},
        "a malfunction": {"malfunction": not room.malfunction},
        "an intruder": {"intruders": [IntruderView(id=90, type="hunter", letter="H", wounds=0)]},
        "another intruder letter": {"intruders": [IntruderView(id=90, type="hunter", letter="Q", wounds=0)]},
        "a character": {"characters": [seated[0].seat]},
    }
    for what, update in variants.items():
        changed = view.model_copy(
            update={"rooms": [r.model_copy(update=update) if r.id == room.id else r for r in view.rooms]}
        )
        image = assert_fresh(renderer, changed, what)
        assert image.tobytes() != first.tobytes(), what
    seat = seated[0].seat
    relettered = view.model_copy(
        update={
            "rooms": [r.model_copy(update={"characters": [seat]}) if r.id == room.id else r for r in view.rooms],
            "seats": [s.model_copy(update={"letter": "Z"}) if s.seat == seat else s for s in view.seats],
        }
    )
    assert_fresh(renderer, relettered, "a character's letter")


def test_a_change_of_time_redraws_the_track() -> None:
    renderer = DerelictRenderer()
    view = SPEC.view(states(4)[2], None)
    first = assert_fresh(renderer, view, "the first board")
    for what, update in {"the time": {"time": view.time + 1}, "cryo": {"cryo_open": view.cryo_open - 1}}.items():
        image = assert_fresh(renderer, view.model_copy(update=update), what)
        assert image.crop(TRACK).tobytes() != first.crop(TRACK).tobytes(), what
    assert_fresh(renderer, view, "the first board again")


def test_the_track_draws_only_inside_its_box() -> None:
    view = SPEC.view(states(2)[3], None)
    reference = phone.draw_static(5, False)
    box = paste_box((phone.TIME_LEFT, phone.TIME_TOP, phone.time_cell(view, view.time_spaces)[2], phone.TIME_BOTTOM))
    for static in (phone.draw_static(2, False), phone.draw_static(3, True)):
        assert static.crop(box).tobytes() == reference.crop(box).tobytes()
    for time in range(1, view.time_spaces + 1):
        image = reference.copy()
        phone.draw_track(phone.Board(image, None), view.model_copy(update={"time": time, "cryo_open": time}))
        outside = ImageChops.difference(image.convert("L"), reference.convert("L"))
        outside.paste(0, box)
        assert outside.getbbox() is None, time


def test_a_room_draws_only_inside_its_box_on_a_layer_every_shape_shares() -> None:
    view = SPEC.view(states(2)[3], None)
    layers = {shape: phone.draw_static(*shape) for shape in ((2, False), (5, False), (1, True), (5, True))}
    reference = layers[(5, False)]
    for room in CATALOG.map_order:
        box = paste_box(phone.cell(room))
        for layer in layers.values():
            assert layer.crop(box).tobytes() == reference.crop(box).tobytes(), room
        packed = crowded(view, room, 6)
        for unexplored in (False, True):
            shown = next(r for r in packed.rooms if r.id == room)
            if unexplored:
                shown = shown.model_copy(update={"explored": False, "name": None})
            image = reference.copy()
            phone.draw_cell(phone.Board(image, None), packed, shown)
            outside = ImageChops.difference(image.convert("L"), reference.convert("L"))
            outside.paste(0, box)
            assert outside.getbbox() is None, room
