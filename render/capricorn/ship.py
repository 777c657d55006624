"""The ship: the static rings for one rotation state, and the tokens and pieces drawn on top per view.

What depends only on the rings' counters is drawn in three parts, so a rotation never redraws the ship:
``draw_ship_base`` (hull, pod, the rings that do not turn), ``draw_ring`` (one ring's rooms at their angles,
every space with its printed code, hiding places, breaches, repair spaces, search dots, walls; it stays
between the ring's edges) and ``draw_ship_joints`` (the door sockets and the open doors, the view's
``open_doors``, and the turning rooms' name tags, which reach across the gaps). A board then copies the
composed ship and adds search tokens, cubes and pieces.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import ImageDraw

from engine.capricorn.board import SHIP
from engine.capricorn.terms import POD, RingKey
from engine.capricorn.view import CapricornView
from render.core import Ink, label, rounded

from .layout import (
    CODE_SIZE,
    CX,
    CY,
    POD_RADIUS,
    RINGS,
    arc,
    label_point,
    lane_radii,
    pod_slots,
    polar,
    slot_layout,
    space_angles,
)
from .pieces import alien, crew, cube, mother, search_token

RING_FILL = {"inner": Ink.WHITE, "middle": Ink.SLATE_TINT, "outer": Ink.WHITE}
DOOR_GAP = 7  # how far a door bridge reaches into the gap from each ring's edge


def _edge_radius(code: str) -> int:
    """The ring edge a door socket sits on: the inner edge for an inward socket, the outer for an outward."""
    info = SHIP.space(code)
    r0, _, r1 = RINGS[info.ring]
    return r0 if info.door == "in" else r1


def draw_ship_base(draw: ImageDraw.ImageDraw) -> None:
    """What no rotation moves: the hull, the pod, and the rings that never turn with their rooms and names."""
    draw.ellipse((CX - 452, CY - 452, CX + 452, CY + 452), fill=int(Ink.CHARCOAL))  # the hull
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


def ring_reach(ring: RingKey) -> int:
    """The radius halfway across the gap outside ``ring``: all of the ring's own drawing lies inside it."""
    keys = list(RINGS)
    outer_edge = RINGS[ring][2]
    following = keys.index(ring) + 1
    next_edge = RINGS[keys[following]][0] if following < len(keys) else outer_edge + 16
    return (outer_edge + next_edge) // 2


def draw_ship_joints(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    """What depends on more than one ring: the doors across the gaps, and the turning rooms' name tags."""
    _draw_doors(draw, view)
    for room in SHIP.rooms:
        if room.ring in SHIP.rotating:
            _draw_room_name(draw, room.key, view.rotation)


def _draw_space(draw: ImageDraw.ImageDraw, code: str, rotation: Mapping[str, int]) -> None:
    info = SHIP.space(code)
    r0, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    fill = Ink.MIST if info.hiding else RING_FILL[info.ring]
    draw.polygon(arc(r0, r1, a0, a1), fill=int(fill), outline=int(Ink.SILVER))
    if info.repair:
        draw.polygon(arc(r0 + 3, r1 - 3, a0 + 0.9, a1 - 0.9), outline=int(Ink.GREEN), width=3)
    local = f"{info.lane}{info.col}"
    label(draw, label_point(code, rotation), local, CODE_SIZE, Ink.BLACK, bold=True, anchor="mm")
    if info.dot:
        x, y = polar(r1 - 9, a0 + (a1 - a0) * 0.14)
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=int(Ink.BLACK))
    if info.breach is not None:
        x, y = polar(r0 + 8, a0 + (a1 - a0) * 0.8)
        draw.rectangle((x - 6, y - 6, x + 6, y + 6), fill=int(Ink.VERMILLION))
        label(draw, (x, y), str(info.breach), 10, Ink.WHITE, bold=True, anchor="mm")


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
    draw.line([polar(r0, a0 + (a1 - a0) * i / steps) for i in range(steps + 1)], fill=int(Ink.BLACK), width=2)
    draw.line([polar(r1, a0 + (a1 - a0) * i / steps) for i in range(steps + 1)], fill=int(Ink.BLACK), width=2)


def _socket_span(code: str, rotation: Mapping[str, int]) -> tuple[float, float]:
    a0, a1 = space_angles(code, rotation)
    return a0 + 3, a1 - 3


def _draw_doors(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    """Closed sockets as short dark stubs on the ring edge; open doors as orange bridges across the gap."""
    rotation = view.rotation
    open_codes = {c for pair in view.open_doors for c in pair}
    for room in SHIP.rooms:
        for code in room.spaces:
            info = SHIP.space(code)
            if info.door is None or code in open_codes:
                continue
            edge = _edge_radius(code)
            a0, a1 = _socket_span(code, rotation)
            outward = 1 if info.door == "out" else -1
            draw.polygon(arc(edge, edge + outward * 4, a0, a1, 3), fill=int(Ink.GREY))
    for a, b in view.open_doors:
        code = b if a == POD else a
        a0, a1 = _socket_span(code, rotation)
        if a == POD:
            inner_r, outer_r = POD_RADIUS - 2, _edge_radius(b) + 2
        else:
            inner_r, outer_r = _edge_radius(a) - 2, _edge_radius(b) + 2
        draw.polygon(arc(inner_r, outer_r, a0, a1, 3), fill=int(Ink.ORANGE), outline=int(Ink.BLACK))
        draw.line([polar(inner_r + 1, (a0 + a1) / 2), polar(outer_r - 1, (a0 + a1) / 2)], fill=int(Ink.WHITE), width=2)
    for col in SHIP.pod_doors:  # the pod's fixed sockets
        angle = (col + 0.5) * 360 / SHIP.columns
        x, y = polar(POD_RADIUS - 6, angle)
        draw.rectangle((x - 3, y - 3, x + 3, y + 3), fill=int(Ink.BLACK))


def _draw_room_name(draw: ImageDraw.ImageDraw, room: str, rotation: Mapping[str, int]) -> None:
    """The room's code (what a player types) on a white tag: in the gap outside its ring, or in a corner."""
    info = SHIP.room(room)
    a0, _ = space_angles(info.spaces[0], rotation)
    span = info.width * 360 / SHIP.columns
    r1 = RINGS[info.ring][2]
    if info.ring == "outer":
        x, y = polar(r1 + 60, a0 + span / 2)
        x = min(max(x, 60), 840)
        y = min(max(y, 20), 880)
        label(draw, (x, y - 9), room, 17, Ink.BLACK, bold=True, anchor="mm")
        label(draw, (x, y + 10), info.name, 13, Ink.CHARCOAL, anchor="mm")
        return
    at = a0 + span * (0.5 if info.ring == "inner" else 0.25)
    x, y = polar(r1 + 8, at)
    width = 9 * len(room) + 8
    rounded(draw, (x - width // 2, y - 9, x + width // 2, y + 9), Ink.YELLOW, Ink.BLACK, radius=4, width=1)
    label(draw, (x, y), room, 12, Ink.BLACK, bold=True, anchor="mm")


def draw_ship_pieces(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    """Search tokens, cubes, then aliens, Mothers and crew on their spaces (several on one space side by side)."""
    rotation = view.rotation
    for code in view.searched:
        if code != POD:
            r0, r1 = lane_radii(code)
            a0, a1 = space_angles(code, rotation)
            search_token(draw, polar(r1 - 9, a0 + (a1 - a0) * 0.14))
    for code in view.cubes:
        if code != POD:
            r0, r1 = lane_radii(code)
            a0, a1 = space_angles(code, rotation)
            cube(draw, polar(r0 + 9, a0 + (a1 - a0) * 0.2))
    by_space: dict[str, list[tuple[str, tuple[object, ...]]]] = {}
    for m in view.mothers:
        if m.status == "on_map" and m.space is not None:
            by_space.setdefault(m.space, []).append(("mother", (m.color, m.health)))
    for a in view.aliens:
        maximum = 2 if a.color == "yellow" else 1
        by_space.setdefault(a.space, []).append(("alien", (a.color, a.letter, a.health < maximum)))
    for index, c in enumerate(view.characters):
        by_space.setdefault(c.space, []).append(("crew", (c.letter, c.health, c.hiding, index == view.active)))
    pod = by_space.pop(POD, [])
    for (kind, data), at in zip(pod, pod_slots(len(pod)), strict=True):
        _piece(draw, kind, data, at, 14)
    for code, pieces in by_space.items():
        if not SHIP.is_space(code):
            continue
        size, centres = slot_layout(code, rotation, len(pieces))
        for (kind, data), at in zip(pieces, centres, strict=True):
            _piece(draw, kind, data, at, size)


def _piece(draw: ImageDraw.ImageDraw, kind: str, data: tuple[object, ...], at: tuple[int, int], size: int) -> None:
    if kind == "mother":
        mother(draw, at, str(data[0]), int(str(data[1])), r=size + 4)
    elif kind == "alien":
        alien(draw, at, str(data[0]), str(data[1]), bool(data[2]), r=size - 1)
    else:
        crew(draw, at, str(data[0]), int(str(data[1])), hiding=bool(data[2]), active=bool(data[3]), r=size)
