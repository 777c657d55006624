"""Start-up, loading and memory: what a process holding many stored games costs.

- Load: one game from the big database into a host that has never seen it (``store.live_game`` + parsing the
  snapshot; and ``host.status`` end to end), each sample a different channel so no cache helps.
- Start-up, in process (imports already done): ``open_store`` + ``Host(store)``; and, when ``bot.app`` can be
  imported, ``SpaceBot(settings)`` + its ``setup_hook`` with ``sync_commands`` (the only network call) replaced
  by nothing: store, host, dynamic items, cogs. Cold (full runs): a fresh interpreter that imports ``bot.app``
  and does the same, timed from outside, so interpreter start and imports are in it.
- Memory: a fresh interpreter loads N active games into the host's state cache (``host.status`` on each) and
  reports resident memory before and after, then draws the boards of some of them (filling the render cache).

The children run ``python -m bench.child``; they print one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.store.factory import open_store
from bot.tables import Host
from engine.core import GameSpec
from engine.registry import GAMES
from engine.seatbots import SEAT_BOTS
from render.registry import RENDERERS

from .stats import Dist

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class LoadResult:
    """Milliseconds to bring one stored game into a cold host."""

    read_and_parse: Dist
    status: Dist
    stored: int


async def measure_load(
    path: Path, spec: GameSpec[Any, Any], channels: list[int], samples: int, stored: int
) -> LoadResult:
    """Load ``samples`` different active games of ``spec``: half read+parsed directly, half via ``status``."""
    chosen = random.Random(7).sample(channels, min(len(channels), 2 * samples))
    direct, through_host = chosen[: len(chosen) // 2], chosen[len(chosen) // 2 :]
    store = await open_store(str(path))
    try:
        host = Host(store, games={spec.key: spec}, renderers={})
        await store.live_game(-1)  # the first query pays for reading the schema; a running bot has paid it
        read = []
        for channel in direct:
            start = time.perf_counter()
            record = await store.live_game(channel)
            assert record is not None and record.snapshot is not None
            spec.load_state(record.snapshot)
            read.append((time.perf_counter() - start) * 1000)
        status = []
        for channel in through_host:
            start = time.perf_counter()
            await host.status(channel)
            status.append((time.perf_counter() - start) * 1000)
    finally:
        await store.close()
    return LoadResult(Dist.of(read), Dist.of(status), stored)


# ---------------------------------------------------------------------- start-up


async def host_startup(url: str) -> float:
    """Milliseconds for ``open_store(url)`` + ``Host(store)``: everything the host does before a request."""
    start = time.perf_counter()
    store = await open_store(url)
    Host(store)
    took = (time.perf_counter() - start) * 1000
    await store.close()
    return took


async def bot_startup(url: str) -> float:
    """Milliseconds for ``SpaceBot(settings)`` + ``setup_hook`` without syncing commands (no network)."""
    from bot.app import SpaceBot
    from bot.settings import Settings

    class OfflineBot(SpaceBot):
        async def sync_commands(self) -> None:
            """Publishing slash commands is a Discord call: not part of what the bench measures."""

    settings = Settings(_env_file=None, database_url=url, discord_token=None)
    start = time.perf_counter()
    bot = OfflineBot(settings)
    await bot.setup_hook()
    took = (time.perf_counter() - start) * 1000
    await bot.close()
    return took


@dataclass
class StartupResult:
    """Start-up milliseconds with the empty and the big database, by what was measured."""

    host: dict[str, list[float]] = field(default_factory=lambda: {"empty": [], "stored": []})
    bot: dict[str, list[float]] = field(default_factory=lambda: {"empty": [], "stored": []})
    cold: dict[str, list[float]] = field(default_factory=lambda: {"empty": [], "stored": []})
    notes: list[str] = field(default_factory=list)


def bot_importable() -> str | None:
    """``None`` if ``bot.app`` imports, else the reason (another session may be editing it)."""
    try:
        import bot.app  # noqa: F401
    except Exception as exc:  # any failure is reported, not hidden
        return f"{type(exc).__name__}: {exc}"
    return None


def measure_startup(empty: Path, stored: Path, repeats: int, cold_repeats: int) -> StartupResult:
    """Alternate empty and big databases ``repeats`` times in process and ``cold_repeats`` times cold."""
    result = StartupResult()
    for registry in (GAMES, SEAT_BOTS, RENDERERS):  # "in process" is after the imports: each game's modules are
        dict(registry)  # imported on first use (engine.core.lazy), which the first Host would pay inside the timing
    why_not = bot_importable()
    if why_not is not None:
        result.notes.append(f"bot.app not importable ({why_not}): only store + Host measured")
    dbs = {"empty": str(empty), "stored": str(stored)}
    for _ in range(repeats):
        for name, url in dbs.items():
            result.host[name].append(asyncio.run(host_startup(url)))
            if why_not is None:
                result.bot[name].append(asyncio.run(bot_startup(url)))
    for _ in range(cold_repeats):
        for name, url in dbs.items():
            start = time.perf_counter()
            run_child(["startup", url])
            result.cold[name].append((time.perf_counter() - start) * 1000)
    if not cold_repeats:
        result.notes.append("cold-process start-up not measured in --quick")
    return result


# ---------------------------------------------------------------------- memory


def run_child(args: list[str]) -> dict[str, Any]:
    """Run ``python -m bench.child ARGS`` from the project root and parse its JSON line."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.child", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"bench.child {args[0]} failed: {done.stderr.strip()[-2000:]}")
    parsed: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return parsed


def measure_memory(path: Path, key: str, games: int, boards: int) -> dict[str, Any]:
    """Resident memory of a fresh process before and after loading ``games`` active games of ``key``."""
    return run_child(["memory", str(path), key, str(games), str(boards)])
