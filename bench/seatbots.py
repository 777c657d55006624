"""How long a seat bot takes to decide, per game (target: p95 under 1 s); ``python -m bench`` prints it per game.

For each game with a seat bot, seeded games are played with every seat a normal bot; each decision that had
more than one choice is timed (``bot_move``: the seat's view or its determinized copy, and the choice). The
p50, p95 and max are printed with a PASS/MISS against the target, so a bot turn never holds a channel.
``python -m bench`` runs it for every game it measures (a ``[seatbot]`` row and target); alone:

    python -m bench.seatbots                 # 3 games per game, every game with a bot
    python -m bench.seatbots --games 5 --only jupiter
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from engine.core import SeatSetup
from engine.core.seatbot import bot_move, bot_seed
from engine.registry import GAMES
from engine.seatbots import SEAT_BOTS

from .stats import Dist, ms

TARGET_MS = 1000.0
MAX_DECISIONS = 600  # per game: enough decisions for a stable p95 without a long run
ROLES: dict[str, list[str | None]] = {
    "abordaje": ["pirate", "spanish"],
    "capricorn": ["engineer", "soldier", "medic"],
    "jupiter": [None, None],
    "pioneers": [None, None, None],
}


def decision_times(key: str, games: int, max_decisions: int = MAX_DECISIONS) -> list[float]:
    """Seconds per bot decision over ``games`` seeded games of ``key`` (at most ``max_decisions`` steps each)."""
    spec, bot = GAMES[key], SEAT_BOTS[key]
    times: list[float] = []
    for seed in range(1, games + 1):
        state = spec.setup([SeatSetup(role=r) for r in ROLES.get(key, [None, None])], spec.options_model(), seed)
        for index in range(max_decisions):
            pending = spec.prompts(state)
            if not pending:
                break
            seat = pending[0].seat
            started = time.perf_counter()
            move = bot_move(bot, spec, state, seat, "normal", bot_seed(seed, index, seat))
            if len(pending[0].choices) > 1:
                times.append(time.perf_counter() - started)
            assert move is not None
            state, _ = spec.apply(state, seat, *move)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=sorted(SEAT_BOTS))
    args = parser.parse_args(argv)
    for key in args.only:
        decisions = Dist.of([t * 1000 for t in decision_times(key, args.games)])
        verdict = "PASS" if decisions.p95 < TARGET_MS else "MISS"
        print(f"[seatbot] {verdict} {key}: {summary(decisions)} (target p95 < {TARGET_MS:.0f} ms)")
    return 0


def summary(decisions: Dist) -> str:
    """The decisions' count, median, p95 and max."""
    return (
        f"{decisions.n} decisions, median {ms(decisions.median, 1)}, p95 {ms(decisions.p95, 1)}, "
        f"max {ms(decisions.max, 1)}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
