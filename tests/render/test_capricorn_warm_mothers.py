"""Abandon Capricorn's ``warm()`` draws every Mother's look ahead (each colour, every health, at every size the
ship, the phone board and the panel draw her), and the cube and search token: a Mother's wound during play then
costs no new drawing or measure inside a player's action."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.capricorn.catalog import CATALOG
from render.capricorn import ship
from render.capricorn.layout import PIECE_SIZES
from render.capricorn.panel import PANEL_MOTHER
from render.capricorn.phone import PIECE as PHONE_PIECE
from render.capricorn.pieces import CREW_PARTS, cube, mother, search_token
from render.capricorn.renderer import CapricornRenderer
from render.core import SPRITES


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
