"""``python -m tests.seatbots.strength``: the seat bots' strength, the figures of each rules page's "Bots at
the table" section. Seeded and deterministic; run it niced, one game key at a time.

    python -m tests.seatbots.strength duel abordaje normal random --games 100
    python -m tests.seatbots.strength crew capricorn --seats 3 --games 160 --difficulty hard --table printed
    python -m tests.seatbots.strength crew jupiter easy --seats 1 --games 40
    python -m tests.seatbots.strength derelict normal --seats 3 --games 80 --mode coop --length short

``duel``: two seats, the first level against the second (``easy``, ``normal``, ``random``, or ``balance``: the
Cosmic Pioneers balance player, which reads the whole state), sides swapped every other game; prints the first
level's wins. ``crew``: every seat a bot of one level (normal unless named) in a cooperative game; prints the crew's win
rate with its Wilson 95 % interval. ``derelict``: every seat a bot of one level in Derelict; prints the row of
the balance table of docs/rules/derelict.md (``engine.derelict.selfplay.Tally``: survival, wins, rounds...).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Outcome, Rng, SeatSetup
from engine.core.seatbot import Level, bot_move, bot_seed
from engine.derelict.options import DerelictOptions
from engine.derelict.selfplay import Tally
from engine.derelict.state import DerelictState
from engine.pioneers.selfplay import greedy_choice
from engine.registry import GAMES
from engine.seatbots import SEAT_BOTS

MAX_STEPS = 30000
CREW_ROLES = ("engineer", "soldier", "medic", "chemist", "scout")


def play(
    key: str, roles: Sequence[str | None], levels: Sequence[str], seed: int, options: Any = None
) -> Outcome | None:
    """One seeded game; ``levels[seat]`` is ``easy``, ``normal`` or ``random``."""
    return GAMES[key].outcome(play_out(key, roles, levels, seed, options))


def play_out(
    key: str,
    roles: Sequence[str | None],
    levels: Sequence[str],
    seed: int,
    options: Any = None,
    watch: Callable[[Any, Any], None] | None = None,
) -> Any:
    """The final state of one seeded game (``play``); ``watch(before, after)`` sees every move."""
    spec, bot = GAMES[key], SEAT_BOTS[key]
    state = spec.setup([SeatSetup(role=r) for r in roles], options or spec.options_model(), seed)
    chooser = Rng.from_seed(seed ^ 0x5EED)
    for index in range(MAX_STEPS):
        pending = spec.prompts(state)
        if not pending:
            break
        prompt = pending[0]
        level = levels[prompt.seat]
        if level == "random":
            move = (prompt.id, chooser.choice(prompt.choices).id)
        elif level == "balance":  # the balance player, which reads the whole state (Cosmic Pioneers only)
            move = (prompt.id, greedy_choice(state, prompt, chooser))
        else:
            found = bot_move(bot, spec, state, prompt.seat, level_of(level), bot_seed(seed, index, prompt.seat))
            assert found is not None
            move = found
        after, _ = spec.apply(state, prompt.seat, *move)
        if watch is not None:
            watch(state, after)
        state = after
    return state


def level_of(name: str) -> Level:
    return "easy" if name == "easy" else "normal"


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The Wilson 95 % interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def duel(key: str, first: str, second: str, games: int) -> str:
    roles: list[str | None] = ["pirate", "spanish"] if key == "abordaje" else [None, None]
    wins = ties = 0
    for g in range(games):
        me = g % 2
        levels = [first, second] if me == 0 else [second, first]
        outcome = play(key, roles, levels, 10_000 + g)
        if outcome is None or outcome.result != "win":
            ties += 1
        elif outcome.winners == (me,):
            wins += 1
    low, high = wilson(wins, games)
    rate = f"{100 * wins / games:.1f} %, {100 * low:.0f}–{100 * high:.0f}"
    return f"{key}: {first} vs {second}: {wins}/{games} wins ({rate}), {ties} ties or unfinished"


def crew(
    key: str, seats: int, games: int, difficulty: str | None, level: str = "normal", table: str | None = None
) -> str:
    spec = GAMES[key]
    roles: list[str | None] = list(CREW_ROLES[:seats]) if key == "capricorn" else [None] * seats
    raw = {} if difficulty is None else {"difficulty": difficulty}
    if table is not None:  # Capricorn's difficulty table: printed (the default) or tuned
        raw["table"] = table
    options = spec.parse_options(raw)
    wins = sum(
        1
        for g in range(games)
        if (o := play(key, roles, [level] * seats, g, options)) is not None and o.result == "win"
    )
    low, high = wilson(wins, games)
    label = f"{difficulty or 'default'} difficulty, {table or 'default'} table, " if key == "capricorn" else ""
    rate = f"{100 * wins / games:.1f} %, {100 * low:.0f}–{100 * high:.0f}"
    return f"{key}: {label}{seats} seats of {level} bots: {wins}/{games} wins ({rate})"


def dead(state: DerelictState) -> int:
    return sum(1 for p in state.players if p.status == "dead")


def derelict(seats: int, games: int, mode: str, length: str, level: str = "normal") -> str:
    """A table of ``seats`` Derelict bots of ``level``: the balance table's row (seeds 10000 on, as the balance
    runner uses)."""
    tally = Tally()
    options = DerelictOptions(mode=mode, length=length)  # type: ignore[arg-type]
    early = [0]  # characters dead in the first three rounds, over every game so far

    def count_early(before: DerelictState, after: DerelictState) -> None:
        if after.round <= 3 and after.phase != "over":
            early[0] += dead(after) - dead(before)

    for g in range(games):
        so_far = early[0]
        state = play_out("derelict", [None] * seats, [level] * seats, 10_000 + g, options, count_early)
        assert isinstance(state, DerelictState)
        tally.add(state, early[0] - so_far)
    return f"| {seats} | {mode} | {length} | {level} | {tally.row()} |"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Seat bots' strength")
    parser.add_argument("mode", choices=("duel", "crew", "derelict"))
    parser.add_argument("key", nargs="?", default="derelict")
    parser.add_argument("levels", nargs="*", default=[])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--difficulty", default=None)
    parser.add_argument("--table", default=None)
    parser.add_argument("--mode", dest="derelict_mode", default="standard")
    parser.add_argument("--length", default="full")
    args = parser.parse_args(argv)
    if args.mode == "derelict":
        level = args.key if args.key in ("easy", "normal") else "normal"
        print(derelict(args.seats, args.games, args.derelict_mode, args.length, level))
    elif args.mode == "duel":
        first, second = (args.levels + ["normal", "random"][len(args.levels) :])[:2]
        print(duel(args.key, first, second, args.games))
    else:
        level = args.levels[0] if args.levels else "normal"
        print(crew(args.key, args.seats, args.games, args.difficulty, level, args.table))


if __name__ == "__main__":
    main()
