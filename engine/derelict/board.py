"""Queries on the ship's map and figures: exits, corridors, who is where, who is in combat.

A room is named by its map id (``CB``, ``S05``); an *exit* is a number 1-4 (north, east, south, west); a
*passage* is what an exit leads into, named by its noise key: ``"CB|S02"`` for a corridor (the two room ids
sorted), ``"DU"`` or ``"DD"`` for a duct behind a hatch (DER-NOISE-8: one shared token per duct).
"""

from __future__ import annotations

from engine.core.words import seat_ref

from .catalog import CATALOG, DUCT_IDS, RoomKind
from .state import DerelictState, Intruder, Player

EXIT_SIDES = {1: "north", 2: "east", 3: "south", 4: "west"}


def is_duct(target: str) -> bool:
    return target in DUCT_IDS


def passage(room: str, exit_number: int) -> str:
    """The noise key of ``room``'s exit ``exit_number`` (1-4)."""
    target = CATALOG.exits[room][exit_number - 1]
    if is_duct(target):
        return target
    return "|".join(sorted((room, target)))


def passages(room: str) -> list[str]:
    """The four noise keys of a room's exits, in exit order."""
    return [passage(room, n) for n in range(1, 5)]


def neighbours(room: str) -> list[str]:
    """Rooms joined to ``room`` by a corridor (ducts cannot be walked, DER-ACT-MOVE-1), in exit order."""
    return [t for t in CATALOG.exits[room] if not is_duct(t)]


def exit_to(room: str, target: str) -> int:
    """The exit number of ``room`` whose corridor leads to ``target``."""
    return CATALOG.exits[room].index(target) + 1


def has_hatch(room: str, duct: str | None = None) -> bool:
    exits = CATALOG.exits[room]
    return any(is_duct(t) and (duct is None or t == duct) for t in exits)


def kind_of(state: DerelictState, room: str) -> RoomKind | None:
    """The room's kind (fixed room or explored tile); ``None`` for an unexplored slot."""
    if room in CATALOG.fixed:
        return CATALOG.fixed[room]
    if room in state.ship.explored:
        return CATALOG.tiles[state.ship.tiles[room]]
    return None


def is_explored(state: DerelictState, room: str) -> bool:
    return room in CATALOG.fixed or room in state.ship.explored


def room_name(state: DerelictState, room: str) -> str:
    """What everyone calls the room: ``Cryo Bay``, ``Lab (S05)``, or ``unexplored room S05``."""
    kind = kind_of(state, room)
    if kind is None:
        return f"unexplored room {room}"
    if room in CATALOG.fixed:
        return kind.name
    return f"{kind.name} ({room})"


def tile_room(state: DerelictState, tile: str) -> str | None:
    """The explored room holding ``tile`` (``"hive"``, ``"lab"``...), or ``None``."""
    for slot in state.ship.explored:
        if state.ship.tiles[slot] == tile:
            return slot
    return None


def intruders_in(state: DerelictState, room: str) -> list[Intruder]:
    """Intruders in ``room``, in arrival order."""
    return sorted((i for i in state.ship.intruders if i.room == room), key=lambda i: i.arrived)


def characters_in(state: DerelictState, room: str) -> list[Player]:
    """Active characters standing in ``room`` (not hibernating, not in a pod), in seat order."""
    return [p for p in state.players if p.status == "active" and p.room == room]


def in_combat(state: DerelictState, player: Player) -> bool:
    """DER-ACT-1: an active character with at least one intruder figure in their room."""
    room = player.room  # whether any intruder is there (``intruders_in`` sorts them: asked for every action offered)
    return player.status == "active" and any(i.room == room for i in state.ship.intruders)


def is_occupied_for(state: DerelictState, room: str, mover: Player) -> bool:
    """DER-ACT-MOVE-3: whether a room holds another character or an intruder (no noise roll then)."""
    if intruders_in(state, room):
        return True
    return any(p.seat != mover.seat for p in characters_in(state, room))


def is_awake(player: Player) -> bool:
    """The digest's *active character*: alive, on board, awake; standing in a room or waiting in a pod."""
    return player.status in ("active", "pod")


def turn_order(state: DerelictState) -> list[Player]:
    """DER-FIRST-4: the token holder first, then clockwise, over seats with active characters."""
    n = len(state.players)
    order = [state.players[(state.first + i) % n] for i in range(n)]
    return [p for p in order if is_awake(p)]


def stamp(state: DerelictState) -> int:
    """A new arrival number (DER-INTRUDER-7: intruders resolve in arrival order)."""
    state.ship.arrivals += 1
    return state.ship.arrivals


def character_name(player: Player) -> str:
    if player.character is None:
        return seat_ref(player.seat)
    return CATALOG.character[player.character].name


def hive_room_of(state: DerelictState) -> str:
    """The slot holding the Hive tile (hidden while unexplored: never name it in public text)."""
    return next(slot for slot, tile in state.ship.tiles.items() if tile == "hive")
