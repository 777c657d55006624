"""The Derelict phone board's lines and pieces, measured and drawn with fewer FreeType calls: the same results.

Pinned: ``places.fitting`` cuts a line exactly where ``render.core.canvas.shortened`` does (searching the cut
instead of trying every one); ``phone.line_box`` notes the very box ``Sheet.mark`` measures for a line (from the
box its fitting measured, moved by the face's constant); every piece a seeded game's boards draw is one that
``phone.warm_pieces`` draws ahead, so no piece's look is first drawn in a move.
"""

from __future__ import annotations

import random

import pytest

from engine.derelict import SPEC
from render.core.canvas import shortened
from render.core.fonts import font
from render.core.sheet import Sheet, _look, _text_box
from render.derelict import phone
from render.derelict.places import fitting
from tests.derelict.playout import random_game

LETTERS = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 ·().,:;!?'-_/ ffi fl éøßÆ…"
FACES = ((18, False), (18, True), (21, True), (20, True), (19, False))


def random_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 90))) for _ in range(count)]


def test_a_line_too_long_is_cut_where_shortened_cuts_it() -> None:
    rng = random.Random(7)
    lines = [*random_lines(40, 1), "Ωmega ÿ player (Commander Vale) · dead · killed by the hyperjump while awake"]
    lines += ["عربي player0 (Pilot Okafor) · S07 Fire Suppression · to act · 1st"]  # shaped: ``shortened`` itself
    for line in lines:
        for size, bold in FACES:
            width = rng.randint(200, 580)  # a line cut near its end, as the board cuts them
            assert fitting(line, width, size, bold=bold) == shortened(line, font(size, bold=bold), width), (line, width)


def board_lines() -> list[str]:
    lines = []
    for seed in (1, 6):
        for state, _ in list(random_game(seed))[::40]:
            sheet = Sheet(boxes_only=True)
            phone.draw_phone(SPEC.view(state, None), sheet)
            lines.extend(mark.text for mark in sheet.marks)
    return lines


@pytest.mark.parametrize("anchor", ["la", "lm", "ls", "ld", "mm", "ra"])
def test_a_line_is_noted_in_the_box_sheet_mark_measures(anchor: str) -> None:
    for line in [*board_lines(), *random_lines(150, 2), "", " ", "_", "j"]:
        for size, bold in FACES:
            box = phone.line_box((12, 40), line, size, bold, anchor)
            if anchor[0] != "l" or not line:
                assert box is None
            else:
                assert box == _text_box(line, size, bold, anchor, (12, 40)), (line, size, bold)


def test_every_piece_a_board_draws_is_drawn_ahead() -> None:
    warmed = {_look(paint) for _, paint in phone.piece_paints()}
    drawn = []

    class Caught(phone.Board):
        def piece(self, space: str, what: str, at: tuple[int, int], paint: phone.Paint) -> None:
            drawn.append((what, _look(paint)))
            super().piece(space, what, at, paint)

    for seed in (1, 3, 6):
        for state, _ in list(random_game(seed))[::15]:
            view = SPEC.view(state, None)
            board = Caught(phone.draw_static(*phone.shape(view)), None)
            for room in view.rooms:
                phone.draw_cell(board, view, room)
            phone.draw_map(board, view)
            phone.draw_roster(board, view)
    assert drawn and {look for _, look in drawn} <= warmed, {what for what, look in drawn if look not in warmed}
