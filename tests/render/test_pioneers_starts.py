"""Cosmic Pioneers' phone board starts from the kept board most like it (``PioneersRenderer._start``).

A board is a copy of a board drawn lately with only the parts whose look differs pasted. The boards kept as
starts are those of every game of one size (sectors, captains, height), so a board must start from one whose
record of what each box shows is true: two games played in turn each get their own boards, pixel for pixel and
text for text. Inside ``marked`` the board just drawn is kept as a start without a copy, once the what-changed
rings drawn on it are taken off: a board composed meanwhile in another thread never shows them.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image

import render.core.changes as changes
from render.core.sheet import Sheet
from render.pioneers.phone import (
    HEADER_H,
    PLAYER_H,
    captain_look,
    captain_split,
    draw_overview,
    footer_look,
    footer_splits,
    footer_top,
    header_look,
    header_splits,
    height,
)
from render.pioneers.phone import parts as phone_parts
from render.pioneers.renderer import PioneersRenderer
from tests.render.test_pioneers_cells import layout, played


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).tobytes()


def strips_drawn_as_anew(looks: list[Any], strip: Callable[[Any], tuple[int, int]]) -> list[bytes]:
    """Each of ``looks`` drawn in turn by one renderer (each board composed on the one before) must be the board and
    layout drawn from nothing; the pixels of each board's ``strip`` (its top and bottom rows) as drawn."""
    renderer = PioneersRenderer()
    strips = []
    for index, view in enumerate(looks):
        kept, fresh = Sheet(boxes_only=True), Sheet(boxes_only=True)
        image = renderer._phone(view, kept)
        assert image.tobytes() == draw_overview(view, fresh).tobytes(), f"board {index} differs"
        assert layout(kept) == layout(fresh), f"board {index}: its layout differs"
        top, bottom = strip(view)
        strips.append(image.crop((0, top, image.width, bottom)).tobytes())
    return strips


def test_two_games_of_one_size_played_in_turn_each_get_their_own_boards() -> None:
    first, second = played(2, 3, 2), played(3, 3, 2)
    assert (len(first[0].ring), len(first[0].players)) == (len(second[0].ring), len(second[0].players))
    renderer = PioneersRenderer()
    for index, (a, b) in enumerate(zip(first, second, strict=False)):
        for view in (a, b):
            kept, fresh = Sheet(boxes_only=True), Sheet(boxes_only=True)
            image = renderer._phone(view, kept)
            assert image.tobytes() == draw_overview(view, fresh).tobytes(), f"board {index} differs"
            assert layout(kept) == layout(fresh), f"board {index}: its layout differs"
    boards = 2 * min(len(first), len(second))
    parts = len(phone_parts(first[0], cut_lines=True))
    assert renderer.cells.pastes < boards * parts // 3, "a game's board did not start from that game's last board"


def test_boards_marked_in_turn_are_the_boards_drawn_from_nothing() -> None:
    """Through ``marked``, where a board is kept as the next one's start without a copy: each board, unmarked
    (``board``, from the image ``marked`` drew and ringed), is the board drawn from nothing."""
    views = played(2, 2)
    renderer = PioneersRenderer()
    for index, (before, after) in enumerate(pairwise(views)):
        renderer.marked(after, before)
        assert pixels(renderer.board(after)) == draw_overview(after).tobytes(), f"board {index + 1} differs"


@pytest.mark.parametrize("other_thread", [False, True])
def test_a_board_composed_while_the_rings_are_on_the_last_one_never_shows_them(
    monkeypatch: pytest.MonkeyPatch, other_thread: bool
) -> None:
    views = [v for v in played(3, 3) if v.phase == "play"][:12]
    renderer = PioneersRenderer()
    renderer.marked(views[1], views[0])
    composed: list[tuple[int, bytes]] = []
    now = [0]
    encode = changes.encode_png

    def while_ringed(image: Image.Image) -> bytes:
        # The rings are on the board just drawn: the same game's next board is composed meanwhile.
        nxt = now[0] + 1

        def compose() -> None:
            composed.append((nxt, renderer._phone(views[nxt], Sheet(boxes_only=True)).tobytes()))

        if other_thread:
            worker = threading.Thread(target=compose)
            worker.start()
            worker.join()
        else:
            compose()
        return encode(image)

    monkeypatch.setattr(changes, "encode_png", while_ringed)
    for after in (3, 5, 7):
        now[0] = after
        _, words = renderer.marked(views[after], views[after - 2])
        assert words, "nothing was ringed: the test shows nothing"
    monkeypatch.undo()
    assert [index for index, _ in composed] == [4, 6, 8]
    for index, image in composed:
        assert image == draw_overview(views[index]).tobytes(), f"board {index} shows another board's rings"
    for before, after in pairwise(views[8:]):
        renderer.marked(after, before)
        assert pixels(renderer.board(after)) == draw_overview(after).tobytes()


def test_the_header_is_two_parts_unless_a_name_reaches_into_the_title_and_each_shows_its_own_words() -> None:
    """The header's title (once a round) and status (every turn) are kept apart when their letters keep to their
    strips; a name whose stacked accents reach up is drawn in one header part. Every board is its own."""
    base = next(v for v in played(3, 3) if v.phase == "play" and v.active is not None)
    other = next(p.seat for p in base.players if p.seat != base.active)
    names = {base.active: "Ǻgnes", other: "Ṩ̃̃̃"}
    looks = [
        base,
        base.model_copy(update={"round": base.round + 1}),  # the title alone changes
        base.model_copy(update={"active": other}),  # the status alone changes
        base.model_copy(update={"names": names}),
        base.model_copy(update={"names": names, "active": other}),  # stacked accents above the status
        base.model_copy(update={"round": base.round + 1, "active": other}),
        base,
    ]
    splits = [header_splits(*header_look(view)[1:]) for view in looks]
    assert splits == [True, True, True, True, False, True, True]
    headers = strips_drawn_as_anew(looks, lambda view: (0, HEADER_H))
    assert len(set(headers)) == 6 and headers[0] == headers[-1]


def test_a_captains_line_cut_in_two_parts_shows_its_own_name_numbers_and_highlight() -> None:
    """A captain's line is two kept parts where it can be (``captain_split``): the disc and name, drawn once per
    highlight, and the numbers, which change with a move. Every board is its own, long names and wide numbers
    included, and a line that cannot be cut is one part."""
    base = next(v for v in played(3, 3) if v.phase == "play" and v.active is not None)
    other = next(p.seat for p in base.players if p.seat != base.active)
    richer = [p.model_copy(update={"credits": p.credits + 7, "vp": p.vp + 10}) for p in base.players]
    crashed = [p.model_copy(update={"crashed": True, "credits": 1234}) for p in base.players]
    long_names = {p.seat: f"Bartholomew the {'Great ' * 6}of seat {p.seat}" for p in base.players}
    looks = [
        base,
        base.model_copy(update={"active": other}),  # the highlight moves: the names and numbers do not change
        base.model_copy(update={"players": richer}),
        base.model_copy(update={"players": crashed, "active": other}),
        base.model_copy(update={"names": long_names}),  # shortened with an ellipsis
        base.model_copy(update={"names": {other: "Ǻ̃ Émile"}, "players": richer}),
        base,
    ]
    assert all(captain_split(*captain_look(view, p.seat)[2:4]) is not None for view in looks for p in view.players)
    lines = strips_drawn_as_anew(looks, lambda view: (HEADER_H, HEADER_H + PLAYER_H * len(view.players)))
    assert len(set(lines)) == 6 and lines[0] == lines[-1]
    assert captain_split("Ann", "9" * 60) is None, "numbers too wide to leave a gap: one part"


def test_the_footers_lines_are_kept_apart_and_each_board_shows_its_own() -> None:
    """The footer's lines are a part each where their letters keep to their strips (``footer_splits``): the
    supply line changes with many moves, the pieces' key never. Two lines or three, every board is its own."""
    base = next(v for v in played(3, 3) if v.phase == "play")
    looks = [
        base,
        base.model_copy(update={"deck_size": base.deck_size + 1}),
        base.model_copy(update={"goods_supply": base.goods_supply + 10, "belts_left": 3}),  # a longer line
        base.model_copy(update={"belts_left": 3, "pool": ["x"] * 5, "supply": {**base.supply, "worm": 12}}),
        base,
    ]
    assert all(footer_splits(footer_look(view)[1]) is not None for view in looks)
    assert {len(footer_look(view)[1]) for view in looks} == {2, 3}, "two lines and three"
    footers = strips_drawn_as_anew(looks, lambda view: (footer_top(view), height(view)))
    assert len(set(footers)) == 4 and footers[0] == footers[-1]
