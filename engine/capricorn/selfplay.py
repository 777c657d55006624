"""Seeded self-play of Abandon Capricorn: win rates per difficulty and crew size (digest §9).

Every seat is played by the greedy bot of ``greedy.py`` (or, with ``--random``, by uniformly random legal
choices), so the numbers measure the game with a fixed, reproducible player: game ``i`` of a run uses seed
``seed0 + i`` for the table and the bot's tie-breaks.

    python -m engine.capricorn.selfplay --games 200 --players 3 --difficulty normal
    python -m engine.capricorn.selfplay --games 200 --players 1 2 3 4 5 --difficulty all --random
    python -m engine.capricorn.selfplay --games 160 --players 1 2 3 4 5 --difficulty hard --table tuned

Per configuration it prints games, wins (percent with a 95% Wilson interval), average and median turns and
rounds, mean peak threat, the share of games in which each Mother came onto the ship, and the loss reasons
(death, bag: the bag ran out, cards: every card trashed, stalled: no end within the step cap, which would be a
bug).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .greedy import play_one
from .options import CapricornOptions
from .state import CapricornState
from .terms import DIFFICULTIES, TABLES

VARIANTS = ("standard", "rotation-gone-mad")

MAX_STEPS = 20000


@dataclass(frozen=True)
class Result:
    """One finished game, reduced to what the table needs."""

    won: bool
    reason: str
    turns: int
    rounds: float
    characters: int
    peak_threat: int  # the threat only ever rises (CAP-JUMP-4), so the final threat is the peak
    mothers_seen: frozenset[str]  # colours of the Mothers that came onto the ship


def reason_of(state: CapricornState) -> str:
    """A one-word loss reason from the state's summary (``win`` for a win)."""
    if state.result == "win":
        return "win"
    if state.result is None:
        return "stalled"
    if "died" in state.summary:
        return "death"
    if "bag" in state.summary:
        return "bag"
    if "action cards" in state.summary:
        return "cards"
    return "other"


def run_game(job: tuple[int, int, str, str, str, bool]) -> Result:
    """Play one seeded game (picklable for the process pool)."""
    seed, players, difficulty, table, variant, random = job
    options = CapricornOptions(difficulty=difficulty, table=table, variant=variant)
    final = play_one(seed, players, options, MAX_STEPS, random=random)
    chars = len(final.crew.characters)
    return Result(
        won=final.result == "win",
        reason=reason_of(final),
        turns=final.turn,
        rounds=final.turn / chars,
        characters=chars,
        peak_threat=final.crew.threat,
        mothers_seen=frozenset(m.color for m in final.crew.mothers.values() if m.status in ("on_map", "dead")),
    )


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate, in percent."""
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def summarise(label: str, results: Sequence[Result]) -> str:
    """One line of the table."""
    n = len(results)
    wins = sum(r.won for r in results)
    low, high = wilson(wins, n)
    reasons = Counter(r.reason for r in results if not r.won)
    lost = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())) or "-"
    turns = sum(r.turns for r in results) / n
    rounds = statistics.median(r.rounds for r in results)
    threat = sum(r.peak_threat for r in results) / n
    seen = Counter(color for r in results for color in r.mothers_seen)
    mothers = " ".join(f"{color} {100 * seen[color] / n:.0f}%" for color in ("black", "green"))
    return (
        f"{label:<34} {n:>5} games  won {wins:>4} ({100 * wins / n:5.1f}%, 95% {low:4.1f}-{high:4.1f})  "
        f"turns {turns:5.1f}  median rounds {rounds:4.1f}  peak threat {threat:3.1f}  Mothers out: {mothers}  "
        f"losses: {lost}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=50, help="games per configuration")
    parser.add_argument("--players", type=int, nargs="+", default=[3], help="player counts (1-5)")
    parser.add_argument("--difficulty", nargs="+", default=["normal"], help="difficulties, or all")
    parser.add_argument("--table", default="printed", choices=TABLES, help="the printed difficulty table or ours")
    parser.add_argument("--variant", default="standard", choices=VARIANTS)
    parser.add_argument("--seed0", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--random", action="store_true", help="random legal play instead of the greedy bot")
    args = parser.parse_args(argv)
    difficulties = list(DIFFICULTIES) if "all" in args.difficulty else args.difficulty
    for d in difficulties:
        if d not in DIFFICULTIES:
            raise SystemExit(f"unknown difficulty {d!r}: use {', '.join(DIFFICULTIES)} or all")
    who = "random-legal" if args.random else "greedy"
    seeds = f"{args.seed0}..{args.seed0 + args.games - 1}"
    print(f"Abandon Capricorn self-play ({who}, {args.table} table, {args.variant}), seeds {seeds}")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for difficulty in difficulties:
            for players in args.players:
                jobs = [
                    (args.seed0 + i, players, difficulty, args.table, args.variant, args.random)
                    for i in range(args.games)
                ]
                results = list(pool.map(run_game, jobs, chunksize=2))
                print(summarise(f"{difficulty}, {players} players", results), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
