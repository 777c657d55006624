"""What Capricorn's close-up reads from kept tables is what working it out afresh gives, under every rotation.

A close-up's box, the door sockets and open doors on its part, and which tokens and pieces it shows are kept by
what they depend on (a room's ring counter, a door's column, the box and the pieces themselves): a table kept
by too little would put a player's close-up round the wrong spaces, or draw a door where it no longer is. Each
is compared here with the plain working-out from the ship, in every one of the 144 rotation states.
"""

from __future__ import annotations

import itertools

from engine.capricorn.board import SHIP
from engine.capricorn.terms import POD
from render.capricorn import closeup, ship
from render.capricorn.closeup import closeup_shows
from render.capricorn.layout import HEIGHT, PANEL_LEFT, arc, polar, space_angles
from render.capricorn.renderer import _closeup_key, _closeup_key_of
from render.core.closeup import landscape_box
from render.core.sheet import masks_meet, overlap
from render.core.zoom import widest_for

from .test_capricorn_render import GAMES, playout, view_of

STATES = [
    tuple(sorted(zip(SHIP.rotating, turns, strict=True)))
    for turns in itertools.product(range(SHIP.marks), repeat=len(SHIP.rotating))
]


def test_the_choice_spaces_are_every_step_out_of_the_room_under_every_rotation() -> None:
    firsts = [POD, *(room.spaces[0] for room in SHIP.rooms)]
    for turns in STATES:
        rotation = dict(turns)
        for space in firsts:
            room = SHIP.room_of(space)
            spaces = [space] if room is None else list(SHIP.room(room).spaces)
            steps = {step for code in spaces for step in SHIP.steps(code, rotation)}  # type: ignore[arg-type]
            assert closeup._choice_spaces(space, turns) == tuple(spaces + sorted(steps - set(spaces))), (space, turns)


def test_a_closeup_box_is_the_box_round_every_corner_of_its_spaces_under_every_rotation() -> None:
    spaces = [POD, *(room.spaces[len(room.spaces) // 2] for room in SHIP.rooms)]
    for turns in STATES:
        rotation = dict(turns)
        for space in spaces:
            points = [p for code in closeup._choice_spaces(space, turns) for p in closeup._corners(code, rotation)]
            actor = closeup._corners(space, rotation)
            focus = (sum(x for x, _ in actor) / len(actor), sum(y for _, y in actor) / len(actor))
            whole = landscape_box(
                points, (0, 0, PANEL_LEFT, HEIGHT), closeup.MARGIN, widest=widest_for(closeup.CODE_SIZE), focus=focus
            )
            assert closeup._closeup_box(space, turns) == whole, (space, turns)


def test_the_door_sockets_joined_by_room_are_each_spaces_socket_in_the_ships_order() -> None:
    for turns in STATES:
        rotation = dict(turns)
        every = tuple(
            (code, *ship._socket(code, SHIP.abs_col(code, rotation)))  # type: ignore[arg-type]
            for room in SHIP.rooms
            for code in room.spaces
            if SHIP.space(code).door is not None
        )
        assert ship._sockets(turns) == every, turns


def test_an_open_door_is_drawn_across_its_gap_at_its_spaces_column_and_within_its_box() -> None:
    met = 0
    for turns in STATES:
        rotation = dict(turns)
        for a, b in SHIP.openings(rotation):  # type: ignore[arg-type]
            a0, a1 = space_angles(b if a == POD else a, rotation)
            inner = ship.POD_RADIUS - 2 if a == POD else ship._edge_radius(a) - 2
            outer = ship._edge_radius(b) + 2
            outline, bridge, bound = ship._open_door(a, b, SHIP.abs_col(b if a == POD else a, rotation))  # type: ignore[arg-type]
            assert outline == tuple(arc(inner, outer, a0 + 3, a1 - 3, 3)), (a, b, turns)
            middle = (a0 + a1) / 2
            assert bridge == (polar(inner + 1, middle), polar(outer - 1, middle)), (a, b, turns)
            for x, y in outline + bridge:
                assert bound[0] + 2 < x < bound[2] - 2 and bound[1] + 2 < y < bound[3] - 2
            met += 1
    assert met > 144


def test_what_a_closeup_shows_is_worked_out_afresh_along_games() -> None:
    """The tokens and pieces near the box, kept by the box, the rotation and themselves, against the plain
    test of each; and one key text per thing shown, another for anything else."""
    keys: dict[str, object] = {}
    for players, seed in GAMES[:2]:
        for state in playout(players, seed)[::2]:
            view = view_of(state, 0)
            if view.result is not None:
                continue
            shows = closeup_shows(view)
            box, rotation = shows[0], view.rotation

            def near(code: str, pieces: tuple[ship.Piece, ...] = ()) -> bool:
                return SHIP.is_space(code) and overlap(ship.pieces_reach(code, rotation, pieces), box)  # noqa: B023

            assert shows[3] == tuple(c for c in view.searched if c != POD and near(c))
            assert shows[4] == tuple(c for c in view.cubes if c != POD and near(c))
            by_space = ship.pieces_by_space(view).items()
            assert shows[5] == tuple((c, p) for c, p in by_space if c == POD or near(c, p))
            key = _closeup_key(shows)
            assert key == "capricorn.closeup:" + repr(shows)
            assert keys.setdefault(key, shows) == shows
    assert len(keys) > 20


def test_a_pieces_test_on_the_masks_cores_is_the_sheets_test() -> None:
    """``ship._meet`` (a piece's places test the marks near it on the masks' cores) answers as ``masks_meet``,
    for pieces and code halos placed all around each other: touching, apart, one inside the other."""
    halos = [mark[1] for mark in ship._code_masks("inner", 0)[:4]]
    looks = [ship._piece_shape("alien", ("red", "R", True), 13)[1], ship._piece_shape("mother", ("black", 3), 11)[1]]
    masks = halos + looks
    met = apart = 0
    for a, b in itertools.product(masks, repeat=2):
        for dx in range(-b.width - 1, a.width + 2, 3):
            for dy in range(-b.height - 1, a.height + 2, 4):
                a_box = (100, 200, 100 + a.width, 200 + a.height)
                b_box = (100 + dx, 200 + dy, 100 + dx + b.width, 200 + dy + b.height)
                answer = masks_meet(a_box, a, b_box, b)
                assert ship._meet(a_box, a, b_box, b) == answer, (a_box, b_box)
                met, apart = met + answer, apart + (not answer)
    assert met > 100 and apart > 100


def test_a_closeup_key_is_kept_by_the_view_itself_and_a_changed_view_gets_its_own() -> None:
    players, seed = GAMES[1]
    views = [view_of(state, 0) for state in playout(players, seed)[:40]]
    views = [view for view in views if view.result is None]
    for view in views:
        assert _closeup_key_of(view) == _closeup_key(closeup_shows(view))
        assert _closeup_key_of(view) == _closeup_key(closeup_shows(view))  # asked again: the kept one
    view = views[-1]
    moved = view.model_copy(update={"rotation": {**view.rotation, "inner": (view.rotation.get("inner", 0) + 1) % 12}})
    assert _closeup_key_of(moved) == _closeup_key(closeup_shows(moved)) != _closeup_key_of(view)
