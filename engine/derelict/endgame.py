"""The end-of-game checks, in the seed's order, and the outcome (DER-END-CHECK-1..7, DER-TASK-*, DER-WIN-1).

After ``GameOver`` every check runs on the final state: engines, coordinates, contagion, then tasks. Every
chosen task, the coordinates card, the engine tokens and every infection card's status become public
(DER-END-CHECK-7); the unchosen tasks never do.
"""

from __future__ import annotations

from engine.core import Event, Outcome
from engine.core.words import seat_ref

from .board import character_name, hive_room_of, is_explored
from .cards import all_cards, infection_cards
from .catalog import CATALOG
from .ending import wipe_intruders
from .state import DerelictState, Player


def destination(state: DerelictState) -> str:
    """Where the course marker points on the coordinates card."""
    card = CATALOG.ship.course.cards[state.ship.coordinates]
    return card[CATALOG.ship.course.positions.index(state.ship.course)]


def end_checks(state: DerelictState, out: list[Event]) -> None:
    """DER-END-CHECK-1..6 in order; then the game is over."""
    ship = state.ship
    state.phase = "over"
    state.current = None
    state.step = None
    if not ship.destroyed:
        tops = {room: stack[0] for room, stack in ship.engines.items()}
        shown = ", ".join(f"{room} {top}" for room, top in tops.items())
        damaged = sum(1 for top in tops.values() if top == "damaged")
        out.append(Event(text=f"Engine check: {shown}."))
        if damaged >= CATALOG.ship.engines.damaged_to_explode:
            ship.destroyed = True
            wipe_intruders(state)
            out.append(Event(text="Two engines are damaged: the ship explodes on the way.", headline=True))
            for p in state.players:
                if p.status == "hibernating":
                    p.status = "dead"
                    p.cause = "died asleep when the damaged engines exploded"
    if not ship.destroyed:
        where = destination(state)
        out.append(Event(text=f"Coordinates check: the course ({ship.course}) leads to {where}."))
        if where != "Earth":
            for p in state.players:
                if p.status == "hibernating":
                    p.status = "dead"
                    p.cause = f"never woke up: the ship flew to {where}"
    for p in state.players:
        if p.status in ("hibernating", "escaped"):
            contagion_check(state, p, out)
    for p in state.players:
        task = CATALOG.task[p.task] if p.task else None
        name = task.name if task else "no task"
        out.append(Event(text=f"{character_name(p)}'s task was {name}: {task.text if task else ''}"))
    result = outcome_of(state)
    out.append(Event(text=result.summary, headline=True))


def contagion_check(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-END-CHECK-4/5: any INFECTED card or a larva means reshuffle all and draw 4; any infection card kills."""
    infected = [c for c in infection_cards(player) if c in state.ship.infected]
    for c in infection_cards(player):
        if c not in state.ship.scanned:
            state.ship.scanned.append(c)
    if not infected and not player.larva:
        return
    cards = all_cards(player)
    state.rng.shuffle(cards)
    player.deck, player.hand, player.discard = cards, [], []
    drawn = cards[:4]
    if any(c.startswith("inf") for c in drawn):
        player.status = "dead"
        player.cause = "the infection took them on the way home"
        out.append(Event(text=f"Contagion check: {character_name(player)} is infected and does not survive."))
    else:
        out.append(Event(text=f"Contagion check: {character_name(player)} is infected but pulls through."))


def survived(player: Player) -> bool:
    return player.status in ("hibernating", "escaped")


def reaches(state: DerelictState, where: str) -> bool:
    return not state.ship.destroyed and destination(state) == where


def hive_destroyed(state: DerelictState) -> bool:
    return state.ship.destroyed or "egg" not in state.ship.objects.get(hive_room_of(state), [])


def carrying(player: Player, thing: str) -> bool:
    return thing in player.held


def task_met(state: DerelictState, player: Player) -> bool:
    """Table 2.10, judged on the final state (DER-TASK-5)."""
    n = len(state.players)
    survivors = [p for p in state.players if survived(p)]
    only = survivors == [player]
    left = state.players[(player.seat + 1) % n]
    right = state.players[(player.seat - 1) % n]
    revealed = state.ship.revealed_weaknesses
    task = player.task
    if task == "C1":
        return player.signal and carrying(player, "egg")
    if task == "C2":
        return player.signal and "carcass" in revealed
    if task == "C3":
        return "egg" in revealed
    if task == "C4":
        return len(revealed) >= 2
    if task == "C5":
        return not survived(left) or only
    if task == "C6":
        return not survived(right) or only
    if task == "C7":
        return reaches(state, "Ceres")
    if task == "C8":
        return hive_destroyed(state)
    if task == "P1":
        return reaches(state, "Earth")
    if task == "P2":
        return not reaches(state, "Earth") or hive_destroyed(state)
    if task == "P3":
        return player.signal and (state.ship.matriarch_dead or state.ship.destroyed)
    if task == "P4":
        return player.signal and carrying(player, "body")
    if task == "P5":
        return player.status == "escaped" and len(player.items) + len(player.weapons) >= 5
    if task == "P6":
        return player.signal and all(is_explored(state, s) for s in CATALOG.slots)
    if task == "P7":
        return survived(player) and len(survivors) >= 2
    return False


def outcome_of(state: DerelictState) -> Outcome:
    """DER-WIN-1: every survivor whose chosen task is met wins; the summary gives each seat's reason."""
    winners = []
    lines = []
    for p in state.players:
        name = character_name(p)
        task = CATALOG.task[p.task].name if p.task else "no task"
        if not survived(p):
            cause = p.cause or "did not make it home"
            lines.append(f"{name} ({seat_ref(p.seat)}) lost: {cause}.")
        elif task_met(state, p):
            winners.append(p.seat)
            lines.append(f"{name} ({seat_ref(p.seat)}) won: home alive, task {task} met.")
        else:
            lines.append(f"{name} ({seat_ref(p.seat)}) lost: home alive, but task {task} not met.")
    summary = " ".join([state.ship.ending, *lines]).strip()
    if winners:
        return Outcome(result="win", winners=tuple(winners), summary=summary)
    return Outcome(result="loss", summary=summary)
