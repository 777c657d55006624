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
POD_RADIUS = 96
# (inner edge, lane boundary, outer edge) of each ring, in pixels from the centre.
RINGS: dict[RingKey, tuple[int, int, int]] = {
    "inner": (110, 161, 212),
    "middle": (228, 276, 324),
    "outer": (340, 392, 444),
}
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


def space_centre(code: str, rotation: Mapping[str, int], *, shift: float = 0.42) -> Point:
    """Where a piece on ``code`` stands: a little inward of the lane's middle, leaving room for the code."""
    r0, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    return polar(r0 + (r1 - r0) * shift, (a0 + a1) / 2)


def slot_centres(code: str, rotation: Mapping[str, int], count: int) -> list[Point]:
    """Where ``count`` pieces sharing one space stand: side by side along the column."""
    if count <= 1:
        return [space_centre(code, rotation)]
    r0, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    radius = r0 + (r1 - r0) * 0.42
    return [polar(radius, a0 + (a1 - a0) * (i + 1) / (count + 1)) for i in range(count)]


def label_point(code: str, rotation: Mapping[str, int]) -> Point:
    """Where a space's code is printed: near the lane's outer edge, clear of the piece."""
    _, r1 = lane_radii(code)
    a0, a1 = space_angles(code, rotation)
    return polar(r1 - 9, (a0 + a1) / 2)


def pod_slots(count: int) -> list[Point]:
    """Where crew in the escape pod stand: a small ring inside the pod."""
    if count <= 1:
        return [(CX, CY + 40)] * count
    return [polar(56, 180 + 360 * i / count) for i in range(count)]
