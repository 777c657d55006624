"""Cosmic Pioneers read on a phone (issue 26): the board and every sector's zoom at the size Discord shows them.

A phone shows an image about 400 px wide, so a text's display size is its font size × 400 / the image's width.
Pinned over states of seeded random playouts: on the board every text is at least 12 px and every piece at
least 16 px at display size, inside the image, never touching another text or piece and never crossed by a
line; the board is portrait; every sector has a zoom whose texts are at least 12 px at display size and whose
alt text names the sector and who stands in it; nothing names a captain "P1"; every seat's view draws the same.
"""

from __future__ import annotations

import io
import re
from itertools import combinations

import pytest
from PIL import Image

from engine.core import View
from engine.pioneers.view import PioneersView
from render.core.sheet import masks_meet
from render.pioneers import RENDERER
from render.pioneers.phone import WIDTH

from .checks import readable
from .test_legibility import public_views

SEEDS = (1, 2)
NAMES = {0: "Alice", 1: "Bartholomew the Great", 2: "Cy", 3: "Dee"}


def named(view: View) -> PioneersView:
    """The view as the host hands it over: with the table's names for the seats."""
    assert isinstance(view, PioneersView)
    return view.model_copy(update={"names": NAMES})


def views() -> list[PioneersView]:
    return [named(view) for seed in SEEDS for view in public_views("pioneers", seed)]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_the_board_is_a_portrait_phone_image() -> None:
    image = decode(RENDERER.board(views()[0]))
    assert image.width == WIDTH and image.height >= image.width and image.mode == "P"


@pytest.mark.parametrize("seed", SEEDS)
def test_every_board_text_and_piece_is_large_enough_on_a_phone_and_nothing_is_covered(seed: int) -> None:
    for view in map(named, public_views("pioneers", seed)):
        image = decode(RENDERER.board(view))
        sheet = RENDERER.layout(view)
        readable(f"seed {seed} board", sheet, image, pieces=True)
        assert sheet.tokens, "the board reports no piece"
        for a, b in combinations(sheet.tokens, 2):  # on this board no two pieces meet, even on different spaces
            assert not masks_meet(a.box, a.pixels, b.box, b.pixels), (
                f"{a.what} on {a.space} meets {b.what} on {b.space}"
            )


def test_the_board_says_whose_turn_it_is_the_round_and_every_captains_points_by_name() -> None:
    view = next(v for v in views() if v.phase == "play" and v.active is not None)
    texts = [mark.text for mark in RENDERER.layout(view).marks]
    assert view.active is not None
    assert f"{NAMES[view.active]} to play" in texts
    assert any(re.search(r"Round \d+ of \d+", words) for words in texts)
    for seat, name in NAMES.items():
        assert name in texts, f"{name} is not named"
        assert any(words.startswith(f"{view.players[seat].vp} VP") for words in texts)
    assert not [words for words in texts if re.search(r"\bP\d\b|Player \d|Seat \d", words)]


# Every eighth view by default and the fourth after each in the slow set: together every fourth view, as before.
@pytest.mark.parametrize("first", [0, pytest.param(4, marks=pytest.mark.slow)], ids=["every-eighth", "the-others"])
def test_every_sector_has_a_zoom_whose_texts_are_large_enough_on_a_phone(first: int) -> None:
    for view in views()[first::8]:
        areas = RENDERER.areas(view)
        assert len(areas) == len(view.ring) <= 25
        assert len({area.key for area in areas}) == len(areas)
        for area in areas:
            assert len(area.key) <= 24 and len(area.label) <= 80 and len(area.description) <= 100
            image = decode(RENDERER.zoom(view, area.key))
            readable(f"zoom {area.key}", RENDERER.zoom_layout(view, area.key), image)


def test_a_zooms_alt_text_says_which_sector_and_who_stands_there() -> None:
    view = views()[len(views()) // 2]
    for sector in view.ring:
        alt = RENDERER.zoom_alt(view, f"sector-{sector.slot}")
        assert sector.label in alt and len(alt) <= 1000
        for spot in sector.spots:
            if spot is not None and spot.isdigit():
                assert NAMES[int(spot)] in alt
        for seat in sector.ships:
            assert NAMES[seat] in alt


def test_every_seats_view_draws_the_public_board_and_zooms() -> None:
    """Nothing is private in Cosmic Pioneers: a seat's view draws exactly what the channel sees."""
    view = views()[len(views()) // 2]
    seat_view = view.model_copy(update={"viewer": 0})
    assert RENDERER.board(seat_view) == RENDERER.board(view)
    key = RENDERER.areas(view)[3].key
    assert RENDERER.zoom(seat_view, key) == RENDERER.zoom(view, key)
    assert RENDERER.zoom_alt(seat_view, key) == RENDERER.zoom_alt(view, key)


def test_the_full_board_is_the_detailed_landscape_board() -> None:
    image = decode(RENDERER.full(views()[-1]))
    assert image.width > image.height and image.width >= 1280


def test_an_unknown_area_is_refused() -> None:
    with pytest.raises(KeyError):
        RENDERER.zoom(views()[0], "sector-99")


def final_view(seed: int) -> PioneersView:
    """The last public view of a seeded random game: its result screen."""
    from engine.core import SeatSetup
    from engine.core.playout import random_playout
    from engine.registry import GAMES

    spec = GAMES["pioneers"]
    options = spec.options_model()
    seats = [SeatSetup() for _ in range(spec.max_seats(options))]
    steps = list(random_playout(spec, seats, options, seed))
    return named(spec.view(steps[-1].after, None))


def test_the_end_is_a_result_screen_naming_the_winner_the_standings_and_what_decided() -> None:
    """The header names the winner; a box under the ring (covering no piece) ranks every captain with their
    points, planets, colonists and credits, and says what decided the win; nobody is "to play" any more."""
    view = final_view(1)
    assert view.phase == "over"
    sheet = RENDERER.layout(view)
    readable("result", sheet, decode(RENDERER.board(view)), pieces=True)
    said = [mark.text for mark in sheet.marks]
    best = max(view.players, key=lambda p: (p.vp, p.controlled, p.colonists, p.credits))
    winner = NAMES[best.seat]
    assert f"{winner} wins" in said and f"Result: {winner} wins" in said
    assert f"1. {winner}" in said
    assert f"{best.vp} VP · {best.controlled} planet{'s' if best.controlled != 1 else ''}" in " ".join(said)
    assert any(text.startswith("Won by ") and text.endswith(" VP over " + text.split(" over ")[-1]) for text in said)
    assert not any("to play" in text for text in said)


def test_a_tie_on_points_says_which_tie_break_decided() -> None:
    view = final_view(1)
    first, second = view.players[0], view.players[1]
    level = [
        first.model_copy(update={"vp": 30, "controlled": 3}),
        second.model_copy(update={"vp": 30, "controlled": 2}),
        *(p.model_copy(update={"vp": 1}) for p in view.players[2:]),
    ]
    tied = view.model_copy(update={"players": level})
    said = [mark.text for mark in RENDERER.layout(tied).marks]
    assert any(text.startswith("Decided by planets held: level on VP with Barth") for text in said), said
    assert f"{NAMES[0]} wins" in said
