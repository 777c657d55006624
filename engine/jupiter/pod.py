"""The Evacuation Pod: docking (a two-step choice), boarding and launching.

Docking is asked at setup (JUP-SETUP-11), at the start of the launching robot's turn (JUP-POD-5), when Pilot
docks it (JUP-CARD-PILOT-2) and when its docking tile blows up (JUP-GAP-POD-5): every time the same chain, so
it lives here once. The colony has up to 30 exposed sides, more than a select menu holds, so the choice is
split: a tile first, then its side (JUP-DEC-3); a tile with a single docking side docks at once. The caller
keeps the tile picked so far (``picked``) in its own chain.
"""

from __future__ import annotations

from engine.core import Choice, Event, Prompt

from .catalog import CATALOG, SIDE_NAMES
from .setup import deal_abilities
from .state import JupiterState, cap, robot_name

BACK = "back"


def dock_tiles(state: JupiterState) -> dict[str, list[int]]:
    """Docking sides offered now, grouped by tile in spiral order (JUP-GAP-POD-8)."""
    result: dict[str, list[int]] = {}
    for tile, side in state.colony.dock_sides():
        result.setdefault(tile, []).append(side)
    return result


def dock_prompt(state: JupiterState, seat: int, picked: str | None) -> Prompt:
    """The pending step of the docking chain for ``seat``: which tile, or which side of the tile ``picked``."""
    colony = state.colony
    offered = dock_tiles(state)
    if picked is None:
        choices = []
        for tile, sides in offered.items():
            names = ", ".join(SIDE_NAMES[s] for s in sides)
            label = f"{tile} (module {colony.module_of(tile)}): side {names}"
            choices.append(Choice(id=tile, label=label))
        return Prompt(
            id=state.prompt_id("dock"),
            seat=seat,
            question="Where do you dock the Evacuation Pod? Pick a tile on the colony's edge.",
            choices=tuple(choices),
            private=False,
        )
    side_choices = [
        Choice(id=SIDE_NAMES[s], label=f"Side {SIDE_NAMES[s]} of {picked}, bridged to {colony.outer(picked, s)}")
        for s in offered[picked]
    ]
    return Prompt(
        id=state.prompt_id("side"),
        seat=seat,
        question=f"Which side of {picked} does the Evacuation Pod dock on?",
        choices=(*side_choices, Choice(id=BACK, label="Pick another tile")),
        private=False,
    )


def answer_dock(state: JupiterState, seat: int, picked: str | None, choice: str) -> tuple[str | None, list[Event]]:
    """Apply one answer of the docking chain.

    Returns the tile picked so far (``None`` once docked or after "back") and the events; ``state.pod.dock``
    tells whether the pod is docked now.
    """
    if picked is None:
        sides = dock_tiles(state)[choice]
        if len(sides) == 1:
            return None, dock(state, seat, choice, sides[0])
        return choice, []
    if choice == BACK:
        return None, []
    return None, dock(state, seat, picked, SIDE_NAMES.index(choice))


def dock(state: JupiterState, seat: int, tile: str, side: int) -> list[Event]:
    """Dock the pod beside ``tile``'s side ``side``: bridged to that side's outer dome only (JUP-GAP-POD-1)."""
    state.pod.dock = (tile, side)
    state.pod.launched_by = None
    state.redock = False
    dome = state.colony.outer(tile, side)
    who = cap(robot_name(seat))
    events = [Event(text=f"{who} docks the Evacuation Pod at side {SIDE_NAMES[side]} of {tile} ({dome}).")]
    if state.options.robot_vulnerability:
        events += return_robots(state)
    return events


def return_robots(state: JupiterState) -> list[Event]:
    """Robots lost with their tile come back aboard the pod when it docks, with two new cards and a new core
    to choose (JUP-VAR-RV-3, JUP-VAR-RV-4, JUP-GAP-RV-2). A robot that finds the pod full waits for the next
    dock."""
    events: list[Event] = []
    for seat, robot in enumerate(state.robots):
        if robot.in_play or state.pod.load >= CATALOG.numbers.pod_capacity:
            continue
        dealt_count = CATALOG.numbers.dealt
        if sum(1 for k in state.deck if not CATALOG.is_setback(k)) < dealt_count:
            state.deck += state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
        if sum(1 for k in state.deck if not CATALOG.is_setback(k)) < dealt_count:
            continue  # every ability card is in somebody's hand: the robot waits for a later dock
        dealt, returned = deal_abilities(state.deck, dealt_count)
        robot.in_play, robot.dealt, robot.hand, robot.core = True, dealt, [], None
        state.pod.robots = sorted([*state.pod.robots, seat])
        state.recore.append(seat)
        back = f" ({', '.join(CATALOG.card_name(k) for k in returned)} to the bottom)" if returned else ""
        events.append(Event(text=f"{cap(robot_name(seat))} returns aboard the pod with two new cards{back}."))
    return events


def docking_dome(state: JupiterState) -> str | None:
    """The outer dome the docked pod is bridged to, or ``None`` while the pod is away."""
    if state.pod.dock is None:
        return None
    tile, side = state.pod.dock
    return state.colony.outer(tile, side)


def has_room(state: JupiterState) -> bool:
    """Whether the docked pod can take one more piece (JUP-POD-1)."""
    return state.pod.dock is not None and state.pod.load < CATALOG.numbers.pod_capacity


def launch(state: JupiterState, seat: int, why: str) -> list[Event]:
    """The pod leaves: its colonists are saved, robots aboard stay aboard (JUP-POD-4, JUP-GAP-POD-4).

    ``seat`` docks it again at the start of its next turn (JUP-POD-5).
    """
    pod = state.pod
    saved = pod.colonists
    state.saved += saved
    pod.colonists = 0
    pod.dock = None
    pod.launched_by = seat
    pod.launches += 1
    colonists = "colonist" if saved == 1 else "colonists"
    return [
        Event(
            text=f"The Evacuation Pod launches ({why}) and carries {saved} {colonists} to safety: "
            f"{state.saved} saved so far."
        )
    ]
