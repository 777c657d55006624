"""Noise rolls, collisions and surprise attacks (DER-NOISE-*, DER-COLLISION-*).

The noise die is rolled with ``rng.randrange(10)`` over the faces of ``dice.toml`` in file order, so a rigged
generator names a face by its index (0-1: "1", 2-3: "2", 4-5: "3", 6-7: "4", 8: Danger, 9: Silence).
"""

from __future__ import annotations

from engine.core import Event

from .board import character_name, in_combat, intruders_in, neighbours, passages, room_name
from .catalog import CATALOG
from .intruders import BLANK, add_token, attack, draw_token, move_intruder, place_drawn, token_words
from .state import DerelictState, Player


def roll_noise(state: DerelictState) -> str:
    return CATALOG.dice.noise[state.rng.randrange(len(CATALOG.dice.noise))]


def weakness_revealed(state: DerelictState, weakness: str) -> bool:
    """Whether a weakness card is face up (DER-WEAK-2: it applies to everyone from then on)."""
    return any(state.ship.weaknesses[kind] == weakness for kind in state.ship.revealed_weaknesses)


def noise_roll(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-NOISE-1..7: roll the noise die for ``player`` and apply the result."""
    face = roll_noise(state)
    name = character_name(player)
    if face == "silence" and player.slime:
        out.append(Event(text=f"{name} rolls for noise: Silence, but the slime makes it Danger."))
        danger(state, player, out)
        return
    if face == "silence":
        out.append(Event(text=f"{name} rolls for noise: Silence."))
        return
    if face == "danger":
        out.append(Event(text=f"{name} rolls for noise: Danger."))
        danger(state, player, out)
        return
    exit_number = int(face)
    key = passages(player.room)[exit_number - 1]
    out.append(Event(text=f"{name} rolls for noise: exit {exit_number}."))
    if key in state.ship.noise:
        collision(state, player, out)
    else:
        state.ship.noise.append(key)
        out.append(Event(text=f"A noise token is placed in {passage_name(key)}."))


def passage_name(key: str) -> str:
    if "|" not in key:
        return next(d.name for d in CATALOG.map.ducts if d.id == key)
    a, b = key.split("|")
    return f"the corridor {a}-{b}"


def fill_exits(state: DerelictState, room: str) -> None:
    """A noise token in each exit of ``room`` without one (never a collision, DER-NOISE-5, DER-EVCARD-3)."""
    for key in passages(room):
        if key not in state.ship.noise:
            state.ship.noise.append(key)


def danger(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-NOISE-5: idle intruders in rooms joined by a corridor move in; if none does, noise fills the exits."""
    engaged = {p.room for p in state.players if p.status == "active"}
    movers = [i for room in neighbours(player.room) if room not in engaged for i in intruders_in(state, room)]
    if not movers:
        fill_exits(state, player.room)
        out.append(Event(text=f"Nothing comes; noise fills every exit of {room_name(state, player.room)}."))
        return
    for intruder in movers:
        move_intruder(state, intruder, player.room, out)
    count = len(movers)
    out.append(
        Event(
            text=f"{count} intruder{'' if count == 1 else 's'} move{'s' if count == 1 else ''} into "
            f"{room_name(state, player.room)}."
        )
    )


def collision(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-COLLISION-1..8: clear the room's noise, draw a bag token, place its intruder, maybe a surprise."""
    ship = state.ship
    room = player.room
    ship.noise = [k for k in ship.noise if k not in passages(room)]
    out.append(Event(text=f"Collision in {room_name(state, room)}!"))
    last = len(ship.bag) == 1
    token = draw_token(state, out)
    if token is None:
        out.append(Event(text="The bag is empty and no hunter token is left: nothing appears."))
        return
    out.append(Event(text=f"{character_name(player)} draws {token_words(token)} from the bag."))
    if token == BLANK:
        fill_exits(state, room)
        ship.bag.append(BLANK)
        out.append(Event(text=f"Nothing appears; noise fills every exit of {room_name(state, room)}."))
        if last:
            add_token(state, "hunter", out)
        return
    intruder = place_drawn(state, token, room, out)
    if intruder is None:
        return
    number = CATALOG.bag_token[token].number
    if weakness_revealed(state, "slow_reflexes"):
        number -= 1
    if number > len(player.hand) and player.status == "active":
        hand = len(player.hand)
        who = character_name(player)
        out.append(Event(text=f"Surprise attack: the token's {number} beats {who}'s hand of {hand}."))
        attack(state, intruder, player, out)


def may_roll_for_event(state: DerelictState, player: Player) -> bool:
    """DER-NOISE-10: events and bag tokens never make a character roll who is not free and awake."""
    return player.status == "active" and not in_combat(state, player)
