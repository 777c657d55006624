"""Self-play for balance (digest §7): a heuristic player that reads only its own seat's view and prompts,
and a runner that reports the section's metrics.

The heuristic player (deliberately simple, to be improved): in combat it shoots if it can, else escapes;
out of combat it boards an open pod or hibernates as soon as it may, leaves a burning room, fixes a
malfunction where it stands, reads and sets the course to Earth on the Bridge, looks at the engines and works
a damaged one it has seen, sends the signal when its task needs it, searches, and otherwise moves (carefully
with 4 cards or more, plainly with 3, else it passes to keep a hand) toward its goal: the nearest face-down
room, then the Bridge, the engines and the Cryo Bay as hibernation nears. It keeps friendly tasks when it can
and never plays a hostile task actively.

Run: ``python -m engine.derelict.selfplay --games 80`` (per cell: players 1-5 × mode × length).
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, deque
from dataclasses import dataclass, field

from engine.core import Prompt, SeatSetup

from . import SPEC
from .catalog import CATALOG
from .options import DerelictOptions
from .state import DerelictState
from .view import DerelictView

SIGNAL_TASKS = ("C1", "C2", "P3", "P4", "P6")


def path_step(start: str, goal: str) -> str | None:
    """The first room on a shortest corridor path from ``start`` to ``goal``."""
    if start == goal:
        return None
    seen = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in CATALOG.exits[here]:
            if there in CATALOG.exits and there not in seen:
                seen[there] = here
                if there == goal:
                    step = there
                    while seen[step] != start:
                        step = seen[step]
                    return step
                queue.append(there)
    return None


def distance(start: str, goal: str) -> int:
    steps, here = 0, start
    while here != goal and steps < 30:
        nxt = path_step(here, goal)
        if nxt is None:
            return 99
        here, steps = nxt, steps + 1
    return steps


def earth_position(view: DerelictView) -> str | None:
    """Where Earth lies on the coordinates card, if this seat has read it."""
    for peek in view.peeks:
        if "coordinates card reads" in peek:
            for part in peek.split("reads", 1)[1].strip(" .").split(", "):
                position, _, place = part.partition(" ")
                if place == "Earth":
                    return position
    return None


def damaged_seen(view: DerelictView, room: str) -> bool | None:
    name = CATALOG.fixed[room].name
    for peek in reversed(view.peeks):
        if name in peek:
            return "is damaged" in peek or ("leave" not in peek and "damaged on top" in peek)
    return None


@dataclass
class Heuristic:
    """Chooses among a prompt's choices from the seat's view only."""

    def choose(self, view: DerelictView, prompt: Prompt) -> str:
        ids = [c.id for c in prompt.choices]
        pid = prompt.id
        if pid.startswith("draft"):
            return ids[0]
        if pid.startswith("task"):
            friendly = [t for t in ids if CATALOG.task[t].kind == "friendly"]
            return "P1" if "P1" in ids else (friendly or ids)[0]
        me = view.seats[prompt.seat]
        room = me.room or "CB"
        kind = pid.rsplit(".", 1)[-1]
        if kind == "turn":
            return self.turn(view, prompt.seat, room, ids)
        if kind in ("to",):
            return self.destination(view, room, ids)
        if kind == "exit":
            return self.quiet_exit(view, room, ids)
        if kind == "next":
            return "reroll" if "reroll" in ids else ("again" if "again" in ids else ids[0])
        if kind == "launch":
            return "launch"
        if kind == "pod":
            return "launch" if "launch" in ids else ids[0]
        if kind == "order":
            return "working" if "working" in ids else ids[0]
        if kind == "course":
            earth = earth_position(view)
            return earth if earth in ids else ids[0]
        if kind == "discard":
            return "done" if "done" in ids else ids[0]
        if kind == "keep":
            return ids[0]
        if kind == "scan":
            return "scan"
        for preferred in ("done", "decline", "stay", "keep", "stop"):
            if preferred in ids:
                return preferred
        return ids[0]

    def destination(self, view: DerelictView, room: str, ids: list[str]) -> str:
        goal = self.goal(view, room)
        step = path_step(room, goal) if goal else None
        return step if step in ids else ids[0]

    def quiet_exit(self, view: DerelictView, room: str, ids: list[str]) -> str:
        """The careful move's noise token: toward a hatch (ducts are shared, so noise there travels least)."""
        return ids[-1]

    def goal(self, view: DerelictView, room: str) -> str:
        if view.time >= view.cryo_open - 1:
            return "CB"
        if earth_position(view) is None and view.time >= view.cryo_open - 5:
            return "BR"  # read (and set) the course before going to sleep
        engines = [e for e in CATALOG.ship.engines.rooms if damaged_seen(view, e) is not False]
        if engines and view.time >= view.cryo_open - 4:
            return min(engines, key=lambda e: distance(room, e))  # see each engine, fix a damaged one
        unexplored = [r.id for r in view.rooms if not r.explored]
        if unexplored:
            return min(unexplored, key=lambda r: distance(room, r))
        return "BR" if earth_position(view) is None else "CB"

    def turn(self, view: DerelictView, seat: int, room: str, ids: list[str]) -> str:
        me = view.seats[seat]
        for action in ("board_pod", "hibernate"):
            if action in ids:
                return action
        if "shoot" in ids:
            return "shoot"
        fighting = any(r.intruders for r in view.rooms if r.id == room)
        if fighting:
            return "move" if "move" in ids else "pass"
        if room in view.rooms_on_fire() and "move" in ids:
            return "move"  # fire hurts at the end of every turn
        here = next(r for r in view.rooms if r.id == room)
        if here.malfunction:
            for card in ("card_quick_fix", "card_repairs"):
                if card in ids:
                    return card
        earth = earth_position(view)
        if "read_course" in ids and earth is None:
            return "read_course"
        if "set_course" in ids and earth is not None and view.course != earth:
            return "set_course"
        if room in CATALOG.ship.engines.rooms:
            seen = damaged_seen(view, room)
            if seen is None and "inspect" in ids:
                return "inspect"
            for card in ("card_repairs", "card_quick_fix"):
                if seen and card in ids:
                    return card
        if "signal" in ids and not me.signal and any(t.split(":")[0] in SIGNAL_NAMES for t in view.tasks):
            return "signal"
        if "card_search" in ids:
            return "card_search"
        if "card_rest" in ids and "infection card" in view.hand:
            return "card_rest"
        if self.goal(view, room) != room:
            # Careful movement makes no noise roll (no collision); plain moves only with cards to spare.
            if "careful" in ids and len(view.hand) >= 4:
                return "careful"
            if "move" in ids and len(view.hand) >= 3:
                return "move"
        return "pass"


SIGNAL_NAMES = {CATALOG.task[t].name for t in SIGNAL_TASKS}


@dataclass
class Tally:
    """Section 7's metrics over many games of one cell."""

    games: int = 0
    characters: int = 0
    survivors: int = 0
    winners: int = 0
    games_with_winner: int = 0
    rounds: list[int] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)
    engine_failures: int = 0
    early_deaths: int = 0
    hostile: Counter[str] = field(default_factory=Counter)

    def add(self, state: DerelictState, early: int) -> None:
        result = SPEC.outcome(state)
        assert result is not None
        self.games += 1
        self.characters += len(state.players)
        alive = [p for p in state.players if p.status in ("hibernating", "escaped")]
        self.survivors += len(alive)
        self.winners += len(result.winners)
        self.games_with_winner += bool(result.winners)
        self.rounds.append(state.round)
        ending = state.ship.ending
        self.endings["hyperjump" if "hyperjump" in ending else "explosion" if "explodes" in ending else "other"] += 1
        if "ninth" in ending:
            self.endings["9th token"] += 1
        self.engine_failures += sum(1 for stack in state.ship.engines.values() if stack[0] == "damaged") >= 2
        self.early_deaths += early
        for p in state.players:
            kind = CATALOG.task[p.task].kind if p.task else "friendly"
            self.hostile[f"{kind} holders"] += 1
            self.hostile[f"{kind} winners"] += p.seat in result.winners

    def row(self) -> str:
        h = self.hostile
        return " | ".join(
            [
                pct(self.survivors, self.characters),
                pct(self.winners, self.characters),
                pct(self.games_with_winner, self.games),
                f"{statistics.median(self.rounds):.0f}",
                pct(self.endings["hyperjump"], self.games),
                pct(self.endings["9th token"], self.games),
                pct(self.engine_failures, self.games),
                pct(self.early_deaths, self.characters),
                f"{pct(h['hostile winners'], h['hostile holders'])} / "
                f"{pct(h['friendly winners'], h['friendly holders'])}",
            ]
        )


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def play(players: int, options: DerelictOptions, seed: int, bot: Heuristic) -> tuple[DerelictState, int]:
    """One game of heuristic players; returns the final state and the deaths in the first 3 rounds."""
    state = SPEC.setup([SeatSetup()] * players, options, seed)
    early = 0
    for _ in range(5000):
        prompts = SPEC.prompts(state)
        if not prompts:
            break
        prompt = prompts[0]
        view = SPEC.view(state, prompt.seat)
        assert isinstance(view, DerelictView)
        dead = sum(1 for p in state.players if p.status == "dead")
        state, _ = SPEC.apply(state, prompt.seat, prompt.id, bot.choose(view, prompt))
        if state.round <= 3 and state.phase != "over":
            early += sum(1 for p in state.players if p.status == "dead") - dead
    return state, early


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=80)
    args = parser.parse_args()
    bot = Heuristic()
    print(
        "| players | mode | length | survive | win (per player) | ≥1 winner | rounds | hyperjump | 9th token "
        "| engine fail | died by round 3 | win hostile / friendly |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for length in ("full", "short"):
        for mode in ("standard", "coop"):
            for players in range(1, 6):
                if mode == "coop" and players == 1:
                    continue
                tally = Tally()
                options = DerelictOptions(mode=mode, length=length)
                for seed in range(args.games):
                    state, early = play(players, options, 10_000 + seed, bot)
                    tally.add(state, early)
                print(f"| {players} | {mode} | {length} | {tally.row()} |", flush=True)


if __name__ == "__main__":
    main()
