"""The Jupiter Deep renderer on states reached by seeded random playouts (1, 3 and 7 robots).

What is pinned: every board is a landscape palette PNG under 200 KB; the same view always gives the same
bytes and a different public view a different image (so every public fact is drawn); a finished game shows
its result in a banner (green when saved, vermillion when lost); the image cache never redraws an unchanged
view and the static layer is drawn once per layout of tiles; there is no hand image (nothing is secret); a pod
docked at any exposed side (a rigged colony) covers no tile id and no dome name.
"""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.jupiter import SPEC, JupiterOptions, JupiterState
from engine.jupiter.view import JupiterView
from render.core import Ink, font
from render.core.sheet import Sheet, clean
from render.jupiter import RENDERER, JupiterRenderer
from render.jupiter.colony import NAME_SIZE, key_places, names_fit
from render.jupiter.layout import COLONY, HEIGHT, SIDE_NAMES, WIDTH, Layout, Placement, layout_for
from render.jupiter.renderer import draw_static, placements, static_key
from render.registry import Renderer

from .checks import changes_drawn

MAX_BYTES = 200_000
ALL_OPTIONS = {"robot_vulnerability": True, "fast_creeps": True, "ultimate_heroes": True, "polite_colonists": True}
# (robots, seed, every alternate rule on?): one game per player count the brief names, plus the variants.
GAMES = [(1, 1, False), (3, 1, False), (7, 3, False), (3, 5, True)]


@cache
def playout(robots: int, seed: int, variants: bool = False) -> tuple[JupiterState, ...]:
    """Every state of one seeded random game, the set-up first."""
    options = JupiterOptions.model_validate(ALL_OPTIONS if variants else {})
    seats = [SeatSetup() for _ in range(robots)]
    states = [SPEC.setup(seats, options, seed)]
    for step in random_playout(SPEC, seats, options, seed):
        assert isinstance(step.after, JupiterState)
        states.append(step.after)
    return tuple(states)


def public(state: JupiterState) -> JupiterView:
    view = SPEC.view(state, None)
    assert isinstance(view, JupiterView)
    return view


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def banner_pixel(data: bytes) -> int:
    """The palette index in the result banner's corner area (left of its title, inside its frame)."""
    x0, y0, _, y1 = COLONY
    pixel = decode(data).getpixel((x0 + 80, (y0 + y1) // 2 + 40))
    assert isinstance(pixel, int)
    return pixel


@pytest.mark.parametrize(("robots", "seed", "variants"), GAMES)
def test_boards_are_small_landscape_palette_pngs(robots: int, seed: int, variants: bool) -> None:
    renderer = JupiterRenderer()
    states = playout(robots, seed, variants)
    for index, state in enumerate([*states[::15], states[-1]]):
        data = renderer.full(public(state))
        image = decode(data)
        where = f"robots={robots} seed={seed} variants={variants} sample={index}"
        assert image.format == "PNG", where
        assert image.size == (WIDTH, HEIGHT) and WIDTH > HEIGHT, where
        assert image.mode == "P", f"drawn on the fixed palette, not converted: {where}"
        assert len(data) < MAX_BYTES, f"{len(data)} bytes: {where}"


def test_the_same_view_gives_the_same_bytes() -> None:
    view = public(playout(3, 1)[40])
    again = JupiterView.model_validate_json(view.model_dump_json())
    assert JupiterRenderer().full(view) == JupiterRenderer().full(again)


@pytest.mark.parametrize(("robots", "seed"), [(3, 1), (7, 3)])
def test_every_public_change_changes_the_board(robots: int, seed: int) -> None:
    """Consecutive states whose public views differ must give different images: nothing public is undrawn."""
    views = [public(state) for state in playout(robots, seed)]
    assert changes_drawn(views, JupiterRenderer().full) > 30


def test_a_lost_game_shows_its_result() -> None:
    states = playout(3, 1)
    last = public(states[-1])
    assert last.phase == "lost"
    renderer = JupiterRenderer()
    assert banner_pixel(renderer.full(last)) == Ink.VERMILLION
    assert banner_pixel(renderer.full(public(states[-2]))) != Ink.VERMILLION


def test_a_won_game_shows_its_result() -> None:
    """Random play never wins, so a won view is made from a late one: the banner turns green."""
    view = public(playout(3, 1)[-1])
    won = view.model_copy(update={"phase": "won", "result": "Every robot is aboard with 28 colonists saved."})
    assert banner_pixel(JupiterRenderer().full(won)) == Ink.GREEN


def test_the_cache_never_redraws_an_unchanged_view() -> None:
    renderer = JupiterRenderer()
    state = playout(3, 1)[12]
    first = renderer.full(public(state))
    second = renderer.full(public(state))  # an equal view built again, as the host does after each request
    assert first == second
    assert renderer.cache.renders == 1
    assert renderer.cache.hits == 1
    renderer.full(public(playout(3, 1)[30]))
    assert renderer.cache.renders == 2


def test_the_static_layer_is_drawn_once_per_layout_of_tiles() -> None:
    """Tiles only change when one self-destructs or Module Control moves it: one layer per layout."""
    renderer = JupiterRenderer()
    states = playout(7, 3)
    layouts = set()
    for state in states[::5]:
        renderer.full(public(state))
        layouts.add(static_key(public(state), layout_for(placements(public(state)))))
    assert renderer.layers.draws == len(layouts)
    assert renderer.layers.draws < len(states[::5]) // 4


def test_hand_is_none_because_nothing_is_secret() -> None:
    state = playout(3, 1)[20]
    renderer: Renderer = RENDERER  # the registry's protocol
    assert renderer.hand(public(state)) is None
    seat_view = SPEC.view(state, 1)
    assert renderer.hand(seat_view) is None


def test_other_games_views_are_refused() -> None:
    from engine.abordaje import SPEC as ABORDAJE
    from engine.abordaje import AbordajeOptions

    seats = [SeatSetup(role="pirate"), SeatSetup(role="spanish")]
    state = ABORDAJE.setup(seats, AbordajeOptions.model_validate({}), 1)
    with pytest.raises(TypeError):
        RENDERER.full(ABORDAJE.view(state, None))


def test_every_public_change_changes_the_board_with_every_alternate_rule() -> None:
    """Fast Creeps reorders the turn track; Robot Vulnerability removes robots: still nothing undrawn."""
    views = [public(state) for state in playout(4, 1, True)]
    assert changes_drawn(views, JupiterRenderer().full) > 20


def report_walk() -> list[JupiterView]:
    """One view changed a field at a time through everything a player coming back needs: the stage, the
    setback (resolving, then resolved), the lasting effects, suppressed tiles, tiles where creeps rose, tiles
    that self-destructed, this turn's and last turn's reports, and who plays which robot."""
    from engine.jupiter.view import ReportView

    base = public(playout(3, 1)[40])
    assert base.phase == "actions"
    tiles = [t.id for t in base.tiles]
    plant = next(t.id for t in base.tiles if t.centre == "power_plant")
    last = ReportView(turn=2, seat=0, colour="red", roll=3, invaded=tiles[:2], drew="sniper")
    steps: list[dict[str, object]] = [
        {"last_turn": last},
        {"last_turn": last.model_copy(update={"suppressed": [tiles[3]]})},
        {"last_turn": last.model_copy(update={"destroyed": ["T20"]})},
        {"phase": "end", "turn_stage": "invasion", "waiting_for": "the blue robot may reroll the invasion die (4)"},
        {"this_turn": ReportView(turn=3, seat=1, colour="blue", roll=4)},
        {
            "suppressed": [tiles[5]],
            "this_turn": ReportView(turn=3, seat=1, colour="blue", roll=4, suppressed=[tiles[5]]),
        },
        {"invaded": [tiles[6]], "this_turn": ReportView(turn=3, seat=1, colour="blue", roll=4, invaded=[tiles[6]])},
        {"turn_stage": "setback", "setback": "powergrab", "setback_pending": True, "drew": "powergrab"},
        {"setback_effect": "a super creep on every unguarded power plant"},
        {
            "setback_pending": False,
            "setback_tiles": [plant],
            "setback_effect": f"a super creep on the power plant of {plant}",
        },
        {"covered_plants": [plant], "lasting": [f"power plant {plant} covered: hand limit 3, not 4"]},
        {"destroyed_this_turn": ["T20"]},
        {"turn_stage": "discard", "waiting_for": "the blue robot discards down to the hand limit of 3"},
        {"seats": 1, "robots": [r.model_copy(update={"owner": 0}) for r in base.robots]},
    ]
    views = [base]
    for update in steps:
        views.append(views[-1].model_copy(update=update))
    return views


def test_the_stage_setback_and_turn_reports_are_drawn() -> None:
    views = report_walk()
    assert changes_drawn(views, JupiterRenderer().full) == len(views) - 1


def test_the_report_views_stay_small() -> None:
    for view in report_walk()[-3:]:
        assert len(JupiterRenderer().full(view)) < MAX_BYTES


def _label_boxes(view: JupiterView, layout: Layout) -> dict[str, tuple[int, int, int, int]]:
    """Where each tile id and each dome's typeable name is printed (as ``render.jupiter.colony`` places them)."""
    boxes: dict[str, tuple[int, int, int, int]] = {}
    tile_face, name_face = font(15, bold=True), font(NAME_SIZE)
    for tile in view.tiles:
        cx, cy = layout.centre(tile.q, tile.r)
        x0, y0, x1, y1 = tile_face.getbbox(tile.id, anchor="mm")
        y = round(cy - layout.step * 1.4)
        boxes[tile.id] = (cx + round(x0), y + round(y0), cx + round(x1), y + round(y1))
        for dome in tile.domes if names_fit(layout) else ():  # else the dome key names them
            x, y = layout.xy(dome.point)
            top = y + layout.dome_radius + 1
            x0, y0, x1, y1 = name_face.getbbox(dome.name, anchor="mt")
            boxes[dome.name] = (x + round(x0), top + round(y0), x + round(x1), top + round(y1))
    return boxes


@pytest.mark.rule("JUP-GAP-POD-8")
def test_a_pod_docked_at_any_exposed_side_covers_no_tile_id_or_dome_name() -> None:
    """Every exposed side of the standard colony, T12 turned so one arc faces only the deep (it docks too):
    the pod, its bridge and its load tag leave every printed tile id and dome name as the empty colony has it."""
    from tests.jupiter.rigging import position
    from tests.jupiter.test_docking import turn_t12

    state = turn_t12(position(filler=False))
    view = public(state)
    layout = layout_for(placements(view))
    static = draw_static(view, layout).convert("RGB")
    boxes = _label_boxes(view, layout)
    for tile, side in state.colony.dock_sides():
        docked = state.clone()
        docked.pod.dock = (tile, side)
        board = decode(JupiterRenderer().full(public(docked))).convert("RGB")
        covered = [name for name, box in boxes.items() if board.crop(box).tobytes() != static.crop(box).tobytes()]
        assert covered == [], f"a pod at side {SIDE_NAMES[side]} of {tile} covers {covered}"


def test_the_dome_key_follows_the_docked_pod_on_one_layout_of_tiles() -> None:
    """Where names do not fit, the dome key takes a corner clear of the docked pod: when the pod moves it to
    another corner, the board shows it there (the static layer is keyed on the corner too), legibly."""
    renderer = JupiterRenderer()
    corners: dict[tuple[Placement, ...], set[tuple[int, int] | None]] = {}
    for state in playout(3, 5, True):
        view = public(state)
        layout = layout_for(placements(view))
        key, corner = static_key(view, layout)
        if corner is None:
            continue
        corners.setdefault(key, set()).add(corner)
        board = decode(renderer.full(view))
        key = Sheet()
        for name, at in key_places(corner):
            key.mark(at, name, NAME_SIZE, bold=True, anchor="mm")
        for mark in key.marks:
            assert clean(mark, board) is None, f"the key's {mark.text!r} is not where the board shows it"
    assert any(len(seen) > 1 for seen in corners.values()), "the sample should move the key on one layout"
