"""The Cosmic Pioneers renderer on states reached by seeded random playouts.

What is pinned: every detailed board (``full``, for a desktop) is a landscape palette PNG under 200 KB and every
phone board a portrait one; the same view always gives the same bytes and every change of the public view
changes the detailed board (so every public fact is drawn); the image cache never redraws an unchanged view and
the static ring is drawn once per layout; nothing is private, so there is no hand image; a view of another
game is refused. The phone board's measures are in ``test_pioneers_phone``.
"""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.jupiter import SPEC as JUPITER
from engine.pioneers import SPEC, PioneersOptions, PioneersState
from engine.pioneers.view import PioneersView
from render.pioneers import RENDERER, PioneersRenderer
from render.pioneers.layout import HEIGHT, WIDTH
from render.registry import RENDERERS

from .checks import changes_drawn

MAX_BYTES = 200_000
GAMES = [(2, "trade_routes", 1), (4, "planet_killers", 2), (3, "supply_drop", 3)]


@cache
def playout(n: int, scenario: str, seed: int) -> tuple[PioneersState, ...]:
    options = PioneersOptions(scenario=scenario)
    states = [SPEC.setup([SeatSetup()] * n, options, seed)]
    for step in random_playout(SPEC, [SeatSetup()] * n, options, seed):
        assert isinstance(step.after, PioneersState)
        states.append(step.after)
    return tuple(states)


def public(state: PioneersState) -> PioneersView:
    view = SPEC.view(state, None)
    assert isinstance(view, PioneersView)
    return view


def test_the_registry_draws_pioneers_with_this_renderer() -> None:
    assert RENDERERS["pioneers"] is RENDERER


@pytest.mark.parametrize(("n", "scenario", "seed"), GAMES)
def test_boards_are_small_palette_pngs_landscape_in_full_and_portrait_on_a_phone(
    n: int, scenario: str, seed: int
) -> None:
    states = playout(n, scenario, seed)
    for state in (*states[:: max(1, len(states) // 12)], states[-1]):
        png = RENDERER.full(public(state))
        assert len(png) <= MAX_BYTES
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.mode == "P"
        assert image.size == (WIDTH, HEIGHT) and WIDTH > HEIGHT
        phone = Image.open(io.BytesIO(RENDERER.board(public(state))))
        assert phone.format == "PNG" and phone.mode == "P" and phone.height > phone.width
        assert len(RENDERER.board(public(state))) <= MAX_BYTES


@pytest.mark.parametrize(("n", "scenario", "seed"), GAMES)
def test_every_change_of_the_public_view_changes_the_board(n: int, scenario: str, seed: int) -> None:
    renderer = PioneersRenderer()
    views = [public(s) for s in playout(n, scenario, seed)]
    assert changes_drawn(views, renderer.full) > 50


def test_an_unchanged_view_is_not_redrawn_and_the_ring_layer_is_drawn_once() -> None:
    renderer = PioneersRenderer()
    states = [s for s in playout(2, "trade_routes", 1) if s.phase == "play"]
    for state in states[:40]:
        renderer.full(public(state))
    renders = renderer.cache.renders
    assert renderer.full(public(states[10])) == renderer.full(public(states[10]))
    assert renderer.cache.renders == renders
    assert renderer.layers.draws == 1 and renderer.layers.redraws == 0


def test_nothing_is_private_so_there_is_no_hand_image_and_other_games_are_refused() -> None:
    state = playout(2, "trade_routes", 1)[-1]
    assert RENDERER.hand(SPEC.view(state, 0)) is None
    jupiter = JUPITER.setup([SeatSetup()] * 2, JUPITER.options_model(), 1)
    with pytest.raises(TypeError):
        RENDERER.board(JUPITER.view(jupiter, None))
