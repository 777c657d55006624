"""Capricorn's phone board pastes the sections that did not change (``render.core.sections``), pixel for pixel.

A board is its static layer, then the header, the threat track, the lines, a box per room and a line per
character, each pasted as it was last drawn for what it shows. What a player sees must be exactly the board
drawn whole: a kept section handed to a view that shows something else there would be a stale board (a piece
in the room it left, an old threat step).
"""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from engine.capricorn.terms import POD
from engine.capricorn.view import CapricornView
from render.capricorn import CapricornRenderer
from render.capricorn.phone import draw_phone
from render.capricorn.renderer import _public
from render.core import changes
from render.core.cache import keys_of
from render.core.sections import Sections
from render.core.sheet import Sheet

from .test_capricorn_render import GAMES, playout, view_of


def whole(view: CapricornView) -> tuple[bytes, list[tuple[object, ...]]]:
    """The board drawn from nothing (no layer, no section kept) and what its sheet lists."""
    sheet = Sheet(boxes_only=True)
    return draw_phone(view, sheet).tobytes(), listed(sheet)


def through_sections(renderer: CapricornRenderer, view: CapricornView) -> tuple[bytes, list[tuple[object, ...]]]:
    """The board as the renderer draws it (over its static layer, sections pasted) and what its sheet lists."""
    sheet = Sheet(boxes_only=True)
    return renderer._phone(view, sheet).tobytes(), listed(sheet)


def listed(sheet: Sheet) -> list[tuple[object, ...]]:
    return [(m.text, m.size, m.box) for m in sheet.marks] + [(t.space, t.what, t.box) for t in sheet.tokens]


def test_boards_drawn_through_kept_sections_are_the_boards_drawn_whole() -> None:
    renderer = CapricornRenderer()
    boards = 0
    for players, seed in GAMES:
        for state in playout(players, seed)[::5]:
            view = _public(view_of(state))
            assert through_sections(renderer, view) == whole(view), (players, seed, state.turn)
            boards += 1
    assert renderer.sections.pastes > 5 * renderer.sections.draws  # most sections were pasted, not drawn
    assert boards > 40


def one_step_apart(view: CapricornView) -> list[CapricornView]:
    """Views differing from ``view`` inside one section each: the threat, a character's health (its room's piece
    and its line), a room's pieces (an alien gone), the repairs line."""
    hurt = [c.model_copy(update={"health": c.health - 1}) if i == 0 else c for i, c in enumerate(view.characters)]
    return [
        view.model_copy(update={"threat": view.threat + 1}),
        view.model_copy(update={"characters": hurt}),
        view.model_copy(update={"aliens": view.aliens[1:]}),
        view.model_copy(update={"repairs_done": [*view.repairs_done, "X"]}),
    ]


def test_two_views_differing_inside_one_section_draw_different_boards_each_the_board_drawn_whole() -> None:
    renderer = CapricornRenderer()
    states = playout(3, 1)
    view = next(
        v for v in (_public(view_of(s)) for s in states) if v.aliens and v.characters[0].health > 1 and v.threat < 5
    )
    assert view.characters[0].space != POD
    first, _ = through_sections(renderer, view)
    for changed in one_step_apart(view):
        drawn = renderer.sections.draws
        image, words = through_sections(renderer, changed)
        assert image != first
        assert (image, words) == whole(changed)
        assert 1 <= renderer.sections.draws - drawn <= 2  # only the sections showing the change were drawn
        assert through_sections(renderer, view)[0] == first  # and the first view's are still its own


def test_a_measure_with_letter_masks_draws_every_section() -> None:
    """``layout`` (the legibility tests) measures the drawing itself: no section is pasted for it."""
    sections = Sections()
    view = _public(view_of(playout(1, 3)[5]))
    for _ in range(2):
        draw_phone(view, Sheet(), None, sections)
    assert sections.draws == sections.pastes == 0


def test_the_sections_kept_are_bounded_and_a_forgotten_one_is_drawn_again() -> None:
    renderer = CapricornRenderer()
    renderer.sections.max_entries = 20
    for state in playout(1, 3)[:40]:
        view = _public(view_of(state))
        assert through_sections(renderer, view) == whole(view)
        assert len(renderer.sections) <= 20
    assert renderer.sections.nbytes() <= 20 * 640 * 101  # the widest section: the lines under the track


def test_the_last_boards_view_is_not_written_out_again_for_the_next_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host hands the last board's view back as the next board's ``previous``: its public copy, and so its
    key, are remembered (``_public``, ``render.core.changes.KEYS``), not made again from its JSON."""
    keyed: list[str] = []

    def counted(view: BaseModel, text: str, *purposes: str) -> tuple[str, ...]:
        keyed.append(text)
        return keys_of(view, text, *purposes)

    monkeypatch.setattr(changes, "keys_of", counted)
    renderer = CapricornRenderer()
    first, second, third = (view_of(s) for s in playout(1, 3)[30:33])
    renderer.board(first)
    renderer.marked(second, first)
    renderer.marked(third, second)
    assert len(keyed) == 3  # each view once
    seat = view_of(playout(1, 3)[30], 0)
    assert _public(seat) is _public(seat) and all(c.hand is None for c in _public(seat).characters)
