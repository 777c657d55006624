"""Jupiter Deep read on a phone (issue 26): the board and every zoom at the size Discord shows them.

A phone shows an image about 400 px wide, so a text's display size is its font size × 400 / the image's width.
Pinned over states of seeded random playouts: on the board every text is at least 12 px and every piece at
least 16 px at display size, inside the image, never touching another text or piece and never crossed by a
line; the board is portrait and says the turn, what the game waits on, the saved count and every robot by its
player's name (never "Player 2"); each tile and the team's panel have a zoom whose texts are at least 12 px at
display size, showing the tile's id and each dome's side (``T08`` + ``NW`` = ``T08.NW``), with alt text saying
what stands on which dome; every seat's view draws the same images (nothing in Jupiter Deep is secret, and a
seat's view adds nothing to them).
"""

from __future__ import annotations

import io
import re
from itertools import combinations

import pytest
from PIL import Image

from engine.core import View
from engine.jupiter.view import JupiterView
from render.core.sheet import masks_meet
from render.jupiter import RENDERER
from render.jupiter.phone import WIDTH
from render.jupiter.zoom import TEAM

from .checks import readable
from .test_legibility import public_views

SEEDS = (1, 2)
NAMES = {0: "Alice", 1: "Bartholomew the Great", 2: "Cy", 3: "Dee", 4: "Eve", 5: "Fay", 6: "Gus"}


def named(view: View) -> JupiterView:
    """The view as the host hands it over: with the table's names for the seats."""
    assert isinstance(view, JupiterView)
    return view.model_copy(update={"names": NAMES})


def views() -> list[JupiterView]:
    return [named(view) for seed in SEEDS for view in public_views("jupiter", seed)]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_the_board_is_a_portrait_phone_image() -> None:
    for view in views()[::6]:
        image = decode(RENDERER.board(view))
        assert image.width == WIDTH and image.height >= image.width and image.mode == "P"


@pytest.mark.parametrize("seed", SEEDS)
def test_every_board_text_and_piece_is_large_enough_on_a_phone_and_nothing_is_covered(seed: int) -> None:
    for view in map(named, public_views("jupiter", seed)):
        image = decode(RENDERER.board(view))
        sheet = RENDERER.layout(view)
        readable(f"seed {seed} turn {view.turn} board", sheet, image, pieces=True)
        assert sheet.tokens, "the board reports no piece"
        for a, b in combinations(sheet.tokens, 2):  # on this board no two pieces meet, even on different spaces
            assert not masks_meet(a.box, a.pixels, b.box, b.pixels), (
                f"{a.what} on {a.space} meets {b.what} on {b.space}"
            )


def test_the_board_says_the_turn_what_is_awaited_the_rescue_and_who_plays_each_robot() -> None:
    view = next(v for v in views() if v.phase == "actions")
    texts = [mark.text for mark in RENDERER.layout(view).marks]
    assert f"Jupiter Deep · Turn {view.turn}" in texts
    assert any(view.waiting_for[1:12] in words for words in texts)
    assert f"Saved {view.saved} of {view.needed}" in texts
    assert any(words.startswith("actions ") and "hand limit" in words and "invasion die" in words for words in texts)
    every_tile = {tile.id for tile in view.tiles}
    assert every_tile <= set(texts), "every tile's id is printed"
    for info in view.robots:
        owner = info.owner if info.owner is not None else info.seat
        assert any(words.startswith(f"{info.colour.capitalize()} · {NAMES[owner]}") for words in texts)
        if info.where not in (None, "pod"):
            assert any(f"on {info.where}" in words for words in texts), f"{info.colour} stands on {info.where}"
    assert not [words for words in texts if re.search(r"\bP\d\b|Player \d|Seat \d", words)]


def test_tiles_where_creeps_rose_are_tagged_on_the_board() -> None:
    """What changed at the last turn's end shows where it happened: the tiles' ids on orange tags."""
    view = next(v for v in views() if v.last_turn is not None and v.last_turn.invaded and v.this_turn is None)
    image = decode(RENDERER.board(view)).convert("RGB")
    from render.core import RGB, Ink

    marks = {mark.text: mark for mark in RENDERER.layout(view).marks}
    assert view.last_turn is not None
    for tile in view.last_turn.invaded:
        if tile in marks:
            x0, y0, _, _ = marks[tile].reach
            assert image.getpixel((x0 - 1, y0)) == RGB[Ink.ORANGE], f"{tile} is not on an orange tag"


# Every tenth view by default and the fifth after each in the slow set: together every fifth view, as before.
@pytest.mark.parametrize("first", [0, pytest.param(5, marks=pytest.mark.slow)], ids=["every-tenth", "the-others"])
def test_every_zoom_is_large_enough_on_a_phone_and_a_tiles_zoom_names_its_domes(first: int) -> None:
    for view in views()[first::10]:
        areas = RENDERER.areas(view)
        assert len(areas) <= 25 and len({a.key for a in areas}) == len(areas)
        assert areas[0].key == TEAM and {a.key for a in areas[1:]} == {t.id for t in view.tiles}
        for area in areas:
            assert len(area.key) <= 24 and len(area.label) <= 80 and len(area.description) <= 100
            image = decode(RENDERER.zoom(view, area.key))
            sheet = RENDERER.zoom_layout(view, area.key)
            readable(f"turn {view.turn} zoom {area.key}", sheet, image)
            if area.key != TEAM:
                tile = next(t for t in view.tiles if t.id == area.key)
                shown = {mark.text for mark in sheet.marks}
                sides = {dome.name.rsplit(".", 1)[-1] for dome in tile.domes}
                assert tile.id in shown and sides <= shown, "the tile's id and each dome's side (T08 + NW = T08.NW)"


def test_a_zooms_alt_text_says_what_stands_on_which_dome() -> None:
    view = views()[len(views()) // 2]
    for tile in view.tiles:
        alt = RENDERER.zoom_alt(view, tile.id)
        assert f"tile {tile.id}" in alt and len(alt) <= 1000
        for dome in tile.domes:
            if dome.piece == "colonist":
                assert f"{dome.name} colonist" in alt
            elif dome.piece == "robot" and dome.seat is not None:
                assert dome.name in alt and NAMES[dome.seat] in alt
    team = RENDERER.zoom_alt(view, TEAM)
    assert f"saved {view.saved} of {view.needed}" in team
    assert all(f"{r.colour} robot" in team for r in view.robots)


def test_every_seats_view_draws_the_same_board_and_zooms() -> None:
    """Nothing is secret in Jupiter Deep, and a seat's view (``viewer``, ``my_seat``) adds nothing to an image."""
    from engine.jupiter import SPEC

    from .test_jupiter_render import playout

    state = playout(3, 1)[40]
    public = named(SPEC.view(state, None))
    for seat in range(3):
        seated = named(SPEC.view(state, seat))
        assert RENDERER.board(seated) == RENDERER.board(public)
        for area in ("team", public.tiles[4].id):
            assert RENDERER.zoom(seated, area) == RENDERER.zoom(public, area)
            assert RENDERER.zoom_alt(seated, area) == RENDERER.zoom_alt(public, area)


def test_the_full_board_is_the_detailed_landscape_board() -> None:
    image = decode(RENDERER.full(views()[-1]))
    assert image.width > image.height and image.width >= 1400


def test_an_unknown_area_is_refused() -> None:
    with pytest.raises(KeyError):
        RENDERER.zoom(views()[0], "T99")


def final_view(seed: int) -> JupiterView:
    """The last public view of a seeded random game (random play loses the colony)."""
    from engine.core import SeatSetup
    from engine.core.playout import random_playout
    from engine.registry import GAMES

    spec = GAMES["jupiter"]
    options = spec.options_model()
    seats = [SeatSetup() for _ in range(spec.max_seats(options))]
    steps = list(random_playout(spec, seats, options, seed))
    return named(spec.view(steps[-1].after, None))


def test_the_end_is_a_result_screen_with_the_colonists_saved_lost_and_why() -> None:
    """How the colony ended, the colonists saved of the target and lost, the turn and the game's own sentence,
    in a box under the robots (covering no piece), readable on a phone, with nobody acting any more."""
    view = final_view(1)
    assert view.phase == "lost"
    sheet = RENDERER.layout(view)
    readable("lost result", sheet, decode(RENDERER.board(view)), pieces=True)
    said = [mark.text for mark in sheet.marks]
    assert "The colony is lost" in said
    assert f"Saved {view.saved} of {view.needed} · lost {view.lost} · turn {view.turn}" in said
    assert any(text.startswith(view.result.split(":")[0]) for text in said)
    assert sum(text.startswith("Tiles destroyed: ") for text in said) == 1
    won = view.model_copy(update={"phase": "won", "result": "Every robot is aboard with 28 colonists saved."})
    won_said = [mark.text for mark in RENDERER.layout(won).marks]
    assert "The colony is saved!" in won_said and "Every robot is aboard with 28 colonists saved." in won_said
    readable("won result", RENDERER.layout(won), decode(RENDERER.board(won)), pieces=True)
