"""What a viewer sees of a Jupiter Deep game (digest section 6): everything but the deck's order.

Nothing in Jupiter Deep is secret from the table: every hand and core is public (the rulebook lets players show
their cards), and so are the board, the pod, the discard pile and the dice. The only hidden things are the order
of the Rescue deck (the view gives its size) and the generator. So every viewer gets the same view except for
``viewer`` and ``my_seat``; prompts, which are not part of the view, go only to their seat.

The renderer reads this and never the state: tile cells and rotations, dome lattice points (``point``: the
centre dome of the tile on cell ``(q, r)`` is at ``(3q, 3r)``, outer dome ``k`` one lattice step toward side
``k``), the bridges, and every piece.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.core import View

from .board import living, rescue_target
from .cards import actions_left, hand_limit, jammed
from .catalog import CATALOG, SIDE_NAMES
from .state import COLONIST, CREEP, JupiterState, Phase, seat_of_code

Piece = Literal["colonist", "creep", "robot"]


class DomeView(BaseModel):
    """One space: its typeable name, the board side it faces (``None`` = centre), lattice point and piece."""

    name: str
    side: str | None
    point: tuple[int, int]
    piece: Piece | None = None
    seat: int | None = None  # the robot's seat when ``piece`` is "robot"


class TileView(BaseModel):
    id: str
    module: int
    q: int
    r: int
    rotation: int
    centre: Literal["dome", "power_plant", "radar_dish"]
    super_creep: bool
    exposed_sides: list[str]
    domes: list[DomeView]


class PodView(BaseModel):
    docked_at: str | None  # the docking dome, or None while away
    dock_tile: str | None
    dock_side: str | None
    colonists: int
    robots: list[int]
    capacity: int
    launched_by: int | None  # the seat that docks it at the start of its next turn
    launches: int


class RobotView(BaseModel):
    seat: int
    colour: str
    letter: str
    where: str | None  # a dome, "pod", or None when out of play
    in_play: bool
    core: str | None
    core_used: bool
    hand: list[str]
    dealt: list[str]  # the two cards to choose a core from, at setup or on return
    waiting: bool


class JupiterView(View):
    """The table as one viewer sees it."""

    my_seat: int | None
    phase: Phase
    turn: int
    active: int
    first: int | None
    options: dict[str, bool]
    tiles: list[TileView]
    bridges: list[tuple[str, str]]
    pod: PodView
    robots: list[RobotView]
    saved: int
    living: int
    lost: int
    needed: int
    placed: int
    creeps_on_board: int
    creep_markers: int
    hand_limit: int
    actions_per_turn: int
    actions_left: int
    dish_jammed: bool
    in_force: list[str]
    deck_size: int
    discard: list[str]
    destroyed: list[str]
    out_of_game: str
    roll: int | None
    invading: list[str]
    result: str

    def describe(self) -> str:
        """A few lines for the channel message under the board image."""
        from .state import robot_name

        lines = [f"**Jupiter Deep**, turn {self.turn}: saved **{self.saved}**/{self.needed}, living {self.living}."]
        if self.phase in ("won", "lost"):
            lines.append(self.result)
            return "\n".join(lines)
        lines.append(
            f"Actions per turn {self.actions_per_turn}, hand limit {self.hand_limit}, "
            f"creeps on the colony {self.creeps_on_board}/{self.creep_markers}."
        )
        if self.phase == "actions":
            lines.append(f"{robot_name(self.active).capitalize()} has {self.actions_left} action(s) left.")
        for robot in self.robots:
            core = CATALOG.card_name(robot.core) if robot.core else "no core"
            hand = ", ".join(CATALOG.card_name(k) for k in robot.hand) or "no cards"
            lines.append(f"{robot.letter} {robot.colour} ({robot.where or 'out of play'}): core {core}; {hand}")
        return "\n".join(lines)


def view(state: JupiterState, viewer: int | None) -> JupiterView:
    """The view for ``viewer`` (a seat, or ``None`` for the channel); it never includes the deck's order."""
    from .rules import prompts

    colony = state.colony
    waiting = {p.seat for p in prompts(state)}
    tiles = []
    for tile in colony.tiles:
        placement = colony.placements[tile]
        domes = []
        for name in colony.spaces_of(tile):
            dome = colony.domes[name]
            code = state.occupant.get(name)
            piece: Piece | None = None
            if code == COLONIST:
                piece = "colonist"
            elif code == CREEP:
                piece = "creep"
            elif code is not None:
                piece = "robot"
            domes.append(
                DomeView(
                    name=name,
                    side=None if dome.side is None else SIDE_NAMES[dome.side],
                    point=dome.point,
                    piece=piece,
                    seat=seat_of_code(code) if code is not None else None,
                )
            )
        tiles.append(
            TileView(
                id=tile,
                module=colony.module_of(tile),
                q=placement.q,
                r=placement.r,
                rotation=placement.rotation,
                centre=CATALOG.tile(tile).centre,
                super_creep=tile in state.super_creeps,
                exposed_sides=[SIDE_NAMES[s] for s in colony.exposed_sides(tile)],
                domes=domes,
            )
        )
    dock = state.pod.dock
    pod = PodView(
        docked_at=colony.outer(*dock) if dock is not None else None,
        dock_tile=dock[0] if dock is not None else None,
        dock_side=SIDE_NAMES[dock[1]] if dock is not None else None,
        colonists=state.pod.colonists,
        robots=list(state.pod.robots),
        capacity=CATALOG.numbers.pod_capacity,
        launched_by=state.pod.launched_by,
        launches=state.pod.launches,
    )
    robots = [
        RobotView(
            seat=seat,
            colour=CATALOG.robots[seat].colour,
            letter=CATALOG.robots[seat].letter,
            where=state.where_is(seat),
            in_play=robot.in_play,
            core=robot.core,
            core_used=seat == state.active and robot.core is not None and robot.core in state.cores_used,
            hand=list(robot.hand),
            dealt=list(robot.dealt),
            waiting=seat in waiting,
        )
        for seat, robot in enumerate(state.robots)
    ]
    in_actions = state.phase == "actions"
    return JupiterView(
        viewer=viewer,
        my_seat=viewer if viewer is not None and 0 <= viewer < state.players else None,
        phase=state.phase,
        turn=state.turn,
        active=state.active,
        first=state.first,
        options=state.options.model_dump(),
        tiles=tiles,
        bridges=list(colony.bridges()),
        pod=pod,
        robots=robots,
        saved=state.saved,
        living=living(state),
        lost=state.lost,
        needed=rescue_target(state),
        placed=state.placed,
        creeps_on_board=state.creeps_on_board(),
        creep_markers=CATALOG.numbers.creeps,
        hand_limit=hand_limit(state),
        actions_per_turn=CATALOG.numbers.actions_jammed if jammed(state) else CATALOG.numbers.actions,
        actions_left=actions_left(state) if in_actions else 0,
        dish_jammed=jammed(state),
        in_force=list(state.in_force),
        deck_size=len(state.deck),
        discard=list(state.discard),
        destroyed=list(state.destroyed),
        out_of_game=state.out_of_game,
        roll=state.roll,
        invading=list(state.queue),
        result=state.result,
    )
