"""Derelict read on a phone (issue 26): the channel board, every zoom and their alt texts.

Discord shows an image about 400 px wide on a phone, so a text's display size is its font size x 400 / the
image's width (``render.core.zoom``). Over states of seeded random games: every text of the board and of
every zoom shows at 12 px or more, every piece at 16 px or more, nothing covers a text or another piece on
its space, no line crosses a text; each zoom's alt text says which room it shows, where its exits lead and
who stands there, in the table's names; and a state re-dealt in everything the public cannot see (hands,
tasks, unscanned infection cards, decks) gives the very same zooms and alt texts.
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from engine.derelict import SPEC
from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, IntruderView
from render.core.sheet import Sheet
from render.derelict import DerelictRenderer
from render.derelict.hand import draw_hand
from render.derelict.zoom import crop_box
from tests.derelict.playout import random_game
from tests.derelict.resample import resample_hidden
from tests.render.test_derelict_render import crowded, states
from tests.render.test_legibility import SEEDS, SLOW_SEEDS, public_views

from .checks import readable

NAMES = {0: "Ana", 1: "Bartholomew the Great", 2: "Cy", 3: "Dmitri", 4: "Eve"}


def named(view: DerelictView) -> DerelictView:
    return view.model_copy(update={"names": {seat: NAMES[seat] for seat in range(len(view.seats))}})


def views(seeds: tuple[int, ...]) -> list[DerelictView]:
    out = []
    for seed in seeds:
        for view in public_views("derelict", seed):
            assert isinstance(view, DerelictView)
            out.append(named(view))
    return out


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def boards_read_on_a_phone(seeds: tuple[int, ...], every: int = 1) -> None:
    renderer = DerelictRenderer()
    for n, view in enumerate(views(seeds)[::every]):
        image = png(renderer.board(view))
        readable(f"board {n}", renderer.layout(view), image, pieces=True)


def zooms_read_on_a_phone(seeds: tuple[int, ...], every: int, first: int = 0) -> None:
    renderer = DerelictRenderer()
    for n, view in enumerate(views(seeds)[first::every]):
        for area in renderer.areas(view):
            image = png(renderer.zoom(view, area.key))
            readable(f"view {n} zoom {area.key}", renderer.zoom_layout(view, area.key), image, pieces=True)


def test_the_board_reads_on_a_phone() -> None:
    """Every other sampled state (the legibility test measures them all, by the same measure)."""
    boards_read_on_a_phone(SEEDS, every=2)


# Every twelfth view by default and the sixth after each in the slow set: together every sixth view, as before.
@pytest.mark.parametrize("first", [0, pytest.param(6, marks=pytest.mark.slow)], ids=["every-twelfth", "the-others"])
def test_every_zoom_reads_on_a_phone(first: int) -> None:
    zooms_read_on_a_phone(SEEDS, every=12, first=first)


@pytest.mark.slow
def test_the_board_and_every_zoom_read_on_a_phone_over_twenty_more_seeds() -> None:
    boards_read_on_a_phone(SLOW_SEEDS)
    zooms_read_on_a_phone(SLOW_SEEDS, every=4)


def test_the_board_says_who_acts_and_names_every_seat_and_the_room_it_stands_in() -> None:
    renderer = DerelictRenderer()
    view = next(v for v in views(SEEDS) if v.phase == "play" and v.current is not None)
    said = [mark.text for mark in renderer.layout(view).marks]
    acting = view.seats[view.current or 0]
    header = f"Round {view.round} · {NAMES[acting.seat]}"
    assert any(text.startswith(header) and text.endswith(" to act") for text in said), said
    for seat in view.seats:
        line = next(text for text in said if text.startswith(NAMES[seat.seat][:4]))
        if seat.room:
            assert f"· {seat.room}" in line, line
    assert not any(re.search(r"\b(Seat|Player) \d", text) for text in said)
    assert any(text.startswith(f"F fire {view.fires}/8 · X malfunction {view.malfunctions}/8") for text in said)


def test_there_is_a_zoom_for_every_room_and_the_crew_within_a_select() -> None:
    renderer = DerelictRenderer()
    view = views(SEEDS)[3]
    areas = renderer.areas(view)
    assert [a.key for a in areas] == [*CATALOG.map_order, "crew"] and len(areas) <= 25
    for area in areas:
        assert re.fullmatch(r"[A-Za-z0-9._-]{1,24}", area.key) and len(area.label) <= 80
        assert len(area.description) <= 100
    with pytest.raises(ValueError, match="no area"):
        renderer.zoom(view, "S99")


def test_a_zoom_s_alt_text_says_the_room_where_its_exits_lead_and_who_stands_there() -> None:
    renderer = DerelictRenderer()
    view = next(v for v in views(SEEDS) if any(r.characters and r.intruders for r in v.rooms))
    room = next(r for r in view.rooms if r.characters and r.intruders)
    words = renderer.zoom_alt(view, room.id)
    assert words.startswith(f"A close-up of the Derelict board: room {room.id} {room.name or 'unexplored'}")
    for n, target in enumerate(CATALOG.exits[room.id], start=1):
        assert f"{n} to {target}" in words
    for seat in room.characters:
        assert f"{NAMES[seat]} ({view.seats[seat].name})" in words
    assert f"a {room.intruders[0].type}" in words
    crew = renderer.zoom_alt(view, "crew")
    assert all(f"{NAMES[s.seat]} as {s.name}" in crew for s in view.seats if s.character)


@pytest.mark.parametrize("seed", [2, 4])
def test_zooms_and_their_alt_texts_hide_what_the_public_cannot_see(seed: int) -> None:
    """Hands, tasks, unscanned infection cards and deck orders re-dealt: every zoom and alt text unchanged."""
    game = [state for i, (state, _) in enumerate(random_game(seed)) if i % 60 == 30 and state.phase == "play"]
    for n, state in enumerate(game[:3]):
        other = resample_hidden(state, None, seed * 100 + n)
        view, again = named(SPEC.view(state, None)), named(SPEC.view(other, None))
        one, two = DerelictRenderer(), DerelictRenderer()
        for area in one.areas(view):
            assert one.zoom(view, area.key) == two.zoom(again, area.key), f"seed {seed} state {n} {area.key}"
            assert one.zoom_alt(view, area.key) == two.zoom_alt(again, area.key)
        assert one.full(view) == two.full(again) and one.board(view) == two.board(again)
        for seat in range(len(view.seats)):
            private = SPEC.view(state, seat)
            said = " ".join(one.zoom_alt(view, area.key) for area in one.areas(view))
            for secret in [*private.tasks, *[card for card in private.hand if "infection" not in card]]:
                assert secret.split(":")[0] not in said, f"seed {seed}: {secret!r} said in a zoom's alt text"


@pytest.mark.parametrize("seed", [4, 7])
def test_the_end_is_a_result_screen_with_each_seat_s_fate_task_and_infection_cards(seed: int) -> None:
    """Nothing acts any more: no "to act" nor "passed"; each seat says its fate, its chosen task and its
    infection cards as far as the view reveals them, readable on a phone and covering no piece."""
    state = [state for state, _ in random_game(seed)][-1]
    view = named(SPEC.view(state, None))
    assert view.phase == "over"
    renderer = DerelictRenderer()
    sheet = renderer.layout(view)
    readable(f"seed {seed} result", sheet, png(renderer.board(view)), pieces=True)
    said = [mark.text for mark in sheet.marks]
    assert "Derelict · game over" in said and any(text.startswith(view.summary.split(":")[0]) for text in said)
    assert not any("to act" in text or "passed" in text for text in said)
    for seat in view.seats:
        fate = next(text for text in said if text.startswith(NAMES[seat.seat][:4]))
        assert seat.status in fate or (seat.status == "hibernating" and "in cryo" in fate), fate
        assert (
            f"Task {view.chosen_tasks[seat.seat]} · {seat.infection_cards} infection card" in said[said.index(fate) + 1]
        )


def test_a_seat_s_hand_image_reads_on_a_phone() -> None:
    """Each seat's private image over a game: cards, items, task and peeks at 12 px displayed, uncovered."""
    renderer = DerelictRenderer()
    game = [state for i, (state, _) in enumerate(random_game(4)) if i % 50 == 3]
    for n, state in enumerate(game):
        for seat in range(len(state.players)):
            view = SPEC.view(state, seat)
            data = renderer.hand(view)
            if data is None:
                continue
            sheet = Sheet()
            draw_hand(view, sheet)
            readable(f"state {n} seat {seat} hand", sheet, png(data), pieces=True)
            said = " ".join(mark.text for mark in sheet.marks)
            assert all(card.split()[0] in said for card in view.hand)


def test_a_room_s_zoom_shows_exactly_that_part_of_the_full_board() -> None:
    """What a phone player zooms into is what a desktop player sees on the full board, pixel for pixel."""
    renderer = DerelictRenderer()
    for view in views(SEEDS)[::8]:
        full = png(renderer.full(view))
        for area in renderer.areas(view)[:-1]:
            box = crop_box(area.key)
            part = png(renderer.zoom(view, area.key)).crop((0, 0, box[2] - box[0], box[3] - box[1]))
            assert part.tobytes() == full.crop(box).tobytes(), area.key


def test_a_crowded_room_s_zoom_lists_everyone_there_readably() -> None:
    """Five characters and seven intruders in one burning, malfunctioning room full of objects: the zoom
    grows to list them all, still readable on a phone."""
    renderer = DerelictRenderer()
    view = named(crowded(SPEC.view(states(4)[1], None), "S07", 7))
    image = png(renderer.zoom(view, "S07"))
    sheet = renderer.zoom_layout(view, "S07")
    readable("crowded zoom", sheet, image, pieces=True)
    said = " ".join(mark.text for mark in sheet.marks)
    assert all(NAMES[seat] in said for seat in range(5)) and "on fire" in said and "malfunctioning" in said
    assert image.width == 400


def test_the_widest_pieces_side_by_side_stay_apart_on_the_phone_board() -> None:
    """Stars (matriarchs), diamonds and triangles in every place of a room, beside a malfunction badge."""
    base = views(SEEDS)[2]
    shapes = [(i.id, i.letter) for i in CATALOG.intruders.intruders if i.id in ("matriarch", "brooder", "hunter")]
    packed = [IntruderView(id=n, type=kind, letter=letter, wounds=0) for n, (kind, letter) in enumerate(shapes * 2)]
    rooms = [
        r.model_copy(update={"intruders": packed[:4] if r.id == "S03" else packed[2:5], "malfunction": r.id == "S08"})
        if r.id in ("S03", "S08")
        else r
        for r in base.rooms
    ]
    view = base.model_copy(update={"rooms": rooms})
    renderer = DerelictRenderer()
    readable("widest pieces", renderer.layout(view), png(renderer.board(view)), pieces=True)
