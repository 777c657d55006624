"""A board's view is written as JSON without writing again its models kept from earlier boards
(``bot.tables.viewtext``): over seeded games of every game, the text is exactly the view's own JSON, whether its
lists were spliced from remembered models or written whole."""

from __future__ import annotations

import pytest

from bot.tables.viewtext import ViewText
from engine.registry import GAMES
from tests.seeded import random_states
from tests.test_engine_copies import seats_for


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_views_text_is_its_own_json(key: str) -> None:
    spec = GAMES[key]
    texts = ViewText()
    seats = seats_for(spec, 2)
    for state in random_states(spec, spec.setup(seats, spec.options_model(), 4), 9, 70):
        view = spec.view(state, None).model_copy(update={"names": {s: f"Player{s}" for s in range(len(seats))}})
        assert texts.text(view) == view.model_dump_json()


def test_kept_models_are_spliced_in_and_a_model_changed_is_written_anew() -> None:
    """Jupiter keeps its tiles between states: their JSON is remembered; a tile in a view made of other objects
    is written anew, so a changed tile never shows its old JSON."""
    spec = GAMES["jupiter"]
    texts = ViewText()
    view = spec.view(spec.setup(seats_for(spec, 0), spec.options_model(), 5), None)
    assert texts.text(view) == view.model_dump_json()
    tiles = view.tiles  # type: ignore[attr-defined]
    moved = tiles[0].model_copy(update={"super_creep": not tiles[0].super_creep})
    changed = view.model_copy(update={"tiles": [moved, *tiles[1:]]})
    assert texts.text(changed) == changed.model_dump_json() != view.model_dump_json()
    assert texts.text(view) == view.model_dump_json()


def test_a_list_made_anew_for_every_view_is_written_with_the_rest_after_its_trial() -> None:
    spec = GAMES["jupiter"]
    texts = ViewText()
    view = spec.view(spec.setup(seats_for(spec, 0), spec.options_model(), 5), None)
    for _ in range(12):  # the same tiles, as new models every time: never met again by identity
        fresh = view.model_copy(update={"tiles": [t.model_copy() for t in view.tiles]})  # type: ignore[attr-defined]
        assert texts.text(fresh) == fresh.model_dump_json()
    assert texts._apart == {(type(view), "tiles"): False}
