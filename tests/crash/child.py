"""The process the crash tests kill: a host over a SQLite file, acting in one channel as fast as it can.

``python -m tests.crash.child DB SEED``. It continues the channel's live game if the store holds one (a new
game otherwise, and again whenever one ends), prints ``resume <game id> <actions>`` once it has loaded it, then
answers one random legal choice after another through ``Host.act_typed`` (the road ``/act`` takes), printing
``ack <game id> <index>`` — flushed — only after the host returned, that is after the store committed. Whatever
the parent read on that line before the kill, the database must hold. No renderer: images are not stored. The
host knows the one game the child plays, so a child imports that game only (``engine.core.lazy``): its start-up
is the store's and the host's, not four other engines'.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.store.factory import open_store
from bot.tables import Actor, Host
from engine.registry import GAMES

CHANNEL = 7_000
GAME = "abordaje"
GUILD = 1
ALICE = Actor(101, "alice")
BOB = Actor(102, "bob")


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def new_game(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, GAME, {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)


async def main(db: str, seed: int) -> None:
    rng = random.Random(seed)
    store = await open_store(db)
    host = Host(store, games={GAME: GAMES[GAME]}, renderers={})
    record = await store.live_game(CHANNEL)
    if record is None or record.status == "lobby":
        if record is not None:  # killed between start and begin: take the lobby over
            await host.cancel(CHANNEL, ALICE)
        await new_game(host)
        record = await store.live_game(CHANNEL)
    assert record is not None
    say(f"resume {record.id} {record.action_count}")
    while True:
        for actor in rng.sample([ALICE, BOB], 2):
            offered = await host.choices_for(CHANNEL, actor.user_id)
            if offered:
                break
        else:
            await new_game(host)  # the game is over: the next one, in the same channel
            continue
        await host.act_typed(CHANNEL, actor, rng.choice(offered)[1])
        record = await store.live_game(CHANNEL) or await store.latest_game(CHANNEL)
        assert record is not None
        say(f"ack {record.id} {record.action_count - 1}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
