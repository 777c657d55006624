"""Abandon Capricorn's ``warm()`` draws every Mother's look ahead (each colour, every health, at every size the
ship, the phone board and the panel draw her), and the cube and search token: a Mother's wound during play then
costs no new drawing or measure inside a player's action. A piece's first placing under a new rotation joins
what it keeps clear of from kept parts."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.capricorn.board import SHIP
from engine.capricorn.catalog import CATALOG
from render.capricorn import phone, ship
from render.capricorn.hand import CARD_H, CARD_W
from render.capricorn.layout import PIECE_SIZES
from render.capricorn.panel import PANEL_MOTHER
from render.capricorn.phone import PIECE as PHONE_PIECE
from render.capricorn.phone import RESULT_LINES_WARMED
from render.capricorn.pieces import CREW_PARTS, cube, mother, search_token
from render.capricorn.renderer import CapricornRenderer
from render.core import SPRITES, Ink, rounded


def test_after_warming_no_mother_look_is_drawn_or_measured_during_play() -> None:
    CapricornRenderer().warm()
    drawn, shared, measured = CREW_PARTS.draws, SPRITES.draws, ship._piece_shape.cache_info().misses
    draw = ImageDraw.Draw(Image.new("P", (120, 120), 0))
    for color, data in CATALOG.rules.mothers.items():
        for health in range(1, data.health + 1):  # on the map: at 0 she is dead and off it
            for size in (PHONE_PIECE, *PIECE_SIZES):
                ship.draw_piece(draw, (60, 60), "mother", (color, health), size)
                ship._piece_shape("mother", (color, health), size)
        for health in range(data.health + 1):  # the panel shows a dead Mother's 0 too
            mother(draw, (60, 60), color, health, r=PANEL_MOTHER)
    cube(draw, (60, 60))
    search_token(draw, (60, 60))
    assert (CREW_PARTS.draws, SPRITES.draws, ship._piece_shape.cache_info().misses) == (drawn, shared, measured)


def test_what_a_piece_keeps_clear_of_put_together_by_ring_and_tag_is_every_mark_it_must_not_touch() -> None:
    """A piece's places test the marks near it (``_clear_masks``), now joined from each ring's codes and each
    room's tag kept apart: the same marks, in the same order, as ``keep_clear`` lists under every rotation."""
    for inner in range(0, SHIP.marks, 5):
        for middle in range(0, SHIP.marks, 3):
            rotation = {"inner": inner, "middle": middle}
            for ring in ("inner", "middle", "outer"):
                joined = ship._clear_masks(ring, tuple(sorted(rotation.items())))
                marks = ship.keep_clear(ring, rotation)
                assert [box for box, _ in joined] == [m.reach for m in marks], (ring, rotation)
                assert all(halo.tobytes() == m.halo.tobytes() for (_, halo), m in zip(joined, marks, strict=True))


def test_after_warming_no_room_tag_card_frame_or_end_box_is_drawn_during_play() -> None:
    """The turning rooms' yellow tags (drawn anew as a ring turns), a hand's card frames in both looks and the
    end's box (one to three lines) are drawn in ``warm()``; the pixels are the boards' own (test_stamps_boards)."""
    CapricornRenderer().warm()
    drawn = SPRITES.draws
    draw = ImageDraw.Draw(Image.new("P", (700, 700), 0))
    for room in SHIP.rooms:
        if room.ring in SHIP.rotating:
            ship._tag_box(draw, room.key, (60, 60))
    for outline in (Ink.BLUE, Ink.ORANGE):
        rounded(draw, (10, 10, 10 + CARD_W, 10 + CARD_H), Ink.WHITE, outline, radius=10, width=3)
    for lines in range(1, RESULT_LINES_WARMED + 1):
        phone._result_box(draw, 100, lines)
    assert SPRITES.draws == drawn
