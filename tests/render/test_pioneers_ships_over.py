"""Cosmic Pioneers' ships are stamped over a kept cell: a ship's move or its outline pastes the cell kept by its
planet's spots and goods, then stamps the ships (``render.pioneers.phone.BoardPart.over``). A board must show
the ships of its own view, never those of the board the cell was kept from, and the same pixels and layout as a
board drawn from nothing."""

from __future__ import annotations

from engine.pioneers.view import PioneersView
from render.core.sheet import Sheet
from render.pioneers.phone import cell_box, draw_overview
from render.pioneers.renderer import PioneersRenderer
from tests.render.test_pioneers_cells import cell_of, layout, planet_slot, played


def with_ships(view: PioneersView, slot: int, ships: list[int], crashed: int | None = None) -> PioneersView:
    """``view`` with exactly ``ships`` in orbit at ``slot`` (and none elsewhere); ``crashed``'s ship lies flat."""
    ring = [s.model_copy(update={"ships": ships if s.slot == slot else []}) for s in view.ring]
    players = [p.model_copy(update={"crashed": p.seat == crashed}) for p in view.players]
    return view.model_copy(update={"ring": ring, "players": players})


def test_a_cell_whose_ships_alone_change_is_pasted_kept_and_shows_its_own_ships() -> None:
    base = next(v for v in played(3, 3) if v.phase == "play" and v.active is not None)
    slot = planet_slot(base)
    seats = [p.seat for p in base.players]
    other = next(s for s in seats if s != base.active)
    looks = [
        with_ships(base, slot, []),
        with_ships(base, slot, [seats[0]]),
        with_ships(base, slot, [seats[0], seats[1]]),
        with_ships(base, slot, [seats[0], seats[1]]).model_copy(update={"active": other}),  # an outline changes
        with_ships(base, slot, [seats[1], seats[0]], crashed=seats[1]),
        with_ships(base, slot, [seats[0]]),  # back to a look drawn before
    ]
    renderer = PioneersRenderer()
    drawn: list[bytes] = []
    for index, view in enumerate(looks):
        kept, fresh = Sheet(boxes_only=True), Sheet(boxes_only=True)
        image = renderer._phone(view, kept)
        assert image.tobytes() == draw_overview(view, fresh).tobytes(), f"board {index} differs"
        assert layout(kept) == layout(fresh), f"board {index}: its layout differs"
        drawn.append(cell_of(image, view, slot))
    assert len(set(drawn[:5])) == 5, "two different fleets in orbit drew the same cell"
    assert drawn[5] == drawn[1]
    box = cell_box(base, slot)
    assert len([key for key in renderer.cells._parts if key[0] == box]) == 1, "the planet's cell was drawn again"


def test_a_board_drawn_on_after_it_is_returned_does_not_reach_the_next_board_of_the_same_ring() -> None:
    """The what-changed rings are drawn on a new board in place before it is kept (``render.core.changes``
    ``DrawnBoards.lent``), and another game's board on the same ring may be composed meanwhile in another thread:
    the board a game's next one starts from must be the board as drawn, not the one handed out."""
    views = [v for v in played(3, 3) if v.phase == "play"][:2]
    renderer = PioneersRenderer()
    handed = renderer._phone(views[0], Sheet(boxes_only=True))
    handed.paste(7, (0, 0, handed.width, handed.height))  # whatever a caller draws on it, everywhere
    second = renderer._phone(views[1], Sheet(boxes_only=True))
    assert second.tobytes() == draw_overview(views[1], Sheet(boxes_only=True)).tobytes()
