"""Cosmic Pioneers' sector cells patched from the last board's cell (issue 26, fourteenth session).

A round's alien event puts an alien on a spot of every planet of a colour, a colonist lands, goods move: a cell
whose band is unchanged is made from the cell the last board showed there, with only the spots and the goods'
row that changed drawn again (``phone.cell_patch``, ``parts.Sections.patched``). Pinned here: each region's
drawing stays inside its region (``phone.cell_region``), even in a crowded cell; a patched cell is the very
image and layout of the cell drawn whole, for single changes of each kind and over seeded games (which do
patch); a change the patch cannot make (the band, the holder) draws the cell whole.
"""

from __future__ import annotations

from functools import partial

from PIL import ImageChops, ImageDraw

from engine.pioneers.view import PioneersView, SectorView
from render.core.sheet import Sheet
from render.pioneers import phone
from render.pioneers.phone import CELL_H, CELL_W, GOODS, cell_region, draw_overview
from render.pioneers.renderer import PioneersRenderer
from tests.render.test_pioneers_cells import crowded, layout, planet_slot, played


def drawn_alone(sector: SectorView, rank: int) -> tuple[int, int, int, int] | None:
    """The box of the pixels rank ``rank`` of ``sector``'s cell changes on its frame."""
    ground = phone._frame(sector.kind, sector.colour)
    image = ground.copy()
    draw = ImageDraw.Draw(image)
    box = (0, 0, CELL_W, CELL_H)
    if rank == 0:
        phone._band(draw, sector, box, None)
    elif rank == GOODS:
        phone._goods(draw, sector, box, None)
    else:
        phone._spot(draw, sector, rank - 1, box, None)
    return ImageChops.difference(image.convert("L"), ground.convert("L")).getbbox()


def inside(box: tuple[int, int, int, int] | None, region: tuple[int, int, int, int]) -> bool:
    """``box`` (exclusive right and bottom, Pillow's) within ``region`` (inclusive)."""
    return box is None or (
        box[0] >= region[0] and box[1] >= region[1] and box[2] - 1 <= region[2] and box[3] - 1 <= region[3]
    )


def test_each_region_of_a_crowded_cell_draws_inside_it() -> None:
    base = next(v for v in played(3, 4) if v.phase == "play")
    for slot in {planet_slot(base), max(range(len(base.ring)), key=lambda s: len(base.ring[s].spots))}:
        sector = crowded(base, slot).ring[slot]
        green = sector.model_copy(update={"spots": [None] * len(sector.spots), "green": len(sector.spots)})
        for shown in (sector, green):
            ranks = [0, GOODS, *range(1, len(shown.spots) + 1)]
            for rank in ranks:
                assert inside(drawn_alone(shown, rank), cell_region(rank)), (slot, rank)


def with_sector(view: PioneersView, slot: int, **changes: object) -> PioneersView:
    sector = view.ring[slot].model_copy(update=changes)
    return view.model_copy(update={"ring": [sector if s.slot == slot else s for s in view.ring]})


def test_a_patched_cell_is_the_cell_drawn_whole() -> None:
    base = next(v for v in played(3, 3) if v.phase == "play")
    slot = planet_slot(base)
    sector = base.ring[slot]
    seat = str(base.players[1].seat)
    last = len(sector.spots) - 1
    changed = [
        with_sector(base, slot, spots=[seat, *sector.spots[1:]]),  # a colonist lands on the first spot
        with_sector(base, slot, spots=[*sector.spots[:last], "W"]),  # an alien on the last
        with_sector(base, slot, green=0 if sector.green else len(sector.spots)),  # green spots change
        with_sector(base, slot, goods=[*sector.goods, "A", "B"]),  # goods arrive
        with_sector(base, slot, goods=["A"] * 6),  # past the four shown
        with_sector(base, slot, spots=[seat] * len(sector.spots), goods=[]),  # several regions at once
        with_sector(base, slot, controller=base.players[0].seat),  # the band: drawn whole
    ]
    for view in changed:
        renderer = PioneersRenderer()
        renderer._phone(base)
        patches = renderer.cells.patches
        kept, fresh = Sheet(boxes_only=True), Sheet(boxes_only=True)
        image = renderer._phone(view, kept)
        assert image.tobytes() == draw_overview(view, fresh).tobytes()
        assert layout(kept) == layout(fresh)
        band = view.ring[slot].controller != sector.controller
        assert renderer.cells.patches == patches + (0 if band else 1), "the cell was not patched (or was, whole)"
        again = renderer._phone(base)  # and back: the kept cell of the first look, not the patched one
        assert again.tobytes() == draw_overview(base).tobytes()


def test_seeded_games_patch_cells_and_draw_every_board_as_from_nothing() -> None:
    renderer = PioneersRenderer()
    for seed, players in ((4, 3),):
        for index, view in enumerate(played(seed, players)):
            kept, fresh = Sheet(boxes_only=True), Sheet(boxes_only=True)
            image = renderer._phone(view, kept)
            assert image.tobytes() == draw_overview(view, fresh).tobytes(), f"seed {seed}, board {index}"
            assert layout(kept) == layout(fresh), f"seed {seed}, board {index}: its layout differs"
    assert renderer.cells.patches > 30, "no cell was patched: the test proves nothing"


def test_a_patch_is_asked_only_of_the_same_band() -> None:
    base = next(v for v in played(3, 3) if v.phase == "play")
    sector = base.ring[planet_slot(base)]
    look = phone.cell_look_of(sector)
    assert phone.cell_patch(sector, look, look) == []
    assert phone.cell_patch(sector, look, (*look[:3], 0, *look[4:])) is None  # another holder
    assert phone.cell_patch(sector, look, (*look[:4], (*look[4], None), *look[5:])) is None  # another spot count
    one = phone.cell_patch(sector, look, (*look[:4], ("W", *look[4][1:]), *look[5:]))
    assert one is not None and [rank for rank, _ in one] == [1]
    assert isinstance(one[0][1], partial)
