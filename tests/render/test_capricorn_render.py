"""The Abandon Capricorn renderer on states reached by seeded random playouts (1, 3 and 5 players).

What is pinned: every board is a landscape palette PNG under 200 KB; the same view always gives the same
bytes and a different public view a different image; the hand image exists for a seat and not for the
public view, and never leaks into the board; a finished game shows its result banner; the static ship
layer is composed from rings drawn once per counter (pixel for pixel the ship drawn whole) and unchanged
views are not redrawn.
"""

from __future__ import annotations

import io
from functools import cache
from itertools import pairwise

import pytest
from PIL import Image, ImageDraw

from engine.capricorn import SPEC, CapricornOptions, CapricornState
from engine.capricorn.board import SHIP
from engine.capricorn.view import CapricornView
from engine.core import SeatSetup
from engine.core.playout import random_playout
from render.capricorn import RENDERER, CapricornRenderer
from render.capricorn.layout import HEIGHT, WIDTH
from render.capricorn.panel import draw_panel_static
from render.capricorn.phone import HEIGHT as PHONE_HEIGHT
from render.capricorn.phone import WIDTH as PHONE_WIDTH
from render.capricorn.phone import room_pieces
from render.capricorn.ship import draw_ring, draw_ship_base, draw_ship_joints
from render.core import Ink, new_canvas
from render.registry import Renderer

from .checks import changes_drawn

MAX_BYTES = 200_000
GAMES = [(1, 3), (3, 1), (5, 2)]  # (players, seed)


@cache
def playout(players: int, seed: int) -> tuple[CapricornState, ...]:
    """Every state of one seeded random game, the set-up first."""
    options = CapricornOptions()
    seats = [SeatSetup() for _ in range(players)]
    states = [SPEC.setup(seats, options, seed)]
    for step in random_playout(SPEC, seats, options, seed):
        assert isinstance(step.after, CapricornState)
        states.append(step.after)
    return tuple(states)


def view_of(state: CapricornState, viewer: int | None = None) -> CapricornView:
    view = SPEC.view(state, viewer)
    assert isinstance(view, CapricornView)
    return view


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_the_renderer_fits_the_protocol() -> None:
    renderer: Renderer = RENDERER
    assert renderer is RENDERER


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_boards_are_small_portrait_palette_pngs_and_the_full_board_landscape(players: int, seed: int) -> None:
    """The channel board is portrait, for a phone; **Full board** is the detailed round ship, for a desktop."""
    renderer = CapricornRenderer()
    states = playout(players, seed)
    for index, state in enumerate([*states[::25], states[-1]]):
        where = f"players={players} seed={seed} sample={index}"
        for data, size in (
            (renderer.board(view_of(state)), (PHONE_WIDTH, PHONE_HEIGHT)),
            (renderer.full(view_of(state)), (WIDTH, HEIGHT)),
        ):
            image = decode(data)
            assert image.format == "PNG", where
            assert image.size == size, where
            assert image.mode == "P", f"drawn on the fixed palette, not converted: {where}"
            assert len(data) < MAX_BYTES, f"{len(data)} bytes: {where}"
    assert PHONE_HEIGHT > PHONE_WIDTH and WIDTH > HEIGHT


def test_the_same_view_gives_the_same_bytes() -> None:
    view = view_of(playout(3, 1)[40])
    again = CapricornView.model_validate_json(view.model_dump_json())
    assert CapricornRenderer().board(view) == CapricornRenderer().board(again)


def test_a_public_change_changes_the_full_board() -> None:
    """The detailed board draws every public fact (the phone board leaves the details to it and the zooms)."""
    renderer = CapricornRenderer()
    states = playout(3, 1)
    views = [view_of(s) for s in states[:60]]
    pairs = [(a, b) for a, b in pairwise(views) if a.model_dump() != b.model_dump()]
    assert pairs
    for a, b in pairs:
        assert renderer.full(a) != renderer.full(b), f"turn {a.turn}: a public change drew the same image"


def overview(view: CapricornView) -> object:
    """What the phone board shows: turn, who acts, the tracks, who stands in which room, each crew line."""
    rooms = {room: sorted(map(str, pieces)) for room, pieces in room_pieces(view).items()}
    crew = [(c.space, c.health, c.hiding) for c in view.characters]
    return (view.turn, view.active, view.threat, view.repairs_done, view.end_game, view.mothers, view.bag, rooms, crew)


def test_a_change_of_what_the_phone_board_shows_changes_it() -> None:
    renderer = CapricornRenderer()
    views = [view_of(s) for s in playout(3, 1)[:80]]
    pairs = [(a, b) for a, b in pairwise(views) if overview(a) != overview(b)]
    assert len(pairs) > 10
    for a, b in pairs:
        assert renderer.board(a) != renderer.board(b), f"turn {a.turn}: the overview changed but not the board"


def test_hand_is_none_for_the_public_view_and_a_png_for_a_seat() -> None:
    renderer = CapricornRenderer()
    state = playout(3, 1)[30]
    assert renderer.hand(view_of(state)) is None
    data = renderer.hand(view_of(state, 0))
    assert data is not None
    image = decode(data)
    assert image.mode == "P" and image.width == 640, "as wide as the phone board: its texts read at 12 px"


def test_a_seat_sees_the_same_board_as_the_channel() -> None:
    """The board never shows a hand: a seat's view draws the public image."""
    renderer = CapricornRenderer()
    state = playout(3, 1)[30]
    assert renderer.board(view_of(state, 0)) == renderer.board(view_of(state))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_finished_game_shows_its_result(players: int, seed: int) -> None:
    final = view_of(playout(players, seed)[-1])
    assert final.result is not None
    expected = Ink.GREEN if final.result == "win" else Ink.VERMILLION
    assert decode(CapricornRenderer().full(final)).getpixel((200, 680)) == int(expected)
    assert decode(CapricornRenderer().board(final)).getpixel((PHONE_WIDTH // 2, 4)) == int(expected)
    texts = " ".join(mark.text for mark in CapricornRenderer().layout(final).marks)
    assert ("ESCAPED" in texts or "LOST" in texts) and "Acting" not in texts and "to answer" not in texts


def test_the_phone_board_names_the_players_and_the_rooms_pieces_stand_in() -> None:
    view = view_of(playout(3, 1)[30]).model_copy(update={"names": {0: "Ana", 1: "Beto", 2: "Cy"}})
    sheet = CapricornRenderer().layout(view)
    texts = " ".join(mark.text for mark in sheet.marks)
    me = view.characters[view.active]
    assert f"Acting: {me.letter} {me.name} ({view.seat_name(me.seat)})" in texts
    assert all(name in texts for name in ("Ana", "Beto", "Cy"))
    assert {"BRIDGE", "OFFICES"} <= {mark.text for mark in sheet.marks}
    in_rooms = [t for t in sheet.tokens if t.space != "crew" and t.what.startswith("crew ")]
    assert len(in_rooms) == len(view.characters)


def test_every_room_zooms_with_alt_text_and_no_more_than_a_select_holds() -> None:
    view = view_of(playout(3, 1)[30])
    areas = RENDERER.areas(view)
    assert 0 < len(areas) <= 25 and len({a.key for a in areas}) == len(areas)
    for area in areas:
        image = decode(RENDERER.zoom(view, area.key))
        assert image.mode == "P"
        room = area.key.split(".")[0]
        assert f"{room}." in RENDERER.zoom_alt(view, area.key)
    with pytest.raises(KeyError):
        RENDERER.zoom(view, "NOWHERE.1")


def test_caches_skip_unchanged_views_and_static_layers() -> None:
    renderer = CapricornRenderer()
    states = playout(3, 1)
    views = [view_of(s) for s in states[:30]]
    for view in views:
        renderer.full(view)
    renders = renderer.cache.renders
    renderer.full(views[-1])
    assert renderer.cache.renders == renders
    rotations = {tuple(sorted(v.rotation.items())) for v in views}
    turned = {(ring, turns) for rotation in rotations for ring, turns in rotation}
    assert len(rotations) > 1, "the sample should turn a ring"
    # The base, one mask per turning ring, one layer per ring and counter met: a rotation redraws no ship.
    assert renderer.layers.draws == 1 + 2 + len(turned)
    assert renderer.layers.redraws == 0
    assert renderer.ships.draws == len(rotations)


def test_the_composed_ship_is_the_ship_drawn_whole() -> None:
    """Pasting ring layers gives the pixels of drawing every ring at once, for every rotation state met."""
    renderer = CapricornRenderer()
    views = [view_of(s) for s in playout(5, 2)]
    seen: set[tuple[tuple[str, int], ...]] = set()
    for view in views:
        key = tuple(sorted(view.rotation.items()))
        if key not in seen:
            seen.add(key)
            assert renderer.static(view).tobytes() == draw_whole_ship(view).tobytes(), key
    assert len(seen) > 1


def draw_whole_ship(view: CapricornView) -> Image.Image:
    """Every part of the static ship drawn in place on one canvas, in the order the parts are layered."""
    image = new_canvas(WIDTH, HEIGHT, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    draw_ship_base(draw)
    draw_panel_static(draw)
    for ring in SHIP.rotating:
        draw_ring(draw, ring, view.rotation.get(ring, 0))
    draw_ship_joints(draw, view)
    return image


@pytest.mark.parametrize(("players", "seed"), GAMES[:2])
def test_every_public_change_is_drawn(players: int, seed: int) -> None:
    renderer = CapricornRenderer()
    views = [view_of(s) for s in playout(players, seed)]
    assert changes_drawn(views, renderer.full) > len(views) // 2
