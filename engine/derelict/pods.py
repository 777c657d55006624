"""Escape pods: locks, launching (DER-POD-1..10, DER-SELF-3, DER-WOUND-7)."""

from __future__ import annotations

from engine.core import Event

from .board import character_name
from .ending import check_last_awake
from .state import DerelictState, Pod


def unlock_all(state: DerelictState, why: str, out: list[Event]) -> None:
    pods = [p for p in state.ship.pods if p.locked and not p.launched]
    for pod in pods:
        pod.locked = False
    if pods:
        out.append(Event(text=f"Every escape pod unlocks: {why}."))


def launch(state: DerelictState, pod: Pod, out: list[Event]) -> None:
    """DER-POD-6/10: the pod flies away; everyone in it has escaped."""
    pod.launched = True
    names = [character_name(state.players[s]) for s in pod.seats]
    for seat in pod.seats:
        state.players[seat].status = "escaped"
    who = ", ".join(names) if names else "nobody aboard"
    out.append(Event(text=f"Escape pod {pod.number} launches ({who}).", headline=True))
    check_last_awake(state, out)
