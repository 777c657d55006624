"""``/notify`` through the simulated Discord: a first-time hint in the **Your move** panel until ``hints:off``,
the daily digest by DM once (and again after a restart only the next day), quiet hours holding a ping until
they end, and the panel's "since your last move" lines carrying only what that player may read."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.replay import first_state
from bot.tables.names import in_private
from bot.tables.notify import HINT_MARK
from bot.tables.since import PRIVATE_MARK
from engine.registry import GAMES
from tests.host.test_since import since_block

from .conftest import Table
from .players import begin_game, open_choices, open_panel, play_one
from .sim import answers, bot_messages, dms, is_private, pings, said

SEVEN = datetime(2026, 3, 2, 7, 0, tzinfo=UTC).timestamp()  # a Monday, 7:00 UTC
HOUR = 3600.0


def panel_text(result: object) -> str:
    return "\n".join(m.content for m in answers(result))  # type: ignore[arg-type]


async def test_a_hint_in_the_panel_until_hints_are_turned_off(table: Table) -> None:
    await begin_game(table)
    first = panel_text(await open_panel(table, table.alice))
    assert any(line.startswith(HINT_MARK) for line in first.splitlines()), first
    off = await table.alice.slash(table.channel, "notify", hints="off")
    assert is_private(off) and "hints off" in said(off)
    after = panel_text(await open_panel(table, table.alice))
    assert not any(line.startswith(HINT_MARK) for line in after.splitlines())


async def test_a_bad_time_zone_gets_a_sentence(table: Table) -> None:
    bad = await table.alice.slash(table.channel, "notify", timezone="Atlantis/Capital")
    assert is_private(bad) and "time zone" in said(bad) and "Europe/Paris" in said(bad)


async def test_the_daily_digest_is_one_dm_a_day_even_across_a_restart(table: Table) -> None:
    now = [SEVEN]
    table.bot.host.clock = lambda: now[0]
    await begin_game(table)
    set_up = await table.bob.slash(table.channel, "notify", digest="daily", hour=9, timezone="Europe/London")
    assert is_private(set_up) and "9:00 (Europe/London)" in said(set_up)
    before = len(dms(table.bob))
    now[0] = SEVEN + 2.5 * HOUR  # 9:30 in London (winter: UTC)
    await table.bot.reminders()
    inbox = dms(table.bob)
    assert len(inbox) == before + 1 and "daily digest" in inbox[-1].content
    assert f"<#{table.channel.id}>" in inbox[-1].content
    await table.bot.reminders()
    fresh = await table.restart(clock=lambda: now[0])
    await fresh.reminders()
    assert len(dms(table.bob)) == before + 1, "once a day, a restart included"
    now[0] += 24 * HOUR
    await fresh.reminders()
    assert len(dms(table.bob)) == before + 2, "the next day's"


async def test_quiet_hours_hold_the_ping_until_they_end(table: Table) -> None:
    now = [SEVEN]
    table.bot.host.clock = lambda: now[0]
    await table.alice.slash(table.channel, "notify", quiet="6-8", timezone="UTC")  # quiet now, until 8:00
    before = pings(table.env, table.alice.user.id)
    await begin_game(table)  # the deal pings everyone at once, as a moderator's step does
    dealt = pings(table.env, table.alice.user.id)
    rng = random.Random(5)
    for _ in range(6):  # moves that bring the game back to Alice ping her no more while she is quiet
        await play_one(table, table.bob, rng, "act")
        await play_one(table, table.alice, rng, "act")
    for _ in range(10):  # Bob plays on until the game waits on Alice alone
        if await play_one(table, table.bob, rng, "act") is None:
            break
    assert await open_choices(table, table.alice), "the game waits on Alice"
    assert pings(table.env, table.alice.user.id) == dealt and dealt <= before + 1
    now[0] = SEVEN + HOUR + 60  # 8:01: her quiet hours are over
    await table.bot.reminders()
    held = [m for m in bot_messages(table.channel, table.env) if "quiet hours" in m.content]
    assert len(held) == 1 and table.alice.mention in held[0].content
    assert pings(table.env, table.alice.user.id) == dealt + 1
    await table.bot.reminders()
    assert [m for m in bot_messages(table.channel, table.env) if "quiet hours" in m.content] == held, "once"


async def test_since_lines_in_the_panel_show_only_what_that_player_may_read(table: Table) -> None:
    """The leak scan of the panel's news lines: each is a channel line or one of that seat's own events."""
    await begin_game(table, "derelict", [table.alice, table.bob])
    rng = random.Random(8)
    checked = 0
    for _ in range(4):
        for player in (table.alice, table.bob):
            await play_one(table, player, rng, "panel")
            record = await table.next_store.latest_game(table.channel.id)
            assert record is not None and record.id is not None
            spec = GAMES[record.game_key]
            state = first_state(spec, record)
            public: set[str] = set()
            mine: dict[int, set[str]] = {s.seat: set() for s in record.seats}
            for action in await table.next_store.actions(record.id):
                state, events = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
                public.update(in_private(line, record) for line in action.public)
                for e in events:
                    for seat in mine:
                        if not e.is_public and e.readable_by(seat):
                            mine[seat].add(in_private(e.text, record))
            for viewer in (table.alice, table.bob):
                seat = record.seat_of(viewer.user.id)
                assert seat is not None
                for line in since_block(panel_text(await open_panel(table, viewer))):
                    checked += 1
                    if line.startswith(PRIVATE_MARK):
                        assert line.removeprefix(PRIVATE_MARK) in mine[seat.seat], line
                    else:
                        assert line in public, line
    assert checked, "no panel opened with news"
