"""A first, simple heuristic player for Jupiter Deep: self-play that is legal by construction.

Status: it plays whole games but wins none yet (about 0-1 colonists saved per game with 2-6 robots), so it is
**not** the digest's balance bot (section 8) and its numbers say nothing about the game's balance: a stronger
player (routing colonists around each other, guarding threatened tiles, using cards) is still to be written.

It answers any pending prompt from what the prompt offers (so it can never make an illegal move) and reads the
state only to rank the offered choices. Its priorities, in order: board colonists standing next to the pod, shoot
creeps, walk colonists toward the pod, bring the robots home once enough colonists are saved or aboard, and
otherwise walk toward the colonists. During the invasion it places creeps away from colonists and spends Phase
Shift and Suppressant where they save the most.

Run ``python -m engine.jupiter.heuristic [games] [robots...]`` to print win rates per robot count.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Iterable

from engine.core import Prompt, SeatSetup

from .board import POD, rescue_target, robot_tile
from .catalog import CATALOG
from .colony import tile_of
from .options import JupiterOptions
from .pod import docking_dome
from .rules import apply, prompts
from .setup import setup
from .state import COLONIST, CREEP, JupiterState

CARD_VALUE = {
    "teleport": 5, "bullhorn": 6, "follower": 5, "pilot": 4, "heatseeker": 4, "sniper": 4, "boost": 6,
    "suppressant": 5, "phaseshift": 4, "grenadier": 3, "juggernaut": 3, "rocketboots": 3, "swap": 2,
    "override": 2, "datacore": 1, "modctrl": 1,
}  # fmt: skip


def distances(state: JupiterState, start: Iterable[str]) -> dict[str, int]:
    """Bridge distance from the nearest of ``start`` to every dome, ignoring pieces."""
    colony = state.colony
    result = {d: 0 for d in start if colony.is_dome(d)}
    frontier = deque(result)
    while frontier:
        here = frontier.popleft()
        for near in colony.neighbours(here):
            if near not in result:
                result[near] = result[here] + 1
                frontier.append(near)
    return result


def near_creep(state: JupiterState, dome: str) -> bool:
    return any(state.occupant.get(n) == CREEP for n in state.colony.neighbours(dome))


def homeward(state: JupiterState) -> bool:
    """Whether the robots should head for the pod: enough colonists are saved or aboard."""
    return state.saved + state.pod.colonists >= rescue_target(state)


def choose(state: JupiterState, prompt: Prompt) -> str:
    """The heuristic's answer to ``prompt`` (one of its choice ids)."""
    ids = [c.id for c in prompt.choices]
    kind = prompt.id.rsplit(".", 1)[-1]
    if len(ids) == 1:
        return ids[0]
    if kind in ("core", "recore") or ".core." in prompt.id or ".recore." in prompt.id:
        return max(ids, key=lambda k: CARD_VALUE.get(k, 0))
    if kind == "first":
        return ids[0]
    if kind in ("dock", "side"):
        return _dock(state, ids)
    if kind == "act":
        return _menu(state, ids)
    if kind in ("place", "replace"):
        return min(ids, key=lambda d: (sum(state.occupant.get(n) == COLONIST for n in state.colony.neighbours(d)), d))
    if kind == "reroll":
        return "keep" if _roll_harm(state, state.roll or 1) <= 1 else ids[-1]
    if kind == "suppress":
        options = [i for i in ids if i != "none"]
        return max(options, key=lambda t: len(state.pieces_on(t, COLONIST)) + 3 * (CATALOG.tile(t).module in (3, 4)))
    if kind == "discard":
        return min(ids, key=lambda k: CARD_VALUE.get(k, 0))
    return _sub_step(state, kind, ids)


def _roll_harm(state: JupiterState, roll: int) -> int:
    from .turn import wave_targets

    return len(wave_targets(state, roll))


def _dock(state: JupiterState, ids: list[str]) -> str:
    """Dock next to the most colonists: the tile (or side) whose domes are nearest to them."""
    colonists = [d for d, p in state.occupant.items() if p == COLONIST]
    options = [i for i in ids if i != "back"]
    if not colonists:
        return options[0]

    def score(option: str) -> int:
        if "." in option or len(option) <= 2:  # a side of the picked tile
            tile = state.chain[0] if state.chain else tile_of(option)
            from .catalog import SIDE_NAMES

            dome = state.colony.outer(tile, SIDE_NAMES.index(option)) if option in SIDE_NAMES else option
        else:
            dome = state.colony.spaces_of(option)[0]
        dist = distances(state, [dome])
        return sum(dist.get(c, 99) for c in colonists[:14])

    return min(options, key=score)


def _menu(state: JupiterState, ids: list[str]) -> str:
    seat = state.active
    dock = docking_dome(state)
    for key in ("play.boost", "play.bullhorn", "play.follower", "play.grenadier"):
        if key in ids:
            return key
    if "command" in ids and dock is not None and state.occupant.get(dock) == COLONIST:
        return "command"
    if homeward(state):
        if "move" in ids and state.where_is(seat) != POD:
            return "move"
        if "teleport.c" in ids or "teleport.h" in ids:
            return "teleport.c" if "teleport.c" in ids else "teleport.h"
        return "end"
    if "move" in ids and state.where_is(seat) in (POD, dock) and _useful_move(state) is not None:
        return "move"  # robots aboard take the seats colonists need, and on the docking dome block the way
    if "shoot" in ids and any(near_colonists(state, t) for t in _own_targets(state)):
        return "shoot"
    if "command" in ids and dock is not None and _best_command(state) is not None:
        return "command"
    if "shoot" in ids:
        return "shoot"
    if "sniper.c" in ids or "sniper.h" in ids:
        return "sniper.c" if "sniper.c" in ids else "sniper.h"
    if "move" in ids and _useful_move(state) is not None:
        return "move"
    if "pilot.c" in ids and state.pod.dock is None:
        return "pilot.c"
    return "end"


def _own_targets(state: JupiterState) -> list[str]:
    from .board import creep_targets

    tile = robot_tile(state, state.active)
    return creep_targets(state, [tile]) if tile is not None else []


def _goals(state: JupiterState) -> list[str]:
    """Where a robot is useful: beside creeps that threaten colonists, and beside colonists no robot can reach."""
    from .board import range_tiles, robots_in_play

    covered: set[str] = set()
    for seat in robots_in_play(state):
        if seat != state.active:
            covered |= set(range_tiles(state, seat, False))
    goals = [d for d, p in state.occupant.items() if p == CREEP and near_creep_colonist(state, d)]
    goals += [d for d, p in state.occupant.items() if p == COLONIST and tile_of(d) not in covered]
    return goals


def _useful_move(state: JupiterState) -> str | None:
    """A step that brings the robot nearer to a goal, if one does."""
    from .actions import robot_moves

    goals = _goals(state) or [d for d, p in state.occupant.items() if p == COLONIST]
    dist = distances(state, goals)
    where = state.where_is(state.active)
    dock = docking_dome(state)
    moves = [d for d in robot_moves(state, state.active) if d not in (POD, dock)]
    best = min(moves, key=lambda d: dist.get(d, 99), default=None)
    if where == POD:
        return dock if dock is not None and dock not in state.occupant else None
    if where == dock:
        return best  # never block the way into the pod
    here = dist.get(where, 99) if where is not None else 99
    if best is None or dist.get(best, 99) >= here or here <= 1:
        return None
    return best


def _best_command(state: JupiterState, only: str | None = None) -> tuple[str, str] | None:
    """The colonist move that brings a colonist closest to the pod (boarding first), if any gets closer;
    ``only`` limits it to the colonist already picked."""
    from .actions import commandable

    dock = docking_dome(state)
    if dock is None:
        return None
    dist = distances(state, [dock])
    best: tuple[int, str, str] | None = None
    for source, dests in commandable(state).items():
        if only is not None and source != only:
            continue
        for dest, cost in dests.items():
            after = -5 if dest == POD else dist.get(dest, 99)
            gain = dist.get(source, 99) - after - (cost - 1)
            if dest != POD and near_creep(state, dest):
                gain -= 2
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, source, dest)
    return (best[1], best[2]) if best else None


def _sub_step(state: JupiterState, kind: str, ids: list[str]) -> str:
    options = [i for i in ids if i not in ("cancel", "none", "done", "back")]
    if not options:
        return ids[0]
    chain = state.chain
    if chain and chain[0] == "command":
        best = _best_command(state, None if len(chain) == 1 else chain[1])
        if best is not None:
            return best[0] if len(chain) == 1 else best[1]
        return options[0]
    if chain and chain[0] in ("shoot", "sniper", "heatseeker", "grenade"):
        return max(options, key=lambda t: near_colonists(state, t))
    if chain and chain[0] in ("move", "teleport"):
        return _robot_destination(state, options)
    if chain and chain[0] == "follow":
        dock = docking_dome(state)
        dist = distances(state, [dock]) if dock else {}
        gain = {o: dist.get(o, 99) - dist.get(chain[1], 99) for o in options}
        follower = max(options, key=lambda o: gain[o])
        return follower if gain[follower] > 0 else "none"
    return options[0]


def near_colonists(state: JupiterState, target: str) -> int:
    colony = state.colony
    if not colony.is_dome(target):
        return 1
    return sum(state.occupant.get(n) == COLONIST for n in colony.neighbours(target))


def _robot_destination(state: JupiterState, options: list[str]) -> str:
    """Home to the pod when it is time; otherwise the step ``_useful_move`` picked."""
    if POD in options and homeward(state):
        return POD
    if homeward(state):
        dock = docking_dome(state)
        dist = distances(state, [dock]) if dock else {}
        return min((o for o in options if o != POD), key=lambda d: dist.get(d, 99), default=options[0])
    step = _useful_move(state)
    if step in options:
        return str(step)
    dock = docking_dome(state)
    if state.where_is(state.active) == POD and dock in options:
        return str(dock)  # the only way out of the pod
    return options[0]


def near_creep_colonist(state: JupiterState, dome: str) -> bool:
    return any(state.occupant.get(n) == COLONIST for n in state.colony.neighbours(dome))


def play_one(seed: int, robots: int, options: JupiterOptions | None = None, max_steps: int = 20000) -> JupiterState:
    """A whole game with every seat played by the heuristic."""
    state = setup([SeatSetup() for _ in range(robots)], options or JupiterOptions(), seed)
    for _ in range(max_steps):
        pending = prompts(state)
        if not pending:
            break
        prompt = pending[0]
        state, _ = apply(state, prompt.seat, prompt.id, choose(state, prompt))
    return state


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 50
    counts = [int(a) for a in argv[1:]] or list(range(1, 8))
    for robots in counts:
        wins = saved = turns = 0
        for seed in range(games):
            final = play_one(seed, robots)
            wins += final.phase == "won"
            saved += final.saved
            turns += final.turn
        print(f"{robots} robots: {wins}/{games} won, {saved / games:.1f} saved, {turns / games:.0f} turns on average")


if __name__ == "__main__":
    main(sys.argv[1:])
