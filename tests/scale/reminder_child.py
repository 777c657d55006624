"""``python -m tests.scale.reminder_child URL NOW``: a bot process that claims and counts the reminders due at
NOW, prints how many, and is killed (SIGKILL, by itself) before Discord hears of any of them."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from bot.store.factory import open_store
from bot.tables import Host
from tests.host.duel_game import SPEC as DUEL

DAY = 24 * 3600.0


async def main(url: str, now: float) -> None:
    store = await open_store(url)
    host = Host(store, games={DUEL.key: DUEL}, renderers={}, clock=lambda: now)
    due = await host.remind(DAY)
    print(len(due), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # between the commit and the delivery: the worst moment


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2])))
