"""The Abandon Capricorn close-up: the acting character's room and its neighbours, cut from the board, enlarged.

What a phone player needs to read their choices without zooming: a landscape image at a larger scale than the
board, centred where the acting character stands, showing nothing the public board does not.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from engine.capricorn.state import CapricornState
from engine.capricorn.terms import POD
from engine.capricorn.view import CapricornView
from render.capricorn import RENDERER, CapricornRenderer, ship
from render.capricorn.closeup import choice_spaces, closeup_box, draw_closeup
from render.capricorn.layout import CODE_SIZE, label_point
from render.capricorn.renderer import _public, draw_board
from render.core import changes
from render.core.zoom import widest_for
from render.registry import RENDERERS, CloseUp

from .test_capricorn_render import GAMES, decode, playout, view_of


def sampled_states(every: int = 23) -> list[tuple[int, CapricornState]]:
    """Every ``every``-th state of each seeded game, with its number of players."""
    return [(p, s) for p, seed in GAMES for s in playout(p, seed)[::every]]


def test_the_closeup_is_landscape_and_enlarges_the_board_around_the_acting_piece() -> None:
    for players, state in sampled_states():
        view = view_of(state, 0)
        if view.result is not None:
            continue
        closeup = decode(RENDERER.closeup(view) or b"")
        board = decode(RENDERER.full(view))
        left, top, right, bottom = closeup_box(view)
        assert closeup.width > closeup.height, f"{players} players: the close-up is {closeup.size}"
        assert closeup.width >= 2 * (right - left) and closeup.height >= 2 * (bottom - top), "it is enlarged"
        shrunk = closeup.resize((right - left, bottom - top), Image.Resampling.NEAREST)
        assert shrunk.convert("RGB").tobytes() == board.crop((left, top, right, bottom)).convert("RGB").tobytes()
        space = view.characters[view.active].space
        # Decision: when the choices spread wider than a phone can show at 12 px (a 180° room), the close-up
        # keeps the acting character's side of them; the room's zooms show the rest.
        cut = (right - left) >= widest_for(CODE_SIZE)
        for code in choice_spaces(view) if not cut else [space]:
            if code == POD:
                continue
            x, y = label_point(code, view.rotation)
            assert left <= x < right and top <= y < bottom, f"{code} (next to {space}) is out of the close-up"


def test_the_closeup_is_the_same_for_every_seat_whatever_their_hands() -> None:
    players, seed = GAMES[-1]
    for state in playout(players, seed)[::31]:
        views = [view_of(state, seat) for seat in range(players)]
        if views[0].result is not None:
            continue
        hands = {tuple(c.hand or ()) for v in views for c in v.characters}
        assert len(hands) > 1, "the seats' views differ in the hands they see"
        drawn = {RENDERER.closeup(v) for v in views}
        assert len(drawn) == 1, "a seat's close-up shows nothing only that seat sees"
        assert len({RENDERER.closeup_alt(v) for v in views}) == 1


def test_a_finished_game_has_no_closeup_and_a_game_without_one_is_not_a_closeup_renderer() -> None:
    players, seed = GAMES[0]
    final = view_of(playout(players, seed)[-1], 0)
    assert final.result is not None and RENDERER.closeup(final) is None
    assert isinstance(RENDERERS["capricorn"], CloseUp)
    assert not isinstance(RENDERERS["abordaje"], CloseUp)


def test_a_board_and_its_closeup_asked_at_once_draw_one_board_and_no_layer_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As the host asks after an action: the channel's board and the actor's close-up together, in two threads.

    The close-up is cut from the board that action drew (one board drawn per public view), and every static
    layer (the base, the ring masks, one layer per ring and counter met, the phone board's) is drawn once,
    whoever needs it first.
    """
    monkeypatch.setattr(changes, "BOARDS", changes.DrawnBoards())  # no phone board drawn before in this process
    renderer = CapricornRenderer()
    players, seed = GAMES[1]
    states = [s for s in playout(players, seed)[:60] if view_of(s).result is None]
    views = [(public, view_of(s, public.characters[public.active].seat)) for s in states for public in [view_of(s)]]
    with ThreadPoolExecutor(2) as pool:
        for public, actor in views:
            board, closeup = pool.submit(renderer.board, public), pool.submit(renderer.closeup, actor)
            board.result(), closeup.result()
    boards = {public.model_dump_json() for public, _ in views}
    turned = {(ring, turns) for public, _ in views for ring, turns in public.rotation.items()}
    assert len({tuple(sorted(p.rotation.items())) for p, _ in views}) > 1, "the sample should turn a ring"
    assert boards, "the sample has boards"
    assert renderer.boards.draws == 0, "a close-up draws no detailed board (it is drawn on a cut of the ship)"
    # The base, the inner ring's mask (the outermost turning ring is pasted whole), each ring and counter met,
    # the phone board's layer.
    assert renderer.layers.draws == 1 + 1 + len(turned) + 1
    assert renderer.layers.redraws == 0


def closeups_match_the_board_cut(games: list[tuple[int, int]], every: int) -> int:
    """Each ``every``-th acting view of the seeded ``games``: the close-up drawn on a cut of the ship against the
    whole detailed board cut and enlarged (the old drawing), pixel for pixel; how many were compared."""
    renderer = CapricornRenderer()
    compared = 0
    for players, seed in games:
        for state in playout(players, seed)[::every]:
            public = _public(view_of(state))
            if public.result is not None:
                continue
            whole = draw_closeup(draw_board(public, renderer.static(public)), public)
            cut = renderer.closeup_image(public)
            where = f"{players} players, seed {seed}, turn {public.turn}"
            assert cut.size == whole.size, where
            assert cut.tobytes() == whole.tobytes(), f"{where}: the close-up differs from the board's cut"
            assert cut.getpalette() == whole.getpalette(), where
            compared += 1
    return compared


def test_the_closeup_drawn_on_a_cut_of_the_ship_is_the_board_cut_and_enlarged() -> None:
    """The close-up draws only the part of the ship it shows (its static layer cut, only the pieces that can
    reach into it placed) and must show exactly what cutting the whole detailed board shows: the same pixels
    (crowded spaces, stacks, pieces across the cut's edges, the pod, the rotations met)."""
    assert closeups_match_the_board_cut(GAMES, every=5) >= 40


@pytest.mark.slow
def test_the_closeup_matches_the_board_cut_over_many_seeded_games() -> None:
    games = [(1 + seed % 5, seed) for seed in range(0, 12)]
    assert closeups_match_the_board_cut(games, every=1) >= 1000


def test_pieces_keep_their_places_when_a_ring_turns_elsewhere() -> None:
    """Places are kept by the space's own ring and the room tags near it, not by the whole rotation: over seeded
    games (rings turning), every space's kept places are the ones worked out afresh for the view's rotation."""
    checked = 0
    for players, seed in GAMES:
        for state in playout(players, seed)[::3]:
            view = view_of(state)
            turns = tuple(sorted(view.rotation.items()))
            for code, kind, data, at, size in ship.piece_places(view):
                if code == POD:
                    continue
                fresh = ship._space_places.__wrapped__(code, turns, _pieces_on(view, code))
                assert (kind, data, at, size) in fresh, f"turn {view.turn}: {kind} on {code}"
                checked += 1
    assert checked > 200


def _pieces_on(view: CapricornView, code: str) -> tuple[ship.Piece, ...]:
    """The pieces on ``code`` in ``piece_places``'s order: Mothers, aliens, crew."""
    pieces: list[ship.Piece] = [
        ("mother", (m.color, m.health)) for m in view.mothers if m.status == "on_map" and m.space == code
    ]
    pieces += [
        ("alien", (a.color, a.letter, a.health < (2 if a.color == "yellow" else 1)))
        for a in view.aliens
        if a.space == code
    ]
    pieces += [
        ("crew", (c.letter, c.health, c.hiding, i == view.active))
        for i, c in enumerate(view.characters)
        if c.space == code
    ]
    return tuple(pieces)
