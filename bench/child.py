"""Work the bench runs in a fresh interpreter, so imports and memory are counted from a clean start.

``python -m bench.child startup URL``: import ``bot.app``, build the bot and run its ``setup_hook`` without
syncing commands (no network), close; prints the import and setup seconds.

``python -m bench.child memory DB KEY N BOARDS``: like the bot process (``bot.app`` imported when it can be),
open the store, build the host with every game and renderer, load N active games of KEY into the host's
state cache (``host.status`` on each), then draw the boards of BOARDS of them; prints resident memory at each
point. The host keeps parsed states for its ``cache_size`` most recently used games (as shipped:
``bot.tables.core.PARSED_GAMES``) and parses the others again on use; the figures are for the host as
shipped, and how many parsed states it held is reported next to them.
"""

from __future__ import annotations

import asyncio
import gc
import json
import sqlite3
import sys
import time
from typing import Any

from .stats import rss_mb


async def _startup(url: str) -> dict[str, Any]:
    start = time.perf_counter()
    from .process import bot_importable, bot_startup, host_startup

    why_not = bot_importable()
    imported = time.perf_counter() - start
    if why_not is None:
        setup = await bot_startup(url)
        what = "bot"
    else:
        setup = await host_startup(url)
        what = f"host only ({why_not})"
    return {"import_s": imported, "setup_ms": setup, "what": what}


async def _memory(db: str, key: str, count: int, boards: int) -> dict[str, Any]:
    from .process import bot_importable

    bot_app = bot_importable() is None
    import bot.tables as tables
    from bot.store.factory import open_store

    with sqlite3.connect(db) as conn:
        channels = [
            row[0]
            for row in conn.execute(
                "SELECT channel_id FROM games WHERE game_key = ? AND status = 'active' ORDER BY id LIMIT ?",
                (key, count),
            )
        ]
    store = await open_store(db)
    host = tables.Host(store)
    shipped_cap = host.cache_size
    gc.collect()
    before, _ = rss_mb()
    for channel in channels:
        await host.status(channel)
    gc.collect()
    loaded, _ = rss_mb()
    held = len(host._states)
    start = time.perf_counter()
    for channel in channels[:boards]:
        await host.board(channel)
    drawn = time.perf_counter() - start
    gc.collect()
    after_boards, peak = rss_mb()
    await store.close()
    return {
        "bot_app_imported": bot_app,
        "games": len(channels),
        "held": held,
        "shipped_cap": shipped_cap,
        "rss_before": before,
        "rss_loaded": loaded,
        "boards": min(boards, len(channels)),
        "board_seconds": drawn,
        "rss_boards": after_boards,
        "rss_peak": peak,
    }


def main(argv: list[str]) -> None:
    if argv[0] == "startup":
        result = asyncio.run(_startup(argv[1]))
    elif argv[0] == "memory":
        result = asyncio.run(_memory(argv[1], argv[2], int(argv[3]), int(argv[4])))
    else:
        raise SystemExit(f"unknown child job {argv[0]!r}")
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
