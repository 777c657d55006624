"""A seat's private Derelict image is kept by what it shows (``render.derelict.hand.hand_key``): a move that
changes only the board finds it kept; a change to what it shows draws it anew, equal to a fresh drawing; and two
seats never share one (each image names its seat's character, and the key holds the seat)."""

from __future__ import annotations

from engine.derelict import SPEC
from engine.derelict.view import DerelictView
from render.core import encode_png
from render.derelict import DerelictRenderer
from render.derelict.hand import draw_hand, hand_key
from tests.render.test_derelict_render import states


def private(seed: int, n: int, seat: int = 0) -> DerelictView:
    view = SPEC.view(states(seed)[n], seat)
    assert isinstance(view, DerelictView)
    return view


def test_a_move_that_changes_only_the_board_keeps_the_seat_image() -> None:
    renderer = DerelictRenderer()
    view = private(2, 2)
    image = renderer.hand(view)
    moved = view.model_copy(update={"round": view.round + 1, "fires": view.fires + 1, "noise": ["DU"]})
    assert renderer.hand(moved) == image
    assert renderer.cache.renders == 1


def test_a_change_to_what_the_image_shows_draws_it_anew() -> None:
    renderer = DerelictRenderer()
    view = private(2, 2)
    first = renderer.hand(view)
    name = view.seats[0].model_copy(update={"name": "Someone Else"})
    changes = {
        "a card": {"hand": [*view.hand, "Adrenaline"]},
        "an item": {"items": [*view.items, "Flamethrower"]},
        "a task": {"tasks": [*view.tasks, "Escape with two others"]},
        "a peek": {"peeks": [*view.peeks, "S03 holds a Hunter"]},
        "the character": {"seats": [name, *view.seats[1:]]},
    }
    for what, update in changes.items():
        changed = view.model_copy(update=update)
        drawn = renderer.hand(changed)
        assert drawn != first, what
        assert drawn == encode_png(draw_hand(changed)), what


def test_two_seats_never_share_a_key() -> None:
    state = states(3)[2]
    views = [SPEC.view(state, seat) for seat in range(len(state.players))]
    keys = {hand_key(view) for view in views if isinstance(view, DerelictView)}
    assert len(keys) == len(views)
    same = [v.model_copy(update={"hand": [], "items": [], "tasks": [], "peeks": []}) for v in views]
    twins = [v.model_copy(update={"seats": [s.model_copy(update={"name": "Twin"}) for s in v.seats]}) for v in same]
    assert len({hand_key(v) for v in twins if isinstance(v, DerelictView)}) == len(views)
