"""Jupiter Deep's pod in a close-up is pasted from a drawing kept by what it shows (issue 26, speed): the same
pixels as drawing it there, docked or away, and a close-up asked again draws nothing anew."""

from __future__ import annotations

from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.jupiter.view import JupiterView
from engine.registry import GAMES
from render.jupiter.sections import SectionCache
from render.jupiter.zoom import tile_image


def played(seed: int, seats: int, most: int) -> list[JupiterView]:
    spec = GAMES["jupiter"]
    options = spec.options_model()
    views = []
    for i, step in enumerate(random_playout(spec, [SeatSetup(role=None)] * seats, options, seed)):
        if i >= most:
            break
        view = spec.view(step.after, None)
        assert isinstance(view, JupiterView)
        views.append(view)
    return views


def test_the_pod_pasted_in_a_close_up_is_the_pod_drawn_there_docked_or_away() -> None:
    sections = SectionCache()
    docked = away = 0
    for view in played(5, 3, most=90)[::3]:
        tile = next((t for t in view.tiles if t.id == view.pod.dock_tile), view.tiles[0])
        pasted = tile_image(view, tile, sections=sections).tobytes()
        assert pasted == tile_image(view, tile).tobytes()
        draws = sections.draws
        assert tile_image(view, tile, sections=sections).tobytes() == pasted
        assert sections.draws == draws  # the pod and every tile's pieces pasted, none drawn again
        docked += view.pod.docked_at is not None
        away += view.pod.docked_at is None
    assert docked and away
