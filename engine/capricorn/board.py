"""The ship's geometry: spaces, rooms, adjacency, and doors that open and close as the rings turn.

A space id is what a player types: ``ROOM.<lane><column>`` with a room-relative column (``ENGINE.i2``,
``LAB.o7``), or ``POD`` for the escape pod (CAP-G-MAP-5, CAP-G-MAP-6). Because columns are room-relative and
everything on a ring turns with it (CAP-MAP-5), a rotation never changes a space id: the only state a
rotation changes is the ring's counter, and the only thing the counter changes is which doors line up.

>>> from engine.capricorn.board import SHIP
>>> SHIP.steps("POD", {"inner": 0, "middle": 0})
['BRIDGE.i6', 'OFFICES.i6']
>>> SHIP.steps("POD", {"inner": 1, "middle": 0})
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .catalog import CATALOG, ShipFile
from .terms import POD, Lane, RingKey, RotatingRing

Rotation = Mapping[RotatingRing, int]  # rotating ring -> marks turned (0..marks-1); a missing ring counts as 0


@dataclass(frozen=True)
class SpaceInfo:
    """One space of a room and what is printed on it."""

    code: str
    room: str
    ring: RingKey
    lane: Lane
    col: int  # room-relative column
    order: int  # position in the ship's space order (the tie-break of every rule)
    breach: int | None  # breach number (CAP-MAP-7), if a breach
    hiding: bool  # a hiding place (CAP-MAP-6)
    repair: bool  # the room's repair space
    dot: bool  # a search dot
    door: Literal["in", "out"] | None  # a door socket facing inward (ring inside / pod) or outward


@dataclass(frozen=True)
class RoomInfo:
    """A room: its place on its ring and its spaces in space order (lane i before o, then column)."""

    key: str
    name: str
    ring: RingKey
    start: int  # absolute column of its local column 0 when the ring's counter is 0
    width: int
    main: bool  # a main room: own deck, own spare part and repair space (CAP-G-MAP-1)
    spaces: tuple[str, ...]
    breaches: tuple[str, ...]  # in breach order: breaches[0] is breach 1
    hiding: tuple[str, ...]
    dots: tuple[str, ...]
    repair: str | None


class Ship:
    """The map of ``ship.toml`` with every question the rules ask about places."""

    def __init__(self, data: ShipFile) -> None:
        self._openings: dict[tuple[tuple[str, int], ...], tuple[tuple[str, str], ...]] = {}
        self._steps: dict[tuple[str, tuple[tuple[str, int], ...]], tuple[str, ...]] = {}
        self.columns = data.columns
        self.marks = data.marks
        self.mark_columns = data.columns // data.marks
        self.pod_doors = data.pod_doors
        self.rotating: tuple[RingKey, ...] = tuple(r.key for r in data.rings if r.rotates)
        self._spaces: dict[str, SpaceInfo] = {}
        self._rooms: dict[str, RoomInfo] = {}
        self._ring_rooms: dict[RingKey, tuple[str, ...]] = {}
        order = 0
        for ring in data.rings:
            layout = ring.layout
            self._ring_rooms[ring.key] = tuple(room.key for room in ring.rooms)
            for index, room in enumerate(ring.rooms):
                spaces = []
                for lane in ("i", "o"):
                    for col in range(layout.width):
                        local = f"{lane}{col}"
                        code = f"{room.key}.{local}"
                        door: Literal["in", "out"] | None = None
                        if local in layout.doors_in:
                            door = "in"
                        elif local in layout.doors_out:
                            door = "out"
                        self._spaces[code] = SpaceInfo(
                            code=code,
                            room=room.key,
                            ring=ring.key,
                            lane=lane,
                            col=col,
                            order=order,
                            breach=layout.breaches.index(local) + 1 if local in layout.breaches else None,
                            hiding=local in layout.hiding,
                            repair=local in layout.repair,
                            dot=local in layout.dots,
                            door=door,
                        )
                        spaces.append(code)
                        order += 1
                self._rooms[room.key] = RoomInfo(
                    key=room.key,
                    name=room.name,
                    ring=ring.key,
                    start=index * layout.width,
                    width=layout.width,
                    main=ring.main_rooms,
                    spaces=tuple(spaces),
                    breaches=tuple(f"{room.key}.{b}" for b in layout.breaches),
                    hiding=tuple(c for c in spaces if self._spaces[c].hiding),
                    dots=tuple(c for c in spaces if self._spaces[c].dot),
                    repair=f"{room.key}.{layout.repair[0]}" if layout.repair else None,
                )
        self._rings: tuple[RingKey, ...] = tuple(r.key for r in data.rings)

    # --- spaces and rooms

    def is_space(self, code: str) -> bool:
        """Whether ``code`` names a space of a room or the pod."""
        return code == POD or code in self._spaces

    def space(self, code: str) -> SpaceInfo:
        """The space ``code`` (not the pod); ``KeyError`` for anything else."""
        return self._spaces[code]

    def room(self, key: str) -> RoomInfo:
        return self._rooms[key]

    @property
    def rooms(self) -> tuple[RoomInfo, ...]:
        """Every room, from the centre outward, clockwise within a ring."""
        return tuple(self._rooms.values())

    def rooms_of(self, ring: RingKey) -> tuple[str, ...]:
        return self._ring_rooms[ring]

    def room_of(self, code: str) -> str | None:
        """The room a space belongs to; ``None`` for the pod."""
        return None if code == POD else self._spaces[code].room

    def ring_of(self, code: str) -> RingKey | None:
        """The ring a space belongs to; ``None`` for the pod."""
        return None if code == POD else self._spaces[code].ring

    def code(self, room: str, lane: Lane, col: int) -> str:
        return f"{room}.{lane}{col}"

    def order(self, code: str) -> int:
        """Position in the space order; the pod comes first."""
        return -1 if code == POD else self._spaces[code].order

    def sort(self, codes: list[str]) -> list[str]:
        """``codes`` in space order."""
        return sorted(codes, key=self.order)

    # --- rotation and doors

    def abs_col(self, code: str, rotation: Rotation) -> int:
        """The absolute column a space stands at under ``rotation`` (CAP-G-ROT-1)."""
        info = self._spaces[code]
        room = self._rooms[info.room]
        turns = next((n for ring, n in rotation.items() if ring == info.ring), 0)
        return (room.start + info.col + self.mark_columns * turns) % self.columns

    def openings(self, rotation: Rotation) -> list[tuple[str, str]]:
        """Every open door pair under ``rotation``: (inner side, outer side), the pod first (CAP-G-ROT-2).

        Remembered per rotation state (a few hundred at most): movement and alien paths ask for it on every
        step, and the board never changes.
        """
        key = tuple(sorted((ring, turns % self.marks) for ring, turns in rotation.items() if turns % self.marks))
        known = self._openings.get(key)
        if known is None:
            known = self._openings[key] = tuple(self._compute_openings(rotation))
        return list(known)

    def _compute_openings(self, rotation: Rotation) -> list[tuple[str, str]]:
        pairs: list[tuple[str, str]] = []
        inner_ring = self._rings[0]
        for code in self._sockets(inner_ring, "in"):
            if self.abs_col(code, rotation) in self.pod_doors:
                pairs.append((POD, code))
        for inner, outer in zip(self._rings, self._rings[1:], strict=False):
            outward = {self.abs_col(c, rotation): c for c in self._sockets(inner, "out")}
            for code in self._sockets(outer, "in"):
                partner = outward.get(self.abs_col(code, rotation))
                if partner is not None:
                    pairs.append((partner, code))
        return pairs

    def _sockets(self, ring: RingKey, facing: Literal["in", "out"]) -> list[str]:
        return [
            code
            for room in self._ring_rooms[ring]
            for code in self._rooms[room].spaces
            if self._spaces[code].door == facing
        ]

    def door_partner(self, code: str, rotation: Rotation) -> list[str]:
        """The spaces (or the pod) reached from ``code`` through an open door right now."""
        result = []
        for a, b in self.openings(rotation):
            if a == code:
                result.append(b)
            elif b == code:
                result.append(a)
        return result

    # --- distances

    def within_room_steps(self, code: str) -> list[str]:
        """The orthogonal neighbours of a space inside its room: along the lane and across to the other lane."""
        info = self._spaces[code]
        width = self._rooms[info.room].width
        other: Lane = "o" if info.lane == "i" else "i"
        result = [self.code(info.room, other, info.col)]
        for col in (info.col - 1, info.col + 1):
            if 0 <= col < width:  # rooms never wrap (CAP-G-MAP-4)
                result.append(self.code(info.room, info.lane, col))
        return self.sort(result)

    def steps(self, code: str, rotation: Rotation) -> list[str]:
        """Every space one Move away: orthogonal in the room, or through an open door (CAP-MOVE-1/2).

        Remembered per space and rotation state, as ``openings`` is: a replay of a turn asks it of every space a
        move could reach, for every card it plays again."""
        key = (
            code,
            tuple(sorted((ring, turns % self.marks) for ring, turns in rotation.items() if turns % self.marks)),
        )
        known = self._steps.get(key)
        if known is None:
            if code == POD:
                found = self.sort(self.door_partner(POD, rotation))
            else:
                found = self.sort(self.within_room_steps(code) + self.door_partner(code, rotation))
            known = self._steps[key] = tuple(found)
        return list(known)

    def distance(self, a: str, b: str) -> int | None:
        """Chebyshev distance inside one room; ``None`` across rooms or from the pod (CAP-G-ADJ-1)."""
        if a == POD or b == POD:
            return None
        sa, sb = self._spaces[a], self._spaces[b]
        if sa.room != sb.room:
            return None
        return max(abs(sa.col - sb.col), 0 if sa.lane == sb.lane else 1)

    def adjacent(self, a: str, b: str) -> bool:
        """Orthogonally or diagonally next to each other in the same room (CAP-G-ADJ-1); never across a door."""
        return self.distance(a, b) == 1

    def orthogonal(self, a: str, b: str) -> bool:
        """One Move apart inside one room."""
        return a != POD and b in self.within_room_steps(a)

    def around(self, code: str, radius: int = 1) -> list[str]:
        """The other spaces of the room within Chebyshev ``radius``, in space order."""
        if code == POD:
            return []
        room = self._rooms[self._spaces[code].room]
        return [c for c in room.spaces if c != code and (self.distance(code, c) or 0) <= radius]

    # --- grenades (CAP-G-GREN-1)

    def grenade_corners(self, code: str, reach: int) -> list[int]:
        """The corners a grenade thrown from ``code`` may target: ``c`` is where columns c and c+1 meet."""
        if code == POD:
            return []
        info = self._spaces[code]
        width = self._rooms[info.room].width
        return [c for c in range(width - 1) if abs(c - info.col) <= reach and abs(c + 1 - info.col) <= reach]

    def blast(self, room: str, corner: int) -> list[str]:
        """The four spaces around a corner: ``i c``, ``i c+1``, ``o c``, ``o c+1`` in space order."""
        return self.sort([self.code(room, lane, col) for lane in ("i", "o") for col in (corner, corner + 1)])


SHIP = Ship(CATALOG.ship)
