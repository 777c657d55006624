"""Jupiter Deep's empty colony (the full board's static layer and each tile's close-up layer) draws its hexagons,
rim, bridges and domes through the drawing core's own calls, one mask shared by the hexagons, and a close-up's
dome names (a few sides, ``NE``) pasted from one drawing each (issue 26: a tile's first close-up is among an
action's slowest drawings). The pixels are those Pillow's ``ImageDraw`` gives drawing each shape and name in
place with a mask of its own, on tiles' close-up layers and boards of a seeded game."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.jupiter.view import JupiterView
from render.core import Ink, new_canvas
from render.core.canvas import polygon
from render.jupiter.colony import (
    BRIDGE,
    COLONY,
    DEEP,
    TILE_FILL,
    _domes,
    _name_drawing,
    _tile_marks,
    dome_key_corner,
    dome_label,
    draw_colony_static,
    draw_dome_key,
    names_fit,
)
from render.jupiter.layout import HEIGHT, WIDTH, Layout, layout_for, side_index
from render.jupiter.pieces import power_plant, radar_dish
from render.jupiter.renderer import placements
from render.jupiter.zoom import OFFSET, ZOOM_HEIGHT, ZOOM_WIDTH, in_cut, zoom_layout_for

from .test_legibility import public_views


def drawn_shape_by_shape(draw: ImageDraw.ImageDraw, view: JupiterView, layout: Layout) -> None:
    """The empty colony as ``ImageDraw`` draws it, shape by shape (how ``draw_colony_static`` drew it before)."""
    draw.rectangle(COLONY, fill=int(DEEP))
    for tile in view.tiles:
        polygon(draw, layout.hexagon(tile.q, tile.r), TILE_FILL, Ink.GREY, width=2)
    for tile in view.tiles:
        for side in tile.exposed_sides:
            draw.line(list(layout.side_segment(tile.q, tile.r, side_index(side))), fill=int(Ink.WHITE), width=4)
    domes = _domes(view)
    for a, b in view.bridges:
        if a in domes and b in domes:
            ends = [layout.xy(domes[a].point), layout.xy(domes[b].point)]
            draw.line(ends, fill=int(BRIDGE), width=max(4, round(layout.step * 0.2)))
    radius = layout.dome_radius
    for tile in view.tiles:
        centre = layout.centre(tile.q, tile.r)
        if tile.centre == "power_plant":
            power_plant(draw, centre, round(layout.step * 0.36))
        elif tile.centre == "radar_dish":
            radar_dish(draw, centre, round(layout.step * 0.36))
        for dome in tile.domes:
            x, y = layout.xy(dome.point)
            box = (x - radius, y - radius, x + radius, y + radius)
            draw.ellipse(box, fill=int(Ink.WHITE), outline=int(Ink.CHARCOAL), width=2)
    for tile in view.tiles:
        for dome in tile.domes if names_fit(layout) else ():  # each name drawn where it stands
            _name_drawing(dome_label(dome, layout), layout.dome_radius, draw, layout.xy(dome.point))
        _tile_marks(draw, tile, layout)
    if not names_fit(layout):
        draw_dome_key(draw, dome_key_corner(view, layout))


def both(view: JupiterView, layout: Layout, size: tuple[int, int], ground: Ink) -> tuple[bytes, bytes]:
    images = []
    for draw_it in (draw_colony_static, drawn_shape_by_shape):
        image: Image.Image = new_canvas(*size, ground)
        draw_it(ImageDraw.Draw(image), view, layout)
        images.append(image.tobytes())
    return images[0], images[1]


def test_the_empty_colony_is_drawn_as_shape_by_shape() -> None:
    compared = 0
    for seed in (1,):
        for view in public_views("jupiter", seed)[::2]:
            assert isinstance(view, JupiterView)
            ours, pillows = both(view, layout_for(placements(view)), (WIDTH, HEIGHT), Ink.PAPER)
            assert ours == pillows, (seed, view.turn, "full board")
            for tile in view.tiles[::3]:
                local, layout = in_cut(view, tile), zoom_layout_for(view, tile)
                ours, pillows = both(local, layout, (ZOOM_WIDTH + OFFSET, ZOOM_HEIGHT), DEEP)
                assert ours == pillows, (seed, view.turn, tile.id)
                compared += 1
    assert compared >= 20
