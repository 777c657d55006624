"""Cosmic Pioneers' set-up draws its phone boards over one static layer, not one per sector placed (issue 26).

The draft places a sector a pick, so a layer per ring dealt so far served a board or two and was drawn anew in
every game's set-up; the layer of a set-up with every slot open is the same for every game of that size, and
was evicted by other games' set-up layers and drawn again (the bench's "static layers reused" row). Now the
set-up's boards are drawn over the open ring's layer with the sectors placed so far on top: the same pixels
as a board drawn over its own ring's layer. Since the thirteenth session they start from the game's last board
like boards of play (``PioneersRenderer._over_last``) and draw no layer at all.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.pioneers.view import PioneersView
from engine.registry import GAMES
from render.pioneers.phone import draw_overview, layer_key, static_key
from render.pioneers.renderer import PioneersRenderer


def setup_views(seed: int, players: int) -> list[PioneersView]:
    """The public views of one seeded game's set-up (a slot still open), every move."""
    spec: Any = GAMES["pioneers"]
    options = spec.options_model()
    seats = [SeatSetup() for _ in range(players)]
    views = [spec.view(spec.setup(seats, options, seed), None)]
    for step in random_playout(spec, seats, options, seed):
        view = spec.view(step.after, None)
        views.append(view)
        if all(sector.kind != "open" for sector in view.ring):
            break
    return views


def test_a_set_up_board_looks_exactly_as_one_drawn_over_its_own_rings_layer() -> None:
    renderer = PioneersRenderer()
    views = setup_views(3, 3)
    assert sum(1 for v in views if layer_key(static_key(v)) != static_key(v)) >= 8  # sectors placed one by one
    for view in views:
        assert renderer._phone(view).tobytes() == draw_overview(view).tobytes()


def test_a_games_set_up_draws_no_layer_and_each_board_only_the_parts_that_changed() -> None:
    """A set-up board starts from the last one like a board of play (the sector placed is a cell whose look
    changed), its new parts drawn over what the layer holds in their boxes: no layer is drawn at all."""
    renderer = PioneersRenderer()
    first, second = setup_views(2, 2), setup_views(5, 2)
    assert len(first[-1].ring) == len(second[-1].ring), "two games with rings of one size"
    most = 0
    for views in (first, second):
        renderer.board(views[0])
        for before, after in pairwise(views[:-1]):  # the set-up's boards, before the ring is complete
            draws = renderer.cells.draws
            renderer.marked(after, before)
            most = max(most, renderer.cells.draws - draws)
    assert renderer.layers.draws == 0
    assert most <= 5, "a set-up board draws more than its changed parts (a sector's rows, a line, the status)"
