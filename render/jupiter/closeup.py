"""The close-up: the acting robot's tile and the tiles around it, where its moves lead.

The phone board shows each tile as a summary; the dome names a player types (``T08.NW``) are in a tile's zoom,
so the close-up that goes with the acting player's panel is the zoom of the tile the robot stands on (or the
pod is docked at): ``render.jupiter.zoom``. This module finds that tile and says what the close-up shows.
"""

from __future__ import annotations

from engine.jupiter.colony import STEPS
from engine.jupiter.view import JupiterView, RobotView, TileView


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
