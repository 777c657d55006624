"""Capricorn's close-up is kept by what it shows (``render.capricorn.closeup.closeup_shows``), not by the whole view.

Most actions change something outside the acting character's part of the ship (a piece elsewhere, a track, a
card), and the close-up is then the last one, found without drawing. A key that missed something the close-up
draws would hand a player a stale close-up (a piece where it no longer stands); one that read a hand would
tell seats apart. Each close-up asked through the renderer is compared with the detailed board cut and
enlarged, drawn from nothing.
"""

from __future__ import annotations

import random

from PIL import Image

from engine.capricorn.board import SHIP
from engine.capricorn.view import CapricornView
from render.capricorn import CapricornRenderer
from render.capricorn.closeup import closeup_box, closeup_shows, draw_closeup
from render.capricorn.renderer import _public, draw_base, draw_board, draw_ring_layer, ring_box, ring_mask, rotation_key
from render.capricorn.ship import pieces_reach
from render.core.sheet import overlap

from .test_capricorn_render import GAMES, decode, playout, view_of


def drawn_whole(renderer: CapricornRenderer, view: CapricornView) -> bytes:
    """The close-up as the detailed board cut and enlarged, that board drawn now."""
    public = _public(view)
    return draw_closeup(draw_board(public, renderer.static(public)), public).tobytes()


def test_closeups_found_by_what_they_show_are_the_board_cut_for_every_seat() -> None:
    renderer, fresh = CapricornRenderer(), CapricornRenderer()
    compared = 0
    for players, seed in GAMES[:2]:
        for state in playout(players, seed)[:60:2]:
            views = [view_of(state, seat) for seat in range(players)]
            if views[0].result is not None:
                continue
            shown = {renderer.closeup(view) for view in views}
            assert len(shown) == 1, "every seat's close-up of a state is one image"
            assert decode(shown.pop() or b"").tobytes() == drawn_whole(fresh, views[0]), (players, seed, state.turn)
            compared += 1
    assert compared > 25
    assert renderer.cache.renders < compared * 3 // 4  # most states' close-ups were the last one's


def aliens_in_and_out(view: CapricornView) -> tuple[int | None, int | None]:
    """An alien whose drawing can reach into the close-up, and one whose drawing cannot."""
    box = closeup_box(view)
    near = [overlap(pieces_reach(a.space, view.rotation, ()), box) for a in view.aliens]
    inside = next((i for i, n in enumerate(near) if n), None)
    outside = next((i for i, n in enumerate(near) if not n), None)
    return inside, outside


def wounded(view: CapricornView, index: int) -> CapricornView:
    """``view`` with alien ``index`` at another health (its piece shows a badge, or loses it)."""
    aliens = [a.model_copy(update={"health": 3 - a.health}) if i == index else a for i, a in enumerate(view.aliens)]
    return view.model_copy(update={"aliens": aliens})


def test_a_change_inside_the_closeup_draws_it_again_and_one_outside_finds_the_last_one() -> None:
    renderer, fresh = CapricornRenderer(), CapricornRenderer()
    players, seed = GAMES[1]
    views = [view_of(s, 0) for s in playout(players, seed)]
    view = next(v for v in views if v.result is None and None not in aliens_in_and_out(v))
    inside, outside = aliens_in_and_out(view)
    assert inside is not None and outside is not None
    first = renderer.closeup(view)
    assert decode(first or b"").tobytes() == drawn_whole(fresh, view)

    near = wounded(view, inside)
    assert closeup_shows(near) != closeup_shows(view)
    again = renderer.closeup(near)
    assert again != first and decode(again or b"").tobytes() == drawn_whole(fresh, near)

    drawn = renderer.cache.renders
    far = wounded(view, outside)
    assert renderer.closeup(far) == first and renderer.cache.renders == drawn
    assert decode(first or b"").tobytes() == drawn_whole(fresh, far)


def test_what_the_closeup_shows_reads_no_hand() -> None:
    players, seed = GAMES[1]
    view = view_of(playout(players, seed)[12], 0)
    other_hands = [c.model_copy(update={"hand": ["a card no one holds"]}) for c in view.characters]
    assert closeup_shows(view.model_copy(update={"characters": other_hands})) == closeup_shows(view)


def test_a_part_of_the_ship_composed_alone_is_the_composed_ship_cut() -> None:
    """``ship_part`` composes only a close-up's part (the base's and the rings' parts, the doors and tags moved by
    its corner): the pixels of the whole composition cut there, boxes on the ship's edges and the doors' included."""
    renderer = CapricornRenderer()
    rng = random.Random(7)
    rotations: dict[object, CapricornView] = {}
    for players, seed in GAMES:
        for state in playout(players, seed):
            view = _public(view_of(state))
            rotations.setdefault(rotation_key(view), view)
    assert len(rotations) > 10
    for view in list(rotations.values())[:12]:
        ship = renderer._compose(view)
        boxes = [(0, 0, 905, 900), (440, 440, 460, 460)]
        for _ in range(8):
            left, top = rng.randrange(0, 880), rng.randrange(0, 880)
            boxes.append((left, top, min(905, left + rng.randrange(5, 500)), min(900, top + rng.randrange(5, 400))))
        for box in boxes:
            assert renderer.ship_part(view, box).tobytes() == ship.crop(box).tobytes(), (view.rotation, box)


def test_a_ring_layer_is_the_base_outside_its_disc() -> None:
    """Why the outermost turning ring is pasted without its mask: its layer shows only the base outside its disc."""
    base = draw_base()
    for ring in SHIP.rotating:
        under, mask = base.crop(ring_box(ring)), ring_mask(ring)
        for turns in range(0, SHIP.marks, 5):
            layer = draw_ring_layer(base, ring, turns)
            assert Image.composite(layer, under, mask).tobytes() == layer.tobytes(), (ring, turns)


def test_a_warmed_renderer_draws_no_layer_for_a_game() -> None:
    """``warm`` draws every layer a game can need (the base, each ring at each counter, the phone board's), once."""
    renderer = CapricornRenderer()
    renderer.warm()
    drawn = renderer.layers.draws
    assert drawn == 1 + 2 + len(SHIP.rotating) * SHIP.marks + 1
    players, seed = GAMES[1]
    for state in playout(players, seed)[:40:3]:
        renderer.board(view_of(state))
        renderer.closeup(view_of(state, 0))
    assert renderer.layers.draws == drawn and renderer.layers.redraws == 0
