"""A Jupiter Deep tile's zoom (and so the close-up) is kept by what it shows (``render.jupiter.zoom.shown_key``):
a move elsewhere on the colony, a card drawn or a turn report finds it drawn, and it is never an earlier picture
of what changed inside it. Checked against the zoom drawn from nothing, without any kept layer or section."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from engine.jupiter.view import JupiterView, ReportView, TileView
from render.jupiter.closeup import acting_robot, robot_tile
from render.jupiter.renderer import JupiterRenderer
from render.jupiter.zoom import ShownKeys, in_cut, shown_key, zoom_image

from .test_jupiter_render import GAMES, playout, public


def pixels(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def fresh(view: JupiterView, tile: TileView) -> Image.Image:
    """The zoom drawn from nothing: its static layer, pieces and names drawn in place."""
    return zoom_image(view, tile.id, None).convert("RGB")


def acting_tile(view: JupiterView) -> TileView | None:
    robot = acting_robot(view)
    return robot_tile(view, robot) if robot is not None and view.phase not in ("won", "lost") else None


def test_a_kept_zoom_is_always_the_zoom_of_the_view_asked_for() -> None:
    """Every zoom found kept over two seeded games (one robot, seven robots; and every tenth zoom drawn) equals
    the zoom drawn anew."""
    found_kept = 0
    for (robots, seed, variants), most in ((GAMES[0], 120), (GAMES[2], 150)):
        renderer = JupiterRenderer()
        for number, state in enumerate(playout(robots, seed, variants)[:most]):
            view = public(state)
            tile = acting_tile(view)
            if tile is None:
                continue
            drawn_before = renderer.cache.renders
            image = renderer.zoom(view, tile.id)
            kept = renderer.cache.renders == drawn_before
            found_kept += kept
            if kept or number % 10 == 0:
                assert same(pixels(image), fresh(view, tile)), f"turn {view.turn}: tile {tile.id}'s zoom is stale"
    assert found_kept >= 20  # moves that left the zoom as it was found it kept


def with_piece(view: JupiterView, tile_id: str, piece: str) -> JupiterView:
    """``view`` with ``piece`` on the first empty dome of tile ``tile_id`` (and nothing else changed)."""
    tiles = []
    placed = False
    for tile in view.tiles:
        if tile.id == tile_id and not placed:
            domes = list(tile.domes)
            k = next(k for k, d in enumerate(domes) if d.piece is None)
            domes[k] = domes[k].model_copy(update={"piece": piece})
            tile = tile.model_copy(update={"domes": domes})
            placed = True
        tiles.append(tile)
    return view.model_copy(update={"tiles": tiles})


def test_a_piece_inside_the_zoom_draws_anew_and_one_outside_it_finds_it_kept() -> None:
    robots, seed, variants = GAMES[2]
    view = next(v for v in map(public, playout(robots, seed, variants)[20:]) if acting_tile(v) is not None)
    tile = acting_tile(view)
    assert tile is not None
    shown = {t.id for t in in_cut(view, tile).tiles}
    report = ReportView(turn=view.turn, seat=view.active, colour="red")
    view = view.model_copy(update={"this_turn": report, "invading": []})
    variants = [
        view,
        with_piece(view, tile.id, "creep"),
        view.model_copy(update={"invading": [tile.id]}),
        view.model_copy(update={"this_turn": report.model_copy(update={"invaded": [tile.id]})}),
        view.model_copy(update={"this_turn": report.model_copy(update={"suppressed": [tile.id]})}),
        view.model_copy(update={"active": next(r.seat for r in view.robots if r.seat != view.active)}),  # no ring
    ]
    assert len({shown_key(v, tile) for v in variants}) == len(variants)
    renderer = JupiterRenderer()
    images = [pixels(renderer.zoom(v, tile.id)) for v in variants]
    for k, (variant, image) in enumerate(zip(variants, images, strict=True)):
        assert same(image, fresh(variant, tile))
        assert not any(same(image, other) for other in images[k + 1 :])
    away = next((t for t in view.tiles if t.id not in shown and any(d.piece is None for d in t.domes)), None)
    assert away is not None  # seven robots: a colony larger than the cut
    if away is not None:  # a creep out of sight leaves the zoom as it is
        elsewhere = with_piece(view, away.id, "creep")
        assert shown_key(elsewhere, tile) == shown_key(view, tile)
        drawn = renderer.cache.renders
        assert same(pixels(renderer.zoom(elsewhere, tile.id)), fresh(elsewhere, tile))
        assert renderer.cache.renders == drawn


def test_remembered_zoom_keys_are_always_the_keys_of_what_the_zoom_shows() -> None:
    keys = ShownKeys(size=4)
    robots, seed, variants = GAMES[2]
    seen = set()
    for state in playout(robots, seed, variants)[:80]:
        view = public(state)
        for tile in view.tiles[:3]:
            for _ in range(2):  # a fresh public copy each time, as the host's calls make
                copy = view.model_copy(update={"viewer": None, "my_seat": None})
                assert keys.key(copy, tile) == shown_key(copy, tile)
            seen.add(keys.key(view, tile))
    assert len(seen) > 20


def test_the_phase_keys_a_zoom_only_as_far_as_the_zoom_draws_it() -> None:
    """The turn's phases draw one zoom while the game is played (the active robot ringed): a step from phase to
    phase finds it kept; while the game is set up the ring is not drawn, so it is keyed and drawn apart. Every
    zoom equals the one drawn anew."""
    robots, seed, variants = GAMES[2]
    view = next(
        v
        for v in map(public, playout(robots, seed, variants)[20:])
        if acting_tile(v) is not None and v.phase == "actions" and getattr(acting_robot(v), "where", "pod") != "pod"
    )  # the acting robot on a dome of the zoomed tile: its ring is in the zoom
    tile = acting_tile(view)
    assert tile is not None
    played = [view.model_copy(update={"phase": phase}) for phase in ("start", "actions", "end")]
    assert len({shown_key(v, tile) for v in played}) == 1
    renderer = JupiterRenderer()
    first = pixels(renderer.zoom(played[0], tile.id))
    drawn = renderer.cache.renders
    for variant in played:
        assert same(pixels(renderer.zoom(variant, tile.id)), fresh(variant, tile))
    assert renderer.cache.renders == drawn  # found kept
    set_up = view.model_copy(update={"phase": "first"})  # no ring round the acting robot
    assert shown_key(set_up, tile) != shown_key(view, tile)
    unringed = pixels(renderer.zoom(set_up, tile.id))
    assert same(unringed, fresh(set_up, tile))
    assert not same(unringed, first)
