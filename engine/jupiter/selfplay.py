"""Seeded self-play of Jupiter Deep: win rates per robot count and per alternate rule (digest section 8).

Every seat is played by the bot of ``heuristic.py``, which plans each turn with ``planner.py`` (or, with
``--greedy``, by the older one-action greedy bot; with ``--random``, by uniformly random legal choices), so the
numbers measure the game with a fixed, reproducible player: game ``i`` of a run uses seed ``seed0 + i`` for both
the colony and the bot's tie-breaks. Use ``--jobs 1`` on a shared machine.

    python -m engine.jupiter.selfplay --games 100 --robots 1 2 3 4 5 6 7
    python -m engine.jupiter.selfplay --games 100 --robots 4 --option fast_creeps --option none
    python -m engine.jupiter.selfplay --games 100 --robots 4 --option each   # base and each option alone
    python -m engine.jupiter.selfplay --games 30 --robots 1 2 --greedy --jobs 1  # the one-action bot

It prints, per configuration: games, wins (percent), average colonists saved, average turns, and the loss
reasons (colonists: 28 can no longer be saved; modules: every Module 3 or 4 tile destroyed; robots: every
robot lost; stalled: no end within the step cap, which would be a bug).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine.core import Rng, SeatSetup

from . import heuristic
from .heuristic import play_one
from .options import JupiterOptions
from .rules import apply, prompts
from .setup import setup
from .state import JupiterState

OPTION_NAMES = ("robot_vulnerability", "fast_creeps", "ultimate_heroes", "polite_colonists")
MAX_STEPS = 60000


@dataclass(frozen=True)
class Result:
    """One finished game, reduced to what the table needs."""

    won: bool
    reason: str
    saved: int
    turns: int
    launches: int
    destroyed: int


def reason_of(state: JupiterState) -> str:
    """A one-word loss reason from the state's result sentence (``win`` for a win)."""
    if state.phase == "won":
        return "win"
    if state.phase != "lost":
        return "stalled"
    text = state.result
    if "colonists are lost" in text:
        return "colonists"
    if "Module" in text:
        return "modules"
    if "robot" in text:
        return "robots"
    return "other"


def random_game(seed: int, robots: int, options: JupiterOptions) -> JupiterState:
    """A whole game of uniformly random legal choices (the baseline the bot must beat)."""
    state = setup([SeatSetup() for _ in range(robots)], options, seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    for _ in range(MAX_STEPS):
        pending = prompts(state)
        if not pending:
            break
        prompt = rng.choice(pending)
        state, _ = apply(state, prompt.seat, prompt.id, rng.choice(prompt.choices).id)
    return state


def run_game(job: tuple[int, int, dict[str, bool], bool] | tuple[int, int, dict[str, bool], bool, bool]) -> Result:
    """Play one seeded game (picklable for the process pool); a fifth item ``True`` plays the greedy bot."""
    seed, robots, flags, random = job[:4]
    heuristic.PLANNING = not (len(job) > 4 and job[4])
    options = JupiterOptions(**flags)
    final = random_game(seed, robots, options) if random else play_one(seed, robots, options, MAX_STEPS)
    return Result(
        won=final.phase == "won",
        reason=reason_of(final),
        saved=final.saved,
        turns=final.turn,
        launches=final.pod.launches,
        destroyed=len(final.destroyed),
    )


def summarise(label: str, results: Sequence[Result]) -> str:
    """One line of the table."""
    n = len(results)
    wins = sum(r.won for r in results)
    reasons = Counter(r.reason for r in results if not r.won)
    lost = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())) or "-"
    saved = sum(r.saved for r in results) / n
    turns = sum(r.turns for r in results) / n
    destroyed = sum(r.destroyed for r in results) / n
    return (
        f"{label:<28} {n:>5} games  won {wins:>4} ({100 * wins / n:5.1f}%)  saved {saved:4.1f}  "
        f"turns {turns:5.1f}  tiles lost {destroyed:4.1f}  losses: {lost}"
    )


def configurations(options: Sequence[str]) -> list[tuple[str, dict[str, bool]]]:
    """The option sets to run: ``none`` (base game), an option name, or ``each`` (base plus each alone)."""
    result: list[tuple[str, dict[str, bool]]] = []
    for name in options or ["none"]:
        if name == "each":
            result.append(("base", {}))
            result += [(o, {o: True}) for o in OPTION_NAMES]
        elif name == "none":
            result.append(("base", {}))
        elif name in OPTION_NAMES:
            result.append((name, {name: True}))
        else:
            raise SystemExit(f"unknown option {name!r}: use none, each or one of {', '.join(OPTION_NAMES)}")
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=50, help="games per configuration")
    parser.add_argument("--robots", type=int, nargs="+", default=list(range(1, 8)), help="robot counts (1-7)")
    parser.add_argument("--option", action="append", default=[], help="none, each, or an alternate rule name")
    parser.add_argument("--seed0", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--random", action="store_true", help="random legal play instead of the bot")
    parser.add_argument("--greedy", action="store_true", help="the one-action greedy bot instead of the planner")
    args = parser.parse_args(argv)
    who = "random-legal" if args.random else "greedy bot" if args.greedy else "planning bot"
    print(f"Jupiter Deep self-play ({who}), seeds {args.seed0}..{args.seed0 + args.games - 1}")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for label, flags in configurations(args.option):
            for robots in args.robots:
                jobs = [(args.seed0 + i, robots, flags, args.random, args.greedy) for i in range(args.games)]
                results = list(pool.map(run_game, jobs, chunksize=4))
                print(summarise(f"{label}, {robots} robots", results), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
