"""Cosmic Pioneers' phone board pastes its sector cells and strips from those kept by what they show (issue 26).

A move changes a cell or two of the ring, a captain's line, perhaps the header or the footer; a board starts
from a copy of the game's last one and pastes those, drawn once per look (``render.pioneers.parts``, keyed by
``phone.cell_look`` and the strips' looks). Pinned here: every board of seeded games (two and four captains,
set-up to the result) is the very image and the very layout (texts and pieces, for the what-changed rings) of
a board drawn from nothing, and the last board is never drawn on; two views that differ only inside one cell or
strip draw different ones, each the fresh drawing (a kept part is never handed to a view it does not show); a
cell, even a crowded one, draws nothing outside its box; the ships stamped from a sprite are the polygon Pillow
draws; the footer's faster wrap breaks lines as ``render.core.wrap`` does.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.pioneers.view import PioneersView
from engine.registry import GAMES
from render.core import Ink, font, new_canvas, wrap
from render.core.sheet import Sheet
from render.pioneers import phone
from render.pioneers.phone import CELL_H, CELL_W, HEADER_H, PLAYER_H, cell_box, draw_overview, footer_top, wrapped
from render.pioneers.renderer import PioneersRenderer


def played(seed: int, players: int, every: int = 1) -> list[PioneersView]:
    spec: Any = GAMES["pioneers"]
    options = spec.options_model()
    seats = [SeatSetup() for _ in range(players)]
    views = [spec.view(step.after, None) for step in random_playout(spec, seats, options, seed)]
    return views[::every] + ([views[-1]] if (len(views) - 1) % every else [])


def layout(sheet: Sheet) -> tuple[list[tuple[str, Any]], list[tuple[str, str, Any]]]:
    return [(m.text, m.box) for m in sheet.marks], [(t.space, t.what, t.box) for t in sheet.tokens]


@pytest.mark.parametrize(("seed", "players", "every"), [(1, 2, 1), (2, 4, 3)])
def test_every_board_pasted_from_kept_cells_is_drawn_as_from_nothing(seed: int, players: int, every: int) -> None:
    renderer = PioneersRenderer()
    views = played(seed, players, every)
    assert views[-1].phase == "over" and any(v.phase == "draft" for v in views)
    last: tuple[Image.Image, bytes] | None = None
    for index, view in enumerate(views):
        kept, fresh = Sheet(boxes_only=True), Sheet(boxes_only=True)
        image = renderer._phone(view, kept)
        assert image.tobytes() == draw_overview(view, fresh).tobytes(), f"board {index} differs"
        assert layout(kept) == layout(fresh), f"board {index}: its layout differs"
        if last is not None:  # the next board starts from a copy of the last one, never from the last one itself
            assert last[0].tobytes() == last[1], f"board {index - 1} was drawn on after it was returned"
        last = image, image.tobytes()
    pasted = len(views) * (len(views[-1].ring) + players + 2)  # cells, captains' lines, header and footer
    assert renderer.cells.draws < pasted // 2, "the kept parts are not reused"


def crowded(view: PioneersView, slot: int) -> PioneersView:
    """``view`` with the sector at ``slot`` as full as a cell gets: every spot taken, goods past the four shown,
    every captain's ship in orbit (the last one crashed) and a holder."""
    sector = view.ring[slot]
    seats = [p.seat for p in view.players]
    spots = [str(seats[i % len(seats)]) if i % 3 else "W" for i in range(len(sector.spots) or 4)]
    players = [p.model_copy(update={"crashed": p.seat == seats[-1]}) for p in view.players]
    full = sector.model_copy(update={"spots": spots, "goods": ["A"] * 7, "ships": seats, "controller": seats[0]})
    ring = [full if s.slot == slot else s for s in view.ring]
    return view.model_copy(update={"ring": ring, "players": players, "active": seats[0]})


def cell_of(image: Image.Image, view: PioneersView, slot: int) -> bytes:
    x0, y0, x1, y1 = cell_box(view, slot)
    return image.crop((x0, y0, x1 + 1, y1 + 1)).tobytes()


def planet_slot(view: PioneersView) -> int:
    return next(s.slot for s in view.ring if s.kind == "planet" and s.spots)


def test_two_views_differing_inside_one_cell_draw_that_cell_anew_each_time() -> None:
    renderer = PioneersRenderer()
    base = next(v for v in played(3, 3) if v.phase == "play")
    slot = planet_slot(base)
    sector = base.ring[slot]
    one_more = sector.model_copy(update={"spots": [str(base.players[0].seat), *sector.spots[1:]]})
    other = base.model_copy(update={"ring": [one_more if s.slot == slot else s for s in base.ring]})
    ship = next(v for v in played(3, 3) if v.phase == "play" and any(s.ships for s in v.ring))
    moved = next(s for s in ship.ring if s.ships)
    seat = moved.ships[0]  # its captain to play, or not: the ship's outline changes
    other_seat = next(p.seat for p in ship.players if p.seat != seat)
    turn = ship.model_copy(update={"active": seat if ship.active != seat else other_seat})
    pairs = [(base, other, slot), (ship, turn, moved.slot), (base, crowded(base, slot), slot)]
    for first, second, where in pairs:
        drawn = [renderer._phone(v) for v in (first, second, first, second)]  # the second pair from the kept cells
        assert cell_of(drawn[0], first, where) != cell_of(drawn[1], second, where)
        for view, image in zip((first, second, first, second), drawn, strict=True):
            assert image.tobytes() == draw_overview(view).tobytes()


def test_two_views_differing_in_one_strip_draw_that_strip_anew_each_time() -> None:
    """The header, a captain's line and the footer are kept the same way, by the texts they print."""
    renderer = PioneersRenderer()
    base = next(v for v in played(3, 3) if v.phase == "play" and v.active is not None)
    richer = [p.model_copy(update={"credits": p.credits + 1}) if p.seat == 1 else p for p in base.players]
    others = [
        (base.model_copy(update={"players": richer}), HEADER_H + PLAYER_H),  # a captain's credits
        (base.model_copy(update={"names": {1: "Bartholomew the Great"}}), HEADER_H + PLAYER_H),  # a name
        (base.model_copy(update={"active": next(p.seat for p in base.players if p.seat != base.active)}), 44),
        (base.model_copy(update={"deck_size": base.deck_size + 1}), footer_top(base) + 4),  # the footer
    ]
    for other, y in others:
        drawn = [renderer._phone(v) for v in (base, other, base, other)]
        assert drawn[0].crop((0, y, 640, y + 24)).tobytes() != drawn[1].crop((0, y, 640, y + 24)).tobytes()
        for view, image in zip((base, other, base, other), drawn, strict=True):
            assert image.tobytes() == draw_overview(view).tobytes()


def test_a_cell_draws_nothing_outside_its_box_even_crowded() -> None:
    for view in (v for v in played(4, 4, 7) if v.phase in ("draft", "play")):
        for slot in {planet_slot(view), 0, len(view.ring) - 1}:
            full = crowded(view, slot)
            margin = 24
            canvas = new_canvas(CELL_W + 1 + 2 * margin, CELL_H + 1 + 2 * margin, Ink.WHITE)
            box = (margin, margin, margin + CELL_W, margin + CELL_H)
            phone._cell(ImageDraw.Draw(canvas), full, full.ring[slot], box, None)
            inside = canvas.crop((box[0], box[1], box[2] + 1, box[3] + 1))
            canvas.paste(new_canvas(CELL_W + 1, CELL_H + 1, Ink.WHITE), box[:2])
            assert canvas.getcolors() == [(canvas.width * canvas.height, int(Ink.WHITE))], f"slot {slot} spills"
            assert inside.getcolors() != [(inside.width * inside.height, int(Ink.WHITE))]


@pytest.mark.parametrize("seat", range(4))
def test_a_ship_stamped_from_its_sprite_is_the_polygon_pillow_draws(seat: int) -> None:
    for active in (False, True):
        for at in ((40, 40), (333, 517), (601, 977)):
            stamped, drawn = new_canvas(640, 1000), new_canvas(640, 1000)
            phone._ship_paint(ImageDraw.Draw(stamped), at, seat=seat, active=active)
            phone._ship_drawn(ImageDraw.Draw(drawn), at, seat=seat, active=active)
            assert stamped.tobytes() == drawn.tobytes()


def test_the_footers_wrap_breaks_lines_where_core_wrap_does() -> None:
    face = font(phone.TEXT)
    footers = []
    for view in played(5, 4, 2):
        supply = " ".join(f"{alien[0].upper()}{n}" for alien, n in view.supply.items())
        footers.append(f"Aliens left {supply} · goods {view.goods_supply} · event deck {view.deck_size}")
        footers.append(footers[-1] + f" · to place {len(view.pool)} planets, {view.belts_left} belts")
    chooser = random.Random(26)
    words = [w for f in footers for w in f.split()] + ["Maelstrom", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "i"]
    footers += [" ".join(chooser.choices(words, k=chooser.randint(1, 30))) for _ in range(60)]
    for text in footers:
        for width in (40, 387, 620):
            assert list(wrapped(text, face, width)) == wrap(text, face, width), (text, width)


def test_warming_up_fills_the_shared_caches_and_keeps_no_board_of_its_own() -> None:
    """``warm`` (for the host to call at start) draws a few boards of a seeded game into the process's shared
    caches only: the renderer keeps no image, layer or part of that game, and draws the same boards after."""
    renderer = PioneersRenderer()
    view = played(6, 2)[-1]
    before = renderer._phone(view).tobytes()
    renderer = PioneersRenderer()
    renderer.warm()
    assert (len(renderer.cache), len(renderer.layers), len(renderer.cells), renderer.layers.draws) == (0, 0, 0, 0)
    assert phone._frame.cache_info().currsize >= 3  # the open slot's, a belt's, a planet's frames at least
    assert renderer._phone(view).tobytes() == before
