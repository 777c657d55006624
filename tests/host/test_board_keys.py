"""Issue 26: a board's view is keyed once (``render.core.changes.BoardKeys``): a copy made of the same objects
gets the remembered key, and a view that shows something else never does, so no board is taken for another."""

from __future__ import annotations

from engine.core import SeatSetup
from engine.registry import GAMES
from render.core.cache import view_key
from render.core.changes import BoardKeys


def test_a_remembered_key_is_the_views_own_and_a_changed_view_gets_its_own() -> None:
    spec = GAMES["jupiter"]
    state = spec.setup([SeatSetup()] * spec.min_players, spec.parse_options({}), 20261128)
    view = spec.view(state, None)
    keys = BoardKeys()
    first = keys.key("jupiter.board", view)
    copy = view.model_copy(update={"viewer": None})  # what a renderer hands over: a copy of the same objects
    assert keys.key("jupiter.board", copy) == first == view_key("jupiter.board", view)
    moved = view.model_copy(update={"turn": view.turn + 1})  # type: ignore[attr-defined]
    assert keys.key("jupiter.board", moved) == view_key("jupiter.board", moved) != first, "another board, another key"
    assert keys.key("jupiter.full", copy) == view_key("jupiter.full", view), "each purpose its own key"
