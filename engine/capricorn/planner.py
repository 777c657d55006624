"""Route planning for the self-play bot: distances over (space, ring position) pairs.

Rooms on one ring never touch, and there is only one open door between two neighbouring rings at a time,
so most trips (Lab to Life Support, a room back to the pod) need a ring turned *on the way*: a distance under
one fixed rotation calls them unreachable, and the old bot wandered. Here a state is a space together with
the two ring counters; a Move step costs 1 (plus a penalty for entering a room, which fills its breaches with
aliens), and turning a ring one mark clockwise costs ``ROT_COST`` (a card symbol someone must spend). A
rotation never changes a space id (CAP-MAP-5), so turning keeps the space and changes the counters only.

Only public, fixed geometry is used (``SHIP``), so the bot still reads nothing hidden. Tables are cached per
goal set: a game asks for a handful (the pod, a repair space, a room to search), and the self-play process
keeps them across games.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from functools import lru_cache

from .board import SHIP
from .terms import POD

DOOR_STEP = 3  # extra cost of stepping into a room from outside it: entering fills its breaches with aliens
ROT_COST = 2  # one ring mark in a plan, counted like two steps (a Rotate symbol somebody has to spend)
AVOID_STEP = 8  # extra cost of entering a room the bot would rather not (a Mother, or aliens massed there)
FAR = 999  # no way at all

MARKS = SHIP.marks
SPACES: tuple[str, ...] = (POD, *(code for room in SHIP.rooms for code in room.spaces))
INDEX: dict[str, int] = {code: n for n, code in enumerate(SPACES)}
ROTS = MARKS * MARKS  # inner counter * MARKS + middle counter


def rot_index(rotation: dict[str, int]) -> int:
    """The table column of a rotation."""
    return (rotation.get("inner", 0) % MARKS) * MARKS + rotation.get("middle", 0) % MARKS


def turned(r: int, ring: str) -> int:
    """The rotation index after one clockwise mark of ``ring``."""
    inner, middle = divmod(r, MARKS)
    if ring == "inner":
        inner = (inner + 1) % MARKS
    else:
        middle = (middle + 1) % MARKS
    return inner * MARKS + middle


@lru_cache(maxsize=1)
def _doors() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every rotation index and space index, the spaces reached through an open door."""
    table: list[tuple[tuple[int, ...], ...]] = []
    for r in range(ROTS):
        inner, middle = divmod(r, MARKS)
        links: list[list[int]] = [[] for _ in SPACES]
        for a, b in SHIP.openings({"inner": inner, "middle": middle}):
            links[INDEX[a]].append(INDEX[b])
            links[INDEX[b]].append(INDEX[a])
        table.append(tuple(tuple(x) for x in links))
    return tuple(table)


@lru_cache(maxsize=1)
def _inside() -> tuple[tuple[int, ...], ...]:
    """In-room orthogonal neighbours of every space (none for the pod)."""
    return tuple(() if code == POD else tuple(INDEX[n] for n in SHIP.within_room_steps(code)) for code in SPACES)


@lru_cache(maxsize=1)
def _room_ids() -> tuple[str, ...]:
    return tuple(POD if code == POD else SHIP.room_of(code) or "" for code in SPACES)


def table(goals: Iterable[str], avoid: Iterable[str] = ()) -> list[int]:
    """Cost to reach any of ``goals`` from every (space, rotation) state (index ``space * ROTS + rot``);
    entering a room in ``avoid`` (a Mother or a crowd of aliens there) costs ``AVOID_STEP`` more."""
    return _table(frozenset(goals), frozenset(avoid))


@lru_cache(maxsize=512)
def _table(goals: frozenset[str], avoid: frozenset[str]) -> list[int]:
    """Backward Dijkstra from the goals at every rotation (the cached worker of ``table``)."""
    doors = _doors()
    inside = _inside()
    rooms = _room_ids()
    dist = [FAR] * (len(SPACES) * ROTS)
    heap: list[tuple[int, int]] = []
    for g in goals:
        base = INDEX[g] * ROTS
        for r in range(ROTS):
            dist[base + r] = 0
            heap.append((0, base + r))
    heapq.heapify(heap)
    while heap:
        d, state = heapq.heappop(heap)
        if d > dist[state]:
            continue
        s, r = divmod(state, ROTS)
        # forward moves that end here: from an in-room neighbour, or through a door open under r
        for p in inside[s]:
            nd = d + 1
            k = p * ROTS + r
            if nd < dist[k]:
                dist[k] = nd
                heapq.heappush(heap, (nd, k))
        enter = 1 + (DOOR_STEP if rooms[s] != POD else 0) + (AVOID_STEP if rooms[s] in avoid else 0)
        for p in doors[r][s]:
            nd = d + enter
            k = p * ROTS + r
            if nd < dist[k]:
                dist[k] = nd
                heapq.heappush(heap, (nd, k))
        # a forward turn that ends at r: the same space one mark earlier on either ring
        inner, middle = divmod(r, MARKS)
        for prev in (((inner - 1) % MARKS) * MARKS + middle, inner * MARKS + (middle - 1) % MARKS):
            nd = d + ROT_COST
            k = s * ROTS + prev
            if nd < dist[k]:
                dist[k] = nd
                heapq.heappush(heap, (nd, k))
    return dist


def cost(goals: Iterable[str], space: str, rotation: dict[str, int], avoid: Iterable[str] = ()) -> int:
    """The planned cost from ``space`` under ``rotation`` to the nearest goal."""
    return table(goals, avoid)[INDEX[space] * ROTS + rot_index(rotation)]


def cost_at(dist: list[int], space: str, r: int) -> int:
    """A look-up in a table from ``table``."""
    return dist[INDEX[space] * ROTS + r]
