"""Helpers that build Jupiter Deep games and drive them through the contract functions only.

A test makes a game as the lobby would (``new_game``), answers prompts like a player (``answer``), and reads
the result from the state. ``ready`` plays the whole setup (cores, first robot, dock) with given answers.
"""

from __future__ import annotations

from engine.core import Event, Prompt, SeatSetup
from engine.jupiter.options import JupiterOptions
from engine.jupiter.rules import apply, prompts
from engine.jupiter.setup import setup
from engine.jupiter.state import JupiterState


def new_game(players: int = 3, seed: int = 7, **options: bool) -> JupiterState:
    """A game as the lobby starts it, waiting for the cores."""
    return setup([SeatSetup() for _ in range(players)], JupiterOptions(**options), seed)


def prompt_for(state: JupiterState, seat: int) -> Prompt:
    """The one prompt pending for ``seat`` (fails the test if there is none)."""
    mine = [p for p in prompts(state) if p.seat == seat]
    assert len(mine) == 1, f"seat {seat} has {len(mine)} prompts: {[p.id for p in prompts(state)]}"
    return mine[0]


def answer(state: JupiterState, seat: int, choice: str) -> tuple[JupiterState, list[Event]]:
    """``seat`` answers its pending prompt with ``choice``."""
    return apply(state, seat, prompt_for(state, seat).id, choice)


def ready(state: JupiterState, first: int = 0, dock: tuple[str, str] | None = None) -> JupiterState:
    """Play the setup decisions: every seat keeps its first dealt card as core, ``first`` goes first and docks
    at ``dock`` (tile, side name) or at the first side offered."""
    for seat in range(state.players):
        state, _ = answer(state, seat, state.robots[seat].dealt[0])
    if state.phase == "first":
        state, _ = answer(state, 0, f"s{first}")
    tile, side = dock if dock is not None else (prompt_for(state, first).choices[0].id, None)
    state, _ = answer(state, first, tile)
    if state.phase == "dock":
        state, _ = answer(state, first, side if side is not None else prompt_for(state, first).choices[0].id)
    return state


# Rigged positions ---------------------------------------------------------------------------------------------
#
# The standard layout: the first 19 tiles by id on the spiral, unturned. Cells and patterns:
#   P0 T01 FULL (0,0)   P1 T02 HUB (1,0)    P2 T03 LOOP (1,-1)   P3 T04 HOOK (0,-1)   P4 T05 FULL (-1,0)
#   P5 T06 HUB (-1,1)   P6 T07 STAR (0,1)   P7 T08 HOOK (2,0)    P8 T09 RING6 (2,-1)  P9 T10 RING5 (2,-2)
#   P10 T11 RING5 (1,-2) P11 T12 RING4 (0,-2) P12 T13 RING6 (-1,-1) P13 T14 RING5 (-2,0) P14 T15 RING5 (-2,1)
#   P15 T16 RING4 (-2,2) P16 T17 FULL (-1,2) P17 T18 LOOP (0,2)  P18 T19 STAR (1,1)
# Modules: T01-T04 1, T05-T08 2, T09-T12 3 (plants), T13-T16 4 (dishes), T17-T19 5. The interior (T01-T07) holds
# modules 1 and 2 only, so a roll of 1 invades nothing and a roll of 2 invades only T08.


def position(
    players: int = 2,
    pieces: dict[str, str] | None = None,
    *,
    robots: dict[int, str] | None = None,
    pod: tuple[str, str] | None = ("T08", "E"),
    pod_colonists: int = 0,
    hands: dict[int, list[str]] | None = None,
    cores: dict[int, str] | None = None,
    active: int = 0,
    deck: list[str] | None = None,
    rolls: list[int] | None = None,
    saved: int | None = None,
    super_creeps: list[str] | None = None,
    remove: list[str] | None = None,
    filler: bool = True,
    **options: bool,
) -> JupiterState:
    """A game in ``active``'s Player Actions on the standard layout.

    ``pieces`` maps domes to ``"C"`` (colonist) or ``"X"`` (creep); ``robots`` maps seats to a dome or
    ``"pod"`` (robots not named stand aboard the pod); ``pod`` is (tile, side name) or ``None`` for away.
    ``rolls`` are the invasion dice to come (1-6). ``saved`` defaults to leaving 2 colonists to spare above the
    target, so a test does not lose by accident. Tiles in ``remove`` are destroyed before the game starts.
    ``filler`` puts a colonist on every free dome of T14, T15 and T16 (far west, module 4): 18 colonists that
    keep the game from being lost or won by accident (the win needs saved + aboard >= 28).
    """
    from engine.core import RiggedRng
    from engine.jupiter.catalog import CATALOG, SIDE_NAMES
    from engine.jupiter.colony import spiral_layout
    from engine.jupiter.state import Pod, robot_code

    state = ready(new_game(players, seed=1, **options)).clone()
    tiles = sorted(CATALOG.tiles)[:19]
    state.placements = [p for p in spiral_layout(tiles, [0] * 19) if p.tile not in (remove or [])]
    state.destroyed = list(remove or [])
    state.out_of_game = "T20"
    state.occupant = dict(pieces or {})
    if filler:
        for tile in ("T14", "T15", "T16"):
            for dome in state.colony.spaces_of(tile):
                state.occupant.setdefault(dome, "C")
    where = robots or {}
    aboard = [s for s in range(players) if where.get(s, "pod") == "pod"]
    for seat, dome in where.items():
        if dome != "pod":
            state.occupant[dome] = robot_code(seat)
    dock = (pod[0], SIDE_NAMES.index(pod[1])) if pod is not None else None
    state.pod = Pod(dock=dock, colonists=pod_colonists, robots=aboard)
    for seat in range(players):
        state.robots[seat].hand = list((hands or {}).get(seat, []))
        state.robots[seat].core = (cores or {}).get(seat)  # no core unless the test names one
    state.deck = list(deck) if deck is not None else ["sniper", "swap", "pilot", "teleport", "bullhorn"] * 3
    state.discard = []
    state.super_creeps = list(super_creeps or [])
    state.placed = 49
    living = state.colonists_on_board() + pod_colonists
    state.saved = saved if saved is not None else max(0, CATALOG.numbers.rescue_target + 2 - living)
    state.lost = state.placed - living - state.saved
    state.active = active
    state.phase = "actions"
    state.turn, state.step, state.spent = 1, 0, 0
    state.rng = RiggedRng(state=5, queued=[r - 1 for r in (rolls or [])])
    return state


def active_prompt(state: JupiterState) -> Prompt:
    return prompt_for(state, state.active)


def ids(state: JupiterState) -> list[str]:
    """The choice ids of the active robot's pending prompt."""
    return [c.id for c in active_prompt(state).choices]


def act(state: JupiterState, *choices: str) -> tuple[JupiterState, list[Event]]:
    """The active robot answers its prompts with ``choices`` in turn; returns the state and every event."""
    events: list[Event] = []
    for choice in choices:
        state, more = answer(state, state.active, choice)
        events += more
    return state, events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
