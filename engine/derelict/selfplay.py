"""Self-play for balance (digest §7): the runner that plays heuristic players (``heuristic.py``) and
reports the section's metrics per player count, mode and length.

Run: ``python -m engine.derelict.selfplay --games 80`` (every cell: players 1-5 × mode × length), or narrow
the cells with ``--players 3 --mode standard --length full``; ``--causes`` adds how characters ended.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from dataclasses import dataclass, field

from engine.core import SeatSetup

from . import SPEC
from .catalog import CATALOG
from .heuristic import Heuristic
from .options import DerelictOptions
from .state import DerelictState
from .view import DerelictView

CONTAGION = "the infection took them on the way home"


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
    causes: Counter[str] = field(default_factory=Counter)

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
        self.endings["time" if "time track" in ending else "asleep" if "nobody" in ending else "other"] += 1
        if "ninth" in ending:
            self.endings["9th token"] += 1
        self.engine_failures += sum(1 for stack in state.ship.engines.values() if stack[0] == "damaged") >= 2
        self.early_deaths += early
        for p in state.players:
            self.causes[p.cause or p.status] += 1
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
                pct(self.winners, self.survivors),
                f"{statistics.median(self.rounds):.0f}",
                pct(self.endings["time"], self.games),
                pct(self.endings["asleep"], self.games),
                pct(self.endings["9th token"], self.games),
                pct(self.engine_failures, self.games),
                pct(self.causes[CONTAGION], self.survivors + self.causes[CONTAGION]),
                pct(self.early_deaths, self.characters),
                f"{pct(h['hostile winners'], h['hostile holders'])} / "
                f"{pct(h['friendly winners'], h['friendly holders'])}",
            ]
        )


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def play(
    players: int, options: DerelictOptions, seed: int, bot: Heuristic, tuning: int | None = None
) -> tuple[DerelictState, int]:
    """One game of heuristic players; returns the final state and the deaths in the first 3 rounds.
    ``tuning`` replays an earlier balance tuning (ship.toml ``tunings``) for before/after figures."""
    state = SPEC.setup([SeatSetup()] * players, options, seed)
    if tuning is not None:
        state.tuning = tuning
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
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4, 5])
    parser.add_argument("--mode", nargs="*", default=["standard", "coop"])
    parser.add_argument("--length", nargs="*", default=["full", "short"])
    parser.add_argument("--tuning", type=int, default=None, help="play under an earlier tuning (0 = derelict-0)")
    parser.add_argument("--causes", action="store_true", help="also print how characters ended, per cell")
    args = parser.parse_args()
    bot = Heuristic()
    print(
        "| players | mode | length | survive | win (per player) | ≥1 winner | task met (survivors) | rounds "
        "| time ran out | nobody awake "
        "| 9th token | engine fail | contagion | died by round 3 | win hostile / friendly |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for length in args.length:
        for mode in args.mode:
            for players in args.players:
                if mode == "coop" and players == 1:
                    continue
                tally = Tally()
                options = DerelictOptions(mode=mode, length=length)
                for seed in range(args.games):
                    state, early = play(players, options, 10_000 + seed, bot, args.tuning)
                    tally.add(state, early)
                print(f"| {players} | {mode} | {length} | {tally.row()} |", flush=True)
                if args.causes:
                    print("   ", dict(tally.causes.most_common()), flush=True)


if __name__ == "__main__":
    main()
