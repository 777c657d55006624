"""Routes for the heuristic player (``heuristic.py``): shortest corridor paths over the public map, and how
noisy a room's exits are, read from the seat's view only."""

from __future__ import annotations

from collections import deque

from .board import passages
from .catalog import CATALOG
from .knowledge import room_of
from .view import DerelictView


def rounds_left(view: DerelictView) -> int:
    """Rounds before the hyperjump (the event phase that reaches the last space ends the game)."""
    return view.time_spaces - view.time


def noisy_exits(view: DerelictView, room: str) -> int:
    return sum(1 for key in passages(room) if key in view.noise)


def entry_risk(view: DerelictView, room: str) -> int:
    """How many of a room's exits could turn a noise roll there into a collision (none where another
    character stands: entering an occupied room makes no noise roll)."""
    return 0 if room_of(view, room).characters else noisy_exits(view, room)


def nearest_open_pod(view: DerelictView, room: str) -> str | None:
    # sorted, so that a tie goes the same way in every process (a set's order follows string hashing)
    bays = sorted({p.bay for p in view.pods if not p.locked and not p.launched and len(p.seats) < 2})
    return min(bays, key=lambda b: distance(room, b)) if bays else None


def safe_step(view: DerelictView, start: str, goal: str) -> str | None:
    """The first room of a shortest path that avoids intruders and fire (any path if none does)."""
    blocked = {r.id for r in view.rooms if (r.intruders or r.fire or r.name == "Hive") and r.id != goal}
    return path_step(start, goal, blocked) or path_step(start, goal, set())


def path_step(start: str, goal: str, blocked: set[str] | frozenset[str] = frozenset()) -> str | None:
    """The first room on a shortest corridor path from ``start`` to ``goal`` avoiding ``blocked`` rooms."""
    if start == goal:
        return None
    seen = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in CATALOG.exits[here]:
            if there in CATALOG.exits and there not in seen and there not in blocked:
                seen[there] = here
                if there == goal:
                    step = there
                    while seen[step] != start:
                        step = seen[step]
                    return step
                queue.append(there)
    return None


def distance(start: str, goal: str) -> int:
    """Corridor steps from ``start`` to ``goal`` (99 if unreachable)."""
    steps, here = 0, start
    while here != goal and steps < 30:
        nxt = path_step(here, goal)
        if nxt is None:
            return 99
        here, steps = nxt, steps + 1
    return steps
