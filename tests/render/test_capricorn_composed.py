"""Capricorn's phone board is composed on the last board most like it (``Sections.compose``), pixel for pixel.

Only the sections that show something else are put into a kept board, so a kept board that kept showing an old
section (a piece in the room it left, another game's header, a finished game's result) would be a stale board.
Each board composed here must be the board drawn whole, whatever was composed before it.
"""

from __future__ import annotations

from engine.capricorn.view import CapricornView
from render.capricorn import CapricornRenderer
from render.capricorn.renderer import _public
from render.core.sections import COMPOSED_KEPT

from .test_capricorn_render import GAMES, playout, view_of
from .test_capricorn_sections import one_step_apart, through_sections, whole


def _views(players: int, seed: int, step: int = 7) -> list[CapricornView]:
    return [_public(view_of(state)) for state in playout(players, seed)[::step]]


def test_boards_of_games_played_side_by_side_are_each_the_board_drawn_whole() -> None:
    """More games than boards kept, their boards interleaved: every kept board is reused by another game."""
    renderer = CapricornRenderer()
    played = [_views(players, seed, 5) for players, seed in GAMES]
    games = [*(views[::3] for views in played), *(views[12::3] for views in played)]  # later turns as other games
    assert len(games) > COMPOSED_KEPT
    for turn in range(min(8, *(len(g) for g in games))):
        for views in games:
            assert through_sections(renderer, views[turn]) == whole(views[turn])


def test_a_view_changed_inside_one_section_and_back_draws_each_board_whole() -> None:
    """The kept board put back to the first view: the section that changed is put back too."""
    renderer = CapricornRenderer()
    view = next(v for v in _views(3, 1, 1) if v.aliens and v.characters[0].health > 1 and v.threat < 5)
    first = through_sections(renderer, view)
    for changed in one_step_apart(view):
        drawn = through_sections(renderer, changed)
        assert drawn[0] != first[0]
        assert drawn == whole(changed)
        assert through_sections(renderer, view) == first == whole(view)


def test_a_finished_games_result_never_shows_on_the_next_board() -> None:
    """The result is drawn on the copy handed out, after composing: the kept board never holds it."""
    renderer = CapricornRenderer()
    last = _public(view_of(playout(1, 3)[-1]))
    assert last.result is not None
    other = _views(3, 1)[3]
    assert other.result is None
    assert through_sections(renderer, last) == whole(last)
    assert through_sections(renderer, other) == whole(other)


def test_a_section_forgotten_while_its_board_is_kept_is_still_the_board_drawn_whole() -> None:
    renderer = CapricornRenderer()
    renderer.sections.max_entries = 3
    for view in _views(1, 3, 3)[:30]:
        assert through_sections(renderer, view) == whole(view)
        assert len(renderer.sections) <= 3


def test_the_board_handed_out_is_a_copy_a_drawing_on_it_does_not_reach_the_next() -> None:
    renderer = CapricornRenderer()
    first, second = _views(1, 3, 1)[10:12]
    image = renderer._phone(first)
    image.paste(0, (0, 0, image.width, image.height))  # what a caller may do with its own copy
    assert through_sections(renderer, first) == whole(first)
    assert through_sections(renderer, second) == whole(second)
