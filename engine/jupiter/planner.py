"""Whole-turn planning for the Jupiter Deep self-play bot: a beam search over the active robot's own actions.

Why: the greedy bot of ``heuristic.py`` looks one action ahead, so it cannot find turns whose value appears
only at the end (step aside, then walk two colonists through the gap; walk onto a tile, then shoot the creep
about to convert a colonist). This module searches sequences of up to the actions left and scores each
sequence by the position the robot leaves behind when its Player Actions end.

What is simulated, and why it is fair. Only the active robot's **deterministic** actions: Move (one step, also into
and out of the docked pod; a Juggernaut step onto a creep kills it), Shoot (a creep or super creep on its tile),
Swap with a bridged colonist while Swap is in force, Command (one colonist one step, in range; Follower brings the
best neighbour along; the seventh colonist aboard launches the pod). In ``actions.py`` none of these read
``state.rng``: the generator is used only by the roll (``turn.py``), deck reshuffles (``turn.py``, ``pod.py``) and
the random first robot (``rules.py``). The search works on its own light copy of the pieces and never calls
``apply``, so it never sees a die or a card before it happens; the invasion is scored as an expectation over the six
faces.

The leaf score (``leaf_value``), higher is better:

* colonists saved or aboard (the goal);
* colonists the end-of-actions Conversion will take (a creep bridged to them), and colonists bridged to a
  creep *after* that conversion (the next robot must deal with them);
* the expected colonists the next invasion converts by forced placements (``heuristic.tile_risk``), Module 3/4
  tiles one creep from blowing up, and how full the Module 3/4 tiles are (a die face hits every tile of its
  module, so they tend to go together);
* how close the next pod load is: the way to the docking dome of the colonists that fill the seats left counts
  about seven times as much as the others'; a way past a creep (a colonist stopping there converts) or through
  another robot costs extra;
* the walks into the pod are tried whole (``walks``), since single steps rarely survive a narrow beam;
* where the robot ends: near the work of its next turn, its ``station`` by its role (``heuristic.roles``): the
  colonists next in line (the filler, a lone robot), nearly full Module 3/4 tiles or creeps near colonists (the
  guard of two or three robots), a tile of Module 3 or 4 (from four robots, one guard each: off it costs
  ``W_POST``, and a module with a robot on it is no longer scored as filling, since it cannot blow up), a free
  tile around the docking tile (the feeders); never on the docking dome, not crowding the docking tile with
  other robots, from three robots not on the way of the next pod load (``_lane``), and never inside the pod (it
  takes a colonist's seat, so the pod cannot launch) unless enough colonists are saved: then the robot's walk
  aboard outweighs everything.

While the pod is away (another robot launched it), colonists are walked towards where the bot would dock it
(``heuristic.expected_dock``). Other robots are obstacles that move only on their own turns, so ways through them
cost extra. Speed: the board-wide parts of the score are computed once per plan and only tiles near a change
are rescored; a whole game takes one to three seconds.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from .board import POD, rescue_target, robots_in_play
from .cards import actions_left, in_force
from .catalog import CATALOG
from .colony import Colony, tile_of
from .heuristic import (
    CREEP_ONLY,
    FAR,
    W_DISH,
    W_MODULE,
    W_PLANT,
    bfs,
    expected_dock,
    homeward,
    roles,
    tile_risk,
)
from .pod import docking_dome
from .state import COLONIST, CREEP, JupiterState, robot_code

W_SAVED = 30.0  # a colonist saved or aboard
W_CONVERT = 50.0  # a colonist the coming Conversion takes (lost, and a new creep in the crowd)
W_NEXT = 18.0  # a colonist bridged to a creep after the Conversion: the next robot must act or lose it
W_RISK = 25.0  # an expected colonist converted by the next invasion's forced placements
W_QUEUE = 5.0  # one step of a colonist of the next pod load towards the docking dome
W_DIST = 0.7  # one step of any other colonist towards the docking dome
W_ROBOT = 2.0  # one step of the robot from its next turn's work
W_HOME = 400.0  # the robot aboard once enough colonists are saved: the game is won when every robot is
W_HOMESTEP = 25.0  # one step of the robot's way to the pod once enough colonists are saved
W_ABOARD = 150.0  # the robot aboard before enough are saved: the pod cannot launch with 7 colonists
W_CROWD = 15.0  # the robot on the docking tile with other robots already there, per other robot
W_DOORWAY = 10.0  # the robot beside the docking dome
W_BLOCK = 30.0  # the robot left standing on the docking dome: nobody boards past it, and robots aboard are stuck
W_POST = 40.0  # a guard of Module 3 or 4 ending its turn off every tile of its module
W_POSTSTEP = 8.0  # one step of a guard's way to its module
W_LANE = 15.0  # the robot ending on a shortest way of the next pod load to the docking dome (``_lane``)
LANE_ROBOTS = 3  # ... counted from this many robots (with fewer, the robot clears its own way: 1r 5 -> 2 wins)
W_FILL = 8.0  # a Module 3/4 tile filling with creeps (squared count, over the tiles of that module left)
W_CREEP = 1.5  # any creep on the board: it fills its tile and spreads on a 6
EXPOSED = 4  # extra cost of a way to the pod through a space bridged to a creep
GUARD_OPEN = 3  # the two-robot guard's Module 3/4 tiles: those with this many open spaces or fewer
BEAM = 6  # sequences kept per depth
WIDTH = 14  # children of one sequence kept before the full score (the best by a quick score)

Step = tuple[str, ...]
"""One planned action as the prompts will want it: ``("move", dest)``, ``("shoot", target)``,
``("command", source, dest, follower)`` where ``follower`` is ``""`` for none."""


@dataclass
class Node:
    """A position reached by some of the active robot's actions, with the steps that reached it."""

    occ: dict[str, str]
    robot: str | None
    aboard: int
    saved: int
    docked: bool
    supers: list[str]
    spent: int
    steps: tuple[Step, ...]
    value: float = 0.0
    parent: Node | None = None


class Context:
    """What stays fixed while one turn is planned: the colony, the docking dome, the robot and its cards."""

    def __init__(self, state: JupiterState) -> None:
        self.state = state
        self.colony: Colony = state.colony
        self.dock = docking_dome(state)
        self.docked = self.dock is not None
        if self.dock is None:  # the pod is away: walk colonists to where it will come back
            self.dock = expected_dock(state)
        self.code = robot_code(state.active)
        self.bullhorn = in_force(state, "bullhorn")
        self.follower = in_force(state, "follower")
        self.juggernaut = in_force(state, "juggernaut")
        self.grenadier = in_force(state, "grenadier")
        self.swap = in_force(state, "swap")
        self.robots_aboard = len(state.pod.robots)
        self.capacity = CATALOG.numbers.pod_capacity
        self.target = rescue_target(state)
        self.left = actions_left(state)
        self.neigh = {d: tuple(sorted(self.colony.neighbours(d))) for d in self.colony.domes}
        self.tile_of = {d: tile_of(d) for d in self.colony.domes}
        self.module_left = {m: sum(1 for t in self.colony.tiles if self.colony.module_of(t) == m) for m in (3, 4)}
        self.safe_modules = {  # a robot stands on one of their tiles: they cannot all blow up
            self.colony.module_of(tile_of(d)) for d, p in state.occupant.items() if p.startswith("R") and p != self.code
        }
        self.role = roles(state, self.dock).get(state.active, "fill")
        where = state.where_is(state.active)
        on = self.colony.module_of(tile_of(where)) if where not in (None, POD) else 0
        if self.role == f"guard{on}":
            self.safe_modules.add(on)  # the guard stays on its module (``W_POST``)
        self.base_occ = dict(state.occupant)
        self.dist_memo: dict[tuple[frozenset[str], frozenset[str]], dict[str, int]] = {}
        converted = {n for c, p in state.occupant.items() if p == CREEP for n in self.neigh[c]}
        after = {d: CREEP if d in converted and p == COLONIST else p for d, p in state.occupant.items()}
        self.tile_base = {t: self.tile_score(t, after) for t in self.colony.tiles}
        self.base_risk = sum(self.tile_base.values())
        self.dock_dist = _dock_dist(self, state.occupant)
        self.homeward = homeward(state)
        dock_tile = tile_of(self.dock) if self.dock is not None else None
        self.others_on_dock_tile = sum(
            1 for d, p in state.occupant.items() if p.startswith("R") and p != self.code and tile_of(d) == dock_tile
        )
        self.post = set(station(self, state)) if self.role in ("guard3", "guard4") and not self.homeward else set()
        self.work_dist = _work_dist(self, state)
        self.lane = _lane(self, state) if len(robots_in_play(state)) >= LANE_ROBOTS else set()

    def tile_score(self, tile: str, after: dict[str, str]) -> float:
        """Minus the expected harm the next invasion does on ``tile`` (forced conversions; a last Module 3/4
        tile blowing up)."""
        convert, blows = tile_risk(self.state, self.colony, after, tile)
        score = -W_RISK * convert
        module = self.colony.module_of(tile)
        if module in (3, 4) and module not in self.safe_modules:
            left = self.module_left[module]
            creeps = sum(1 for d in self.colony.spaces_of(tile) if after.get(d) == CREEP)
            score -= W_FILL * creeps * creeps / left + W_MODULE * blows * 6 / (left * left)
        return score

    def robot_tile(self, node: Node) -> str | None:
        if node.robot == POD:
            return self.dock and self.tile_of[self.dock] if node.docked else None
        return self.tile_of[node.robot] if node.robot is not None else None


def _work_dist(ctx: Context, state: JupiterState) -> dict[str, int]:
    """Steps (through anything but creeps: colonists can be told to make way) from every dome to the nearest
    dome where the active robot has work next turn: the docking dome when going home; else its station
    (``station``)."""
    colony = ctx.colony
    if ctx.homeward:
        goals = [ctx.dock] if ctx.dock is not None else []
    else:
        goals = [d for t in station(ctx, state) for d in colony.spaces_of(t)]
    if not goals:
        return {d: 0 for d in colony.domes}
    return bfs(colony, goals, state.occupant, CREEP_ONLY)


def station(ctx: Context, state: JupiterState) -> list[str]:
    """The tiles where the active robot should end its turn, by its role (``heuristic.roles``).

    The filler (or a lone robot) works the queue: the tiles commanding the colonists nearest the docking dome.
    A guard of Module 3 or 4 keeps to a tile of its module (a robot there stops it blowing up). A feeder takes
    a tile around the docking tile that no other robot stands on: from there it commands the docking tile too,
    without standing in the colonists' way. The guard of two or three robots goes to Module 3/4 tiles with
    ``GUARD_OPEN`` open spaces or fewer, else to creeps near colonists, else to the queue."""
    colony = ctx.colony
    occ = state.occupant
    colonists = [d for d, p in occ.items() if p == COLONIST]
    role = ctx.role
    if role in ("guard3", "guard4"):
        module = int(role[-1])
        return [t for t in colony.tiles if colony.module_of(t) == module]
    near = {m for c in colonists for n in ctx.neigh[c] for m in (n, *ctx.neigh[n])}
    threats = [ctx.tile_of[c] for c, p in occ.items() if p == CREEP and c in near]
    dishes = [t for t in state.super_creeps if CATALOG.tile(t).centre == "radar_dish"]
    queue: list[str] = []
    if colonists and ctx.dock is not None and ctx.tile_of[ctx.dock] in colony.tiles:
        ordered = sorted(colonists, key=lambda c: (ctx.dock_dist.get(c, 99), c))
        queue = [t for c in ordered[:3] for t in colony.command_tiles(ctx.tile_of[c])]
        if role == "feed":  # a tile around the docking tile that no other robot stands on
            others = [w for s in robots_in_play(state) if s != state.active and (w := state.where_is(s)) is not None]
            taken = {ctx.tile_of[w] for w in others if w != POD}
            queue = [t for t in colony.command_tiles(ctx.tile_of[ctx.dock]) if t not in taken] or queue
    if role == "guard":
        endangered = _endangered(ctx, state, GUARD_OPEN)
        return endangered or [*dishes, *threats] or queue
    endangered = _endangered(ctx, state, 2)
    return queue or [*dishes, *threats, *endangered]


def _lane(ctx: Context, state: JupiterState) -> set[str]:
    """The domes on a shortest way (around creeps, through anything else) from each colonist of the next pod load
    to the docking dome: where a robot ending its turn makes the queue go round it."""
    if ctx.dock is None or ctx.tile_of.get(ctx.dock) not in ctx.colony.tiles:
        return set()
    occ = state.occupant
    from_dock = bfs(ctx.colony, [ctx.dock], occ, CREEP_ONLY)
    colonists = sorted((from_dock[c], c) for c, p in occ.items() if p == COLONIST and c in from_dock)
    seats = max(1, ctx.capacity - state.pod.colonists - ctx.robots_aboard)
    lane: set[str] = set()
    for dist, c in colonists[:seats]:
        from_c = bfs(ctx.colony, [c], occ, CREEP_ONLY)
        lane |= {d for d, k in from_c.items() if k + from_dock.get(d, 99) == dist and d != c}
    return lane


def _endangered(ctx: Context, state: JupiterState, open_at_most: int = 2) -> list[str]:
    """Module 3/4 tiles with at most two open spaces and no robot on them: a robot there can shoot them clear
    or stand guard (a robot stops a tile blowing up), and a die face fills every tile of its module at once,
    so all of them can go in one turn and the game with them."""
    colony = ctx.colony
    occ = state.occupant
    result = []
    for module in (3, 4):
        tiles = [t for t in colony.tiles if colony.module_of(t) == module]
        for t in tiles:
            spaces = colony.spaces_of(t)
            guards = {occ.get(d, "") for d in spaces if occ.get(d, "").startswith("R")}
            if guards - {ctx.code}:  # the robot's own tile stays its work
                continue
            if sum(1 for d in spaces if d not in occ) <= open_at_most:
                result.append(t)
    return result


def root(state: JupiterState) -> Node:
    return Node(
        occ=dict(state.occupant),
        robot=state.where_is(state.active),
        aboard=state.pod.colonists,
        saved=state.saved,
        docked=state.pod.dock is not None,
        supers=list(state.super_creeps),
        spent=state.spent,
        steps=(),
    )


def _child(node: Node, step: Step) -> Node:
    return Node(
        dict(node.occ), node.robot, node.aboard, node.saved, node.docked, list(node.supers), node.spent + 1,
        (*node.steps, step), 0.0, node,
    )  # fmt: skip


def _commanded(ctx: Context, node: Node, source: str, dest: str) -> Node:
    """A child of ``node`` where one Command walks the colonist on ``source`` to ``dest`` (the pod: aboard)."""
    child = _child(node, ("command", source, dest, ""))
    del child.occ[source]
    if dest == POD:
        _board(ctx, child)
    else:
        child.occ[dest] = COLONIST
    return child


def _board(ctx: Context, node: Node) -> None:
    node.aboard += 1
    if node.aboard >= ctx.capacity:
        node.saved += node.aboard
        node.aboard = 0
        node.docked = False


def children(ctx: Context, node: Node) -> list[Node]:
    """Every single-action successor the search tries (moves, shots, commands), each already applied."""
    out: list[Node] = []
    occ = node.occ
    where = node.robot
    if where is None:
        return out
    dock = ctx.dock if node.docked else None
    # Move one step.
    steps = [dock] if where == POD and dock is not None else ([] if where == POD else list(ctx.neigh[where]))
    if where == dock and dock is not None and node.aboard + ctx.robots_aboard < ctx.capacity:
        steps.append(POD)
    for dest in steps:
        if dest is None:
            continue
        piece = occ.get(dest) if dest != POD else None
        if piece is not None and not (piece == CREEP and ctx.juggernaut):
            continue
        child = _child(node, ("move", dest))
        if where != POD:
            del child.occ[where]
        if dest != POD:
            child.occ[dest] = ctx.code
        child.robot = dest
        out.append(child)
    # Swap places with a bridged colonist (Swap in force): the colonist takes the robot's space, or boards the
    # pod when the robot steps out of it onto the docking dome.
    if ctx.swap:
        if where == POD:
            targets = [dock] if dock is not None and occ.get(dock) == COLONIST else []
        else:
            targets = [n for n in ctx.neigh[where] if occ.get(n) == COLONIST]
        for dest in targets:
            child = _child(node, ("swap", dest))
            del child.occ[dest]
            child.occ[dest] = ctx.code
            if where == POD:
                _board(ctx, child)
            else:
                child.occ[where] = COLONIST
            child.robot = dest
            out.append(child)
    # Shoot a creep (or the super creep) on the robot's tile.
    tile = ctx.robot_tile(node)
    if tile is not None:
        for dome in ctx.colony.spaces_of(tile):
            if occ.get(dome) == CREEP:
                child = _child(node, ("shoot", dome))
                del child.occ[dome]
                if ctx.grenadier:
                    near = [n for n in ctx.neigh[dome] if child.occ.get(n) == CREEP]
                    if near:
                        del child.occ[max(near, key=lambda c: (_touching(ctx, child.occ, c), c))]
                out.append(child)
        if tile in node.supers:
            child = _child(node, ("shoot", f"{tile}.C"))
            child.supers.remove(tile)
            out.append(child)
    # Command one colonist one step.
    if tile is not None:
        tiles = ctx.colony.tiles if ctx.bullhorn else ctx.colony.command_tiles(tile)
        allowed = set(tiles)
        for t in tiles:
            for source in ctx.colony.spaces_of(t):
                if occ.get(source) != COLONIST:
                    continue
                dests = [n for n in ctx.neigh[source] if n not in occ]
                if source == dock and node.aboard + ctx.robots_aboard < ctx.capacity:
                    dests.append(POD)
                for dest in dests:
                    child = _commanded(ctx, node, source, dest)
                    if ctx.follower:
                        follower = _follower(ctx, child, source, dest, allowed)
                        if follower:
                            del child.occ[follower]
                            child.occ[source] = COLONIST
                            child.steps = (*node.steps, ("command", source, dest, follower))
                    out.append(child)
    return out


def _touching(ctx: Context, occ: dict[str, str], dome: str) -> int:
    return sum(1 for n in ctx.neigh[dome] if occ.get(n) == COLONIST)


def _follower(ctx: Context, node: Node, vacated: str, moved_to: str, allowed: set[str]) -> str:
    """The colonist that steps into the vacated space behind a commanded one: the one that gets closest to
    the docking dome by it (Follower moves any bridged colonist; JUP-GAP-FOLLOW)."""
    if ctx.dock is None:
        return ""
    dist = _dock_dist(ctx, node.occ)
    here = dist.get(vacated)
    if here is None:
        return ""
    best = ""
    gain = 0
    for n in ctx.neigh[vacated]:
        if n != moved_to and node.occ.get(n) == COLONIST:
            d = dist.get(n, FAR)
            if d - here > gain:
                best, gain = n, d - here
    return best


def _dock_dist(ctx: Context, occ: dict[str, str]) -> dict[str, int]:
    """Cost of the way from every dome to the docking dome, never through a creep (colonists and robots can
    make way): one per step, plus ``EXPOSED`` for each space on the way bridged to a creep (a colonist stopping
    there converts, so the way is open only once the creep is shot) or held by a robot (it moves only on its own
    turn; other robots crowding the docking tile clog the way). Memoised per set of creeps and robots."""
    if ctx.dock is None:
        return {}
    creeps = frozenset(d for d, p in occ.items() if p == CREEP)
    robots = frozenset(d for d, p in occ.items() if p.startswith("R") and p != ctx.code)
    known = ctx.dist_memo.get((creeps, robots))
    if known is not None:
        return known
    neigh = ctx.neigh
    exposed = {n for c in creeps for n in neigh[c]}
    for r in robots:
        exposed.add(r)  # a robot only moves on its own turn: a way through it waits for that
    start = ctx.dock
    result = {start: 1 + (EXPOSED if start in exposed else 0)}
    heap = [(result[start], start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > result[here]:
            continue
        for near in neigh[here]:
            if near in creeps:
                continue
            step = cost + 1 + (EXPOSED if near in exposed else 0)
            if step < result.get(near, 1 << 30):
                result[near] = step
                heapq.heappush(heap, (step, near))
    ctx.dist_memo[(creeps, robots)] = result
    return result


def quick_value(ctx: Context, node: Node) -> float:
    """A cheap first score to pick which children get the full one: progress, kills and threats only."""
    occ = node.occ
    threatened = 0
    creeps = 0
    for d, p in occ.items():
        if p == CREEP:
            creeps += 1
            threatened += _touching(ctx, occ, d)
    return W_SAVED * (node.saved + node.aboard) - W_CONVERT * threatened - W_CREEP * creeps


def _progress(dist: dict[str, int], step: Step) -> int:
    """How many steps nearer the docking dome a command brings its colonist (boarding counts as reaching it)."""
    source, dest = step[1], step[2]
    there = 0 if dest == POD else dist.get(dest, FAR)
    return dist.get(source, FAR) - there


def leaf_value(ctx: Context, node: Node) -> float:
    """The score of the position the robot leaves when its actions end (see the module docstring).

    For speed, the parts that depend on the whole board are computed once per plan (``Context.prepare``) and
    only the tiles near a changed space are scored again; the distances to the docking dome and to the robot's
    work are the present ones (a shot creep no longer blocking a path is not credited)."""
    occ = node.occ
    neigh = ctx.neigh
    base = ctx.base_occ
    changed = {d for d in occ.keys() | base.keys() if occ.get(d) != base.get(d)}
    creeps = [d for d, p in occ.items() if p == CREEP]
    converted = {n for c in creeps for n in neigh[c] if occ.get(n) == COLONIST}
    after = dict(occ)
    for d in converted:
        after[d] = CREEP
    changed |= converted
    score = W_SAVED * min(node.saved + node.aboard, ctx.target) - W_CONVERT * len(converted)
    threatened = {n for c in (*creeps, *converted) for n in neigh[c] if after.get(n) == COLONIST}
    score -= W_NEXT * len(threatened) + W_CREEP * (len(creeps) + len(converted))
    centres = [CATALOG.tile(t).centre for t in node.supers]
    score -= W_DISH * ("radar_dish" in centres) + W_PLANT * centres.count("power_plant")
    touched = {ctx.tile_of[m] for d in changed if d in neigh for m in (d, *neigh[d])}
    risk = ctx.base_risk
    for tile in touched:
        risk += ctx.tile_score(tile, after) - ctx.tile_base[tile]
    score += risk
    if ctx.dock is not None and (node.docked or not ctx.docked) and not ctx.homeward:  # (no queue: launched)
        dist = _dock_dist(ctx, occ)
        ordered = sorted(min(dist.get(d, FAR), FAR) for d, p in after.items() if p == COLONIST)
        seats = max(1, ctx.capacity - node.aboard - ctx.robots_aboard)
        score -= W_QUEUE * sum(ordered[:seats]) + W_DIST * sum(ordered[seats:])
    if node.robot == POD:
        score -= -W_HOME if ctx.homeward and node.docked else W_ABOARD  # a seat taken: no launch while aboard
    elif node.robot is not None:
        blocking = node.robot == ctx.dock and node.docked
        if ctx.dock is not None and ctx.tile_of[node.robot] == ctx.tile_of[ctx.dock] and not ctx.homeward:
            score -= W_CROWD * ctx.others_on_dock_tile  # one robot there commands; more only stand in the way
            if node.robot in ctx.neigh[ctx.dock]:
                score -= W_DOORWAY  # boxing the docking dome in traps robots leaving the pod and blocks colonists
        if node.robot in ctx.lane and not ctx.homeward:
            score -= W_LANE  # standing on the way of the next pod load: the colonists must go round
        if ctx.post and ctx.tile_of[node.robot] not in ctx.post:
            score -= W_POST  # a guard off its module: the next invasions may blow the module's last tile up
        step = W_HOMESTEP if ctx.homeward else W_POSTSTEP if ctx.post else W_ROBOT
        score -= step * ctx.work_dist.get(node.robot, FAR) + (W_BLOCK if blocking and not ctx.homeward else 0.0)
    return score


def walks(ctx: Context, node: Node, budget: int) -> list[Node]:
    """Whole walks into the pod as one child each: every colonist in range with a way through open spaces in
    range to the docking dome short enough for ``budget`` actions, walked there and aboard (one action a
    step). Single steps alone rarely show their worth inside a narrow beam; the walk does at once."""
    dock = ctx.dock if node.docked else None
    tile = ctx.robot_tile(node)
    if dock is None or tile is None or node.aboard + ctx.robots_aboard >= ctx.capacity:
        return []
    occ = node.occ
    allowed = set(ctx.colony.tiles if ctx.bullhorn else ctx.colony.command_tiles(tile))
    if ctx.tile_of[dock] not in allowed:
        return []
    back: dict[str, str] = {}
    depth: dict[str, int] = {}
    if dock not in occ:
        back[dock], depth[dock] = POD, 1
    elif occ[dock] == COLONIST:
        back[dock], depth[dock] = POD, 0
    frontier = deque(d for d in back if depth[d] == 1)
    while frontier:  # open spaces in range, walking back from the docking dome
        here = frontier.popleft()
        if depth[here] >= budget - 1:
            continue
        for near in ctx.neigh[here]:
            if near not in depth and near not in occ and ctx.tile_of[near] in allowed:
                depth[near], back[near] = depth[here] + 1, here
                frontier.append(near)
    out: list[Node] = []
    for source, piece in occ.items():
        if piece != COLONIST or ctx.tile_of[source] not in allowed:
            continue
        if source == dock:
            path = [POD]
        else:
            entries = [n for n in ctx.neigh[source] if n in depth and n not in occ]
            if not entries:
                continue
            here = min(entries, key=lambda n: (depth[n], n))
            path = [here]
            while path[-1] != POD:
                path.append(back[path[-1]])
        if len(path) > budget:
            continue
        kid = node
        at = source
        for dest in path:
            kid = _commanded(ctx, kid, at, dest)
            at = dest
        out.append(kid)
    return out


def plan_turn(state: JupiterState) -> list[Node]:
    """The best sequence of the active robot's deterministic actions for the rest of its turn (possibly none),
    by beam search over the actions spent (a walk into the pod counts all its steps): the nodes along it,
    from the present position to the last one (its ``steps``)."""
    ctx = Context(state)
    start = root(state)
    start.value = leaf_value(ctx, start)
    best = start
    levels: list[list[Node]] = [[] for _ in range(ctx.left + 1)]
    levels[0] = [start]
    seen: set[tuple[frozenset[tuple[str, str]], str | None, int, int]] = set()
    for spent in range(ctx.left):
        pool = levels[spent]
        if not pool:
            continue
        pool.sort(key=lambda n: (n.value, n.steps), reverse=True)
        for node in pool[:BEAM]:
            kids = children(ctx, node)
            orders = [k for k in kids if k.steps[-1][0] == "command"]
            if len(orders) > WIDTH:
                dist = _dock_dist(ctx, node.occ)
                orders.sort(key=lambda k: (quick_value(ctx, k), _progress(dist, k.steps[-1])), reverse=True)
                kids = [k for k in kids if k.steps[-1][0] != "command"] + orders[:WIDTH]
            kids += walks(ctx, node, ctx.left - spent)
            for kid in kids:
                key = (frozenset(kid.occ.items()), kid.robot, kid.aboard, kid.saved)
                if key in seen:
                    continue
                seen.add(key)
                kid.value = leaf_value(ctx, kid)
                levels[len(kid.steps)].append(kid)
                if kid.value > best.value + 1e-9:
                    best = kid
    path = [best]
    while path[-1].parent is not None:
        path.append(path[-1].parent)
    return path[::-1]
