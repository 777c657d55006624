"""Where things sit on the board: the ship drawn as concentric rings, column 0 at 12 o'clock, clockwise.

The ship is round and its doors line up by angle (CAP-G-ROT-2), so it is drawn round: every ring shares the
same 24 angular columns, and a rotation moves a room's spaces to new angles while their codes stay the same
(``engine.capricorn.board``). All positions come from ``SHIP.abs_col`` under the view's rotation, so the image
can never disagree with the engine about which doors are aligned.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from engine.capricorn.board import SHIP
from engine.capricorn.terms import RingKey

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
CODE_BAND = 18
"""How far in from a lane's outer edge the code takes: pieces keep out of this band."""
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


def space_centre(code: str, rotation: Mapping[str, int]) -> Point:
    """Where a lone piece on ``code`` stands: the middle of the lane below the code band."""
    r0, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    return polar((r0 + 1 + r1 - CODE_BAND) / 2, (a0 + a1) / 2)


def slot_centres(code: str, rotation: Mapping[str, int], count: int) -> list[Point]:
    """Where ``count`` pieces sharing one space stand (see ``slot_layout``)."""
    return slot_layout(code, rotation, count)[1]


PIECE_SIZES = (11, 10, 9, 8)
"""Piece sizes tried for a shared space, largest first (a piece reaches about its size + 2 from its centre).

Two pieces fit apart at 9 in the narrowest space (the inner ring's inner lane); three or more there are drawn at
8, touching: smaller letters would not read."""


def slot_layout(code: str, rotation: Mapping[str, int], count: int) -> tuple[int, list[Point]]:
    """The piece size and the centres for ``count`` pieces on one space, none overlapping another or the code.

    One piece stands at ``space_centre`` at full size. Several are placed in the space below the code band,
    side by side if the column is wide enough, else zig-zag (alternately near the lane's inner and outer
    side), at the largest size that keeps them apart: near the centre a column is only about 35 px wide.
    """
    if count <= 1:
        return 13, [space_centre(code, rotation)] * count
    r0, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    return _packed(r0 + 1, r1 - CODE_BAND, a0, a1, count)


def _packed(low: int, high: int, a0: float, a1: float, count: int) -> tuple[int, list[Point]]:
    """Side by side across the column (ends flush with the walls), else zig-zag, at the largest size that fits."""
    points: list[Point] = []
    for size in PIECE_SIZES:
        reach = size + 2
        for zigzag in (False, True):
            points = []
            for i in range(count):
                if not zigzag:
                    radius = (low + high) / 2
                elif i % 2 == 0:
                    radius = low + reach
                else:
                    radius = high - reach
                margin = math.degrees(reach / radius)
                points.append(polar(radius, a0 + margin + (a1 - a0 - 2 * margin) * i / (count - 1)))
            if _apart(points, 2 * reach - 1):
                return size, points
    return PIECE_SIZES[-1], points


def _apart(points: list[Point], distance: float) -> bool:
    return all(math.dist(p, q) >= distance for i, p in enumerate(points) for q in points[i + 1 :])


def label_point(code: str, rotation: Mapping[str, int]) -> Point:
    """Where a space's code is printed: centred in the band along the lane's outer edge, clear of the pieces."""
    _, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    return polar(r1 - CODE_BAND // 2, (a0 + a1) / 2)


def pod_slots(count: int) -> list[Point]:
    """Where crew in the escape pod stand: a small ring inside the pod."""
    if count <= 1:
        return [(CX, CY + POD_RADIUS // 2)] * count
    return [polar(POD_RADIUS - 34, 180 + 360 * i / count) for i in range(count)]
