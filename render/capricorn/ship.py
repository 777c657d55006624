"""The ship: the static rings for one rotation state, and the tokens and pieces drawn on top per view.

What depends only on the rings' counters is drawn in three parts, so a rotation never redraws the ship:
``draw_ship_base`` (hull, pod, the rings that do not turn), ``draw_ring`` (one ring's rooms at their angles,
every space with its printed code, hiding places, breaches, repair spaces, search dots, walls; it stays
between the ring's edges) and ``draw_ship_joints`` (the door sockets and the open doors, the view's
``open_doors``, and the turning rooms' name tags, which reach across the gaps). A board then copies the
composed ship and adds search tokens, cubes and pieces.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from engine.capricorn.board import SHIP
from engine.capricorn.terms import POD, RingKey
from engine.capricorn.view import CapricornView
from render.core import Box, Ink, font, label, rounded, text_width
from render.core.sheet import HALO, Mark, Sheet, masks_meet, overlap

from .layout import (
    CODE_SIZE,
    COLUMN_DEGREES,
    CX,
    CY,
    HEIGHT,
    PANEL_LEFT,
    PIECE_SIZES,
    POD_RADIUS,
    RINGS,
    Point,
    arc,
    code_box,
    label_point,
    lane_radii,
    piece_room,
    pod_slots,
    polar,
    slot_candidates,
    space_angles,
)
from .pieces import alien, crew, crew_shape, cube, measured, mother, search_token, stack

RING_FILL = {"inner": Ink.WHITE, "middle": Ink.SLATE_TINT, "outer": Ink.WHITE}
DOOR_GAP = 7  # how far a door bridge reaches into the gap from each ring's edge


def _edge_radius(code: str) -> int:
    """The ring edge a door socket sits on: the inner edge for an inward socket, the outer for an outward."""
    info = SHIP.space(code)
    r0, _, r1 = RINGS[info.ring]
    return r0 if info.door == "in" else r1


def draw_ship_base(draw: ImageDraw.ImageDraw) -> None:
    """What no rotation moves: the hull, the pod, and the rings that never turn with their rooms and names."""
    draw.ellipse((CX - HULL, CY - HULL, CX + HULL, CY + HULL), fill=int(Ink.CHARCOAL))  # the hull
    for _, _, r1 in RINGS.values():
        draw.ellipse((CX - r1 - 14, CY - r1 - 14, CX + r1 + 14, CY + r1 + 14), fill=int(Ink.CHARCOAL))
    draw.ellipse(
        (CX - POD_RADIUS, CY - POD_RADIUS, CX + POD_RADIUS, CY + POD_RADIUS),
        fill=int(Ink.MIST),
        outline=int(Ink.ORANGE),
        width=4,
    )
    label(draw, (CX, CY), "POD", 16, Ink.BLACK, bold=True, anchor="mm")
    fixed = [ring for ring in RINGS if ring not in SHIP.rotating]
    for ring in fixed:
        draw_ring(draw, ring, 0)
    for room in SHIP.rooms:
        if room.ring in fixed:
            _draw_room_name(draw, room.key, {})


def draw_ring(draw: ImageDraw.ImageDraw, ring: RingKey, turns: int) -> None:
    """One ring's spaces (with their codes) and room walls, turned ``turns`` marks.

    Everything drawn lies between the ring's edges, so rings drawn apart and pasted together (``ring_reach``)
    give the pixels drawing them all at once would.
    """
    rotation: dict[str, int] = {ring: turns}
    rooms = [room for room in SHIP.rooms if room.ring == ring]
    for room in rooms:
        for code in room.spaces:
            _draw_space(draw, code, rotation)
    for room in rooms:
        _draw_walls(draw, room.key, rotation)
    for room in rooms:
        for code in room.spaces:
            _draw_code(draw, code, rotation)


def ring_reach(ring: RingKey) -> int:
    """The radius halfway across the gap outside ``ring``: all of the ring's own drawing lies inside it."""
    keys = list(RINGS)
    outer_edge = RINGS[ring][2]
    following = keys.index(ring) + 1
    next_edge = RINGS[keys[following]][0] if following < len(keys) else outer_edge + 16
    return (outer_edge + next_edge) // 2


def draw_ship_joints(
    draw: ImageDraw.ImageDraw, view: CapricornView, shift: Point = (0, 0), within: Box | None = None
) -> None:
    """What depends on more than one ring: the doors across the gaps, and the turning rooms' name tags.

    ``shift``: where the board's origin is on ``draw``'s image (a part of the board cut at ``(x, y)`` is drawn
    on with ``(-x, -y)``). Every point is a whole pixel and every text a stamp, so a part gets the very pixels
    the whole board has there. ``within``: that part's box on the board (sockets and tags outside it skipped)."""
    _draw_doors(draw, view, shift, within)
    for room in SHIP.rooms:
        if room.ring in SHIP.rotating and (within is None or overlap(_tag_bound(room.key, view.rotation), within)):
            _draw_room_name(draw, room.key, view.rotation, shift)


def _tag_bound(room: str, rotation: Mapping[str, int]) -> Box:
    """A box around everything a turning room's tag draws (its outline and its code)."""
    return _tag_bound_at(room, rotation.get(SHIP.room(room).ring, 0))


@lru_cache(maxsize=256)
def _tag_bound_at(room: str, turns: int) -> Box:
    """``_tag_bound`` with the room's ring turned ``turns`` marks (all the tag's place depends on), kept: every
    close-up's part asks it of each turning room."""
    (x, y), _ = _room_name_place(room, {SHIP.room(room).ring: turns})
    half = text_width(room, font(ROOM_SIZE, bold=True)) // 2 + 6
    return x - half - 2, y - TAG_HALF - 2, x + half + 3, y + TAG_HALF + 3


def _moved(points: Sequence[Point], shift: Point) -> list[Point]:
    dx, dy = shift
    return [(x + dx, y + dy) for x, y in points]


def _draw_space(draw: ImageDraw.ImageDraw, code: str, rotation: Mapping[str, int]) -> None:
    info = SHIP.space(code)
    r0, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    fill = Ink.MIST if info.hiding else RING_FILL[info.ring]
    draw.polygon(_outline(r0, r1, a0, a1), fill=int(fill), outline=int(Ink.SILVER))
    if info.repair:
        draw.polygon(_outline(r0 + 3, r1 - 3, a0 + 0.9, a1 - 0.9), outline=int(Ink.GREEN), width=3)
    if info.dot:
        x, y = polar(r1 - 9, a0 + (a1 - a0) * 0.14)
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=int(Ink.BLACK))
    if info.breach is not None:
        x, y = polar(r0 + 8, a0 + (a1 - a0) * 0.8)
        draw.rectangle((x - 6, y - 6, x + 6, y + 6), fill=int(Ink.VERMILLION))
        label(draw, (x, y), str(info.breach), 10, Ink.WHITE, bold=True, anchor="mm")


def _draw_code(draw: ImageDraw.ImageDraw, code: str, rotation: Mapping[str, int]) -> None:
    """The space's printed code on a knock-out of its own fill, so no wall or outline runs through the letters."""
    info = SHIP.space(code)
    local = f"{info.lane}{info.col}"
    at = label_point(code, rotation)
    left, top, right, bottom = code_box(local)
    fill = Ink.MIST if info.hiding else RING_FILL[info.ring]
    draw.rectangle((at[0] + left - 2, at[1] + top - 2, at[0] + right + 1, at[1] + bottom + 1), fill=int(fill))
    label(draw, at, local, CODE_SIZE, Ink.BLACK, bold=True, anchor="mm")


def _draw_walls(draw: ImageDraw.ImageDraw, room: str, rotation: Mapping[str, int]) -> None:
    """The room's two end walls and its rim, so rooms read as separate boxes on a ring."""
    info = SHIP.room(room)
    r0, _, r1 = RINGS[info.ring]
    first = info.spaces[0]
    a0, _ = space_angles(first, rotation)
    a1 = a0 + info.width * 360 / SHIP.columns
    for angle in (a0, a1):
        draw.line([polar(r0, angle), polar(r1, angle)], fill=int(Ink.BLACK), width=4)
    steps = info.width * 3
    draw.line(_rim(r0, a0, a1, steps), fill=int(Ink.BLACK), width=2)
    draw.line(_rim(r1, a0, a1, steps), fill=int(Ink.BLACK), width=2)


@lru_cache(maxsize=2048)
def _outline(r0: float, r1: float, a0: float, a1: float) -> tuple[Point, ...]:
    """``arc``'s points, kept: a ring's layers draw their spaces at the columns its other counters drew (a dozen
    layers per ring, each about 1,100 points)."""
    return tuple(arc(r0, r1, a0, a1))


@lru_cache(maxsize=512)
def _rim(radius: float, a0: float, a1: float, steps: int) -> tuple[Point, ...]:
    """A room's rim from angle ``a0`` to ``a1`` at ``radius``, in ``steps`` straight pieces (kept like ``_outline``)."""
    return tuple(polar(radius, a0 + (a1 - a0) * i / steps) for i in range(steps + 1))


@lru_cache(maxsize=2048)
def _socket(code: str, col: int) -> tuple[tuple[Point, ...], Box]:
    """A closed door socket's outline with its space at absolute column ``col``, and the box around it."""
    info = SHIP.space(code)
    edge = _edge_radius(code)
    a0, a1 = col * COLUMN_DEGREES + 3, (col + 1) * COLUMN_DEGREES - 3
    points = tuple(arc(edge, edge + (1 if info.door == "out" else -1) * 4, a0, a1, 3))
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return points, (min(xs) - 2, min(ys) - 2, max(xs) + 3, max(ys) + 3)


@lru_cache(maxsize=256)
def _sockets(turns: tuple[tuple[str, int], ...]) -> tuple[tuple[str, tuple[Point, ...], Box], ...]:
    """Every door socket under the rotation ``turns``, in the ship's order: its space, outline and box
    (``_socket``), listed once per rotation state (144 at most) instead of looking up each of the 144 spaces
    for every board and close-up part; joined from each room's (``_room_sockets``, by its ring's counter)."""
    rotation = dict(turns)
    return tuple(
        socket for room in SHIP.rooms for socket in _room_sockets(room.key, rotation.get(room.ring, 0) % SHIP.marks)
    )


@lru_cache(maxsize=128)
def _room_sockets(room: str, turns: int) -> tuple[tuple[str, tuple[Point, ...], Box], ...]:
    """A room's door sockets (``_sockets``) with its ring turned ``turns`` marks: 64 in all (``warm_sockets``)."""
    rotation = {SHIP.room(room).ring: turns}
    return tuple(
        (code, *_socket(code, SHIP.abs_col(code, rotation)))  # type: ignore[arg-type]
        for code in SHIP.room(room).spaces
        if SHIP.space(code).door is not None
    )


def warm_sockets() -> None:
    """Work out now every room's door sockets at every counter of its ring (``_room_sockets``, a few ms): a
    rotation state met for the first time then lists its sockets by joining nine tuples."""
    for room in SHIP.rooms:
        for turns in range(SHIP.marks) if room.ring in SHIP.rotating else (0,):
            _room_sockets(room.key, turns)


def _draw_doors(
    draw: ImageDraw.ImageDraw, view: CapricornView, shift: Point = (0, 0), within: Box | None = None
) -> None:
    """Closed sockets as short dark stubs on the ring edge; open doors as orange bridges across the gap (given
    ``within``, the sockets and doors wholly outside it are left out: they would draw nothing there)."""
    rotation = view.rotation
    dx, dy = shift
    open_codes = {c for pair in view.open_doors for c in pair}
    for code, points, bound in _sockets(tuple(sorted(rotation.items()))):
        if code in open_codes:
            continue
        if within is None or overlap(bound, within):
            draw.polygon(_moved(points, shift), fill=int(Ink.GREY))
    for a, b in view.open_doors:
        outline, bridge, bound = _open_door(a, b, SHIP.abs_col(b if a == POD else a, rotation))  # type: ignore[arg-type]
        if within is None or overlap(bound, within):
            draw.polygon(_moved(outline, shift), fill=int(Ink.ORANGE), outline=int(Ink.BLACK))
            draw.line(_moved(bridge, shift), fill=int(Ink.WHITE), width=2)
    for x, y in _pod_sockets():  # the pod's fixed sockets
        x, y = x + dx, y + dy
        draw.rectangle((x - 3, y - 3, x + 3, y + 3), fill=int(Ink.BLACK))


@lru_cache(maxsize=512)
def _open_door(a: str, b: str, col: int) -> tuple[tuple[Point, ...], tuple[Point, ...], Box]:
    """An open door from ``a`` (the inner side, or the pod) to ``b`` with its space (``a``'s, or ``b``'s from the
    pod) at absolute column ``col``: the bridge's outline, its white middle line, and a box around both (with
    room for the outline and the line's width), worked out once (a door opens under many rotation states)."""
    a0, a1 = col * COLUMN_DEGREES + 3, (col + 1) * COLUMN_DEGREES - 3  # the socket's span, 3° in from the walls
    inner_r = POD_RADIUS - 2 if a == POD else _edge_radius(a) - 2
    outer_r = _edge_radius(b) + 2
    outline = tuple(arc(inner_r, outer_r, a0, a1, 3))
    middle = (a0 + a1) / 2
    bridge = (polar(inner_r + 1, middle), polar(outer_r - 1, middle))
    xs, ys = [x for x, _ in outline + bridge], [y for _, y in outline + bridge]
    return outline, bridge, (min(xs) - 3, min(ys) - 3, max(xs) + 4, max(ys) + 4)


@lru_cache(maxsize=1)
def _pod_sockets() -> tuple[Point, ...]:
    """The middle of each of the pod's fixed door sockets."""
    return tuple(polar(POD_RADIUS - 6, (col + 0.5) * 360 / SHIP.columns) for col in SHIP.pod_doors)


ROOM_SIZE = 14
"""A room's code on its tag (what a player types before a space's code): as tall as the space codes."""
OUTER_ROOM_SIZE = 17
"""An outer room's code, printed in the hull's corner where there is room for it."""
OUTER_NAME_SIZE = 14
"""An outer room's name, under its code: read on a phone like every other text of the board."""
OUTER_NAME_DROP = 19
"""How far below its code an outer room's name is centred."""


def _room_name_place(room: str, rotation: Mapping[str, int]) -> tuple[tuple[int, int], bool]:
    """Where a room's code is centred, and whether it is an outer room's (named in the hull, without a tag)."""
    info = SHIP.room(room)
    a0, _ = space_angles(info.spaces[0], rotation)
    span = info.width * 360 / SHIP.columns
    r1 = RINGS[info.ring][2]
    if info.ring == "outer":
        return _hull_point(room, a0, span), True
    return _tag_point(room, rotation.get(info.ring, 0), r1 + 8), False


HULL = 452
"""The hull's radius: an outer room's name goes outside it, in the image's corners."""
HULL_EDGE = max(r1 for _, _, r1 in RINGS.values()) + 14
"""How far the charcoal reaches from the centre: the hull, or the dark band round the outer ring if wider."""


@lru_cache(maxsize=16)
def _hull_point(room: str, a0: float, span: float) -> tuple[int, int]:
    """Where an outer room's code is centred: outside the hull and inside the ship's square, beside the room
    (as near its middle as the corners allow; the two lines of its name are about 32 px tall)."""
    words = font(OUTER_ROOM_SIZE, bold=True)
    half = max(text_width(room, words), text_width(SHIP.room(room).name, font(OUTER_NAME_SIZE))) // 2 + 2
    angles = sorted((a0 + span * i / 40 for i in range(41)), key=lambda a: abs(a - a0 - span / 2))
    for angle in angles:
        for radius in range(HULL + 20, 700, 6):
            x, y = polar(radius, angle)
            box = (x - half, y - 12, x + half, y + 28)
            nearest = (min(max(CX, box[0]), box[2]), min(max(CY, box[1]), box[3]))
            inside = box[0] >= 4 and box[1] >= 4 and box[2] <= PANEL_LEFT - 4 and box[3] <= HEIGHT - 4
            if inside and math.dist(nearest, (CX, CY)) > HULL_EDGE + 2:
                return x, y
    return polar(HULL + 60, a0 + span / 2)


TAG_HALF = 9
"""Half a room tag's height: the code's letters (about 11 px) with room for their halo inside the outline."""
TAG_SPOTS = (0.5, 0.25, 0.75, 0.35, 0.65, 0.15, 0.85, 0.05, 0.95)
"""Where along its room's span a turning room's tag may sit, most central first."""


@lru_cache(maxsize=256)
def _tag_point(room: str, turns: int, radius: int) -> tuple[int, int]:
    """The first spot along the room's outer edge where its tag keeps clear of the ring's printed codes.

    The tag is upright while the ring curves, so near the diagonals it reaches into the ring: it goes where it
    leaves the ring's codes readable and stays out of the next ring's pieces (the middle one if none does).
    It depends only on the room's own ring's counter (``turns``), so it is worked out once per counter.
    """
    info = SHIP.room(room)
    rotation: dict[str, int] = {info.ring: turns}
    a0, _ = space_angles(info.spaces[0], rotation)
    span = info.width * 360 / SHIP.columns
    codes = ring_codes(info.ring, rotation)
    beyond = min(r0 for r0, _, _ in RINGS.values() if r0 > radius)  # the next ring's inner edge: pieces stand there
    half_width = text_width(room, font(ROOM_SIZE, bold=True)) // 2 + 6 + HALO
    scored = []
    for spot in TAG_SPOTS:
        x, y = polar(radius, a0 + span * spot)
        tag = (x - half_width, y - TAG_HALF - HALO, x + half_width + 1, y + TAG_HALF + 1 + HALO)
        whole = Image.new("1", (tag[2] - tag[0], tag[3] - tag[1]), 1)
        covered = sum(masks_meet(tag, whole, m.reach, m.halo) for m in codes.marks)
        reaches = max(math.dist((cx, cy), (CX, CY)) for cx in tag[::2] for cy in tag[1::2])
        scored.append((covered, max(0.0, reaches - beyond - 6), (x, y)))
    return min(scored, key=lambda s: s[:2])[2]


def warm_tags() -> None:
    """Work out now where each turning room's tag stands at every counter of its ring (``_tag_point``, about
    1 ms each, 60 in all), what it covers, and draw its yellow box: every board, close-up part and piece placed
    after a ring's turn reads them, and a process meets them all within a few games."""
    scratch = ImageDraw.Draw(Image.new("P", (1, 1), 0))
    for room in SHIP.rooms:
        if room.ring in SHIP.rotating:
            _tag_box(scratch, room.key, (0, 0))  # its look, one a room (about 0.4 ms the first time a ring turns)
            for turns in range(SHIP.marks):
                _tag_mark(room.key, turns)
                _tag_bound_at(room.key, turns)


def warm_sectors() -> None:
    """Work out now every lane's sector box at every column (``_sector_box``, 144 in all, about 15 ms): what a
    close-up's key and its pieces' reach read, for every space the acting character's choices come near."""
    lanes = {lane_radii(code) for room in SHIP.rooms for code in room.spaces}
    for r0, r1 in lanes:
        for col in range(SHIP.columns):
            _sector_box(r0, r1, col)


def _draw_room_name(draw: ImageDraw.ImageDraw, room: str, rotation: Mapping[str, int], shift: Point = (0, 0)) -> None:
    """The room's code (what a player types) on a yellow tag in the gap outside its ring, or in the hull's corner."""
    (x, y), outer = _room_name_place(room, rotation)
    x, y = x + shift[0], y + shift[1]
    if outer:
        label(draw, (x, y), room, OUTER_ROOM_SIZE, Ink.BLACK, bold=True, anchor="mm")
        label(draw, (x, y + OUTER_NAME_DROP), SHIP.room(room).name, OUTER_NAME_SIZE, Ink.CHARCOAL, anchor="mm")
        return
    _tag_box(draw, room, (x, y))
    label(draw, (x, y), room, ROOM_SIZE, Ink.BLACK, bold=True, anchor="mm")


def _tag_box(draw: ImageDraw.ImageDraw, room: str, at: Point) -> None:
    """The yellow tag under a turning room's code, centred on ``at`` (as wide as the code)."""
    x, y = at
    half = text_width(room, font(ROOM_SIZE, bold=True)) // 2 + 6
    rounded(draw, (x - half, y - TAG_HALF, x + half, y + TAG_HALF), Ink.YELLOW, Ink.BLACK, radius=4, width=1)


POD_PIECE = 14
"""The size pieces in the escape pod are drawn at."""

Placed = tuple[str, str, tuple[object, ...], tuple[int, int], int]
"""A piece where it stands: ``(space, kind, what it shows, centre, size)``."""


def piece_places(view: CapricornView, within: Box | None = None) -> list[Placed]:
    """Where each alien, Mother and crew member stands (several on one space side by side, never overlapping);
    given ``within``, only the pieces that may draw into that box (and those in the pod, placed at no cost)."""
    rotation = view.rotation
    by_space = pieces_by_space(view)
    pod = by_space.pop(POD, ())
    placed: list[Placed] = [
        (POD, kind, data, at, POD_PIECE) for (kind, data), at in zip(pod, pod_slots(len(pod)), strict=True)
    ]
    turns = tuple(sorted(rotation.items()))
    for code, pieces in by_space.items():
        if not SHIP.is_space(code):
            continue
        if within is not None and not overlap(pieces_reach(code, rotation, pieces), within):
            continue  # drawn wholly outside ``within``: not placed (placing a new set of pieces is the costly part)
        placed.extend((code, *place) for place in _places_on(code, rotation, turns, pieces))
    return placed


def pieces_by_space(view: CapricornView) -> dict[str, tuple[Piece, ...]]:
    """The pieces on each space (``POD`` for the pod) in the order they are placed: Mothers, aliens, crew."""
    by_space: dict[str, list[Piece]] = {}
    for m in view.mothers:
        if m.status == "on_map" and m.space is not None:
            by_space.setdefault(m.space, []).append(("mother", (m.color, m.health)))
    for a in view.aliens:
        maximum = 2 if a.color == "yellow" else 1
        by_space.setdefault(a.space, []).append(("alien", (a.color, a.letter, a.health < maximum)))
    for index, c in enumerate(view.characters):
        by_space.setdefault(c.space, []).append(("crew", (c.letter, c.health, c.hiding, index == view.active)))
    return {code: tuple(pieces) for code, pieces in by_space.items()}


PLACES_KEPT = 4096
"""Pieces' places kept (``_places_on``): a few hundred bytes each."""
_places: OrderedDict[Hashable, tuple[tuple[str, tuple[object, ...], tuple[int, int], int], ...]] = OrderedDict()
_places_lock = threading.Lock()


def _places_on(
    code: str, rotation: Mapping[str, int], turns: tuple[tuple[str, int], ...], pieces: tuple[Piece, ...]
) -> tuple[tuple[str, tuple[object, ...], tuple[int, int], int], ...]:
    """``_space_places``, kept by what it depends on: the space's own ring's counter and the turning rooms' tags
    that can reach its pieces (``pieces_reach``), not the whole rotation. Turning a ring then keeps the places
    on every space its rooms' tags do not come near (most of them), where keying by the rotation placed every
    piece on the board again. The same places: a mark that cannot reach a piece never changes where it goes."""
    reach = pieces_reach(code, rotation, pieces)
    tags = tuple(
        (room.key, turn)
        for room in SHIP.rooms
        if room.ring != "outer"
        for turn in (rotation.get(room.ring, 0),)
        if overlap(_tag_mark(room.key, turn).reach, reach)
    )
    key = (code, rotation.get(SHIP.space(code).ring, 0), tags, pieces)
    with _places_lock:
        kept = _places.get(key)
        if kept is not None:
            _places.move_to_end(key)
            return kept
    kept = _space_places(code, turns, pieces)
    with _places_lock:
        _places[key] = kept
        while len(_places) > PLACES_KEPT:
            _places.popitem(last=False)
    return kept


PIECE_REACH = 40
"""How far a piece's ink reaches from its centre at most, sprite padding included (a hidden crew member's health
badge: ``crew``'s reach is its size + 22, and the largest size on a space is 13); a stack tag is measured."""
SPREAD_SLACK = 16
"""How far past its space's side a piece's centre may stand: ``_spread`` keeps a piece's own reach (at most 15
pixels along the arc) from each wall, which puts the centres past the walls only when more pieces than fit
are tried (a candidate then refused, but bound all the same)."""


def pieces_reach(code: str, rotation: Mapping[str, int], pieces: tuple[Piece, ...]) -> Box:
    """A box that holds everything ``pieces`` standing on ``code`` draw, however they are placed: the space's
    sector widened by a piece's reach (or, if wider, that of the stack tag listing them all) and the slack.

    Bounds only what is drawn, never where: the close-up (``draw_ship_pieces(within=…)``) places just the spaces
    whose pieces can reach into it, and draws exactly what the whole board draws there.
    """
    margin = _pieces_margin(pieces)
    left, top, right, bottom = _sector_box(*lane_radii(code), SHIP.abs_col(code, rotation))  # type: ignore[arg-type]
    return left - margin, top - margin, right + margin + 1, bottom + margin + 1


@lru_cache(maxsize=4096)
def _pieces_margin(pieces: tuple[Piece, ...]) -> int:
    """How far past their space's sector ``pieces`` may draw (``pieces_reach``)."""
    letters = " ".join(_letter(kind, data) for kind, data in pieces)
    tag = text_width(letters, font(14, bold=True)) // 2 + 6 + 2  # ``stack``'s reach and its sprite's padding
    return max(PIECE_REACH, tag) + SPREAD_SLACK


@lru_cache(maxsize=256)
def _sector_box(r0: int, r1: int, col: int) -> Box:
    """The box around the annular sector between radii ``r0`` and ``r1`` (a space's lane) at absolute column
    ``col`` (its outline, sampled finely, and the outer edge's points at 12, 3, 6 and 9 o'clock when the sector
    spans them). Kept by lane and column, not by space: 6 lanes × 24 columns, all worked out in ``warm_sectors``
    (a space's own code and column met 3,456 ways, a new one about 0.1 ms, a score per new close-up)."""
    a0, a1 = col * COLUMN_DEGREES, (col + 1) * COLUMN_DEGREES
    points = arc(r0, r1, a0, a1, steps=32)
    points += [polar(r1, a) for a in (0, 90, 180, 270, 360) if a0 <= a <= a1]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


Piece = tuple[str, tuple[object, ...]]
"""A piece as ``piece_places`` sorts them: ``(kind, what it shows)``."""


@lru_cache(maxsize=256)
def _space_places(
    code: str, turns: tuple[tuple[str, int], ...], pieces: tuple[Piece, ...]
) -> tuple[tuple[str, tuple[object, ...], tuple[int, int], int], ...]:
    """Where ``pieces`` stand on ``code`` under the rotation ``turns``: ``(kind, data, centre, size)`` each.

    A pure function of its arguments, worked out once: most pieces stay put from one board to the next.
    """
    rotation = dict(turns)
    slots = _slots(code, rotation, pieces)
    if slots is None and len(pieces) == 1:  # a lone piece kept off a neighbour's code: moved, a little smaller
        (kind, data), size = pieces[0], PIECE_SIZES[1]
        return ((kind, data, _clear_point(code, rotation, kind, data, size), size),)
    if slots is None:  # too many for the space: one token lists them all by letter
        letters = " ".join(_letter(kind, data) for kind, data in pieces)
        return (("stack", (letters,), _clear_point(code, rotation, "stack", (letters,), 0), 0),)
    size, centres = slots
    return tuple((kind, data, at, size) for (kind, data), at in zip(pieces, centres, strict=True))


@lru_cache(maxsize=1024)
def _piece_shape(kind: str, data: tuple[object, ...], size: int) -> tuple[Box, Image.Image]:
    """What ``draw_piece`` inks for this piece centred on ``(0, 0)``: its box and its pixels (``drawn``)."""
    if kind == "crew":  # put together from its body's and badge's, measured ahead (``warm_crew``)
        return crew_shape(str(data[0]), int(str(data[1])), hiding=bool(data[2]), active=bool(data[3]), r=size)
    return measured(partial(draw_piece, kind=kind, data=data, size=size))  # here, not in the shared looks


def warm_aliens_placed(letters: Mapping[str, str], sizes: Sequence[int]) -> None:
    """Draw and measure now every alien (``letters``: each colour's letter), wounded or not, as ``draw_piece`` draws
    it at ``sizes`` (``_piece_shape``; 36 looks for the ship's and phone's sizes)."""
    for color, letter in letters.items():
        for wounded in (False, True):
            for size in sizes:
                _piece_shape("alien", (color, letter, wounded), size)


def warm_mothers_placed(healths: Mapping[str, int], sizes: Sequence[int]) -> None:
    """Draw and measure now every Mother on the map (``healths``: each colour's full health, down to 1; at 0 she
    is dead and off the map) as ``draw_piece`` draws her at ``sizes`` (``_piece_shape``; 120 looks for the ship's
    and phone's sizes)."""
    for color, most in healths.items():
        for health in range(1, most + 1):
            for size in sizes:
                _piece_shape("mother", (color, health), size)


def _drawn_piece(kind: str, data: tuple[object, ...], size: int, at: tuple[int, int]) -> tuple[Box, Image.Image]:
    """``drawn`` for one piece centred on ``at``: its shape is measured once and moved (read only)."""
    (left, top, right, bottom), pixels = _piece_shape(kind, data, size)
    x, y = at
    return (left + x, top + y, right + x, bottom + y), pixels


def _slots(code: str, rotation: Mapping[str, int], pieces: Sequence[Piece]) -> tuple[int, list[tuple[int, int]]] | None:
    """The first of ``slot_candidates`` whose pieces, as drawn, touch neither each other nor a name (``keep_clear``).

    Measured on the pieces' own pixels (badges included), so a wounded alien's badge is kept off its
    neighbour as well as its body; ``None`` if no way is clear (the pieces are then listed on one token).
    """
    clear = _clear_masks(SHIP.space(code).ring, tuple(sorted(rotation.items())))
    for size, centres in slot_candidates(code, rotation, len(pieces)):  # tried one by one: the first often fits
        drawn_pieces = [_drawn_piece(k, d, size, at) for (k, d), at in zip(pieces, centres, strict=True)]
        marks = _near(clear, [box for box, _ in drawn_pieces])
        if any(_meet(reach, halo, box, pixels) for box, pixels in drawn_pieces for reach, halo in marks):
            continue
        if any(_meet(a[0], a[1], b[0], b[1]) for i, a in enumerate(drawn_pieces) for b in drawn_pieces[i + 1 :]):
            continue
        return size, centres
    return None


def _meet(a_box: Box, a: Image.Image, b_box: Box, b: Image.Image) -> bool:
    """``render.core.sheet.masks_meet`` on the masks' cores: the same two cuts, their product and whether it has
    an inked pixel, without the image objects Pillow wraps each cut and product in (most of a test's 30-90 µs;
    a piece's first placing makes a few dozen)."""
    if not overlap(a_box, b_box):
        return False
    x0, y0 = max(a_box[0], b_box[0]), max(a_box[1], b_box[1])
    x1, y1 = min(a_box[2], b_box[2]), min(a_box[3], b_box[3])
    part_a = a.im.crop((x0 - a_box[0], y0 - a_box[1], x1 - a_box[0], y1 - a_box[1]))
    part_b = b.im.crop((x0 - b_box[0], y0 - b_box[1], x1 - b_box[0], y1 - b_box[1]))
    return part_a.chop_multiply(part_b).getbbox(True) is not None


def _letter(kind: str, data: tuple[object, ...]) -> str:
    """A piece on a stack tag: its letter, and what its badge would say (a wounded alien's 1, a crew member's
    or a Mother's health), so nothing the pieces would show is lost by stacking them."""
    if kind == "mother":
        return f"M{data[1]}"
    if kind == "alien":
        return f"{data[1]}1" if data[2] else str(data[1])
    return f"{data[0]}{data[1]}{'z' if data[2] else ''}"  # z: hiding, as the lying piece shows


def _clear_point(
    code: str, rotation: Mapping[str, int], kind: str, data: tuple[object, ...], size: int
) -> tuple[int, int]:
    """Where one token (a stack tag, a lone piece) stands on ``code``: the point nearest the middle of the
    pieces' room that keeps it off the ring's printed codes, across the column then off to either side (the
    lane's inner edge if none does)."""
    low, high = piece_room(code, rotation)
    a0, a1 = space_angles(code, rotation)
    radii = sorted(range(low, max(low, high) + 1), key=lambda r: abs(r - (low + high) / 2))
    # Nearest the middle first; a wide stack tag may need the far ends of the space, or a step past its lane.
    fractions = (0.5, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9, 0.0, 1.0)
    clear = _clear_masks(SHIP.space(code).ring, tuple(sorted(rotation.items())))
    for spot in fractions:  # tried one by one: the first usually is clear
        for radius in radii:
            at = polar(radius, a0 + (a1 - a0) * spot)
            box, pixels = _drawn_piece(kind, data, size, at)
            if not any(_meet(reach, halo, box, pixels) for reach, halo in _near(clear, [box])):
                return at
    return polar(low, (a0 + a1) / 2)


MarkMask = tuple[Box, Image.Image]
"""A mark as pieces keep clear of it: the box its halo covers (``Mark.reach``) and the halo's pixels."""


@lru_cache(maxsize=512)
def _clear_masks(ring: str, rotation: tuple[tuple[str, int], ...]) -> tuple[MarkMask, ...]:
    """``keep_clear`` as ``MarkMask``es, their boxes worked out once (a piece's places test them by the hundred).

    Put together from the ring's codes' masks (by its own counter) and each turning room's tag's (by its ring's),
    kept apart (``warm_clear_masks`` works them all out): a rotation state met for the first time costs joining
    a few tuples, where working out its 50-odd marks' boxes was about 0.35 ms in a piece's first placing."""
    turns = dict(rotation)
    tags = tuple(_tag_mask(room.key, turns.get(room.ring, 0)) for room in SHIP.rooms if room.ring != "outer")
    return _code_masks(ring, turns.get(ring, 0)) + tags


@lru_cache(maxsize=64)
def _code_masks(ring: str, turns: int) -> tuple[MarkMask, ...]:
    """The ring's printed codes (``ring_codes``) as ``MarkMask``es, with the ring turned ``turns`` marks."""
    return tuple((m.reach, m.halo) for m in _ring_codes(ring, turns).marks)


@lru_cache(maxsize=256)
def _tag_mask(room: str, turns: int) -> MarkMask:
    """A turning room's tag (``_tag_mark``) as a ``MarkMask``."""
    mark = _tag_mark(room, turns)
    return mark.reach, mark.halo


def warm_clear_masks() -> None:
    """Work out now every ring's codes' masks at every counter and every turning room's tag's (``_code_masks``,
    ``_tag_mask``; about 30 ms, 0.1 MB): what a piece's first placing keeps clear of."""
    for ring in {room.ring for room in SHIP.rooms}:
        for turns in range(SHIP.marks) if ring in SHIP.rotating else (0,):
            _code_masks(ring, turns)
    for room in SHIP.rooms:
        if room.ring in SHIP.rotating:
            for turns in range(SHIP.marks):
                _tag_mask(room.key, turns)


def _near(marks: Sequence[MarkMask], boxes: list[Box]) -> list[MarkMask]:
    """The marks that reach into the box around all of ``boxes``: the only ones a piece drawn in one may touch
    (the rest are skipped without changing any answer)."""
    if not boxes:
        return []
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return [m for m in marks if m[0][0] < x1 and x0 < m[0][2] and m[0][1] < y1 and y0 < m[0][3]]  # ``overlap``


def ring_codes(ring: str, rotation: Mapping[str, int]) -> Sheet:
    """The printed codes of every space on ``ring`` as marks (what stacks and tags keep clear of)."""
    return _ring_codes(ring, rotation.get(ring, 0))


@lru_cache(maxsize=64)
def _ring_codes(ring: str, turns: int) -> Sheet:
    """``ring_codes`` for the ring turned ``turns`` marks: a space's place depends on its own ring's counter only."""
    sheet = Sheet()
    rotation = {ring: turns}
    for room in SHIP.rooms:
        if room.ring == ring:
            for code in room.spaces:
                info = SHIP.space(code)
                sheet.mark(label_point(code, rotation), f"{info.lane}{info.col}", CODE_SIZE, bold=True, anchor="mm")
    return sheet


def keep_clear(ring: str, rotation: Mapping[str, int]) -> list[Mark]:
    """What a piece on ``ring`` must not touch: the ring's printed codes and the turning rooms' tags."""
    return _keep_clear(ring, tuple(sorted(rotation.items())))


@lru_cache(maxsize=512)
def _keep_clear(ring: str, rotation: tuple[tuple[str, int], ...]) -> list[Mark]:
    turns = dict(rotation)
    tags = [_tag_mark(room.key, turns.get(room.ring, 0)) for room in SHIP.rooms if room.ring != "outer"]
    return ring_codes(ring, turns).marks + tags


@lru_cache(maxsize=256)
def _tag_mark(room: str, turns: int) -> Mark:
    """A turning room's tag code as a mark, with its ring turned ``turns`` marks."""
    at, _ = _room_name_place(room, {SHIP.room(room).ring: turns})
    sheet = Sheet()
    sheet.mark(at, room, ROOM_SIZE, bold=True, anchor="mm")
    return sheet.marks[0]


def draw_ship_pieces(draw: ImageDraw.ImageDraw, view: CapricornView, within: Box | None = None) -> None:
    """Search tokens, cubes, then aliens, Mothers and crew on their spaces (``piece_places``).

    Given ``within``, ``draw`` is an image of just that part of the board (a crop of the static ship): what
    falls in it is drawn there, as the whole board has it. Every piece is a stamp at whole pixels
    (``render.core.stamps``), so moving it by the box's corner moves its pixels and nothing else.
    """
    rotation = view.rotation
    dx, dy = (0, 0) if within is None else (-within[0], -within[1])

    def moved(at: tuple[int, int]) -> tuple[int, int]:
        return at[0] + dx, at[1] + dy

    for code in view.searched:
        if code != POD:
            r0, r1 = lane_radii(code)
            a0, a1 = space_angles(code, rotation)
            search_token(draw, moved(polar(r1 - 9, a0 + (a1 - a0) * 0.14)))
    for code in view.cubes:
        if code != POD:
            r0, r1 = lane_radii(code)
            a0, a1 = space_angles(code, rotation)
            cube(draw, moved(polar(r0 + 9, a0 + (a1 - a0) * 0.2)))
    for _, kind, data, at, size in piece_places(view, within):
        draw_piece(draw, moved(at), kind, data, size)


def ship_sheet(view: CapricornView) -> Sheet:
    """The space codes and room names a player types, and every piece's box, as this module draws them."""
    sheet = Sheet()
    rotation = view.rotation
    for room in SHIP.rooms:
        for code in room.spaces:
            info = SHIP.space(code)
            sheet.mark(label_point(code, rotation), f"{info.lane}{info.col}", CODE_SIZE, bold=True, anchor="mm")
        at, outer = _room_name_place(room.key, rotation)
        sheet.mark(at, room.key, OUTER_ROOM_SIZE if outer else ROOM_SIZE, bold=True, anchor="mm")
        if outer:
            sheet.mark((at[0], at[1] + OUTER_NAME_DROP), room.name, OUTER_NAME_SIZE, anchor="mm")
    for code, kind, data, at, size in piece_places(view):
        sheet.token(code, kind, at, partial(draw_piece, kind=kind, data=data, size=size))
    return sheet


def draw_piece(draw: ImageDraw.ImageDraw, at: tuple[int, int], kind: str, data: tuple[object, ...], size: int) -> None:
    """One alien, Mother or crew member centred on ``at`` at ``size``."""
    if kind == "stack":
        stack(draw, at, str(data[0]))
    elif kind == "mother":
        mother(draw, at, str(data[0]), int(str(data[1])), r=size + 4)
    elif kind == "alien":
        alien(draw, at, str(data[0]), str(data[1]), bool(data[2]), r=size - 1)
    else:
        crew(draw, at, str(data[0]), int(str(data[1])), hiding=bool(data[2]), active=bool(data[3]), r=size)
