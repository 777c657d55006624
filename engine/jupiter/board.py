"""Pieces on the colony: where robots stand and reach, how pieces move, kills, self-destruction and the end.

These are the operations every part of a turn shares (actions, conversion, invasion). Each function that
changes the state returns the events it caused; ``check_end`` is called after every change that can win or
lose the game and moves the phase to ``won`` or ``lost``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from engine.core import Event

from .catalog import CATALOG
from .colony import Colony, tile_of
from .pod import docking_dome, has_room, launch
from .state import COLONIST, CREEP, JupiterState, cap, robot_code, robot_name, seat_of_code

POD = "pod"
"""The id of the pod as a destination (it is one space, not a dome: JUP-POD-1)."""


def rescue_target(state: JupiterState) -> int:
    """Colonists to save: 28, or every colonist placed at setup with Ultimate Heroes (JUP-VAR-HERO-1)."""
    return state.placed if state.options.ultimate_heroes else CATALOG.numbers.rescue_target


def living(state: JupiterState) -> int:
    """Colonists not yet saved nor lost: on the colony and aboard the pod."""
    return state.colonists_on_board() + state.pod.colonists


def robots_in_play(state: JupiterState) -> list[int]:
    """Seats whose robot is on the colony or aboard the pod (not removed by Robot Vulnerability)."""
    return [seat for seat, robot in enumerate(state.robots) if robot.in_play]


def robot_tile(state: JupiterState, seat: int) -> str | None:
    """The tile a robot counts as standing on: its dome's tile, or the docking tile while aboard the docked pod
    (JUP-GAP-POD-3); ``None`` aboard the pod while it is away, or when removed."""
    where = state.where_is(seat)
    if where == POD:
        return state.pod.dock[0] if state.pod.dock is not None else None
    return tile_of(where) if where is not None else None


def range_tiles(state: JupiterState, seat: int, bullhorn: bool) -> tuple[str, ...]:
    """The robot's command range: its tile and the adjacent tiles (JUP-ACT-CMD-2), or the whole colony with
    Bullhorn (JUP-CARD-BULLHORN-2); nothing while the robot is away or removed."""
    tile = robot_tile(state, seat)
    if tile is None:
        return ()
    if bullhorn:
        return state.colony.tiles
    return state.colony.command_tiles(tile)


def robots_on_guard(state: JupiterState, tile: str) -> bool:
    """Whether a robot stands on a dome of ``tile``, guarding it against super creeps (JUP-SUPER-5); a robot
    aboard the docked pod guards nothing (JUP-GAP-POD-3)."""
    return bool(state.robots_on(tile))


def creep_targets(state: JupiterState, tiles: Iterable[str]) -> list[str]:
    """Creeps on ``tiles`` as target ids: a dome name, or ``T09.C`` for the super creep on a plant or dish
    (JUP-GAP-SUPERKILL)."""
    result: list[str] = []
    for tile in tiles:
        result += state.pieces_on(tile, CREEP)
        if tile in state.super_creeps:
            result.append(f"{tile}.C")
    return result


def is_super_target(state: JupiterState, target: str) -> bool:
    """Whether a target id names a super creep (a plant or dish is never a dome)."""
    return target.endswith(".C") and not state.colony.is_dome(target)


def target_label(state: JupiterState, target: str) -> str:
    if is_super_target(state, target):
        tile = tile_of(target)
        what = CATALOG.tile(tile).centre.replace("_", " ")
        return f"Super creep on the {what} of {tile}"
    return f"Creep on {target}"


def kill(state: JupiterState, target: str, how: str) -> list[Event]:
    """Remove the creep or super creep named by ``target``; lifting a super creep ends its effect."""
    if is_super_target(state, target):
        tile = tile_of(target)
        state.super_creeps.remove(tile)
        what = CATALOG.tile(tile).centre.replace("_", " ")
        return [Event(text=f"{cap(how)} kills the super creep on the {what} of {tile}.")]
    assert state.occupant.get(target) == CREEP, target
    del state.occupant[target]
    return [Event(text=f"{cap(how)} kills the creep on {target}.")]


def grenade_targets(state: JupiterState, dome: str) -> list[str]:
    """Creeps bridged to ``dome``, where a creep was just killed (JUP-CARD-GRENADIER-2; never super creeps,
    JUP-SUPER-8; adjacency may cross tile sides, JUP-GAP-GREN)."""
    colony = state.colony
    if not colony.is_dome(dome):
        return []
    return sorted(n for n in colony.neighbours(dome) if state.occupant.get(n) == CREEP)


def steps_from(state: JupiterState, start: str) -> list[str]:
    """Where one step from ``start`` (a dome or the pod) can lead over bridges: bridged domes, the docked pod
    from its docking dome, the docking dome from the pod (JUP-ACT-MOVE-1, JUP-GAP-POD-1)."""
    return _steps(state.colony, docking_dome(state), start)


def _steps(colony: Colony, dock: str | None, start: str) -> list[str]:
    if start == POD:
        return [dock] if dock is not None else []
    result = sorted(colony.neighbours(start))
    if start == dock:
        result.append(POD)
    return result


def destinations(
    state: JupiterState,
    start: str,
    budget: int,
    *,
    robot: bool,
    juggernaut: bool = False,
    allowed_tiles: Iterable[str] | None = None,
) -> dict[str, int]:
    """Where a piece at ``start`` can move, with the actions it costs (one per space).

    A piece steps along bridges into open spaces (JUP-ACT-MOVE-1..4). Without Polite Colonists it moves one
    space at a time, so only single steps are offered. With Polite Colonists (JUP-VAR-POLITE-1) it may pass
    colonists and robots on the way, paying one action per space, and must end on an open space
    (JUP-GAP-MOVE-PATH); creeps always block. The docked pod is a destination while it has room; a colonist
    never leaves it. A robot with Juggernaut may end its move on a creep (JUP-CARD-JUGGERNAUT-2).
    ``allowed_tiles`` limits the spaces a colonist may be commanded *from* (range is checked before each step).
    """
    allowed = set(allowed_tiles) if allowed_tiles is not None else None
    board = (state.colony, docking_dome(state), has_room(state))
    return reachable(state, start, budget, robot, juggernaut, allowed, *board)


def reachable(
    state: JupiterState,
    start: str,
    budget: int,
    robot: bool,
    juggernaut: bool,
    allowed: set[str] | None,
    colony: Colony,
    dock: str | None,
    room: bool,
    *,
    first: bool = False,
) -> dict[str, int]:
    """``destinations`` with what it reads of the board handed in (the colony, the docking dome, whether the pod
    has room): one who asks it of several pieces of one state (every colonist in command range) works them out
    once. ``first``: stop at the first destination found (whether there is any)."""
    polite = state.options.polite_colonists
    reach = budget if polite else min(budget, 1)
    occupant = state.occupant
    result: dict[str, int] = {}
    seen = {start}
    frontier: deque[tuple[str, int]] = deque([(start, 0)])
    while frontier:
        here, cost = frontier.popleft()
        if cost >= reach:
            continue
        if allowed is not None and here != POD and tile_of(here) not in allowed:
            continue
        for near in _steps(colony, dock, here):
            if near in seen:
                continue
            seen.add(near)
            if near == POD:
                if room:
                    result[near] = cost + 1
                    if first:
                        return result
                continue
            piece = occupant.get(near)
            if piece is None:
                result[near] = cost + 1
                if first:
                    return result
                frontier.append((near, cost + 1))
            elif piece == CREEP:
                if robot and juggernaut:
                    result[near] = cost + 1
                    if first:
                        return result
            elif polite:
                frontier.append((near, cost + 1))
    return result


def can_move(
    state: JupiterState,
    start: str,
    budget: int,
    allowed: set[str] | None,
    colony: Colony,
    dock: str | None,
    room: bool,
) -> bool:
    """Whether a colonist on ``start`` has anywhere to go: ``bool(reachable(...))`` for a piece that is not a robot.
    Without Polite Colonists a piece moves one space at a time, so it is whether a bridged dome is open (or the
    docked pod has room, from its docking dome): asked of every colonist in command range by the menu and the
    "which colonist" question, most of them standing among others, where a search each cost ten times more."""
    if state.options.polite_colonists:
        return bool(reachable(state, start, budget, False, False, allowed, colony, dock, room, first=True))
    if budget < 1 or (allowed is not None and start != POD and tile_of(start) not in allowed):
        return False
    occupant = state.occupant
    if start == POD:
        return dock is not None and occupant.get(dock) is None
    return (start == dock and room) or any(occupant.get(near) is None for near in colony.neighbours(start))


def place_robot(state: JupiterState, seat: int, dest: str) -> None:
    """Put a robot on ``dest`` (a dome or the pod), taking it off wherever it was."""
    where = state.where_is(seat)
    if where == POD:
        state.pod.robots.remove(seat)
    elif where is not None:
        del state.occupant[where]
    if dest == POD:
        state.pod.robots.append(seat)
        state.pod.robots.sort()
    else:
        assert dest not in state.occupant, dest
        state.occupant[dest] = robot_code(seat)


def board_colonist(state: JupiterState, source: str, seat: int) -> list[Event]:
    """A colonist steps from ``source`` into the pod; the seventh aboard launches it (JUP-POD-3)."""
    del state.occupant[source]
    state.pod.colonists += 1
    events = [Event(text=f"A colonist boards the Evacuation Pod ({state.pod.colonists} aboard).")]
    events += check_end(state)
    if state.phase == "actions" and state.pod.colonists >= CATALOG.numbers.pod_capacity:
        events += launch(state, seat, "its seventh colonist is aboard")
        events += check_end(state)
    return events


def move_colonist(state: JupiterState, source: str, dest: str, seat: int) -> list[Event]:
    """Move a colonist from ``source`` to ``dest`` (an open dome or the pod)."""
    if dest == POD:
        return board_colonist(state, source, seat)
    del state.occupant[source]
    state.occupant[dest] = COLONIST
    return [Event(text=f"A colonist moves from {source} to {dest}.")]


def tile_fills(state: JupiterState, tile: str) -> bool:
    """Whether ``tile`` self-destructs now (JUP-DESTROY-1, JUP-DESTROY-2, JUP-GAP-RV-1).

    Base game: every space holds a creep, so a robot on the tile always saves it. Robot Vulnerability: at
    least one creep, and every space without a robot holds a creep.
    """
    spaces = state.colony.spaces_of(tile)
    pieces = [state.occupant.get(d) for d in spaces]
    if state.options.robot_vulnerability:
        return CREEP in pieces and all(p == CREEP or (p is not None and p.startswith("R")) for p in pieces)
    return all(p == CREEP for p in pieces)


def check_destroyed(state: JupiterState, tiles: Iterable[str]) -> list[Event]:
    """Destroy each of ``tiles`` (still in play) that has filled with creeps; checks the end afterwards."""
    events: list[Event] = []
    for tile in list(dict.fromkeys(tiles)):
        if tile in state.colony.placements and tile_fills(state, tile):
            events += destroy(state, tile)
    if events:
        events += check_end(state)
    return events


def destroy(state: JupiterState, tile: str) -> list[Event]:
    """The tile self-destructs: it leaves the colony with its creeps and super creep (JUP-DESTROY-1,
    JUP-SUPER-9). With Robot Vulnerability its robots leave play and their cards are discarded (JUP-VAR-RV-2).
    If the pod was docked there it is cast off with everyone aboard, to be docked again (JUP-GAP-POD-5)."""
    events = [Event(text=f"Tile {tile} fills with creeps and self-destructs.", headline=True)]
    for dome in state.colony.spaces_of(tile):
        piece = state.occupant.pop(dome, None)
        seat = seat_of_code(piece) if piece is not None else None
        if seat is not None:
            robot = state.robots[seat]
            state.discard += robot.hand + ([robot.core] if robot.core else [])
            robot.hand, robot.core, robot.in_play = [], None, False
            events.append(Event(text=f"{cap(robot_name(seat))} is lost with the tile; its cards are discarded."))
    if tile in state.super_creeps:
        state.super_creeps.remove(tile)
    state.placements = [p for p in state.placements if p.tile != tile]
    state.destroyed.append(tile)
    if state.pod.dock is not None and state.pod.dock[0] == tile:
        state.pod.dock = None
        state.redock = True
        events.append(Event(text="The Evacuation Pod breaks loose and must dock again at once."))
    return events


def modules_left(state: JupiterState, module: int) -> int:
    return sum(1 for t in state.colony.tiles if CATALOG.tile(t).module == module)


def check_end(state: JupiterState) -> list[Event]:
    """Win or lose the moment it happens (JUP-WIN-1, JUP-GAP-ESCAPE, JUP-LOSE-1, JUP-LOSE-2, JUP-GAP-RV-3)."""
    if state.phase in ("won", "lost"):
        return []
    target = rescue_target(state)
    playing = robots_in_play(state)
    aboard = set(state.pod.robots)
    if playing and aboard >= set(playing) and state.saved + state.pod.colonists >= target:
        events: list[Event] = []
        if state.pod.dock is not None:
            events += launch(state, state.active, "every robot is aboard")
        state.phase = "won"
        state.result = f"The robots escape with {state.saved} colonists saved: Jupiter Deep is evacuated."
        return [*events, Event(text=state.result, headline=True)]
    for module, what in ((3, "power plant"), (4, "radar dish")):
        if modules_left(state, module) == 0:
            return lose(state, f"Every Module {module} tile is destroyed: without a {what} the colony is lost.")
    if state.saved + living(state) < target:
        return lose(state, f"Too many colonists are lost: {target} can no longer be saved.")
    if not playing and state.pod.dock is not None:
        return lose(state, "Every robot is lost with the colony.")
    return []


def lose(state: JupiterState, why: str) -> list[Event]:
    state.phase = "lost"
    state.result = why
    return [Event(text=why, headline=True)]
