"""A started process made ready for play, off the event loop: first drawings ahead, then the collector settled.

A new process draws its first boards slowly: each static layer, card face and text is drawn or laid out the
first time a board needs it, inside some player's move. Once the bot is started it asks every renderer that can
(``render.registry.Warms``) to draw those ahead, in a worker thread, while it already answers; then it freezes
what it holds for good out of the cycle collector's walks (``bot.collector``). Both happen once per process.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping

from render.registry import Renderer, Warms

from . import collector

log = logging.getLogger(__name__)


def warm_renderers(renderers: Mapping[str, Renderer]) -> list[str]:
    """Ask each renderer that can to draw ahead (``Warms``); the keys of those that did. A renderer that fails is
    logged and skipped: its first boards are then drawn as they come, as before."""
    warmed = []
    for key, renderer in sorted(renderers.items()):
        if not isinstance(renderer, Warms):
            continue
        try:
            renderer.warm()
        except Exception:
            log.exception("drawing ahead for %s failed; its first boards are drawn as they come", key)
            continue
        warmed.append(key)
    return warmed


async def ready_for_play(renderers: Mapping[str, Renderer]) -> None:
    """Draw ahead in a worker thread, then settle the collector (``bot.collector``)."""
    started = time.process_time()
    warmed = await asyncio.to_thread(warm_renderers, renderers)
    frozen = collector.settle()
    log.info(
        "ready for play: drew ahead for %s; %d objects frozen (%.1f s of CPU)",
        ", ".join(warmed) or "no game",
        frozen,
        time.process_time() - started,
    )
