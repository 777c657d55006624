"""The Derelict phone board's map kept as last drawn per board shape (``render.derelict.maps``): a board pastes only
the rooms that changed since the last board of its shape, and is still the very board drawn from nothing.

Pinned: boards of two games of one shape drawn in turn (so the kept map flips between them), and a board drawn again
after others, each equal to its fresh drawing in pixels and in its layout; a room changed and changed back is shown
as it is now, never as the map last showed it; and most rooms of a game's boards are not pasted again.
"""

from __future__ import annotations

from engine.derelict import SPEC
from engine.derelict.catalog import CATALOG
from engine.derelict.view import IntruderView
from render.derelict import DerelictRenderer
from tests.render.test_derelict_cells import assert_fresh
from tests.render.test_derelict_render import states


def test_boards_of_two_games_drawn_in_turn_are_each_the_board_drawn_from_nothing() -> None:
    renderer = DerelictRenderer()
    first, second = states(3, every=12), states(5, every=12)
    boards = 0
    for n, (a, b) in enumerate(zip(first, second, strict=False)):
        assert_fresh(renderer, SPEC.view(a, None), f"seed 3 state {n}")
        assert_fresh(renderer, SPEC.view(b, None), f"seed 5 state {n}")
        boards += 2
    assert_fresh(renderer, SPEC.view(first[0], None), "seed 3's first board again")
    assert boards > 6


def test_a_room_changed_and_changed_back_shows_as_it_is_now() -> None:
    renderer = DerelictRenderer()
    view = SPEC.view(states(4)[2], None)
    room = next(r for r in view.rooms if r.explored and not r.intruders)
    crowded = view.model_copy(
        update={
            "rooms": [
                r.model_copy(update={"intruders": [IntruderView(id=91, type="brooder", letter="B", wounds=0)]})
                if r.id == room.id
                else r
                for r in view.rooms
            ]
        }
    )
    plain = assert_fresh(renderer, view, "the room empty")
    with_intruder = assert_fresh(renderer, crowded, "an intruder came in")
    assert with_intruder.tobytes() != plain.tobytes()
    assert assert_fresh(renderer, view, "the intruder gone again").tobytes() == plain.tobytes()


def test_a_game_s_boards_paste_only_the_rooms_that_changed() -> None:
    renderer = DerelictRenderer()
    views = [SPEC.view(state, None) for state in states(2, every=2)]
    for n, view in enumerate(views):
        assert_fresh(renderer, view, f"state {n}")
    assert 0 < renderer.maps.pasted < len(views) * len(CATALOG.map_order) // 4
