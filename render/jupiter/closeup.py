"""The close-up: the acting robot's tile and the tiles within reach, cut from the board and enlarged.

On a phone the 1400-pixel board shows about 400 pixels wide, too small to read the dome names (``T08.NW``) a
player types. The close-up crops the very board the channel gets (so it shows nothing the board does not)
around the acting robot's tile and the tiles next to it, where its moves lead, and doubles it
(``render.core.closeup``).
"""

from __future__ import annotations

from engine.jupiter.colony import STEPS
from engine.jupiter.view import JupiterView, RobotView, TileView
from render.core import Box
from render.core.closeup import landscape_box

from .colony import pod_at
from .layout import COLONY, POD_RADIUS, Layout

MARGIN = 16


def acting_robot(view: JupiterView) -> RobotView | None:
    """The robot whose turn it is, when it stands in the colony or in the docked pod (else no close-up)."""
    robot = next((r for r in view.robots if r.seat == view.active), None)
    if robot is None or not robot.in_play or robot.where is None:
        return None
    return robot


def robot_tile(view: JupiterView, robot: RobotView) -> TileView | None:
    """The tile the robot stands on, or the tile the pod is docked at while it rides the pod."""
    if robot.where == "pod":
        return next((t for t in view.tiles if t.id == view.pod.dock_tile), None)
    return next((t for t in view.tiles if any(d.name == robot.where for d in t.domes)), None)


def tiles_in_reach(view: JupiterView, tile: TileView) -> list[TileView]:
    """The robot's tile first, then every tile next to it (one step of the hexagonal grid)."""
    around = {(tile.q + dq, tile.r + dr) for dq, dr in STEPS}
    return [tile] + [t for t in view.tiles if (t.q, t.r) in around]


def closeup_box(view: JupiterView, layout: Layout) -> Box | None:
    """The part of the colony to enlarge: the tiles in reach (and the pod docked at one), widened to landscape."""
    robot = acting_robot(view)
    tile = robot_tile(view, robot) if robot is not None else None
    if tile is None:
        return None
    reach = tiles_in_reach(view, tile)
    points = [p for t in reach for p in layout.hexagon(t.q, t.r)]
    pod = pod_at(view, layout)
    if pod is not None and view.pod.dock_tile in {t.id for t in reach}:
        radius = (POD_RADIUS + 0.1) * layout.step
        points += [(pod[0] - radius, pod[1] - radius), (pod[0] + radius, pod[1] + radius)]
    return landscape_box(points, COLONY, MARGIN)


def closeup_where(view: JupiterView) -> str:
    """The close-up in words (all public): the acting robot, where it stands, and the tiles within reach."""
    robot = acting_robot(view)
    tile = robot_tile(view, robot) if robot is not None else None
    if robot is None or tile is None:
        return "no robot is in the colony"
    others = [t.id for t in tiles_in_reach(view, tile)[1:]]
    around = f", and the tiles within reach: {', '.join(others)}" if others else ""
    place = f"in the pod, docked at tile {tile.id}" if robot.where == "pod" else f"on {robot.where}, tile {tile.id}"
    return f"the {robot.colour} robot {place}{around}"
