"""Scale of tables in threads: one server with 200 games in threads of one channel and a reminder sweep over
all of them, counting the Discord calls the sweep makes (SimCord logs every REST request the bot makes).

The figures are printed and written to ``docs/performance.md`` ("Tables in threads"). Discord allows a bot 50
requests a second in all, and five messages per five seconds in one channel: one reminder per thread stays far
inside the per-channel limit, and the sweep's calls divided by 50 is how long Discord's global limit makes it
take at the least. A sweep where every thread was archived costs three calls per game (the refused post, the
reopening, the post).
"""

from __future__ import annotations

import re
import time
from collections import Counter

import pytest
import simcord

from bot.tables import Actor

from .conftest import Table
from .sim import bot_messages
from .threads import archive, is_archived, thread_rules

THREADS = True
GAMES = 200
HOUR = 3600.0
ID = re.compile(r"/\d+")


def calls_since(env: simcord.Env, start: int) -> Counter[str]:
    """The bot's REST calls since ``start``, by method and route (ids replaced by ``{id}``)."""
    return Counter(r.method + " " + ID.sub("/{id}", r.path) for r in env.http_requests[start:])


@pytest.mark.slow
async def test_a_reminder_sweep_over_200_games_in_threads_of_one_channel(table: Table) -> None:
    thread_rules()
    bot, backend = table.bot, table.env.backend
    host = bot.host
    alice = Actor(table.alice.user.id, table.alice.user.name)
    bob = Actor(table.bob.user.id, table.bob.user.name)
    threads = []
    started = time.perf_counter()
    for number in range(GAMES):
        created = backend.create_thread(table.channel.id, f"table {number}", backend.bot_user.id)
        thread = next(t for t in table.channel.threads if t.id == created.id)
        threads.append(thread)
        opened = await host.start(table.guild.id, thread.id, alice, "abordaje", {}, parent_id=table.channel.id)
        await bot.deliver(opened)
        await bot.deliver(await host.join(thread.id, bob))
        await bot.deliver(await host.begin(thread.id, alice))
    set_up = time.perf_counter() - started
    since = min(g.waiting_since for g in await table.next_store.running_games(table.guild.id))
    bot.settings.reminder_hours = 24

    # First reminders (a day of waiting): the threads are open (Discord archives after a week).
    start = len(table.env.http_requests)
    host.clock = lambda: since + 25 * HOUR
    began = time.perf_counter()
    await bot.reminders()
    open_sweep = time.perf_counter() - began
    open_calls = calls_since(table.env, start)
    assert all("⏰" in bot_messages(t, table.env)[-1].content for t in threads)

    # Second reminders (two days later) after Discord archived every thread: each is reopened, then reminded.
    for thread in threads:
        archive(table.env, thread)
    start = len(table.env.http_requests)
    host.clock = lambda: since + 49 * HOUR
    began = time.perf_counter()
    await bot.reminders()
    archived_sweep = time.perf_counter() - began
    archived_calls = calls_since(table.env, start)
    assert not any(is_archived(table.env, t) for t in threads)

    print(
        f"\n{GAMES} games in threads of one channel (set up in {set_up:.1f} s): reminder sweep, threads open: "
        f"{sum(open_calls.values())} Discord calls {dict(open_calls)} in {open_sweep:.2f} s; every thread "
        f"archived: {sum(archived_calls.values())} calls {dict(archived_calls)} in {archived_sweep:.2f} s"
    )
    # A reminder asks Discord whether each person it pings is still in the server (the bot has no member list),
    # once an hour per person: the two players of all 200 games are looked up once, not 400 times.
    looked_up = open_calls["GET /guilds/{id}/members/{id}"]
    assert looked_up <= 2, f"a member look-up per person, not per game: {looked_up}"
    assert sum(open_calls.values()) == GAMES + looked_up, "one post per game, and the look-ups"
    assert open_calls["POST /channels/{id}/messages"] == GAMES
    assert archived_calls["GET /guilds/{id}/members/{id}"] == 0, "people found within the hour are not asked again"
    assert sum(archived_calls.values()) == 3 * GAMES, "a refused post, the reopening and the post, per game"
    assert archived_calls["PATCH /channels/{id}"] == GAMES
