"""The rooms a player can zoom into: each room of the detailed ship cut out and enlarged (``render.core.zoom``).

A zoom is at most ``WIDEST`` pixels of the detailed ship wide, so its 14 px space codes show at 12 px or more on
a phone and its smallest pieces (about 13 px: several crowd a narrow space) at 16. A room spans 90° to 180° of
its ring, wider than that, so each is offered in parts of ``COLUMNS_PER_PART`` columns. The keys stay the same
whatever the rings' rotation; the box follows the room to where the rotation puts it.
"""

from __future__ import annotations

from functools import cache

from engine.capricorn.board import SHIP
from engine.capricorn.view import CapricornView
from render.core import Box
from render.core.alt import clipped
from render.core.zoom import Area, part_box, widest_for

from .closeup import _corners
from .layout import CODE_SIZE, HEIGHT, PANEL_LEFT

MARGIN = 10
WIDEST = min(widest_for(CODE_SIZE), 320)
"""The widest cut of the ship: its codes at 12 px and its smallest pieces (13 px) at 16 px on a phone."""
COLUMNS_PER_PART = {"inner": 6, "middle": 3, "outer": 2}
"""Columns of a room one zoom shows: 90° of the inner ring, 45° of the middle, 30° of the outer ring (all
about 250 pixels of the ship), 25 zooms in all (a select's limit). The pod has no code to read: the channel
board lists who is aboard."""


@cache
def room_parts() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Area key → (room key, the space codes it shows): whole inner rooms, halves of the others, the pod."""
    parts: dict[str, tuple[str, tuple[str, ...]]] = {}
    for ring in ("inner", "middle", "outer"):
        for room in SHIP.rooms_of(ring):
            spaces = SHIP.room(room).spaces
            step = COLUMNS_PER_PART[ring]
            for n, start in enumerate(range(0, SHIP.room(room).width, step), start=1):
                part = tuple(code for code in spaces if start <= SHIP.space(code).col < start + step)
                parts[f"{room}.{n}"] = (room, part)
    return parts


def _columns(spaces: tuple[str, ...]) -> str:
    """The codes' column numbers a part spans, as a player types them: ``0–5``."""
    cols = sorted({SHIP.space(code).col for code in spaces})
    return f"{cols[0]}–{cols[-1]}"


def _areas() -> tuple[Area, ...]:
    out = []
    for key, (room, spaces) in room_parts().items():
        name = SHIP.room(room).name
        columns = _columns(spaces)
        label = f"{name} ({room}) {columns}"
        out.append(Area(key, label, f"Spaces {room}.i{columns} and {room}.o{columns}: their codes and pieces."))
    return tuple(out)


ROOM_AREAS: tuple[Area, ...] = _areas()


def room_box(area: str, view: CapricornView) -> Box:
    """Where ``area`` is on the detailed ship under the view's rotation, with a margin, at most as wide as
    the codes allow."""
    parts = room_parts()
    if area not in parts:
        raise KeyError(f"the Abandon Capricorn board has no area {area!r}")
    _, spaces = parts[area]
    points = [p for code in spaces for p in _corners(code, view.rotation)]
    return part_box(points, (0, 0, PANEL_LEFT, HEIGHT), MARGIN, WIDEST)


def room_alt(area: str, view: CapricornView) -> str:
    """The zoom in words: which room and spaces, and every piece on them (public facts only)."""
    parts = room_parts()
    if area not in parts:
        raise KeyError(f"the Abandon Capricorn board has no area {area!r}")
    room, spaces = parts[area]
    inside = set(spaces)
    where = f"the {SHIP.room(room).name}, spaces {', '.join(spaces)}"
    found = []
    for c in view.characters:
        if c.space in inside:
            state = ", hiding" if c.hiding else ""
            found.append(f"the {c.name} ({view.seat_name(c.seat)}) on {c.space}, health {c.health}{state}")
    for a in view.aliens:
        if a.space in inside:
            found.append(f"a {a.color} alien {a.letter} on {a.space}")
    for m in view.mothers:
        if m.status == "on_map" and m.space in inside:
            found.append(f"the {m.color} Mother on {m.space}, health {m.health}")
    cubes = [code for code in view.cubes if code in inside]
    if cubes:
        found.append("chemistry cubes on " + ", ".join(cubes))
    said = "; ".join(found) if found else "nobody there"
    return clipped(f"A close-up of the Abandon Capricorn board: {where}: {said}.")
