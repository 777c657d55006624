"""A seeded player for Jupiter Deep: the self-play bot that measures balance (digest section 8).

Player Actions are planned a whole turn at a time by ``planner.py`` (a beam search over the robot's own
deterministic actions); this module answers every prompt, keeps the plan between prompts (``planned_steps``),
plays the free cards, takes Sniper and Heat Seeker kills by rule (``card_kill``), docks the pod, places creeps,
rerolls, suppresses and discards. ``PLANNING = False`` gives the older one-action greedy bot described below
(``selfplay --greedy``), kept to measure what the planner adds.

It answers any pending prompt with one of the prompt's own choices, so it can never make an illegal move; it
reads the state (nothing in Jupiter Deep is secret) only to rank what is offered. Ties are broken by a
generator seeded from the game's seed and the prompt id, so the same seed always plays the same game.

How it ranks. Each complete action (a robot step, a shot, a command with its follower, a Sniper or Heat Seeker
kill, a Teleport) is tried on a light copy of the pieces and scored by ``evaluate``; the best gain per action
spent is taken, and the turn ends when nothing gains. The score, in order of weight:

* colonists saved or aboard the pod (the goal);
* colonists standing next to a creep (they convert when Player Actions end, and each convert spreads);
* the expected colonists the next invasion converts: a tile the die can hit whose every legal creep space is
  next to colonists (the bot places creeps itself, so only *forced* placements hurt);
* Module 3 and 4 tiles one creep from blowing up, weighted by how few of that module are left (JUP-LOSE-2);
* the colonists' distance to the pod (creeps block the way), so colonists file towards the pod;
* the active robot's distance to where it is needed: creeps that threaten colonists, else the colonist queue
  nearest the pod; once enough colonists are saved or aboard, the pod itself.

Cards: Boost, Bullhorn, Follower and Swap are played whenever there is work for them, Grenadier and Juggernaut when
a kill is at hand, Pilot docks a pod another robot launched (from three robots also its own launch, and Pilot is
then the core it keeps: ``core_value``), Teleport puts a robot far from the pod aboard once enough colonists are
saved (``teleport_home``), and a robot hands Follower and Bullhorn to the robot filling the pod when it is in range
(``trade_plan``; the jobs of several robots are in ``roles``); Phase Shift rerolls a roll that hurts more than an
average one and Suppressant shields the tile a roll or setback would hurt most. During the invasion it places
creeps away from colonists and away from Module 3/4 tiles near their end.

Docking (``dock_scorer``) weighs the colonists' way to the pod, creeps near it and how far the robots must walk
to command there; once enough colonists are saved it docks where the robots can walk aboard soonest.

Strength: far better than random play; the planner saves about twice what the greedy bot saves, but both still
win rarely, so their win rates are a floor, not the game's balance (see docs/rules/jupiter.md, Balance).
Measure with ``python -m engine.jupiter.selfplay``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from engine.core import Prompt, Rng, SeatSetup

from .actions import commandable, robot_moves, sniper_targets, teleport_spots
from .board import POD, creep_targets, is_super_target, range_tiles, rescue_target, robot_tile, robots_in_play
from .cards import actions_left, in_force, sources
from .catalog import CATALOG, SIDE_NAMES
from .colony import Colony, tile_of
from .options import JupiterOptions
from .pod import docking_dome
from .rules import apply, prompts
from .setup import setup
from .state import COLONIST, CREEP, JupiterState, robot_code

CARD_VALUE: dict[str, int] = {
    "follower": 9, "bullhorn": 8, "boost": 8, "sniper": 7, "grenadier": 6, "suppressant": 6, "heatseeker": 5,
    "teleport": 5, "phaseshift": 5, "juggernaut": 4, "pilot": 4, "rocketboots": 2, "swap": 2, "override": 2,
    "datacore": 1, "modctrl": 1,
}  # fmt: skip
"""How much the bot wants a card as its core or keeps it in hand (higher is better)."""

PILOT_CORE_ROBOTS = 3
"""From this many robots Pilot is the most wanted core: a launched pod stays away until the launcher's next
turn (JUP-POD-5), a whole round with many robots; a Pilot core docks it again on its holder's turn, even right
after its own launch (``_menu``)."""


def core_value(state: JupiterState, card: str) -> int:
    """How much the bot wants ``card`` as its core (``CARD_VALUE``; Pilot first from ``PILOT_CORE_ROBOTS``)."""
    if card == "pilot" and len(state.robots) >= PILOT_CORE_ROBOTS:
        return 10
    return CARD_VALUE.get(card, 0)


W_SAVED = 30.0  # a colonist saved or aboard
W_THREAT = 40.0  # a colonist next to a creep now: it converts at the end of Player Actions
W_RISK = 25.0  # an expected colonist converted by the next invasion
W_MODULE = 120.0  # a Module 3/4 tile one creep from blowing up, when it is the last of its kind
W_DIST = 1.0  # one step of a colonist's way to the pod
W_ROBOT = 2.0  # one step of the active robot's way to its work
W_CREEP = 2.0  # any creep: it can spread on a 6 and fills its tile
W_CREEP_NEAR = 8.0  # a creep two steps or less from a colonist: the next threat
W_DISH = 45.0  # some radar dish is covered: every robot has one action less per turn (JUP-SUPER-3)
W_PLANT = 10.0  # each covered power plant: one card less in every hand (JUP-HAND-3)
FAR = 15  # distance cap: a colonist with no way to the pod counts this far
P_ROLL = 1 / 6


@dataclass
class Sim:
    """The pieces after a hypothetical action: what ``evaluate`` scores. Only what the bot's actions change."""

    occupant: dict[str, str]
    aboard: int
    saved: int
    docked: bool
    robot: str | None  # the active robot's dome, ``pod`` aboard, ``None`` when removed
    supers: list[str] = field(default_factory=list)  # tiles whose plant or dish holds a super creep
    cost: int = 1


def start_sim(state: JupiterState) -> Sim:
    return Sim(
        occupant=dict(state.occupant),
        aboard=state.pod.colonists,
        saved=state.saved,
        docked=state.pod.dock is not None,
        robot=state.where_is(state.active),
        supers=list(state.super_creeps),
    )


def bfs(colony: Colony, starts: Iterable[str], passable: Mapping[str, str], block: frozenset[str]) -> dict[str, int]:
    """Bridge distance from the nearest of ``starts`` to every dome, never entering a dome whose piece is in
    ``block`` (the starts themselves are always entered)."""
    result = {d: 0 for d in starts if colony.is_dome(d)}
    frontier = deque(result)
    while frontier:
        here = frontier.popleft()
        step = result[here] + 1
        for near in colony.neighbours(here):
            if near not in result and passable.get(near) not in block:
                result[near] = step
                frontier.append(near)
    return result


CREEP_ONLY = frozenset({CREEP})


def homeward(state: JupiterState, sim: Sim | None = None) -> bool:
    """Whether the robots should head for the pod: enough colonists are saved or aboard and the pod has a seat
    for every robot still out (otherwise one more colonist must board and launch it first)."""
    saved = sim.saved if sim else state.saved
    aboard = sim.aboard if sim else state.pod.colonists
    out = [s for s in robots_in_play(state) if s not in state.pod.robots]
    seats = CATALOG.numbers.pod_capacity - aboard - len(state.pod.robots)
    return saved + aboard >= rescue_target(state) and seats >= len(out)


def tile_risk(state: JupiterState, colony: Colony, occupant: Mapping[str, str], tile: str) -> tuple[float, float]:
    """(expected colonists converted, chance the tile blows up) from the next invasion on ``tile``."""
    spaces = colony.spaces_of(tile)
    creeps = sum(1 for d in spaces if occupant.get(d) == CREEP)
    p = (P_ROLL if colony.is_edge_tile(tile) else 0.0) + (P_ROLL if creeps else 0.0)
    if p == 0.0:
        return 0.0, 0.0
    edge = [d for d in colony.edge_spaces(tile) if d not in occupant]
    options = edge or [d for d in spaces if d not in occupant]
    blows = 0.0
    if options:
        cost = min(sum(1 for n in colony.neighbours(d) if occupant.get(n) == COLONIST) for d in options)
        guarded = any(occupant.get(d, "").startswith("R") for d in spaces)
        if len(options) == 1 and not edge[1:] and creeps == len(spaces) - 1 and not guarded:
            blows = p
    else:
        colonists = [d for d in spaces if occupant.get(d) == COLONIST]
        if not colonists:
            return 0.0, 0.0
        cost = 1 + min(sum(1 for n in colony.neighbours(d) if occupant.get(n) == COLONIST) for d in colonists)
    return p * cost, blows


def evaluate(state: JupiterState, sim: Sim) -> float:
    """The bot's score of a position (higher is better): see the module docstring."""
    colony = state.colony
    occ = sim.occupant
    score = W_SAVED * (sim.saved + sim.aboard)
    colonists = [d for d, p in occ.items() if p == COLONIST]
    creeps = [d for d, p in occ.items() if p == CREEP]
    threatened = {n for c in creeps for n in colony.neighbours(c) if occ.get(n) == COLONIST}
    score -= W_THREAT * len(threatened)
    near_colonists = {m for c in threatened for m in colony.neighbours(c)} | {
        m for c in colonists for n in colony.neighbours(c) for m in colony.neighbours(n)
    }
    score -= W_CREEP * len(creeps) + W_CREEP_NEAR * sum(1 for c in creeps if c in near_colonists)
    centres = [CATALOG.tile(t).centre for t in sim.supers]
    score -= W_DISH * ("radar_dish" in centres) + W_PLANT * centres.count("power_plant")
    risk = 0.0
    for tile in colony.tiles:
        convert, blows = tile_risk(state, colony, occ, tile)
        risk += convert
        module = colony.module_of(tile)
        if blows and module in (3, 4):
            left = sum(1 for t in colony.tiles if colony.module_of(t) == module)
            score -= W_MODULE * blows * 6 / (left * left)
    score -= W_RISK * risk
    dock = docking_dome(state)
    if dock is not None and sim.docked:
        dist = bfs(colony, [dock], occ, CREEP_ONLY)
        score -= W_DIST * sum(min(dist.get(c, FAR), FAR) for c in colonists)
    score -= W_ROBOT * robot_distance(state, sim, colonists, creeps, threatened)
    return score


def robot_distance(
    state: JupiterState, sim: Sim, colonists: list[str], creeps: list[str], threatened: set[str]
) -> float:
    """How far the active robot is from its work: the pod when going home, else a creep next to colonists,
    else the colonists nearest the pod (command range covers the tiles beside the robot's)."""
    where = sim.robot
    if where is None:
        return 0.0
    colony = state.colony
    dock = docking_dome(state)
    if homeward(state, sim):
        if where == POD:
            return -10.0
        dist = bfs(colony, [dock], sim.occupant, frozenset({CREEP, COLONIST})) if dock else {}
        return float(dist.get(where, FAR) + 1)
    if where == POD:
        return FAR  # aboard, the robot takes a colonist's seat (no launch while robots crowd the pod)
    goals: list[str] = []
    near = {m for c in colonists for n in colony.neighbours(c) for m in (n, *colony.neighbours(n))}
    targets = [c for c in creeps if c in near]
    dishes = [t for t in sim.supers if CATALOG.tile(t).centre == "radar_dish"]
    if targets or dishes:
        goals = [d for t in dishes for d in colony.spaces_of(t)]
        goals += [d for c in targets for d in colony.spaces_of(tile_of(c))]
    elif colonists and dock is not None:
        dist = bfs(colony, [dock], sim.occupant, CREEP_ONLY)
        ordered = sorted(colonists, key=lambda c: (dist.get(c, 99), c))[:3]
        goals = [d for c in ordered for t in colony.command_tiles(tile_of(c)) for d in colony.spaces_of(t)]
    if not goals:
        return 0.0
    if where in goals:
        base = 0.0
    else:
        dist = bfs(colony, [where], sim.occupant, CREEP_ONLY)  # colonists can make way, so they do not block
        base = float(min((dist[g] for g in goals if g in dist), default=FAR))
    blocking = 3.0 if dock is not None and where == dock else 0.0  # never stand in the colonists' way
    return base + blocking


# Simulated actions -------------------------------------------------------------------------------------------


def _board(sim: Sim) -> None:
    sim.aboard += 1
    if sim.aboard >= CATALOG.numbers.pod_capacity:
        sim.saved += sim.aboard
        sim.aboard = 0
        sim.docked = False


def sim_move(state: JupiterState, dest: str, cost: int) -> Sim:
    sim = start_sim(state)
    code = robot_code(state.active)
    if sim.robot not in (None, POD):
        del sim.occupant[sim.robot]
    if dest != POD:
        sim.occupant[dest] = code  # a Juggernaut step onto a creep kills it
    sim.robot, sim.cost = dest, cost
    return sim


def sim_kill(state: JupiterState, target: str, cost: int) -> Sim:
    sim = start_sim(state)
    if not is_super_target(state, target):
        sim.occupant.pop(target, None)
        if in_force(state, "grenadier"):
            near = sorted(n for n in state.colony.neighbours(target) if sim.occupant.get(n) == CREEP)
            if near:
                sim.occupant.pop(_most_threatening(state, sim.occupant, near))
    else:
        sim.supers.remove(tile_of(target))
    sim.cost = cost
    return sim


def _most_threatening(state: JupiterState, occupant: Mapping[str, str], creeps: list[str]) -> str:
    colony = state.colony
    return max(creeps, key=lambda c: (sum(1 for n in colony.neighbours(c) if occupant.get(n) == COLONIST), c))


def sim_command(state: JupiterState, source: str, dest: str, cost: int, follow: bool) -> Sim:
    sim = start_sim(state)
    del sim.occupant[source]
    if dest == POD:
        _board(sim)
    else:
        sim.occupant[dest] = COLONIST
    sim.cost = cost
    if follow and in_force(state, "follower"):
        best = best_follower(state, sim, source, dest)
        if best is not None:
            del sim.occupant[best]
            sim.occupant[source] = COLONIST
    return sim


def best_follower(state: JupiterState, sim: Sim, vacated: str, moved_to: str) -> str | None:
    """The colonist bridged to ``vacated`` whose step into it gains most, if any gains."""
    colony = state.colony
    candidates = sorted(n for n in colony.neighbours(vacated) if n != moved_to and sim.occupant.get(n) == COLONIST)
    base = evaluate(state, sim)
    best: tuple[float, str] | None = None
    for c in candidates:
        trial = Sim(dict(sim.occupant), sim.aboard, sim.saved, sim.docked, sim.robot, list(sim.supers))
        del trial.occupant[c]
        trial.occupant[vacated] = COLONIST
        gain = evaluate(state, trial) - base
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, c)
    return best[1] if best else None


# Candidate actions -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """One complete action the menu can start: the menu id and the answers its chain will want."""

    menu: str
    steps: tuple[str, ...]
    gain: float


def candidates(state: JupiterState, menu_ids: set[str]) -> list[Plan]:
    """Every complete action worth scoring now, with its gain per action over doing nothing."""
    base = evaluate(state, start_sim(state))
    plans: list[Plan] = []

    def add(menu: str, steps: tuple[str, ...], sim: Sim) -> None:
        plans.append(Plan(menu, steps, (evaluate(state, sim) - base) / max(1, sim.cost)))

    if "move" in menu_ids:
        for dest, cost in robot_moves(state, state.active).items():
            add("move", (dest,), sim_move(state, dest, cost))
    if "shoot" in menu_ids:
        tile = robot_tile(state, state.active)
        for target in creep_targets(state, [tile] if tile else []):
            add("shoot", (target,), sim_kill(state, target, 1))
    if "command" in menu_ids:
        movable = commandable(state)
        for source, dests in movable.items():
            for dest, cost in dests.items():
                add("command", (source, dest), sim_command(state, source, dest, cost, True))
        for source, path in boarding_paths(state, movable).items():
            sim = start_sim(state)  # the whole walk into the pod, priced per action: a plan, not one step
            del sim.occupant[source]
            _board(sim)
            sim.cost = len(path)
            add("command", (source, path[0]), sim)
    for src in ("c", "h", "2"):
        if f"sniper.{src}" in menu_ids:
            for target in sniper_targets(state):
                add(f"sniper.{src}", (target,), sim_kill(state, target, CATALOG.card("sniper").action_cost))
        if f"heatseeker.{src}" in menu_ids:
            cost = 1 if src == "2" else CATALOG.card("heatseeker").action_cost
            for target in creep_targets(state, state.colony.tiles):
                add(f"heatseeker.{src}", (tile_of(target), target), sim_kill(state, target, cost))
        if f"teleport.{src}" in menu_ids and not state.options.robot_vulnerability:
            cost = 1 if src == "2" else CATALOG.card("teleport").action_cost
            for tile, spots in teleport_spots(state).items():
                for spot in spots:
                    if spot == POD or state.occupant.get(spot) is None:
                        add(f"teleport.{src}", (spot,) if spot == POD else (tile, spot), sim_move(state, spot, cost))
    return plans


def boarding_paths(state: JupiterState, movable: Mapping[str, Mapping[str, int]]) -> dict[str, list[str]]:
    """For each colonist that can move now, the shortest walk into the pod through open spaces within command
    range that fits in the actions left (one action a step): the steps, ending with ``pod``."""
    dock = docking_dome(state)
    if dock is None or state.options.polite_colonists:
        return {}
    colony = state.colony
    left = actions_left(state)
    allowed = set(range_tiles(state, state.active, in_force(state, "bullhorn")))
    occ = state.occupant
    back = {dock: POD} if dock not in occ else {}
    frontier = deque([dock]) if back else deque()
    depth = {dock: 1}
    while frontier:  # walk back from the docking dome through open spaces in range
        here = frontier.popleft()
        if depth[here] >= left:
            continue
        for near in colony.neighbours(here):
            if near not in depth and near not in occ and tile_of(near) in allowed:
                depth[near] = depth[here] + 1
                back[near] = here
                frontier.append(near)
    result: dict[str, list[str]] = {}
    for source in movable:
        if POD in movable[source]:
            result[source] = [POD]
            continue
        entries = [n for n in colony.neighbours(source) if n in back and n in movable[source]]
        if not entries:
            continue
        first = min(entries, key=lambda n: (depth[n], n))
        if depth[first] + 1 > left:
            continue
        path = [first]
        while path[-1] != POD:
            path.append(back[path[-1]])
        result[source] = path
    return result


def best_plan(state: JupiterState, menu_ids: set[str], rng: Rng) -> Plan | None:
    """The candidate with the highest gain per action (ties by the seeded generator), if it gains at all."""
    plans = candidates(state, menu_ids)
    if not plans:
        return None
    top = max(p.gain for p in plans)
    if top <= 0.01:
        return None
    best = [p for p in plans if p.gain >= top - 1e-9]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


# Answering prompts -------------------------------------------------------------------------------------------


def chooser(state: JupiterState, prompt: Prompt, seed: int) -> Rng:
    """The tie-breaking generator of one decision: the bot's seed mixed with the prompt id, so replaying the
    same game asks and answers the same things."""
    mix = seed
    for ch in prompt.id:
        mix = (mix * 131 + ord(ch)) & 0xFFFFFFFFFFFF
    return Rng.from_seed(mix)


def choose(state: JupiterState, prompt: Prompt, seed: int = 0) -> str:
    """The bot's answer to ``prompt`` (always one of its choice ids)."""
    ids = [c.id for c in prompt.choices]
    if len(ids) == 1:
        return ids[0]
    rng = chooser(state, prompt, seed)
    kind = prompt.id.rsplit(".", 1)[-1]
    if ".core." in prompt.id or ".recore." in prompt.id:
        return max(ids, key=lambda k: (core_value(state, k), k))
    answer = _answer(state, prompt, kind, ids, rng)
    return answer if answer in ids else ids[0]


def _answer(state: JupiterState, prompt: Prompt, kind: str, ids: list[str], rng: Rng) -> str:
    if kind == "first":
        return ids[0]
    chain = state.chain
    if state.phase in ("dock", "start") or (state.phase == "end" and state.redock):
        return _dock(state, ids, chain[0] if chain else None)
    if state.phase == "actions":
        if not chain:
            return _menu(state, ids, rng)
        return _chain(state, ids, rng)
    if kind in ("place", "replace"):
        return min(ids, key=lambda d: (_placement_cost(state, d), d))
    if kind == "reroll":
        assert state.roll is not None
        return ids[-1] if roll_harm(state, state.roll) > average_harm(state) + 0.5 else "keep"
    if kind == "suppress":
        return _suppress(state, ids)
    if kind == "discard":
        return min(ids, key=lambda k: (CARD_VALUE.get(k, 0), k))
    return ids[0]


def _placement_cost(state: JupiterState, dome: str) -> float:
    """How much a creep on ``dome`` hurts: colonists it will convert, colonists two steps off, the docking
    dome, and Module 3/4 tiles (a creep there brings them nearer to blowing up)."""
    colony = state.colony
    occ = state.occupant
    near = [n for n in colony.neighbours(dome) if occ.get(n) == COLONIST]
    second = {m for n in colony.neighbours(dome) for m in colony.neighbours(n) if occ.get(m) == COLONIST}
    cost = 100.0 * len(near) + 5.0 * len(second)
    if occ.get(dome) == COLONIST:
        cost += 100.0
    if dome == docking_dome(state):
        cost += 60.0
    if colony.module_of(tile_of(dome)) in (3, 4):
        cost += 3.0
    return cost


def roll_harm(state: JupiterState, roll: int) -> float:
    """Expected damage of a roll: forced placements next to colonists, and a little per creep."""
    from .turn import wave_targets

    colony = state.colony
    harm = 0.0
    for tile in wave_targets(state, roll):
        if tile in state.suppressed:
            continue
        convert, blows = tile_risk(state, colony, state.occupant, tile)
        p = (P_ROLL if colony.is_edge_tile(tile) else 0.0) + (P_ROLL if state.pieces_on(tile, CREEP) else 0.0)
        harm += 0.3 + (convert + 3 * blows * (colony.module_of(tile) in (3, 4))) / max(p, P_ROLL)
    return harm


def average_harm(state: JupiterState) -> float:
    return sum(roll_harm(state, r) for r in range(1, 7)) / 6


def _suppress(state: JupiterState, ids: list[str]) -> str:
    """Shield the tile the coming creeps would hurt most; a hand copy only when colonists are at stake."""
    options = [i for i in ids if i != "none"]
    colony = state.colony

    def harm(tile: str) -> float:
        convert, blows = tile_risk(state, colony, state.occupant, tile)
        p = (P_ROLL if colony.is_edge_tile(tile) else 0.0) + (P_ROLL if state.pieces_on(tile, CREEP) else 0.0)
        value = (convert + 3 * blows) / max(p, P_ROLL)
        if state.stage == "suppress2" and state.drawn in ("powergrab", "signal"):
            value += 1.0
        return value

    best = max(options, key=lambda t: (harm(t), t))
    core = "suppressant" in sources(state, "suppressant") or state.robots[state.active].core == "suppressant"
    return best if core or harm(best) >= 0.9 else "none"


def dock_scorer(state: JupiterState) -> Callable[[str], float]:
    """The cost of docking at a dome (lower is better): the way of the 14 nearest colonists to it, creeps two
    steps or less from it, a robot or creep in the way, and how far the robots must walk to command there."""
    colony = state.colony
    colonists = [d for d, p in state.occupant.items() if p == COLONIST]
    reach = robot_reach(state)
    if homeward(state):  # enough are saved: dock where the robots can walk aboard soonest
        walks = {s: bfs(colony, [w], state.occupant, frozenset(set(state.occupant.values()) - {w}))
                 for s in robots_in_play(state) if (w := state.where_is(s)) not in (None, POD)}  # fmt: skip

        def home_score(dome: str) -> float:
            free = 0 if dome not in state.occupant or dome in (state.where_is(s) for s in walks) else 50
            return free + sum(min(dist.get(dome, 3 * FAR), 3 * FAR) for dist in walks.values())

        return home_score

    def dome_score(dome: str) -> float:
        dist = bfs(colony, [dome], state.occupant, CREEP_ONLY)
        near = sorted(dist.get(c, 40) for c in colonists)[:14]
        creeps = sum(1 for c, p in state.occupant.items() if p == CREEP and dist.get(c, 9) <= 2)
        free = 0 if state.occupant.get(dome, COLONIST) == COLONIST else 20  # a colonist there boards at once
        tiles = colony.command_tiles(tile_of(dome))
        walk = min((reach.get(d, FAR) for t in tiles for d in colony.spaces_of(t)), default=FAR)
        return sum(near) + 8 * creeps + free + W_REACH * walk

    return dome_score


def expected_dock(state: JupiterState) -> str | None:
    """Where the bot would dock the pod now: while another robot has it away, the colonists can already be
    walked towards it (the launching robot docks by the same score)."""
    sides = state.colony.dock_sides()
    if not sides:
        return None
    score = dock_scorer(state)
    return min((state.colony.outer(t, s) for t, s in sides), key=lambda d: (score(d), d))


def _dock(state: JupiterState, ids: list[str], picked: str | None) -> str:
    """Dock where the colonists are near and creeps are not (``dock_scorer``): the tile first, then its side."""
    colony = state.colony
    options = [i for i in ids if i != "back"]
    dome_score = dock_scorer(state)
    if picked is not None:  # a side of the picked tile
        return min(options, key=lambda s: (dome_score(colony.outer(picked, SIDE_NAMES.index(s))), s))
    offered = {t: [s for s in range(6) if (t, s) in colony.dock_sides()] for t in options}
    return min(options, key=lambda t: (min(dome_score(colony.outer(t, s)) for s in offered[t] or [0]), t))


W_REACH = 4.0  # one step a robot must walk before it can command colonists at a docking place


def robot_reach(state: JupiterState) -> dict[str, int]:
    """Steps from the nearest robot on the colony to every dome through open spaces (robots cannot pass
    pieces), the active robot first: a pod docked where no robot can command is a pod nobody fills. Aboard
    the pod, a robot starts from wherever it will be docked, so it reaches everywhere in 0."""
    colony = state.colony
    starts = [w for s in robots_in_play(state) if (w := state.where_is(s)) not in (None, POD)]
    if not starts or any(state.where_is(s) == POD for s in robots_in_play(state)):
        return {d: 0 for d in colony.domes}
    every = frozenset(set(state.occupant.values()))
    return bfs(colony, starts, state.occupant, every)


def filler(state: JupiterState, dock: str | None) -> int | None:
    """The robot whose role is filling the pod docked (or to be docked) at ``dock``: the one fewest steps
    (through anything but creeps) from the tiles that command the docking dome (aboard counts as there), the
    earlier seat on a tie. The others guard, clear creeps or feed it (``roles``)."""
    order = role_order(state, dock)
    return order[0] if len(order) >= 2 else None


def role_order(state: JupiterState, dock: str | None) -> list[int]:
    """The robots in play by their steps (through anything but creeps) from the tiles that command ``dock``
    (aboard counts as there), the earlier seat on a tie: the first fills the pod (``filler``)."""
    seats = robots_in_play(state)
    if dock is None:
        return seats
    colony = state.colony
    spaces = [d for t in colony.command_tiles(tile_of(dock)) for d in colony.spaces_of(t)]
    dist = bfs(colony, spaces, state.occupant, CREEP_ONLY)
    where = {s: state.where_is(s) for s in seats}
    return sorted(seats, key=lambda s: (0 if where[s] == POD else dist.get(where[s] or "", 99), s))


MODULE_GUARDS = 4
"""From this many robots, one robot guards a Module 3 tile and one a Module 4 tile (``roles``). With three, two
guards left one robot to fill the pod (measured, 40 games: 9.3 saved, not 11.9)."""


def roles(state: JupiterState, dock: str | None) -> dict[int, str]:
    """Each robot's job, by its steps from the tiles commanding ``dock`` (``role_order``); ``planner.station``
    says where each ends its turn. The nearest fills the pod (``fill``). With two or three robots the second is a
    ``guard`` of nearly full Module 3/4 tiles and a third fills as well. From ``MODULE_GUARDS`` robots the one
    nearest a Module 3 tile guards the plants (``guard3``) and the one nearest a Module 4 tile the dishes
    (``guard4``): a robot standing on a tile keeps it from blowing up, so one robot per module makes a module loss
    (JUP-LOSE-2) impossible while it stays; the rest ``feed`` the pod from the tiles around the docking tile.
    One robot alone has no role."""
    order = role_order(state, dock)
    if len(order) < 2:
        return {}
    if len(order) < MODULE_GUARDS:
        return {order[0]: "fill", order[1]: "guard", **{s: "fill" for s in order[2:]}}
    colony = state.colony
    result = {order[0]: "fill"}
    rest = order[1:]
    for module in (3, 4):
        tiles = [t for t in colony.tiles if colony.module_of(t) == module]
        if not tiles:
            continue
        dist = bfs(colony, [d for t in tiles for d in colony.spaces_of(t)], state.occupant, CREEP_ONLY)
        here = {s: state.where_is(s) for s in rest}
        guard = min(rest, key=lambda s: (dist.get(here[s] or "", 99) if here[s] != POD else 50, -rest.index(s)))
        result[guard] = f"guard{module}"
        rest.remove(guard)
    result.update({s: "feed" for s in rest})
    return result


TRADE_CARDS = ("follower", "bullhorn")
"""What robots hand to the robot filling the pod (``trade_plan``; give only: when the filler also took, cards went
back and forth)."""


def trade_plan(state: JupiterState) -> tuple[int, list[str], list[str]] | None:
    """A trade worth an action: a robot with the filler in range gives it Follower and Bullhorn: (partner, cards
    given, cards taken)."""
    from .actions import trade_partners

    if homeward(state) or state.pod.dock is None:
        return None
    fill = filler(state, docking_dome(state))
    if fill is None:
        return None
    partners = trade_partners(state)
    mine = state.robots[state.active].hand
    if fill != state.active and fill in partners:
        given = [k for k in mine if k in TRADE_CARDS]
        if given:
            return fill, given, []
    return None


def _trade_answer(state: JupiterState, ids: list[str]) -> str:
    chain = state.chain
    plan = trade_plan(state) if len(chain) == 1 else _TRADE.get((state.turn, state.active))
    if plan is None:
        return "cancel" if "cancel" in ids else ids[-1]
    partner, given, taken = plan
    _TRADE[(state.turn, state.active)] = plan
    if len(chain) == 1:
        return f"s{partner}"
    if "T" not in chain:
        rest = list(given)
        for k in chain[3:]:
            rest.remove(k)
    else:
        rest = list(taken)
        for k in chain[chain.index("T") + 1 :]:
            rest.remove(k)
    return rest[0] if rest and rest[0] in ids else "done"


_TRADE: dict[tuple[int, int], tuple[int, list[str], list[str]]] = {}
_TELEPORT: dict[tuple[int, int], str] = {}


def teleport_home(state: JupiterState, menu_ids: set[str]) -> str | None:
    """The Teleport menu entry that puts the robot aboard the pod when going home and walking there would take
    longer than the Teleport costs (or than the actions left), if any."""
    if not homeward(state) or state.pod.dock is None:
        return None
    where = state.where_is(state.active)
    dock = docking_dome(state)
    if where in (None, POD) or dock is None:
        return None
    left = actions_left(state)
    others = frozenset(p for d, p in state.occupant.items() if d != where)
    walk = bfs(state.colony, [dock], state.occupant, others).get(where, 3 * FAR) + 1
    for src in ("2", "c", "h"):
        menu = f"teleport.{src}"
        cost = 1 if src == "2" else CATALOG.card("teleport").action_cost
        if menu in menu_ids and cost <= left and (walk > left or walk > cost) and POD in teleport_spots(state):
            return menu
    return None


def _menu(state: JupiterState, ids: list[str], rng: Rng) -> str:
    menu_ids = set(ids)
    left = actions_left(state)
    if "play.boost" in menu_ids:
        return "play.boost"
    docked = state.pod.dock is not None
    if docked and not homeward(state) and left >= 2:
        for key in ("follower", "bullhorn", "swap"):
            if f"play.{key}" in menu_ids and "command" in menu_ids:
                return f"play.{key}"
    own = len(state.robots) >= PILOT_CORE_ROBOTS  # with fewer robots the launcher's own redock comes soon enough
    for src in ("c", "h"):
        if f"pilot.{src}" in menu_ids and not docked and (own or state.pod.launched_by != state.active):
            return f"pilot.{src}"
    home = teleport_home(state, menu_ids)
    if home is not None:
        _TELEPORT[(state.turn, state.active)] = POD
        return home
    if "trade" in menu_ids and left >= 2 and trade_plan(state) is not None:
        return "trade"
    plan = turn_plan(state, menu_ids, rng) if PLANNING else best_plan(state, menu_ids, rng)
    if plan is None:
        return "end"
    kills = plan.menu in ("shoot",) or plan.menu.startswith(("sniper", "heatseeker"))
    if kills and "play.grenadier" in menu_ids:
        target = plan.steps[-1]
        colony = state.colony
        if colony.is_dome(target) and any(state.occupant.get(n) == CREEP for n in colony.neighbours(target)):
            return "play.grenadier"
    if plan.menu == "move" and "play.juggernaut" in menu_ids:
        where = state.where_is(state.active)
        if where not in (None, POD) and any(state.occupant.get(n) == CREEP for n in state.colony.neighbours(where)):
            return "play.juggernaut"
    return plan.menu


def _chain(state: JupiterState, ids: list[str], rng: Rng) -> str:
    """The next answer of an action already started: the best plan of that kind, re-derived (deterministic)."""
    chain = state.chain
    kind = chain[0]
    if kind in ("pilot", "redock"):
        picked = next((x for x in reversed(chain[1:]) if x in state.colony.placements), None)
        return _dock(state, ids, picked)
    if kind == "follow":
        chosen = _FOLLOWERS.get((state.turn, state.active, chain[1], chain[2]))
        if chosen is not None and chosen in ids:
            return chosen
        sim = start_sim(state)
        follower = best_follower(state, sim, chain[1], chain[2])
        return follower if follower is not None else "none"
    if kind == "trade":
        return _trade_answer(state, ids)
    if kind == "grenade":
        options = [i for i in ids if i != "cancel"]
        return _most_threatening(state, state.occupant, options)
    if kind == "teleport" and _TELEPORT.get((state.turn, state.active)) in ids:
        return _TELEPORT[(state.turn, state.active)]
    planned = _planned_answer(state, ids)
    if planned is not None:
        return planned
    carded = kind in ("sniper", "heatseeker", "teleport")
    menu = f"{kind}.{chain[1]}" if carded else kind
    given = chain[2:] if carded else chain[1:]
    plans = [p for p in candidates(state, {menu}) if p.menu == menu and p.steps[: len(given)] == tuple(given)]
    if plans:
        top = max(p.gain for p in plans)
        best = [p for p in plans if p.gain >= top - 1e-9]
        plan = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
        step = plan.steps[len(given)] if len(plan.steps) > len(given) else plan.steps[-1]
        if step in ids:
            return step
    return next((i for i in ids if i != "cancel"), ids[0])  # never cancel: a cancelled plan would be picked again


# Whole-turn plans (planner.py) -------------------------------------------------------------------------------

_PLANS: dict[tuple[object, ...], tuple[tuple[str, ...], ...]] = {}
"""Memo of the planner: the steps still planned from a position (its ``fingerprint``). Every node along a
chosen plan is stored, so the rest of a turn is not searched again while play follows the plan; a position
the plan did not foresee (a follower, a super creep shot that gave an action back) is simply planned anew."""
_FOLLOWERS: dict[tuple[int, int, str, str], str] = {}
"""The follower each planned command wants, for the Follower prompt that comes after the command."""
PLANNING = True
"""Whether the bot plans whole turns (``planner.py``); ``False`` is the one-action greedy bot, kept to measure
what the planner adds (``selfplay --greedy``)."""
CARD_MENUS = ("sniper.", "heatseeker.")
CARD_FIRST = 20.0  # the nominal gain of a card kill per colonist it saves


def fingerprint(state: JupiterState) -> tuple[object, ...]:
    """What a turn plan depends on: the pieces, the pod, the actions left and the cards in force."""
    return _key(
        state, actions_left(state), state.saved, state.pod.colonists, state.pod.dock is not None,
        state.occupant, state.super_creeps, state.where_is(state.active),
    )  # fmt: skip


def _key(
    state: JupiterState, left: int, saved: int, aboard: int, docked: bool,
    occupant: Mapping[str, str], supers: Iterable[str], robot: str | None,
) -> tuple[object, ...]:  # fmt: skip
    return (
        state.turn, state.active, left, saved, aboard, docked, frozenset(occupant.items()),
        tuple(sorted(supers)), tuple(sorted(state.in_force)), robot,
    )  # fmt: skip


def planned_steps(state: JupiterState) -> tuple[tuple[str, ...], ...]:
    """The steps the planner wants for the rest of this turn (empty: end the actions)."""
    from .planner import plan_turn

    key = fingerprint(state)
    if key not in _PLANS:
        if len(_PLANS) > 5000:
            _PLANS.clear()
            _FOLLOWERS.clear()
        path = plan_turn(state)
        first, last = path[0], path[-1]
        left = actions_left(state)
        for node in path:
            k = _key(
                state, left - (node.spent - first.spent), node.saved, node.aboard, node.docked, node.occ,
                node.supers, node.robot,
            )  # fmt: skip
            _PLANS[k] = last.steps[len(node.steps) :]
        _PLANS[key] = last.steps
    return _PLANS[key]


def card_kill(state: JupiterState, menu_ids: set[str]) -> Plan | None:
    """A Sniper or Heat Seeker kill worth taking before the planned turn: a creep beside colonists (two, for a
    three-action Heat Seeker) or the super creep on a radar dish (it costs every robot an action a turn).
    A rule, not a search: the planner does not simulate cards, and scoring every target was too slow."""
    colony = state.colony
    occ = state.occupant

    def worth(target: str) -> int:
        if is_super_target(state, target):
            return 2 if CATALOG.tile(tile_of(target)).centre == "radar_dish" else 0
        return sum(1 for n in colony.neighbours(target) if occ.get(n) == COLONIST)

    for src in ("2", "c", "h"):
        for key, need in (("sniper", 1), ("heatseeker", 1 if src == "2" else 2)):
            menu = f"{key}.{src}"
            if menu not in menu_ids:
                continue
            targets = sniper_targets(state) if key == "sniper" else creep_targets(state, colony.tiles)
            if not targets:
                continue
            best = max(targets, key=lambda t: (worth(t), t))
            if worth(best) >= need:
                steps = (best,) if key == "sniper" else (tile_of(best), best)
                return Plan(menu, steps, CARD_FIRST * worth(best))
    return None


def turn_plan(state: JupiterState, menu_ids: set[str], rng: Rng) -> Plan | None:
    """The next action: a card kill when one is worth it (``card_kill``), else the first step of the planner's
    best turn; ``None`` ends the actions."""
    if any(m.startswith(CARD_MENUS) for m in menu_ids):
        plan = card_kill(state, menu_ids)
        if plan is not None:
            return plan
    steps = planned_steps(state)
    if not steps or steps[0][0] not in menu_ids:
        return None
    step = steps[0]
    if step[0] == "command":
        _FOLLOWERS[(state.turn, state.active, step[1], step[2])] = step[3] or "none"
    return Plan(step[0], step[1:3], 1.0)


def _planned_answer(state: JupiterState, ids: list[str]) -> str | None:
    """The answer the current plan wants at this step of a move, shot or command chain, if it is offered."""
    kind = state.chain[0]
    if kind not in ("move", "shoot", "command", "swap"):
        return None
    steps = _PLANS.get(fingerprint(state))
    if not steps or steps[0][0] != kind:
        return None
    given = state.chain[1:]
    wanted = steps[0][1 : 1 + len(given)]
    if tuple(given) != wanted or len(steps[0]) <= 1 + len(given):
        return None
    answer = steps[0][1 + len(given)]
    return answer if answer in ids else None


# Whole games -------------------------------------------------------------------------------------------------


def play_one(seed: int, robots: int, options: JupiterOptions | None = None, max_steps: int = 60000) -> JupiterState:
    """A whole game with every seat played by the bot (tie-breaks seeded from ``seed``). The plan memo starts
    empty, so a game plays the same whatever was played before it in the process."""
    _PLANS.clear()
    _FOLLOWERS.clear()
    _TRADE.clear()
    _TELEPORT.clear()
    state = setup([SeatSetup() for _ in range(robots)], options or JupiterOptions(), seed)
    for _ in range(max_steps):
        pending = prompts(state)
        if not pending:
            break
        prompt = pending[0]
        state, _ = apply(state, prompt.seat, prompt.id, choose(state, prompt, seed))
    return state
