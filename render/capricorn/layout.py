"""Where things sit on the board: the ship drawn as concentric rings, column 0 at 12 o'clock, clockwise.

The ship is round and its doors line up by angle (CAP-G-ROT-2), so it is drawn round: every ring shares the
same 24 angular columns, and a rotation moves a room's spaces to new angles while their codes stay the same
(``engine.capricorn.board``). All positions come from ``SHIP.abs_col`` under the view's rotation, so the image
can never disagree with the engine about which doors are aligned.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache, partial

from engine.capricorn.board import SHIP
from engine.capricorn.terms import RingKey
from render.core import font

WIDTH, HEIGHT = 1400, 900
CX, CY = 450, 450  # the pod's centre
POD_RADIUS = 84
# (inner edge, lane boundary, outer edge) of each ring, in pixels from the centre. A column is 15°, so a
# space near the centre is narrow (about 32 px across the inner ring's inner lane): the inner ring is the
# deepest (the pod gives up a little), so two pieces sharing one of its spaces can stand one above the other.
RINGS: dict[RingKey, tuple[int, int, int]] = {
    "inner": (98, 158, 216),
    "middle": (232, 281, 330),
    "outer": (346, 395, 444),
}
CODE_SIZE = 14
"""A space's printed code, bold black: what a player types into /act, so it must read on a phone."""
PANEL_LEFT = 905
COLUMN_DEGREES = 360 / SHIP.columns

Point = tuple[int, int]


def polar(radius: float, angle_deg: float) -> Point:
    """The pixel at ``radius`` from the centre, ``angle_deg`` clockwise from 12 o'clock (whole pixels)."""
    a = math.radians(angle_deg - 90)
    return round(CX + radius * math.cos(a)), round(CY + radius * math.sin(a))


def arc(r0: float, r1: float, a0: float, a1: float, steps: int = 8) -> list[Point]:
    """The outline of an annular sector from angle ``a0`` to ``a1`` between radii ``r0`` and ``r1``."""
    outer = [polar(r1, a0 + (a1 - a0) * i / steps) for i in range(steps + 1)]
    inner = [polar(r0, a1 - (a1 - a0) * i / steps) for i in range(steps + 1)]
    return outer + inner


def lane_radii(code: str) -> tuple[int, int]:
    """The inner and outer radius of the lane a space lies in."""
    info = SHIP.space(code)
    r0, mid, r1 = RINGS[info.ring]
    return (r0, mid) if info.lane == "i" else (mid, r1)


def space_angles(code: str, rotation: Mapping[str, int]) -> tuple[float, float]:
    """The start and end angle of a space's column under ``rotation``."""
    col = SHIP.abs_col(code, rotation)  # type: ignore[arg-type]
    return col * COLUMN_DEGREES, (col + 1) * COLUMN_DEGREES


def code_reach(code: str, rotation: Mapping[str, int]) -> float:
    """How far a space's printed code reaches from its middle toward the centre: its box is upright, so on a
    ring it takes its height at 12 o'clock and its width at 3 o'clock."""
    return _code_reach(code, SHIP.abs_col(code, rotation))  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _code_reach(code: str, col: int) -> float:
    """``code_reach`` with the space at absolute column ``col`` (all that the rotation changes for it): 144 spaces
    × 24 columns at most, all kept (the ring layers alone ask 1,152 of them, and a smaller bound forgot them)."""
    info = SHIP.space(code)
    left, top, right, bottom = code_box(f"{info.lane}{info.col}")
    a0, a1 = col * COLUMN_DEGREES, (col + 1) * COLUMN_DEGREES
    middle = math.radians((a0 + a1) / 2)
    return (right - left) / 2 * abs(math.sin(middle)) + (bottom - top) / 2 * abs(math.cos(middle))


@lru_cache(maxsize=256)
def code_box(local: str) -> tuple[int, int, int, int]:
    """The box of a printed space code (``i3``, ``o12``) around its middle, in the codes' bold font: a dozen
    texts, measured once each (FreeType's measure costs about 0.2 ms, and a ring prints 48 codes)."""
    left, top, right, bottom = font(CODE_SIZE, bold=True).getbbox(local, anchor="mm")
    return int(left), int(top), int(right), int(bottom)


def label_point(code: str, rotation: Mapping[str, int]) -> Point:
    """Where a space's code is printed: in the middle of its column, near the lane's outer edge (clear of doors)."""
    _, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    return polar(r1 - 5 - code_reach(code, rotation), (a0 + a1) / 2)


def piece_room(code: str, rotation: Mapping[str, int]) -> tuple[int, int]:
    """The radii between which pieces on ``code`` stand: the lane, less the band its printed code takes."""
    r0, r1 = lane_radii(code)
    return r0 + 1, math.floor(r1 - 8 - 2 * code_reach(code, rotation))


PIECE_SIZES = (13, 11, 10, 9, 8)
"""Piece sizes tried on a space, largest first (a piece reaches about its size + 2 from its centre)."""


def slot_candidates(code: str, rotation: Mapping[str, int], count: int) -> Iterator[tuple[int, list[Point]]]:
    """Ways to stand ``count`` pieces on one space below its code, the most legible first.

    Largest size first; at each, side by side across the column (ends flush with the walls) at the middle
    radius, then nearer either side of the lane, then zig-zag (alternately near the lane's inner and outer
    side). The renderer keeps the first whose drawn pieces touch neither each other nor the code.
    """
    low, high = piece_room(code, rotation)
    a0, a1 = space_angles(code, rotation)
    for size in PIECE_SIZES:
        reach = size + 2
        if high - low < 2 * reach:
            continue
        rows = ((low + high) / 2, low + reach, high - reach)
        for row in rows:
            yield size, _spread(count, a0, a1, reach, partial(_row, row))
        yield size, _spread(count, a0, a1, reach, partial(_zigzag, low + reach, high - reach))


def _zigzag(near: float, far: float, i: int) -> float:
    return near if i % 2 == 0 else far


def _row(radius: float, _i: int) -> float:
    return radius


def _spread(count: int, a0: float, a1: float, reach: int, radius_of: Callable[[int], float]) -> list[Point]:
    if count == 1:
        return [polar(radius_of(0), (a0 + a1) / 2)]
    points = []
    for i in range(count):
        radius = radius_of(i)
        margin = math.degrees(reach / radius)
        points.append(polar(radius, a0 + margin + (a1 - a0 - 2 * margin) * i / (count - 1)))
    return points


def pod_slots(count: int) -> list[Point]:
    """Where crew in the escape pod stand: a small ring inside the pod."""
    if count <= 1:
        return [(CX, CY + POD_RADIUS // 2)] * count
    return [polar(POD_RADIUS - 34, 180 + 360 * i / count) for i in range(count)]
