"""A Jupiter Deep tile's zoom (the close-up sent with every action) pastes its dome names, drawn once per tile
and layout, over the pieces instead of drawing every name again (issue 26): the very pixels, on every tile of
seeded games' views, pieces, pod and rings included."""

from __future__ import annotations

from functools import partial

from engine.jupiter.view import JupiterView
from render.jupiter.renderer import JupiterRenderer
from render.jupiter.zoom import tile_image

from .test_legibility import public_views


def test_a_zoom_with_its_kept_names_is_the_zoom_drawn_name_by_name() -> None:
    renderer = JupiterRenderer()
    compared = 0
    for seed in (1,):
        for view in public_views("jupiter", seed):
            assert isinstance(view, JupiterView)
            static, names = renderer._zoom_static(view), renderer._zoom_names(view)
            for tile in view.tiles[::3]:
                kept = tile_image(view, tile, partial(static, tile), partial(names, tile))
                assert kept.tobytes() == tile_image(view, tile).tobytes(), (seed, view.turn, tile.id)
                compared += 1
    assert compared >= 20
