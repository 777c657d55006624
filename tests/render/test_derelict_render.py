"""The Derelict renderer on states of seeded random games, driven directly (one fresh renderer per test).

Pinned: the channel board is a portrait palette PNG (a phone shows it larger, issue 26) and the full board a
landscape one, each under 250 KB; the same view gives the same bytes; a state re-dealt in everything the
public cannot see gives the very same images (no hidden fact is drawn); the full board's static layer is
drawn once; the private image exists only for a seat; the boards refuse a seat's view; a crowded room keeps
its names readable and its pieces apart on both boards, and the phone board counts what it cannot show.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.derelict import SPEC
from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, IntruderView
from render.core import fitted, text_width
from render.core.changes import MARK
from render.core.sheet import MIN_TEXT, clean, masks_meet
from render.core.zoom import MIN_DISPLAY_PIECE, MIN_DISPLAY_TEXT, display_size
from render.derelict import DerelictRenderer
from render.derelict.board import object_lines
from render.derelict.places import board_sheet
from tests.derelict.playout import random_game
from tests.derelict.resample import resample_hidden

MAX_BYTES = 250_000


def states(seed: int, every: int = 25) -> list:  # type: ignore[type-arg]
    return [s for i, (s, _) in enumerate(random_game(seed)) if i % every == 0 and s.phase != "setup"]


@pytest.mark.parametrize("seed", [2, 4])
def test_boards_are_palette_pngs_portrait_for_the_channel_and_hide_what_the_public_cannot_see(seed: int) -> None:
    renderer = DerelictRenderer()
    for n, state in enumerate(states(seed)):
        png, full = renderer.board(SPEC.view(state, None)), renderer.full(SPEC.view(state, None))
        image, wide = Image.open(io.BytesIO(png)), Image.open(io.BytesIO(full))
        assert image.mode == wide.mode == "P" and image.width < image.height and wide.width > wide.height
        assert len(png) < MAX_BYTES and len(full) < MAX_BYTES
        assert renderer.board(SPEC.view(state, None)) == png
        if state.phase != "over":
            other = resample_hidden(state, None, seed * 100 + n)
            fresh = DerelictRenderer()
            assert fresh.board(SPEC.view(other, None)) == png, f"seed {seed} state {n}"
            assert fresh.full(SPEC.view(other, None)) == full, f"seed {seed} state {n}"
            assert renderer.alt(SPEC.view(other, None)) == renderer.alt(SPEC.view(state, None))
    shapes = {state.phase == "over" for state in states(seed)}  # the phone board's layer: playing, over
    assert renderer.layers.draws == 1 + len(shapes)  # and the full board's


def test_the_private_image_is_for_a_seat_only_and_the_board_refuses_a_seat_view() -> None:
    renderer = DerelictRenderer()
    state = states(3)[1]
    assert renderer.hand(SPEC.view(state, None)) is None
    assert renderer.hand(SPEC.view(state, 0)) is not None
    for draw in (renderer.board, renderer.full):
        with pytest.raises(ValueError, match="public view"):
            draw(SPEC.view(state, 0))


def crowded(view: DerelictView, room_id: str, intruders: int) -> DerelictView:
    """``view`` with every seat, ``intruders`` wounded intruders of every type, fire, a malfunction, objects and
    noise on all its corridors packed into one explored room named with the longest room name."""
    longest = max((tile.name for tile in CATALOG.tiles.values()), key=len)
    types = [(i.id, i.letter) for i in CATALOG.intruders.intruders]
    packed = [
        IntruderView(id=n, type=types[n % len(types)][0], letter=types[n % len(types)][1], wounds=n % 3 + 1)
        for n in range(intruders)
    ]
    rooms = [
        r.model_copy(
            update={
                "explored": True,
                "name": longest,
                "colour": "yellow",
                "items": 2,
                "computer": True,
                "fire": True,
                "malfunction": True,
                "objects": ["corpse of Commander Vale", "corpse of Scout Lindqvist", "crewmate's body", "egg", "egg"],
                "intruders": packed,
                "characters": [s.seat for s in view.seats],
            }
        )
        if r.id == room_id
        else r.model_copy(update={"intruders": [], "characters": []})
        for r in view.rooms
    ]
    noise = ["|".join(sorted((room_id, t))) for t in CATALOG.exits[room_id] if t not in ("DU", "DD")]
    return view.model_copy(update={"rooms": rooms, "noise": [*noise, "DU", "DD"]})


@pytest.mark.parametrize("intruders", [4, 7])
def test_a_crowded_room_keeps_its_names_readable_and_its_pieces_apart_on_the_full_board(intruders: int) -> None:
    renderer = DerelictRenderer()
    base = SPEC.view(states(4)[1], None)  # seed 4 seats five players
    assert len(base.seats) == 5
    view = crowded(base, "S07", intruders)
    image = Image.open(io.BytesIO(renderer.full(view)))
    sheet = board_sheet(view)
    names = [m.text for m in sheet.marks]
    assert max((t.name for t in CATALOG.tiles.values()), key=len) in names and "S07" in names
    for mark in sheet.marks:
        assert mark.size >= MIN_TEXT, mark.text
        assert clean(mark, image) is None, mark.text
        for token in sheet.tokens:
            assert not masks_meet(mark.reach, mark.halo, token.box, token.pixels), f"{token.what} covers {mark.text}"
    in_room = [t for t in sheet.tokens if t.space == "S07"]
    assert sum(t.what.startswith("character") for t in in_room) == 5  # every seat is shown
    shown = [t for t in in_room if t.what[0].isalpha() and not t.what.startswith(("character", "FIRE", "MALF"))]
    tags = [t.what for t in in_room if t.what.startswith("+")]
    assert len(shown) + sum(int(t.split()[0][1:]) for t in tags) == intruders  # a tag counts the ones left out
    for i, a in enumerate(in_room):
        for b in in_room[i + 1 :]:
            assert not masks_meet(a.box, a.pixels, b.box, b.pixels), f"{a.what} and {b.what} overlap"


@pytest.mark.parametrize("intruders", [0, 7])
def test_a_crowded_room_on_the_phone_board_shows_what_fits_and_counts_the_rest(intruders: int) -> None:
    """Fire, malfunction, intruders and five characters in one room: four places, the last a ``+n`` tag that
    counts the rest; the room's name, id and every text stay readable at 12 px on a phone."""
    renderer = DerelictRenderer()
    view = crowded(SPEC.view(states(4)[1], None), "S07", intruders)
    image = Image.open(io.BytesIO(renderer.board(view)))
    sheet = renderer.layout(view)
    names = [m.text for m in sheet.marks]
    assert max((t.name for t in CATALOG.tiles.values()), key=len) in names and "S07" in names
    for mark in sheet.marks:
        assert display_size(mark.size, image.width) >= MIN_DISPLAY_TEXT, mark.text
        assert clean(mark, image) is None, mark.text
        for token in sheet.tokens:
            assert not masks_meet(mark.reach, mark.halo, token.box, token.pixels), f"{token.what} covers {mark.text}"
    in_room = [t for t in sheet.tokens if t.space == "S07"]
    assert [t.what for t in in_room][:2] == ["fire F", "malfunction X"]
    tag = in_room[-1].what
    assert tag == f"+{2 + intruders + 5 - 3} more"
    for i, a in enumerate(in_room):
        assert display_size(max(a.box[2] - a.box[0], a.box[3] - a.box[1]), image.width) >= MIN_DISPLAY_PIECE
        for b in in_room[i + 1 :]:
            assert not masks_meet(a.box, a.pixels, b.box, b.pixels), f"{a.what} and {b.what} overlap"


def test_the_board_alt_text_says_where_the_intruders_fires_and_noise_are() -> None:
    renderer = DerelictRenderer()
    view = crowded(SPEC.view(states(4)[1], None), "S07", 2)
    words = renderer.alt(view)
    assert words.startswith("The Derelict board: ")
    assert "intruders: a larva with 1 wound in S07, a crawler with 2 wounds in S07" in words
    assert "fire in S07" in words and "S07-S08" in words
    calm = view.model_copy(update={"rooms": [r.model_copy(update={"intruders": []}) for r in view.rooms]})
    assert "no intruder in sight" in renderer.alt(calm)
    private = renderer.alt(view.model_copy(update={"viewer": 0}))  # the private image draws no map
    assert private.startswith("Your Derelict hand") and "intruders:" not in private


@pytest.mark.parametrize("count", [1, 2, 4, 9])
def test_objects_in_a_room_take_two_lines_and_count_what_they_cannot_show(count: int) -> None:
    things = [f"corpse of Crew Member {n}" for n in range(count)]
    lines = object_lines(things, 160)
    assert 1 <= len(lines) <= 2
    for line in lines:  # drawn in the largest face from 14 down to 12 px that fits
        assert text_width(line, fitted(line, 160, 14, smallest=12)) <= 160, line
    shown = sum(line.count("corpse of") for line in lines)
    more = int(lines[-1].rsplit("+", 1)[1].split()[0]) if "more" in lines[-1] else 0
    assert shown + more == count


@pytest.mark.parametrize(
    "objects",
    [["corpse of Commander Vale"], ["egg", "corpse of Commander Vale"], ["corpse of Commander Vale", "egg", "egg x2"]],
)
def test_an_object_longer_than_its_line_goes_on_below_and_is_read_whole(objects: list[str]) -> None:
    """ "corpse of Commander Vale" does not fit a room's line even at 12 px: it is broken between its words onto
    the second line rather than cut, and every line fits its width at 12 px or more."""
    from render.derelict.board import OBJECTS_INDENT, room_box

    x0, _, x1, _ = room_box("S01")
    widths = (x1 - x0 - 16, x1 - x0 - 2 * OBJECTS_INDENT)
    lines = object_lines(objects, *widths)
    assert len(lines) <= 2 and not any("…" in line for line in lines)
    for line, width in zip(lines, widths, strict=False):
        assert text_width(line, fitted(line, width, 14, smallest=12)) <= width, line
    said = " ".join(lines)
    assert "corpse of Commander Vale" in said.replace(",", "") or "more" in said
    assert "Commander Vale" in said


def test_a_malfunction_never_wears_the_purple_of_the_what_changed_frames() -> None:
    """A framed change and a malfunction must never look alike: the badge (phone board, full board, zoom) holds
    no pixel of the frames' ink, and its letter still names it (never colour alone)."""
    renderer = DerelictRenderer()
    view = crowded(SPEC.view(states(4)[1], None), "S07", 0)
    for data, sheet in ((renderer.board(view), renderer.layout(view)), (renderer.full(view), board_sheet(view))):
        image = Image.open(io.BytesIO(data))
        badges = [t for t in sheet.tokens if t.space == "S07" and t.what.startswith(("malfunction", "MALF"))]
        assert len(badges) == 1
        assert image.crop(badges[0].box).histogram()[int(MARK)] == 0
