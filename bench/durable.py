"""What surviving a crash costs: the durable record around an action, and owed items at start-up.

- **Per action** (SQLite file): an action's commit alone (``record_action``), against the same commit with
  everything the bot now writes around a move: the interaction noted before the defer (``add_deferral``), the
  deliveries (a board and two DMs) and the interaction's link written in the commit, the interaction forgotten
  once answered (``finish_deferral``), then the board and the DMs forgotten in one call once the DMs drawn after
  the answer are out (``finish_deliveries``: ``bot.delivery``'s ``_forget_late``). ``record_costs(...,
  one_by_one=True)`` adds the same record forgotten as the bot did before (2026-11-28): the board, then each DM
  in its own call. Alternated, same game, same snapshot size.
- **Start-up with owed items**: a copy of the big database with ``OWED`` undelivered items and ``CUT_OFF``
  unanswered interactions left by a dead process; the bot's start-up over it against the original (the
  catch-up runs in the background once the bot is ready, so start-up itself should not move), and what the
  catch-up's claims cost: the first batch, and every batch until none is left (the Discord sends are not
  part of it: they go one at a time behind discord.py's rate limiter).

``python -m bench.durable`` prints the per-action figures alone in a few seconds: wall and CPU medians (CPU of
the whole process, so the database thread's too: the figure to judge by on a shared machine) and the hops to
aiosqlite's thread each kind of commit makes.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.store import ActionRecord, DeferralRecord, DeliveryRecord, GameRecord, SeatRecord, Store
from bot.store.factory import open_store
from bot.tables import Host

from .process import bot_importable, bot_startup, host_startup
from .stats import Dist

OWNER = "bench:1:dead"
OWED = 300  # undelivered items left behind (a board and two DMs for each of 100 commits)
CUT_OFF = 40  # interactions left thinking
SNAPSHOT = "x" * 5000  # about a Capricorn snapshot


@dataclass
class DurableResult:
    plain: Dist
    durable: Dist
    startup: dict[str, list[float]] = field(default_factory=lambda: {"stored": [], "owed": []})
    first_claim: Dist | None = None
    all_claims: Dist | None = None
    notes: list[str] = field(default_factory=list)


async def _active_game(store: Store, channel_id: int) -> GameRecord:
    seats = [SeatRecord(seat=0, user_id=1, display_name="a"), SeatRecord(seat=1, user_id=2, display_name="b")]
    game = await store.insert_game(
        GameRecord(channel_id=channel_id, game_key="abordaje", seed=1, engine_version="bench", opener_id=1, seats=seats)
    )
    game.status = "active"
    game.snapshot = SNAPSHOT
    return await store.update_game(game, game.version)


def _owed(game: GameRecord, version: int, at: float) -> list[DeliveryRecord]:
    assert game.id is not None
    key = {"game_id": game.id, "version": version, "channel_id": game.channel_id, "created_at": at}
    return [
        DeliveryRecord(seq=0, kind="board", new_post=True, pings=[1, 2], **key),
        DeliveryRecord(seq=1, kind="dm", user_id=1, lines=["private news"], **key),
        DeliveryRecord(seq=2, kind="dm", user_id=2, lines=["private news"], **key),
    ]


def _deferral(interaction_id: int, at: float) -> DeferralRecord:
    return DeferralRecord(
        interaction_id=interaction_id,
        application_id=1,
        token=f"t{interaction_id}",
        channel_id=1,
        user_id=1,
        deferred_at=at,
    )


async def record_cost(path: Path, samples: int) -> tuple[Dist, Dist]:
    """Milliseconds of a bare commit and of a commit with its durable record, alternated."""
    plain, durable = await record_costs(path, samples)
    return Dist.of(plain.wall), Dist.of(durable.wall)


@dataclass
class Costs:
    """One kind of commit's samples: wall-clock and CPU milliseconds (the whole process: the event loop's
    thread and the database's), and the hops to aiosqlite's thread it made."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    hops: list[int] = field(default_factory=list)


async def record_costs(path: Path, samples: int, *, one_by_one: bool = False) -> tuple[Costs, ...]:
    """A bare commit's and a commit with its durable record's costs, alternated on one game; with
    ``one_by_one``, a third: the durable record with each delivered row forgotten in its own call."""
    hops = _HopCounter()
    store = await open_store(str(path))
    try:
        game = await _active_game(store, 1)
        game_id = game.id
        assert game_id is not None
        plain, durable, before = Costs(), Costs(), Costs()
        kinds = 3 if one_by_one else 2
        for i in range(samples * kinds):
            now = time.time()
            action = ActionRecord(
                game_id=game.id, index=game.action_count, seat=0, user_id=1, prompt_id="p", choice_id="c", at=now
            )
            with hops:
                start, cpu = time.perf_counter(), time.process_time()
                kind = i % kinds
                if kind == 0:
                    game = await store.record_action(game, game.version, action)
                else:
                    await store.add_deferral(_deferral(i, now), OWNER)
                    items = _owed(game, game.version + 1, now)
                    game = await store.record_action(
                        game, game.version, action, items, claimed_by=OWNER, interaction_id=i
                    )
                    await store.finish_deferral(i)  # answered (``bot.ui.common.answering``)
                    keys = [item.key for item in items]
                    if kind == 1:  # the board and the DMs drawn after the answer, forgotten together
                        await store.finish_deliveries(keys)
                    else:  # as before: the board once posted, then each DM once sent
                        for key in keys:
                            await store.finish_deliveries([key])
                into = (plain, durable, before)[kind]
                into.wall.append((time.perf_counter() - start) * 1000)
                into.cpu.append((time.process_time() - cpu) * 1000)
            into.hops.append(hops.count)
        return (plain, durable, before) if one_by_one else (plain, durable)
    finally:
        await store.close()


class _HopCounter:
    """Counts the calls queued on aiosqlite's thread inside its ``with`` block (as ``bench.probes`` does)."""

    def __init__(self) -> None:
        self.count = 0
        self._original: Any = None

    def __enter__(self) -> _HopCounter:
        from aiosqlite.core import Connection

        self.count = 0
        self._original = original = Connection._execute

        async def counted(connection: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return await original(connection, fn, *args, **kwargs)

        Connection._execute = counted  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        from aiosqlite.core import Connection

        Connection._execute = self._original  # type: ignore[method-assign]


def main(samples: int = 200) -> None:
    """``python -m bench.durable``: a few seconds; the commit's and the durable record's medians, wall and CPU."""
    import statistics
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bench-durable-") as folder:
        plain, durable, before = asyncio.run(record_costs(Path(folder) / "durable.db", samples, one_by_one=True))
    for name, costs in (
        ("commit alone", plain),
        ("commit with its durable record", durable),
        ("the same, each delivered row forgotten in its own call (before 2026-11-28)", before),
    ):
        print(
            f"{name}: wall median {statistics.median(costs.wall):.3f} ms, "
            f"CPU median {statistics.median(costs.cpu):.3f} ms, hops {statistics.mean(costs.hops):.1f} (n={samples})"
        )
    cpu = statistics.median(durable.cpu) - statistics.median(plain.cpu)
    wall = statistics.median(durable.wall) - statistics.median(plain.wall)
    print(f"the durable record adds: CPU {cpu:+.3f} ms, wall {wall:+.3f} ms")
    cpu = statistics.median(before.cpu) - statistics.median(plain.cpu)
    print(f"forgetting each row in its own call, it added: CPU {cpu:+.3f} ms")


if __name__ == "__main__":
    main()


async def leave_owed_items(path: Path) -> None:
    """What a process that died an hour ago left: ``OWED`` deliveries and ``CUT_OFF`` interactions."""
    store = await open_store(str(path))
    try:
        game = await _active_game(store, 9_999_999)
        assert game.id is not None
        long_ago = time.time() - 3600
        for index in range(OWED // 3):
            action = ActionRecord(
                game_id=game.id, index=index, seat=0, user_id=1, prompt_id="p", choice_id="c", at=long_ago
            )
            items = _owed(game, game.version + 1, long_ago + index)
            game = await store.record_action(game, game.version, action, items, claimed_by=OWNER)
        recent = time.time() - 60
        for index in range(CUT_OFF):
            await store.add_deferral(_deferral(index, recent), OWNER)
    finally:
        await store.close()


async def claims(path: Path) -> tuple[float, float]:
    """Milliseconds of the catch-up's first claim, and of every claim until nothing is left (then put back)."""
    store = await open_store(str(path))
    try:
        host = Host(store)
        start = time.perf_counter()
        await host.claim_deferrals()
        first = await host.claim_deliveries()
        first_ms = (time.perf_counter() - start) * 1000
        while await host.claim_deliveries():
            pass
        all_ms = (time.perf_counter() - start) * 1000
        assert first, "the owed items were claimable"
        return first_ms, all_ms
    finally:
        await store.close()


def measure_durable(folder: Path, stored: Path, samples: int, repeats: int) -> DurableResult:
    """Both measures (see the module docstring); ``stored`` is copied, never changed."""
    plain, durable = asyncio.run(record_cost(folder / "durable-actions.db", samples))
    result = DurableResult(plain, durable)
    owed = folder / "owed.db"
    for side in ("", "-wal", "-shm"):
        Path(f"{owed}{side}").unlink(missing_ok=True)
    shutil.copyfile(stored, owed)
    asyncio.run(leave_owed_items(owed))
    why_not = bot_importable()
    startup = host_startup if why_not is not None else bot_startup
    if why_not is not None:
        result.notes.append(f"bot.app not importable ({why_not}): store + Host start-up measured")
    for _ in range(repeats):
        for name, path in (("stored", stored), ("owed", owed)):
            result.startup[name].append(asyncio.run(startup(str(path))))
    first: list[float] = []
    every: list[float] = []
    for _ in range(repeats):
        copy = folder / "owed-claims.db"
        for side in ("", "-wal", "-shm"):
            Path(f"{copy}{side}").unlink(missing_ok=True)
        shutil.copyfile(owed, copy)
        one, all_ = asyncio.run(claims(copy))
        first.append(one)
        every.append(all_)
    result.first_claim, result.all_claims = Dist.of(first), Dist.of(every)
    return result
