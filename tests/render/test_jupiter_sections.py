"""Jupiter Deep's phone board pasted from kept sections draws what drawing it whole draws (issue 26, speed).

The header, the track, each tile, each report section and each robot's row are kept by what they show
(``render.jupiter.sections``) and pasted on the next boards. A stale section would show a player the last board's
tile or line: so every board of a seeded game, drawn with the sections kept from the boards before it (and
from another game's), must be the very pixels and the very layout of the board drawn whole, and two views
differing only inside one tile must draw two different boards, each the one drawn whole. The close-up keeps
each tile's pieces the same way: every close-up of a game is the one drawn whole.
"""

from __future__ import annotations

from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.jupiter.view import JupiterView
from engine.registry import GAMES
from render.core.sheet import Sheet
from render.jupiter.closeup import acting_robot, robot_tile
from render.jupiter.phone import draw_overview
from render.jupiter.sections import SectionCache
from render.jupiter.zoom import tile_image


def played(seed: int, seats: int, most: int = 120) -> list[JupiterView]:
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


def drawn(view: JupiterView, sections: SectionCache | None) -> tuple[bytes, list[tuple[str, object]]]:
    """The board's pixels and its layout as the what-changed rings read it (texts, pieces and their boxes)."""
    sheet = Sheet(boxes_only=True)
    image = draw_overview(view, sheet, None, sections)
    layout = [(m.text, m.box) for m in sheet.marks] + [(f"{t.space}/{t.what}", t.box) for t in sheet.tokens]
    return image.tobytes(), layout


def test_every_board_pasted_from_kept_sections_is_the_board_drawn_whole() -> None:
    sections = SectionCache()
    for view in played(3, 2, most=40)[::3]:  # another game's sections are kept too, and must not leak into these
        drawn(view, sections)
    kept = sections.draws
    for view in played(1, 7):
        assert drawn(view, sections) == drawn(view, None)
    assert sections.hits > 10 * (sections.draws - kept)  # most sections were pasted, not drawn again


def test_two_views_differing_in_one_tile_draw_that_tile_each() -> None:
    sections = SectionCache()
    view = played(2, 4, most=30)[-1]
    tile = next(t for t in view.tiles if any(d.piece is None for d in t.domes))
    empty = next(i for i, d in enumerate(tile.domes) if d.piece is None)
    domes = [d.model_copy(update={"piece": "colonist"}) if i == empty else d for i, d in enumerate(tile.domes)]
    other = view.model_copy(
        update={"tiles": [t.model_copy(update={"domes": domes}) if t.id == tile.id else t for t in view.tiles]}
    )
    first, second = drawn(view, sections), drawn(other, sections)  # the second pastes every other tile
    assert first != second
    assert first == drawn(view, None) and second == drawn(other, None)
    assert drawn(view, sections) == first  # and the first board's tile is pasted back, not the second's


def test_every_close_up_pasting_kept_tiles_pieces_is_the_close_up_drawn_whole() -> None:
    sections = SectionCache()
    views = played(4, 5, most=150)
    for view in views[::2]:
        robot = acting_robot(view)
        tile = robot_tile(view, robot) if robot is not None else None
        if tile is not None:
            pasted = tile_image(view, tile, sections=sections).tobytes()
            assert pasted == tile_image(view, tile).tobytes()
    assert sections.hits > 2 * sections.draws > 0
