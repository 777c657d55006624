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


def test_a_key_made_from_the_hosts_json_is_the_key_written_anew() -> None:
    """The host hands the JSON it wrote for a board's digest (``BoardKeys.know``): the renderer's copy of that view
    is keyed from it, exactly as from its own JSON; a view with any other object keys from its own."""
    spec = GAMES["jupiter"]
    state = spec.setup([SeatSetup()] * spec.min_players, spec.parse_options({}), 20261128)
    view = spec.view(state, None).model_copy(update={"names": {0: "Ada", 1: "Bo"}})
    moved = view.model_copy(update={"turn": view.turn + 1})  # type: ignore[attr-defined]
    keys = BoardKeys()
    keys.know(view, view.model_dump_json())
    keys.know(moved, "not the JSON of any view")  # a wrong text is used only for a view of these very objects
    copy = view.model_copy(update={"viewer": None})
    assert keys.keys(copy, "jupiter.board", "jupiter.full") == (
        view_key("jupiter.board", view),
        view_key("jupiter.full", view),
    )
    other = moved.model_copy(update={"actions_left": moved.actions_left + 1})  # type: ignore[attr-defined]
    assert keys.key("jupiter.board", other) == view_key("jupiter.board", other)
    assert keys.key("jupiter.board", moved) != view_key("jupiter.board", moved), "known by its objects alone"
