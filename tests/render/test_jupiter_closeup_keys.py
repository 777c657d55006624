"""The Jupiter Deep close-up is keyed once per state, not once per seat's panel (issue 26), and never shows an
earlier state's image: the remembered key (``render.core.changes.KEYS``) is always the key of the view's JSON.
"""

from __future__ import annotations

from engine.jupiter import SPEC
from engine.jupiter.view import JupiterView
from render.core.cache import view_keys
from render.core.changes import BoardKeys
from render.jupiter import JupiterRenderer

from .test_jupiter_render import GAMES, playout


def seat_view(state: object, seat: int | None) -> JupiterView:
    view = SPEC.view(state, seat)  # type: ignore[arg-type]
    assert isinstance(view, JupiterView)
    return view


def test_remembered_closeup_keys_are_always_the_keys_of_the_views_json() -> None:
    keys = BoardKeys(size=4)
    robots, seed, variants = GAMES[2]
    seen: set[tuple[str, ...]] = set()
    for state in playout(robots, seed, variants)[:60]:
        for seat in (None, 0, 1):
            public = seat_view(state, seat).model_copy(update={"viewer": None, "my_seat": None})
            remembered = keys.keys(public, "jupiter.full", "jupiter.zoom")
            assert remembered == view_keys(public, "jupiter.full", "jupiter.zoom")
            seen.add(remembered)
    assert len(seen) > 20  # the states differ, and so do their keys


def test_every_seats_closeup_of_a_move_is_one_image_drawn_once() -> None:
    renderer = JupiterRenderer()
    robots, seed, variants = GAMES[2]
    shown = 0
    for state in playout(robots, seed, variants)[5:40:7]:
        drawn_before = renderer.cache.renders
        images = {renderer.closeup(seat_view(state, seat)) for seat in range(robots)}
        images.discard(None)
        if images:
            shown += 1
            assert len(images) == 1  # the same picture for every seat
            assert renderer.cache.renders - drawn_before <= 1  # drawn at most once, then found for the others
    assert shown >= 3
    assert renderer.cache.renders >= 1
