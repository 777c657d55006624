"""The Derelict phone board's map kept as last drawn per board shape (``render.derelict.maps``): a board pastes only
the rooms that changed since the last board of its shape, and is still the very board drawn from nothing.

Pinned: boards of two games of one shape drawn in turn (so the kept map flips between them), and a board drawn again
after others, each equal to its fresh drawing in pixels and in its layout; a room changed and changed back is shown
as it is now, never as the map last showed it; and most rooms of a game's boards are not pasted again. The noise
badges kept on the map: no two meet; badges coming and going beside rooms that change (a badge reaching into a room
pasted under it, a badge wiped from rooms that hold other badges) leave each board the board drawn from nothing.
"""

from __future__ import annotations

from engine.derelict import SPEC
from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, IntruderView
from render.core.sheet import overlap
from render.derelict import DerelictRenderer
from render.derelict.maps import noise_token, reached
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


def every_noise() -> list[str]:
    keys = {
        "|".join(sorted((a, b))) if b not in ("DU", "DD") else b for a in CATALOG.map_order for b in CATALOG.exits[a]
    }
    return sorted(keys)


def test_no_two_noise_badges_meet_and_some_reach_into_rooms() -> None:
    keys = every_noise()
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            assert not overlap(noise_token(a).box, noise_token(b).box), (a, b)
    assert any(reached(key) for key in keys)  # a badge in a narrow gap: the rooms beside it are pasted under it


def with_room(view: DerelictView, room: str, **update: object) -> DerelictView:
    rooms = [r.model_copy(update=update) if r.id == room else r for r in view.rooms]
    return view.model_copy(update={"rooms": rooms})


def test_noise_coming_and_going_beside_rooms_that_change_leaves_the_board_drawn_from_nothing() -> None:
    renderer = DerelictRenderer()
    view = SPEC.view(states(4)[2], None)
    keys = every_noise()
    near = [key for key in keys if len(reached(key)) == 2]
    room = reached(near[0])[0]
    others = [key for key in keys if room in reached(key) and key != near[0]]  # more badges on the same room
    hunter = [IntruderView(id=92, type="hunter", letter="H", wounds=0)]
    steps = {
        "every badge": view.model_copy(update={"noise": keys}),
        "a room under badges changes": with_room(view.model_copy(update={"noise": keys}), room, intruders=hunter),
        "one of its badges gone": with_room(view.model_copy(update={"noise": keys[1:]}), room, intruders=hunter),
        "the badge back, the room as before": view.model_copy(update={"noise": keys}),
        "its other badges gone": view.model_copy(update={"noise": [k for k in keys if k not in others]}),
        "the room changes with no badge on it": with_room(
            view.model_copy(update={"noise": [k for k in keys if room not in reached(k)]}), room, fire=True
        ),
        "no badge": view.model_copy(update={"noise": []}),
        "badges and the room's fire back": with_room(view.model_copy(update={"noise": near}), room, fire=True),
        "the view itself": view,
        "every badge again": view.model_copy(update={"noise": keys}),
    }
    for what, step in steps.items():
        assert_fresh(renderer, step, what)
