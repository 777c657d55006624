"""Issue 31's soak: 200 random moves across 10 games while 10 % of Discord's answers are faults.

Each call the bot makes to Discord fails with probability 0.1 (an interaction's first answer excepted: without
it there is nothing to test), with one of: a 429 that discord.py waits out, a 502 it retries, a 503, a hung
connection, a 403 and a 404 (``faults.FaultPlan.at_random``). Players in ten channels make 200 random legal
moves with ``/act``. Then Discord heals, the host's clock moves past the retry schedule, and:

- every game's board shows its stored state (each acknowledged move's board was delivered);
- every player was pinged exactly as often as the committed moves made the game newly wait on them;
- nothing is owed any more, and every interaction was answered (the 3-second clock's check at teardown);
- the bot's log holds no traceback.
"""

from __future__ import annotations

import fnmatch
import logging
import random
import sqlite3
from typing import Any

import pytest
import simcord

from bot.cooldowns import LIMITS
from bot.errors import is_discord_trouble
from bot.tables import Loaded
from engine.registry import GAMES

from .conftest import Table
from .faults import Fault, FaultPlan, bad_gateway, forbidden, not_found, rate_limited, server_error, timed_out
from .sim import board, pings
from .test_discord_faults import Later, catch_up_after

GAMES_COUNT = 10
MOVES = 200


async def waiting_on(table: Table, channel: simcord.ChannelHandle, player: simcord.MemberActor) -> list[str]:
    offered = await player.autocomplete(channel, "act", "choice", "")
    return [str(c["value"]) for c in offered]


async def newly_waited(table: Table, channel_id: int, user_id: int, value: str) -> set[int]:
    """Who the move must ping: whoever it makes the game wait on who it did not wait on before."""
    record = await table.next_store.live_game(channel_id)
    assert record is not None and record.snapshot is not None
    spec = GAMES[record.game_key]
    state = spec.load_state(record.snapshot)
    seat = record.seat_of(user_id)
    assert seat is not None
    prompt_id, _, choice_id = value.partition("|")
    after, _ = spec.apply(state, seat.seat, prompt_id, choice_id)

    def waited(prompts: list[Any]) -> set[int]:
        seats = {p.seat for p in prompts}
        return {s.user_id for s in record.seats if s.seat in seats and not s.is_bot}

    return waited(spec.prompts(after)) - waited(spec.prompts(state))


@pytest.mark.slow
async def test_two_hundred_moves_in_ten_games_with_one_call_in_ten_failing(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    later = Later()
    table.bot.host.clock = later
    plan = FaultPlan().install(monkeypatch)
    rng = random.Random(31)
    players = [table.alice, table.bob]
    channels = [table.guild.create_text_channel(f"game-{i}") for i in range(GAMES_COUNT)]
    for channel in channels:
        await table.alice.slash(channel, "start abordaje")
        await table.bob.slash(channel, "join")
        await table.alice.slash(channel, "begin")
    baseline = {p.user.id: pings(table.env, p.user.id) for p in players}
    expected = dict.fromkeys(baseline, 0)

    games = tuple(f"/channels/{c.id}/*" for c in channels)

    def refused(method: str, path: str) -> Fault:
        """A 403 where Discord gives one for a lost permission: a game channel's messages (in a DM a 403 means
        closed DMs, which the bot rightly remembers for good)."""
        in_a_game = any(fnmatch.fnmatch(path, g) for g in games)
        return forbidden(method, path) if in_a_game else server_error(method, path)

    def gone(method: str, path: str) -> Fault:
        """A 404 where Discord gives one: an edit or a read of a message someone deleted."""
        return (
            not_found(method, path)
            if method in ("PATCH", "GET") and "/messages/" in path
            else bad_gateway(method, path)
        )

    plan.at_random(0.1, rate_limited, bad_gateway, server_error, timed_out, refused, gone)
    made = restarted = 0
    monkeypatch.setitem(LIMITS, "start", 1000)  # the soak opens a new game wherever one ends, not a person
    with caplog.at_level(logging.INFO):
        for _ in range(MOVES * 10):
            if made == MOVES:
                break
            channel = rng.choice(channels)
            live = await table.next_store.live_game(channel.id)
            if live is None:  # that game is over: the next one begins in its channel
                await table.alice.slash(channel, "start abordaje")
                await table.bob.slash(channel, "join")
                await table.alice.slash(channel, "begin")
                live = await table.next_store.live_game(channel.id)
                if live is None or live.status != "active" or live.snapshot is None:
                    continue
                restarted += 1
                spec = GAMES[live.game_key]
                seats = {p.seat for p in spec.prompts(spec.load_state(live.snapshot))}
                for seat in live.seats:  # its first board pings whoever it waits on
                    if seat.seat in seats and not seat.is_bot:
                        expected[seat.user_id] += 1
            offered = {p.user.id: await waiting_on(table, channel, p) for p in players}
            movers = [p for p in players if offered[p.user.id]]
            if not movers:
                continue
            player = rng.choice(movers)
            value = rng.choice(offered[player.user.id])
            before = await table.next_store.live_game(channel.id)
            assert before is not None
            owed = await newly_waited(table, channel.id, player.user.id, value)
            await player.slash(channel, "act", choice=value)
            after = await table.next_store.latest_game(channel.id)
            assert after is not None
            if after.action_count == before.action_count + 1:
                made += 1
                for user_id in owed:
                    expected[user_id] += 1
                if made % 10 == 0:  # the catch-up's loop runs every 20 s, faults or not
                    await catch_up_after(table, later, 20)

        plan.stop()
        for seconds in (16, 31, 61, 121, 241, 601):  # past every retry and channel delay a failure can have started
            await catch_up_after(table, later, seconds)

    assert made == MOVES
    with sqlite3.connect(table.db) as db:
        assert db.execute("SELECT count(*) FROM deliveries").fetchone()[0] == 0, "everything owed went out"
    for channel in channels:
        record = await table.next_store.latest_game(channel.id)
        assert record is not None and record.snapshot is not None
        if record.status != "active":
            continue
        spec = GAMES[record.game_key]
        state = spec.load_state(record.snapshot)
        want = table.bot.host.board_text(Loaded(record, spec, state), spec.prompts(state))
        assert board(channel, table.env).content == want, f"#{channel.name}'s board is not the stored game"
    for player in players:
        got = pings(table.env, player.user.id) - baseline[player.user.id]
        assert got == expected[player.user.id], f"{player.user.name} pinged {got} times, expected {expected}"
    assert not [r for r in caplog.records if r.exc_info], "no traceback in the bot's log"
    provoked = table.unexpected_errors()
    assert all(is_discord_trouble(getattr(e, "original", e)) for e in provoked), provoked
    table.expected_bugs.extend(provoked)
