"""The Derelict board's alt text: the shared sentence (``render.core.alt``) and what only the map shows.

A screen reader or a player whose image did not load needs what the board draws beyond the view's summary:
where the intruders are (type and wounds), which rooms burn or malfunction and where noise lies. All of it
from the public view, like the image.
"""

from __future__ import annotations

from engine.derelict.view import DerelictView, IntruderView
from render.core.alt import ALT_LIMIT, image_alt


def board_alt(view: DerelictView) -> str:
    """The alt text of ``view``'s image; a board's adds its intruders, fires, malfunctions and noise."""
    words = image_alt("Derelict", view)
    if view.viewer is not None:
        return words
    seen = [f"{intruder_words(i)} in {room.id}" for room in view.rooms for i in room.intruders]
    said = [f"intruders: {', '.join(seen)}" if seen else "no intruder in sight"]
    if view.current is not None and view.phase == "play":
        said.insert(0, f"{view.seat_name(view.current)} ({view.seats[view.current].name}) to act")
    if view.phase == "over":
        tasks = [f"{view.seat_name(s)} {task}" for s, task in sorted(view.chosen_tasks.items())]
        said[:0] = [view.summary.rstrip("."), *([f"chosen tasks: {', '.join(tasks)}"] if tasks else [])]
    for what, rooms in (
        ("fire in", [r.id for r in view.rooms if r.fire]),
        ("malfunction in", [r.id for r in view.rooms if r.malfunction]),
        ("noise in", [key.replace("|", "-") for key in view.noise]),
    ):
        if rooms:
            said.append(f"{what} {', '.join(rooms)}")
    whole = f"{words.rstrip('.')}; {'; '.join(said)}."
    return whole if len(whole) <= ALT_LIMIT else whole[: ALT_LIMIT - 1].rstrip() + "…"


def intruder_words(intruder: IntruderView) -> str:
    wounds = f" with {intruder.wounds} wound{'s' if intruder.wounds != 1 else ''}" if intruder.wounds else ""
    return f"a {intruder.type}{wounds}"
