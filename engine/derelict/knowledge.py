"""What the heuristic player reads from its own seat's view: the course it read, the engines it saw, and
the public board around it. Only ``DerelictView`` fields are read, so the player never sees more than its
seat may (digest §5)."""

from __future__ import annotations

from typing import Literal

from .view import DerelictView, RoomView

EngineKnowledge = Literal["working", "damaged", "lost"] | None
EASY_PREY = ("larva", "crawler")  # one shot of any weapon often finishes them
BADLY_HURT = 2  # wounds from which another shot at a hunter, brooder or the matriarch is worth it


def my_room(view: DerelictView, seat: int) -> str:
    """The seat's room (the Cryo Bay while it has none: asleep, in a pod, or before the game starts)."""
    return view.seats[seat].room or "CB"


def room_of(view: DerelictView, room: str) -> RoomView:
    return next(r for r in view.rooms if r.id == room)


def is_fighting(view: DerelictView, room: str) -> bool:
    return bool(room_of(view, room).intruders)


def target_wounds(view: DerelictView, room: str) -> int | None:
    """The wounds of the intruder worth shooting here (easy prey, or any other already badly hurt: every
    intruder dies at the same card's number, DER-COMBAT-5), else ``None``: then escaping costs fewer attacks
    than the fight."""
    worth = [i for i in room_of(view, room).intruders if i.type in EASY_PREY or i.wounds >= BADLY_HURT]
    if not worth or len(room_of(view, room).intruders) > len(worth):
        return None
    return max(i.wounds for i in worth)


def best_target(view: DerelictView, room: str, ids: list[str]) -> str:
    """Among target choices (``i<id>`` or ``egg``): a larva or crawler first, then the most wounded."""
    intruders = {f"i{i.id}": i for i in room_of(view, room).intruders}

    def rank(choice: str) -> tuple[int, int]:
        i = intruders.get(choice)
        if i is None:
            return (0, 0)
        return (2 if i.type in EASY_PREY else 1, i.wounds)

    return max(ids, key=rank)


def earth_position(view: DerelictView) -> str | None:
    """Where Earth lies on the coordinates card, if this seat has read it."""
    return course_position(view, "Earth")


def course_position(view: DerelictView, place: str) -> str | None:
    """The course position leading to ``place`` on the coordinates card, if this seat has read it."""
    return next((position for position, where in view.course_seen.items() if where == place), None)


def room_named(view: DerelictView, name: str) -> str | None:
    """The explored room holding the tile called ``name`` (None while it is face down)."""
    return next((r.id for r in view.rooms if r.name == name), None)


def engine_known(view: DerelictView, room: str) -> EngineKnowledge:
    """What this seat last learnt of an engine: working or damaged on top, or ``lost`` (both tokens
    damaged: no repair helps)."""
    seen = view.engines_seen.get(room)
    if seen == "working":
        return "working"
    if seen == "damaged":
        return "damaged"
    return "lost" if seen == "lost" else None
