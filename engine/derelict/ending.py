"""How the game stops: the ship explodes, jumps, or its last awake character leaves play (DER-END-1..6).

DER-ROUND-5: an end condition ends the game the moment it occurs, even in the middle of an action. The
rules code raises ``GameOver`` from wherever that happens; ``rules.apply`` catches it and runs the end-of-game
checks (``endgame.py``). Events already narrated stay in the caller's list, which is passed by reference.
"""

from __future__ import annotations

from engine.core import Event

from .state import DerelictState


class GameOver(Exception):
    """Raised when an end condition is met; the state already records how (``ship.ending``)."""


def explode(state: DerelictState, why: str, out: list[Event]) -> None:
    """DER-END-2: every character on board dies, hibernating ones included; the ship is destroyed."""
    ship = state.ship
    ship.destroyed = True
    ship.ending = f"The ship explodes: {why}."
    out.append(Event(text=ship.ending, headline=True))
    for p in state.players:
        if p.status in ("active", "hibernating", "pod"):
            p.status = "dead"
            p.cause = "died in the explosion"
    wipe_intruders(state)
    raise GameOver


def wipe_intruders(state: DerelictState) -> None:
    """DER-END-6: every intruder dies with the ship (their tokens leave the game)."""
    ship = state.ship
    ship.gone += [i.token for i in ship.intruders if i.token is not None]
    ship.intruders = []


def hyperjump(state: DerelictState, why: str, out: list[Event]) -> None:
    """DER-END-1: every character on board who is not hibernating dies (escaped ones are gone, DER-END-5)."""
    state.ship.ending = f"The ship makes its hyperjump: {why}."
    out.append(Event(text=state.ship.ending, headline=True))
    for p in state.players:
        if p.status in ("active", "pod"):
            p.status = "dead"
            p.cause = "killed by the hyperjump while awake"
    raise GameOver


def check_last_awake(state: DerelictState, out: list[Event]) -> None:
    """DER-END-3/4: nobody awake on board any more ends the game (explosion if armed, else the hyperjump)."""
    if any(p.status in ("active", "pod") for p in state.players):
        return
    if state.ship.self_destruct is not None:
        explode(state, "nobody is left awake aboard and the self-destruct is armed", out)
    hyperjump(state, "nobody is left awake aboard", out)
