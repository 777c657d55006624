"""Load: N bot processes × M active games × random actions over one database, against PostgreSQL and SQLite.

The parent builds a fresh database (a throwaway PostgreSQL cluster started the way the store tests start one,
or a SQLite file), opens M games of one key through a ``Host`` and begins them, then starts N worker
processes (``python -m bench.load worker …``). Each worker is a bot process without Discord: its own ``Host``
over its own store (pool), with the game's renderer, playing ``CONCURRENCY`` players at once in a closed loop
for a fixed time. A player picks a random live game, reads what it waits on, and answers a random offered
choice as the seat asked (``Host.act``, timed end to end, the board drawn and encoded as the bot would); a new
board is acknowledged (``board_posted``) and the stored deliveries forgotten (``delivered``), as the delivery
layer does. Every process acts on every game, so two processes answer one game at once now and then: the
version check refuses the second commit, the host re-reads and re-applies the answer if still offered (a
"race" log line) or answers with a sentence, both counted here.

The CPU split: each worker's own CPU time, and the PostgreSQL server's (the postmaster and its backends, read
from ``/proc`` every 0.2 s while the workers run), against the machine's 2 cores × the wall time.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.outbox import Outbox
from bot.store.factory import open_store
from bot.tables import Actor, Host
from bot.tables.play import RACED
from engine.core import GameError
from engine.registry import GAMES
from render.registry import RENDERERS

from .stats import Dist

ROOT = Path(__file__).resolve().parent.parent
CONCURRENCY = 2  # players acting at once in one process: the fewest that keep it busy while one waits on the database
GUILD = 1
WARM_UP = 1.0  # seconds each worker plays before its answers count (``--quick``: ``QUICK_WARM_UP``)
QUICK_WARM_UP = 0.2  # the smoke test checks the scenarios run and print, not their figures


@dataclass
class WorkerResult:
    """What one worker process measured."""

    actions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    totals: list[float] = field(default_factory=list)  # ms of every answered act
    boards: list[float] = field(default_factory=list)  # ms of the acts that drew a new board
    outcomes: Counter[str] = field(default_factory=Counter)


class _Races(logging.Handler):
    """Counts the host's "race" lines: a commit refused because another process moved the game first."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("race "):
            self.count += 1


async def _player(
    host: Host,
    channels: list[int],
    window: tuple[float, float],
    rng: random.Random,
    result: WorkerResult,
    races: _Races,
) -> None:
    """One player answering random offered choices in random games until the window's end; only the answers
    begun inside the window count (before it, the process warms up: parsed states, the renderer's layers)."""
    measured_from, until = window
    board_ids = iter(range(rng.randrange(1 << 40), 1 << 62))
    while time.perf_counter() < until:
        channel = rng.choice(channels)
        record = await host.store.live_game(channel)
        if record is None or record.status != "active":
            channels.remove(channel)
            if not channels:
                return
            continue
        spec = host.spec(record.game_key)
        state = host._state_of(record, spec)
        assert state is not None
        prompt = rng.choice(host.pending(record, spec, state))
        seat = record.user_of(prompt.seat)
        assert seat is not None
        before = races.count
        start = time.perf_counter()
        try:
            out = await host.act(
                channel, Actor(seat.user_id, seat.display_name), prompt.id, rng.choice(prompt.choices).id
            )
        except GameError as exc:
            if start < measured_from:
                continue
            result.outcomes["answered with a sentence" if str(exc) == RACED else "refused (game over or moved on)"] += 1
            continue
        took = (time.perf_counter() - start) * 1000
        new_board = await _acknowledge(host, channel, out, board_ids)
        if start < measured_from:
            continue
        result.actions += 1
        result.totals.append(took)
        result.outcomes["taken after re-reading" if races.count > before else "taken"] += 1
        if new_board:
            result.boards.append(took)


async def _acknowledge(host: Host, channel: int, out: Outbox, ids: Any) -> bool:
    """Play the delivery layer; whether the act posted a new board."""
    new = False
    for post in out.posts:
        if post.kind == "board" and not post.is_edit:
            new = True
            await host.board_posted(channel, post.game_id, next(ids))
    await host.delivered(out)
    return new


async def _cpu_at(moment: float) -> float:
    """The process's CPU time at ``moment`` (``perf_counter``): where the measured window starts."""
    await asyncio.sleep(max(0.0, moment - time.perf_counter()))
    return time.process_time()


async def _work(url: str, key: str, seconds: float, seed: int, warm_up: float = WARM_UP) -> WorkerResult:
    races = _Races()
    logging.getLogger("bot.tables.play").addHandler(races)
    logging.getLogger("bot.tables.play").setLevel(logging.INFO)
    store = await open_store(url)
    result = WorkerResult()
    try:
        host = Host(store, games={key: GAMES[key]}, renderers={key: RENDERERS[key]} if key in RENDERERS else {})
        channels = list(range(1000, 1000 + int(os.environ.get("BENCH_LOAD_GAMES", "0"))))
        begun = time.perf_counter()
        window = (begun + warm_up, begun + warm_up + seconds)
        rng = random.Random(seed)
        warm = asyncio.create_task(_cpu_at(window[0]))
        await asyncio.gather(
            *(
                _player(host, list(channels), window, random.Random(rng.random()), result, races)
                for _ in range(CONCURRENCY)
            )
        )
        result.seconds = time.perf_counter() - window[0]
        result.cpu_seconds = time.process_time() - await warm
    finally:
        await store.close()
    return result


def worker(argv: list[str]) -> None:
    """``python -m bench.load worker URL KEY SECONDS SEED WARM_UP``: print one JSON object."""
    url, key, seconds, seed, warm_up = argv[0], argv[1], float(argv[2]), int(argv[3]), float(argv[4])
    r = asyncio.run(_work(url, key, seconds, seed, warm_up))
    print(json.dumps({**r.__dict__, "outcomes": dict(r.outcomes)}))


# ---------------------------------------------------------------------- the parent


@dataclass(frozen=True)
class LoadRun:
    """One scenario: ``processes`` workers over one backend, summed."""

    backend: str
    processes: int
    games: int
    seconds: float
    actions: int
    total: Dist
    board: Dist
    outcomes: dict[str, int]
    worker_cpu: float
    server_cpu: float | None  # PostgreSQL's CPU seconds during the run (None for SQLite)

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else float("nan")


async def _open_games(url: str, key: str, games: int) -> None:
    spec = GAMES[key]
    store = await open_store(url)
    try:
        host = Host(store, games={key: spec}, renderers={})
        players = [Actor(10_000 + i, f"player{i}") for i in range(spec.min_players)]
        for channel in range(1000, 1000 + games):
            await host.start(GUILD, channel, players[0], key, {})
            for actor in players[1:]:
                await host.join(channel, actor)
            await host.begin(channel, players[0])
    finally:
        await store.close()


class _ServerCpu:
    """CPU seconds of a PostgreSQL server's processes (postmaster and backends), sampled from ``/proc``."""

    def __init__(self, postmaster: int) -> None:
        self.postmaster = postmaster
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _sample(self) -> None:
        tick = os.sysconf("SC_CLK_TCK")
        for pid_text in os.listdir("/proc"):
            if not pid_text.isdigit():
                continue
            try:
                with open(f"/proc/{pid_text}/stat", encoding="ascii") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            pid, ppid = int(pid_text), int(fields[1])
            if pid == self.postmaster or ppid == self.postmaster:
                used = (int(fields[11]) + int(fields[12])) / tick
                self.first.setdefault(pid, used)
                self.last[pid] = used

    def _loop(self) -> None:
        while not self._stop.wait(0.2):
            self._sample()

    def __enter__(self) -> _ServerCpu:
        self._sample()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    @property
    def seconds(self) -> float:
        # A backend born during the run started from nothing: count all it used.
        return sum(used - self.first.get(pid, 0.0) if pid in self.first else used for pid, used in self.last.items())


def _run_workers(
    url: str, key: str, processes: int, games: int, seconds: float, warm_up: float
) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BENCH_LOAD_GAMES": str(games)}
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.load", "worker", url, key, str(seconds), str(n + 1), str(warm_up)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(processes)
    ]
    out = []
    for child in children:
        stdout, _ = child.communicate(timeout=seconds * 4 + 120)
        if child.returncode != 0:
            raise RuntimeError(f"a load worker failed with exit code {child.returncode}")
        out.append(json.loads(stdout.strip().splitlines()[-1]))
    return out


def _summed(backend: str, processes: int, games: int, results: list[dict[str, Any]], server: float | None) -> LoadRun:
    outcomes: Counter[str] = Counter()
    for r in results:
        outcomes.update(r["outcomes"])
    return LoadRun(
        backend=backend,
        processes=processes,
        games=games,
        seconds=max(r["seconds"] for r in results),
        actions=sum(r["actions"] for r in results),
        total=Dist.of([t for r in results for t in r["totals"]]),
        board=Dist.of([t for r in results for t in r["boards"]]),
        outcomes=dict(outcomes),
        worker_cpu=sum(r["cpu_seconds"] for r in results),
        server_cpu=server,
    )


def measure_load_scaling(
    key: str, games: int, seconds: float, process_counts: tuple[int, ...] = (1, 2), warm_up: float = WARM_UP
) -> list[LoadRun]:
    """The PostgreSQL runs (one fresh database each) and the one-process SQLite run; PostgreSQL runs are
    skipped (empty) when no server binaries are installed. Each worker plays ``warm_up`` seconds, then
    ``seconds`` measured."""
    from tests.store.conftest import throwaway_server  # the store tests' throwaway cluster

    runs = []
    with tempfile.TemporaryDirectory(prefix="bench-load-") as folder:
        url = f"sqlite:///{folder}/load.db"
        asyncio.run(_open_games(url, key, games))
        runs.append(_summed("SQLite", 1, games, _run_workers(url, key, 1, games, seconds, warm_up), None))
    with throwaway_server("bench-pg-") as server:
        if server is None:
            return runs
        postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
        for processes in process_counts:
            url = server.url(asyncio.run(server.create_schema()))
            asyncio.run(_open_games(url, key, games))
            with _ServerCpu(postmaster) as cpu:
                results = _run_workers(url, key, processes, games, seconds, warm_up)
            runs.append(_summed("PostgreSQL", processes, games, results, cpu.seconds))
    return runs


if __name__ == "__main__":
    worker(sys.argv[2:])
