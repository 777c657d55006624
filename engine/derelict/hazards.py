"""Fire and malfunction tokens, and exploring a room (DER-FIRE-1..2, DER-MALF-1..2, DER-EXPLORE-1..3).

The ninth fire or malfunction token that must be added explodes the ship (DER-FIRE-2, DER-MALF-2); a token
that cannot be held where it is placed does nothing and never counts as a ninth (DER-MALF-1).
"""

from __future__ import annotations

from engine.core import Event

from .board import character_name, room_name
from .catalog import CATALOG
from .ending import explode
from .harm import give_slime
from .state import DerelictState, Player

NO_MALFUNCTION_TILES = ("hive", "slime_hold")


def capped(state: DerelictState, spread: bool) -> bool:
    """DER-EVCARD-4 (from tuning 1; the card says so, ``EventCard.limit``): a token an event card places in
    several rooms at once is not placed when none is left; a single token (Sabotage, exploring, a weapon, one
    room's event) still explodes the ship."""
    from .tuning import tuning

    return spread and tuning(state).capped_spreads


def place_fire(state: DerelictState, room: str, out: list[Event], *, spread: bool = False) -> None:
    ship = state.ship
    if room in ship.fire:
        return
    if len(ship.fire) >= CATALOG.ship.tokens.fire and capped(state, spread):
        out.append(Event(text=f"No fire token is left: the fire does not reach {room_name(state, room)}."))
        return
    if len(ship.fire) >= CATALOG.ship.tokens.fire:
        explode(state, "a ninth fire breaks out", out)
    ship.fire.append(room)
    out.append(Event(text=f"Fire breaks out in {room_name(state, room)}."))


def can_hold_malfunction(state: DerelictState, room: str) -> bool:
    tile = state.ship.tiles.get(room)
    return tile not in NO_MALFUNCTION_TILES and room not in state.ship.malfunction


def place_malfunction(state: DerelictState, room: str, out: list[Event], *, spread: bool = False) -> None:
    ship = state.ship
    if not can_hold_malfunction(state, room):
        return
    if len(ship.malfunction) >= CATALOG.ship.tokens.malfunction and capped(state, spread):
        out.append(Event(text=f"No malfunction token is left: {room_name(state, room)} holds."))
        return
    if len(ship.malfunction) >= CATALOG.ship.tokens.malfunction:
        explode(state, "a ninth malfunction overloads the ship", out)
    ship.malfunction.append(room)
    out.append(Event(text=f"{room_name(state, room)} malfunctions."))


def explore(state: DerelictState, player: Player, room: str, out: list[Event]) -> None:
    """DER-EXPLORE-1/2: the first character to enter a slot turns its tile and token face up for everyone."""
    ship = state.ship
    if room in CATALOG.fixed or room in ship.explored:
        return
    ship.explored.append(room)
    tile = CATALOG.tiles[ship.tiles[room]]
    token = CATALOG.explore.tokens[ship.explore_tokens[room]]
    value = 0 if tile.colour == "none" else token.value
    if len(state.players) == 1:
        value = (value + 1) // 2  # DER-SOLO-2: halved, rounding up
    ship.item_counter[room] = value
    out.append(
        Event(
            text=f"{character_name(player)} explores {room}: it is the {tile.name} "
            f"({value} item{'' if value == 1 else 's'}, {token.effect}).",
            headline=True,
        )
    )
    if token.effect == "slime":
        give_slime(player, out)
    elif token.effect == "fire":
        place_fire(state, room, out)
    elif token.effect == "malfunction":
        place_malfunction(state, room, out)
    elif token.effect == "remains":
        ship.objects.setdefault(room, []).append("remains")
        out.append(Event(text=f"The remains of a crewman lie in {room_name(state, room)}."))
