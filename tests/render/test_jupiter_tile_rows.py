"""A Jupiter Deep tile's rows of pieces and counts are kept by what they show, whatever tile they are on
(``render.jupiter.phone.TILE_ROWS``), and a tile section drawn anew is put together from them (issue 26, speed).

Kept rows must never show another tile's pieces nor name them for another tile: every board of seeded games,
with the rows kept from the boards before it and from another game, is the very pixels of the board drawn in
place (a sheet measuring letters draws every section in place) and names each piece on its own tile."""

from __future__ import annotations

from engine.jupiter.view import JupiterView
from render.core.sheet import Sheet
from render.jupiter.phone import TILE_ROWS, draw_overview
from render.jupiter.sections import SectionCache

from .test_jupiter_sections import played


def in_place(view: JupiterView) -> tuple[bytes, list[tuple[str, str, object]]]:
    """The board drawn in place, nothing kept (a sheet that measures letters draws every section), and its
    pieces: where each stands, what it is, its box."""
    sheet = Sheet()
    image = draw_overview(view, sheet)
    return image.tobytes(), [(t.space, t.what, t.box) for t in sheet.tokens]


def kept(view: JupiterView, sections: SectionCache | None) -> tuple[bytes, list[tuple[str, str, object]]]:
    """The board as the renderer draws it (``sections`` kept, or each section drawn but its rows kept)."""
    sheet = Sheet(boxes_only=True)
    image = draw_overview(view, sheet, None, sections)
    return image.tobytes(), [(t.space, t.what, t.box) for t in sheet.tokens]


def test_every_tile_put_together_from_kept_rows_is_the_tile_drawn_in_place() -> None:
    for view in played(3, 2, most=40)[::4]:  # another game's rows are kept too, and must not leak into these
        kept(view, None)
    sections = SectionCache()
    draws = TILE_ROWS.draws
    for view in played(1, 7, most=90)[::3]:
        assert kept(view, sections) == in_place(view)
        assert kept(view, None) == in_place(view)
    assert TILE_ROWS.hits > 5 * (TILE_ROWS.draws - draws)  # most tiles' rows were found drawn


def test_two_tiles_showing_the_same_rows_name_their_own_pieces_and_a_changed_row_is_drawn() -> None:
    view = played(2, 4, most=30)[-1]
    tiles = [t for t in view.tiles if any(d.piece is None for d in t.domes)][:2]
    assert len(tiles) == 2

    def with_colonist(view: JupiterView, ids: set[str]) -> JupiterView:
        changed = []
        for tile in view.tiles:
            if tile.id in ids:
                empty = next(i for i, d in enumerate(tile.domes) if d.piece is None)
                domes = [
                    d.model_copy(update={"piece": "colonist"}) if i == empty else d for i, d in enumerate(tile.domes)
                ]
                tile = tile.model_copy(update={"domes": domes})
            changed.append(tile)
        return view.model_copy(update={"tiles": changed})

    sections = SectionCache()
    variants = [view, with_colonist(view, {tiles[0].id}), with_colonist(view, {tiles[0].id, tiles[1].id})]
    boards = [kept(v, sections) for v in variants]
    for variant, board in zip(variants, boards, strict=True):
        assert board == in_place(variant)
    assert len({pixels for pixels, _ in boards}) == 3  # each added colonist is drawn
    colonists = {(space, what) for space, what, _ in boards[2][1] if what == "colonist"}
    assert {(t.id, "colonist") for t in tiles} <= colonists  # named for the tile each stands on
    assert all(space for space, _, _ in boards[2][1])  # no piece left on no tile
