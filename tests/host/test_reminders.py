"""Reminders come from stored timestamps: due, not due, after a restart, never for a game that is over."""

from __future__ import annotations

from bot.outbox import Outbox
from bot.store import Store
from bot.tables import MAX_REMINDERS, Host

from .conftest import ALICE, BOB, CHANNEL, MOD, Clock, make_host, started_duel

DAY = 24 * 3600.0


async def sent(host: Host, idle_seconds: float = DAY) -> list[Outbox]:
    """One reminder round whose posts all reach Discord (the bot's loop delivers them, then the host marks
    them fired)."""
    outboxes = await host.remind(idle_seconds)
    for out in outboxes:
        await host.delivered(out)
    return outboxes


def reminded(outboxes: list[Outbox]) -> list[tuple[int, ...]]:
    """Who each reminder pings."""
    return [post.pings for out in outboxes for post in out.posts]


async def test_nobody_is_reminded_before_the_idle_time(host: Host, clock: Clock) -> None:
    await started_duel(host)
    clock.now += DAY - 1
    assert await sent(host) == []


async def test_the_waiting_players_are_reminded_once_then_at_longer_intervals(host: Host, clock: Clock) -> None:
    await started_duel(host)
    await host.act(CHANNEL, ALICE, "r1.s0", "2")  # now only Bob is awaited
    clock.now += DAY
    first = await sent(host)
    assert reminded(first) == [(BOB.user_id,)]
    text = first[0].posts[0].text
    assert "waiting on you" in text and "/channels/" in text, "the reminder links to the board"
    assert await sent(host) == [], "not twice for the same wait"
    clock.now += DAY - 1
    assert await sent(host) == [], "the second reminder waits twice as long"
    clock.now += 1
    assert reminded(await sent(host)) == [(BOB.user_id,)]


async def test_reminders_stop_after_a_few(host: Host, clock: Clock) -> None:
    await started_duel(host)
    count = 0
    for _ in range(40):
        clock.now += DAY
        count += len(await sent(host))
    assert count == MAX_REMINDERS


async def test_a_move_starts_a_new_wait(host: Host, clock: Clock) -> None:
    await started_duel(host)
    clock.now += DAY
    assert len(await sent(host)) == 1
    clock.now += 10
    await host.act(CHANNEL, ALICE, "r1.s0", "1")
    clock.now += DAY - 5
    assert await sent(host) == [], "Bob's wait began with Alice's move"
    clock.now += 5
    assert reminded(await sent(host)) == [(BOB.user_id,)]


async def test_a_restart_neither_loses_nor_repeats_a_reminder(host: Host, store: Store, clock: Clock) -> None:
    await started_duel(host)
    clock.now += DAY
    assert len(await sent(host)) == 1
    fresh = make_host(store, clock)  # a new process: nothing in memory
    assert await sent(fresh) == []
    clock.now += 2 * DAY
    assert len(await sent(fresh)) == 1


async def test_a_game_that_is_over_is_never_reminded(host: Host, clock: Clock) -> None:
    await started_duel(host)
    await host.end(CHANNEL, MOD)
    clock.now += 10 * DAY
    assert await sent(host) == []


async def test_a_reminder_claimed_by_a_process_that_died_is_sent_once_by_another(store: Store, clock: Clock) -> None:
    host = make_host(store, clock)
    await started_duel(host)
    clock.now += DAY
    lost = await host.remind(DAY)  # counted and claimed, then the process dies before Discord hears of it
    assert reminded(lost) == [(ALICE.user_id, BOB.user_id)]
    other = make_host(store, clock)
    assert await sent(other) == [], "the claim holds while its process may still be sending"
    clock.now += other.claim_seconds + 1
    again = await sent(other)
    assert reminded(again) == reminded(lost), "the reminder nobody received is sent by the other process"
    assert again[0].posts[0].nonce == lost[0].posts[0].nonce, "a resend Discord already took stays one message"
    clock.now += other.claim_seconds + 1
    assert await sent(other) == [], "once sent, never again"
