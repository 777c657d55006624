"""The close-up: the acting character's room and the spaces one step out of it, cut from the board and enlarged.

On a phone a 1400-pixel board shows about 400 pixels wide, too small to read the space codes a player types.
The close-up is the detailed public board (**Full board**) cut around where the acting character's choices are
and doubled (``render.core.closeup``), so it cannot show more than the public board: at most ``widest_for`` the
codes' size wide, centred on the acting character when their choices spread wider, so the codes show at 12 px
or more on a phone. It is drawn without that board (``draw_closeup_on``): the static ship cut to the box, the
pieces near it drawn on the cut; ``draw_closeup`` (the whole board cut) is what it must equal, pixel for pixel.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.capricorn.board import SHIP
from engine.capricorn.terms import POD
from engine.capricorn.view import CapricornView
from render.core import Box
from render.core.closeup import SCALE, enlarge, landscape_box
from render.core.sheet import overlap
from render.core.zoom import widest_for

from .layout import CODE_SIZE, COLUMN_DEGREES, CX, CY, HEIGHT, PANEL_LEFT, POD_RADIUS, Point, lane_radii, polar
from .ship import Piece, draw_ship_pieces, pieces_by_space, pieces_reach

MARGIN = 24


def choice_spaces(view: CapricornView) -> list[str]:
    """The acting character's room (or the pod) and every space one step out of it, under the view's rotation."""
    return list(_choice_spaces(view.characters[view.active].space, _turns(view)))


def _turns(view: CapricornView) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(view.rotation.items()))


@lru_cache(maxsize=1024)
def _choice_spaces(space: str, turns: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The room's spaces (or the pod), then the spaces one step out of it: a step from a room's space is along
    its room (``within_room_steps``) or through an open door (``door_partner``), so the steps out of the room
    are the other sides of the open doors (``openings``, one list per rotation state) with a side in it:
    ``SHIP.steps`` of every space of the room less the room, without asking it space by space."""
    room = SHIP.room_of(space)
    spaces = [space] if room is None else list(SHIP.room(room).spaces)
    inside = set(spaces)
    out = {b if a in inside else a for a, b in SHIP.openings(dict(turns)) if a in inside or b in inside}  # type: ignore[arg-type]
    return tuple(spaces + sorted(out - inside))


def _corners(code: str, rotation: Mapping[str, int]) -> tuple[Point, ...]:
    if code == POD:
        return ((CX - POD_RADIUS, CY - POD_RADIUS), (CX + POD_RADIUS, CY + POD_RADIUS))
    return _corners_at(*lane_radii(code), SHIP.abs_col(code, rotation))  # type: ignore[arg-type]


@lru_cache(maxsize=256)
def _corners_at(r0: int, r1: int, col: int) -> tuple[Point, ...]:
    """The six corner and edge-middle points of the sector between radii ``r0`` and ``r1`` (a space's lane) at
    absolute column ``col`` (all the rotation changes for a space): 6 lanes × 24 columns, worked out in
    ``warm_corners``; a new close-up box asks for a score of spaces' points."""
    a0, a1 = col * COLUMN_DEGREES, (col + 1) * COLUMN_DEGREES  # ``space_angles`` at that column
    return tuple(polar(r, a) for r in (r0, r1) for a in (a0, (a0 + a1) / 2, a1))


def _span(code: str, rotation: Mapping[str, int]) -> Box:
    """The least and greatest x and y of a space's ``_corners`` (all ``landscape_box`` reads of its points)."""
    if code == POD:
        return CX - POD_RADIUS, CY - POD_RADIUS, CX + POD_RADIUS, CY + POD_RADIUS
    return _span_at(*lane_radii(code), SHIP.abs_col(code, rotation))  # type: ignore[arg-type]


@lru_cache(maxsize=256)
def _span_at(r0: int, r1: int, col: int) -> Box:
    """``_span`` of the sector between radii ``r0`` and ``r1`` at absolute column ``col`` (144 in all, worked out
    in ``warm_corners``)."""
    xs, ys = zip(*_corners_at(r0, r1, col), strict=True)
    return min(xs), min(ys), max(xs), max(ys)


@lru_cache(maxsize=256)
def _room_span(room: str, turns: int) -> Box:
    """``_span`` of all a room's spaces together, its ring turned ``turns`` marks (64 in all, worked out in
    ``warm_corners``)."""
    rotation: dict[str, int] = {SHIP.room(room).ring: turns}
    spans = [_span(code, rotation) for code in SHIP.room(room).spaces]
    return min(s[0] for s in spans), min(s[1] for s in spans), max(s[2] for s in spans), max(s[3] for s in spans)


def warm_corners() -> None:
    """Work out now every lane's corner points and their span at every column (``_corners_at``, ``_span_at``: 144
    each), and every room's span at every counter of its ring (``_room_span``, 64): a few ms in all."""
    for r0, r1 in {lane_radii(code) for room in SHIP.rooms for code in room.spaces}:
        for col in range(SHIP.columns):
            _corners_at(r0, r1, col)
            _span_at(r0, r1, col)
    for room in SHIP.rooms:
        for turns in range(SHIP.marks) if room.ring in SHIP.rotating else (0,):
            _room_span(room.key, turns)


def closeup_box(view: CapricornView) -> Box:
    """The part of the ship to enlarge: the choice spaces with a margin, widened to landscape, on the ship."""
    return _closeup_box(view.characters[view.active].space, _turns(view))


@lru_cache(maxsize=1024)
def _closeup_box(space: str, turns: tuple[tuple[str, int], ...]) -> Box:
    """``closeup_box`` for the acting character on ``space`` under the rotation ``turns`` (all it depends on,
    worked out once: a character stays a few actions on one space)."""
    rotation = dict(turns)
    room = SHIP.room_of(space)
    choices = _choice_spaces(space, turns)
    if room is None:
        spans = [_span(code, rotation) for code in choices]
    else:  # the room's own spaces as one span, kept by its ring's counter, then the steps out of it
        ring = SHIP.room(room).ring
        inside = len(SHIP.room(room).spaces)
        spans = [_room_span(room, rotation.get(ring, 0))] + [_span(code, rotation) for code in choices[inside:]]
    least = (min(s[0] for s in spans), min(s[1] for s in spans))
    points = [least, (max(s[2] for s in spans), max(s[3] for s in spans))]
    actor = _corners(space, rotation)
    focus = (sum(x for x, _ in actor) / len(actor), sum(y for _, y in actor) / len(actor))
    return landscape_box(points, (0, 0, PANEL_LEFT, HEIGHT), MARGIN, widest=widest_for(CODE_SIZE), focus=focus)


def draw_closeup(board: Image.Image, view: CapricornView) -> Image.Image:
    """The board cut to ``closeup_box`` and enlarged (``render.core.closeup``)."""
    return enlarge(board, closeup_box(view))


def draw_closeup_on(ship: Image.Image, view: CapricornView) -> Image.Image:
    """The close-up drawn without the board: the static ship for the view's rotation (read only) cut to
    ``closeup_box``, the tokens and pieces that fall in it drawn on the cut (``draw_ship_pieces(within=…)``),
    enlarged. Pixel for pixel ``draw_closeup`` of the whole board (the panel and the result banner lie outside
    the box), at a fraction of its cost: no 1400 × 900 copy, no panel, only the pieces near the box placed."""
    box = closeup_box(view)
    return closeup_of_part(ship.crop(box), view, box)


def closeup_of_part(part: Image.Image, view: CapricornView, box: Box) -> Image.Image:
    """The close-up from ``part``, the static ship cut to ``box`` (``closeup_box``; drawn on): the tokens and
    pieces that fall in it drawn, then enlarged."""
    draw_ship_pieces(ImageDraw.Draw(part), view, within=box)
    return part.resize((part.width * SCALE, part.height * SCALE), Image.Resampling.NEAREST)


def closeup_shows(view: CapricornView) -> tuple[Hashable, ...]:
    """Everything the close-up of ``view`` draws, as a key: its box, the rings' counters and open doors (the
    ship in it), and the search tokens, cubes and pieces that can reach into the box (each space's pieces as
    ``draw_ship_pieces(within=…)`` places them: ``pieces_reach`` bounds what they draw, wherever they stand; a
    token or cube draws 8 pixels around a point of its space, well inside that bound; the pod's always).

    Most actions change something out of the box (a piece elsewhere, a card, a track): their close-up is the
    last one, found by this key without drawing it. Only public fields are read. Which tokens and pieces are
    near is kept by the box, the rotation and the tokens or pieces themselves (``_tokens_near``, ``_pieces_near``):
    most actions ask it again of the very same ones."""
    box = closeup_box(view)
    turns = _turns(view)
    return (
        box,
        turns,
        tuple(tuple(pair) for pair in view.open_doors),
        _tokens_near(box, turns, tuple(view.searched)),
        _tokens_near(box, turns, tuple(view.cubes)),
        _pieces_near(box, turns, tuple(pieces_by_space(view).items())),
    )


def _near(code: str, rotation: Mapping[str, int], box: Box, pieces: tuple[Piece, ...] = ()) -> bool:
    """Whether ``pieces`` on ``code`` (or a token there, with none) can draw into ``box`` (``pieces_reach``)."""
    return SHIP.is_space(code) and overlap(pieces_reach(code, rotation, pieces), box)


@lru_cache(maxsize=256)
def _tokens_near(box: Box, turns: tuple[tuple[str, int], ...], codes: tuple[str, ...]) -> tuple[str, ...]:
    """The spaces of ``codes`` (searched, or with a cube) whose token can draw into ``box`` (never the pod's)."""
    rotation = dict(turns)
    return tuple(code for code in codes if code != POD and _near(code, rotation, box))


@lru_cache(maxsize=256)
def _pieces_near(
    box: Box, turns: tuple[tuple[str, int], ...], spaces: tuple[tuple[str, tuple[Piece, ...]], ...]
) -> tuple[tuple[str, tuple[Piece, ...]], ...]:
    """The spaces of ``spaces`` (each with its pieces) whose pieces can draw into ``box``, and the pod's."""
    rotation = dict(turns)
    return tuple((code, pieces) for code, pieces in spaces if code == POD or _near(code, rotation, box, pieces))


def closeup_where(view: CapricornView) -> str:
    """The close-up in words, from the public board only: whose turn, their room and the spaces one step out."""
    actor = view.characters[view.active]
    room = SHIP.room_of(actor.space)
    place = "the escape pod" if room is None else f"the {SHIP.room(room).name}"
    spaces = choice_spaces(view)
    inside = set(spaces if room is None else SHIP.room(room).spaces)
    out = [code for code in spaces if code not in inside]
    around = f", and the spaces one step out of it: {', '.join(out)}" if out else ""
    return f"the {actor.name} on {actor.space}, {place}{around}"
