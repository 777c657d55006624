"""Where things sit on the Derelict board: a landscape 1600 x 1200 image.

Top to bottom: a header (round, time track, self-destruct, course, token pools), the dorsal duct band, the
three rows of rooms on the map's grid (x 0-7, y 0-2), the ventral duct band, then one strip per seat.
Every room is a fixed box, so the corridors, duct hatches, exit numbers and room ids are drawn once in the
static layer; what changes (names of explored rooms, tokens, figures) is drawn on top.
"""

from __future__ import annotations

from engine.derelict.catalog import CATALOG
from render.core import Box

WIDTH, HEIGHT = 1600, 1200
ROOM_W, ROOM_H = 176, 230
GAP_X, GAP_Y = 22, 34
LEFT, TOP = 14, 150
DU_Y = (100, 132)  # the dorsal duct band (above the rooms)
DD_Y = (TOP + 3 * ROOM_H + 2 * GAP_Y + 18, TOP + 3 * ROOM_H + 2 * GAP_Y + 50)
STRIPS_TOP = DD_Y[1] + 16
STRIP_W = (WIDTH - 2 * LEFT) // 5


def room_box(room: str) -> Box:
    """The box of a room on the map, from its grid position."""
    x, y = next(r.grid for r in CATALOG.map.rooms if r.id == room)
    x0 = LEFT + x * (ROOM_W + GAP_X)
    y0 = TOP + y * (ROOM_H + GAP_Y)
    return (x0, y0, x0 + ROOM_W, y0 + ROOM_H)


def centre(room: str) -> tuple[int, int]:
    x0, y0, x1, y1 = room_box(room)
    return ((x0 + x1) // 2, (y0 + y1) // 2)


def side_point(room: str, exit_number: int, inset: int = 0) -> tuple[int, int]:
    """The middle of a room's side for exit 1 (north), 2 (east), 3 (south) or 4 (west)."""
    x0, y0, x1, y1 = room_box(room)
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    return {
        1: (cx, y0 + inset),
        2: (x1 - inset, cy),
        3: (cx, y1 - inset),
        4: (x0 + inset, cy),
    }[exit_number]


def strip_box(seat: int) -> Box:
    x0 = LEFT + seat * STRIP_W
    return (x0, STRIPS_TOP, x0 + STRIP_W - 10, HEIGHT - 10)
