"""How long a finished game's recap takes to draw, and how large it is (issue 29: < 3 s, < 8 MB).

A long game is the hard case: the longest of a few seeded random Capricorn games (every seat played by the
seeded random player until the crew wins or loses) is stored as a finished game, and its recap is made the way
the host makes it (``bot.tables.recap``): the log replayed into its story (``bot.story.tell``), every shown
turn's public board drawn, the frames encoded as one GIF (``render.recap.animate``). Nothing is cached
beforehand: it is the first and only time the bot draws that game's recap.

    python -m bench.recap            (this row alone: one long Capricorn game)
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any

from bot.store import ActionRecord, GameRecord, SeatRecord
from bot.story import tell
from bot.tables.names import for_images
from engine.core import GameSpec, SeatSetup
from engine.core.playout import random_playout
from engine.registry import GAMES
from render.recap import MAX_BYTES, animate, sampled
from render.registry import RENDERERS, Renderer

RECAP_GAME = "capricorn"
TARGET_SECONDS = 3.0
TARGET_BYTES = 8_000_000


@dataclass(frozen=True)
class RecapResult:
    """One recap drawn: the game's size, the time of each part and the GIF's bytes."""

    decisions: int
    turns: int
    frames: int
    shown: int
    story_s: float
    draw_s: float
    cpu_s: float  # CPU time of the whole recap (the machine is shared: wall time moves with the neighbours)
    size: int

    @property
    def total_s(self) -> float:
        return self.story_s + self.draw_s


def long_game(spec: GameSpec[Any, Any], seeds: range) -> tuple[GameRecord, list[ActionRecord]]:
    """The longest of the seeded random games of ``spec`` (all seats), as a finished stored game and its log."""
    options: Any = spec.options_model()
    count = spec.max_seats(options)
    roles = [role.key for role in spec.roles] if spec.roles_required else []
    seats = [SeatSetup(role=roles[i] if i < len(roles) else None) for i in range(count)]
    best: tuple[int, list[Any]] = (-1, [])
    for seed in seeds:
        steps = list(random_playout(spec, seats, options, seed))
        if len(steps) > len(best[1]):
            best = (seed, steps)
    seed, steps = best
    record = GameRecord(
        id=1,
        channel_id=1,
        game_key=spec.key,
        options=options.model_dump(mode="json"),
        seed=seed,
        engine_version=spec.engine_version,
        status="finished",
        opener_id=100,
        seats=[
            SeatRecord(seat=i, user_id=100 + i, display_name=f"Player {i + 1}", role=s.role)
            for i, s in enumerate(seats)
        ],
        action_count=len(steps),
    )
    log = [
        ActionRecord(
            game_id=1,
            index=i,
            seat=s.action.seat,
            user_id=100 + s.action.seat,
            prompt_id=s.action.prompt_id,
            choice_id=s.action.choice_id,
            public=[],
            at=0.0,
        )
        for i, s in enumerate(steps)
    ]
    return record, log


def measure_recap(spec: GameSpec[Any, Any], renderer: Renderer, seeds: range) -> RecapResult:
    """Draw the recap of the longest seeded game once, timing the story and the drawing apart."""
    record, log = long_game(spec, seeds)
    start, cpu = time.perf_counter(), time.process_time()
    story = tell(spec, record, log)
    told = time.perf_counter()
    frames = story.frames

    def draw(i: int) -> bytes:
        return renderer.board(for_images(spec.view(frames[i].state, None), record))

    data = animate(draw, len(frames))
    drawn = time.perf_counter()
    return RecapResult(
        decisions=len(log),
        turns=frames[-1].state.turn,
        frames=len(frames),
        shown=len(sampled(len(frames))),
        story_s=told - start,
        draw_s=drawn - told,
        cpu_s=time.process_time() - cpu,
        size=len(data),
    )


def describe(result: RecapResult) -> str:
    """The row's figures."""
    return (
        f"{result.decisions} decisions, {result.turns} turns, {result.frames} boards ({result.shown} shown): "
        f"story {result.story_s * 1000:.0f} ms, boards drawn and GIF encoded {result.draw_s * 1000:.0f} ms, "
        f"total {result.total_s * 1000:.0f} ms (CPU {result.cpu_s * 1000:.0f} ms); "
        f"GIF {result.size / 1e6:.2f} MB (kept under {MAX_BYTES / 1e6:.1f} MB)"
    )


def main() -> int:
    spec, renderer = GAMES[RECAP_GAME], RENDERERS[RECAP_GAME]
    result = measure_recap(spec, renderer, range(1, 6))
    print(f"recap of a long {spec.name} game: {describe(result)}")
    verdicts = []
    for text, measured, ok in targets(result):
        verdicts.append(ok)
        print(f"{text}: {measured} {'PASS' if ok else 'MISS'}")
    return 0 if all(verdicts) else 1


def targets(result: RecapResult) -> list[tuple[str, str, bool]]:
    """The issue's targets for the recap: (target, measured, met)."""
    return [
        (
            f"recap of a long game drawn < {TARGET_SECONDS:.0f} s",
            f"{result.total_s * 1000:.0f} ms",
            result.total_s < TARGET_SECONDS,
        ),
        (
            f"same, counting CPU time only (the machine is shared) < {TARGET_SECONDS:.0f} s",
            f"{result.cpu_s * 1000:.0f} ms",
            result.cpu_s < TARGET_SECONDS,
        ),
        (f"recap GIF < {TARGET_BYTES / 1e6:.0f} MB", f"{result.size / 1e6:.2f} MB", result.size < TARGET_BYTES),
    ]


if __name__ == "__main__":
    sys.exit(main())
