"""Jupiter Deep's pod in a close-up is pasted from a drawing kept by what it shows (issue 26, speed): the same
pixels as drawing it there, docked or away, and a close-up asked again draws nothing anew."""

from __future__ import annotations

from render.jupiter.sections import SectionCache
from render.jupiter.zoom import tile_image
from tests.render.test_jupiter_sections import played


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
