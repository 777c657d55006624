"""``/notify``'s choices as players meet them: first-time hints in the panel, the daily digest (once a day, once
across processes and restarts), quiet hours holding a ping until they end, and a time zone checked first."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.outbox import Outbox
from bot.store import Store
from bot.tables import Host
from bot.tables.notify import HINT_MARK, HINT_TIMES
from bot.tables.zones import has_zone_names
from engine.core import BadOptions

from .conftest import ALICE, BOB, CHANNEL, GUILD, Clock, make_host, started_duel

DAY = 24 * 3600.0
NINE_NEXT_MORNING = 38830.0  # from the test clock's start (22:13 UTC) to 9:00:30 UTC the next day
EIGHT_NEXT_MORNING = 35230.0  # … to 8:00:30 UTC


async def begun_abordaje(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "abordaje", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)


def hints_in(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(HINT_MARK)]


async def test_a_hint_shows_under_a_new_kind_of_decision_until_hints_are_turned_off(host: Host) -> None:
    await begun_abordaje(host)
    panel = await host.panel(CHANNEL, ALICE.user_id)
    assert any("place one order on every card" in line for line in hints_in(panel.text))
    said = await host.notify(ALICE.user_id, hints=False)
    assert "hints off" in said
    assert hints_in((await host.panel(CHANNEL, ALICE.user_id)).text) == []
    assert hints_in((await host.panel(CHANNEL, BOB.user_id)).text), "Bob's hints are his own"
    await host.notify(ALICE.user_id, hints=True)
    assert hints_in((await host.panel(CHANNEL, ALICE.user_id)).text), "hints:on brings them back"


async def test_a_hint_shows_the_first_few_times_a_kind_of_decision_comes_then_stops(host: Host) -> None:
    await begun_abordaje(host)
    hinted: dict[str, bool] = {}
    chooser = random.Random(3)
    for _ in range(60):
        panel = await host.panel(CHANNEL, ALICE.user_id)
        for prompt in panel.prompts:
            if ".as" in prompt.id:
                hinted.setdefault(prompt.id, any("place one order" in h for h in hints_in(panel.text)))
        await host.panel(CHANNEL, ALICE.user_id)  # the same decision seen again is not counted again
        moved = False
        for player in (ALICE, BOB):
            offered = await host.choices_for(CHANNEL, player.user_id)
            if offered:
                await host.act_typed(CHANNEL, player, chooser.choice(offered)[1])
                moved = True
        if not moved or len(hinted) > HINT_TIMES + 1:
            break
    shown = [hinted[p] for p in hinted]
    assert len(shown) > HINT_TIMES and shown[:HINT_TIMES] == [True] * HINT_TIMES and not any(shown[HINT_TIMES:])


async def deliver_all(host: Host, outboxes: list[Outbox]) -> list[Outbox]:
    for out in outboxes:
        await host.delivered(out)
    return outboxes


def digests(outboxes: list[Outbox]) -> list[str]:
    return [dm.panel.text for out in outboxes for dm in out.dms if "daily digest" in dm.panel.text]


async def test_the_digest_lists_the_games_waiting_once_a_day_and_replaces_the_dm_per_turn(
    host: Host, store: Store, clock: Clock
) -> None:
    await host.notify(BOB.user_id, dm=True)
    said = await host.notify(BOB.user_id, digest=True, hour=9, time_zone="+00:00")
    assert "digest" in said and "9:00" in said
    await started_duel(host)
    out = await host.act(CHANNEL, ALICE, "r1.s0", "2")  # the game now waits on Bob alone
    assert [dm.user_id for dm in out.dms] == [], "no DM per turn for a player who takes the digest"
    assert digests(await deliver_all(host, await host.remind(DAY))) == [], "not before nine on his clock"
    clock.now += NINE_NEXT_MORNING
    first = digests(await deliver_all(host, await host.remind(DAY * 10)))
    assert len(first) == 1 and f"<#{CHANNEL}>" in first[0] and "1 game waiting on you" in first[0]
    assert digests(await deliver_all(host, await host.remind(DAY * 10))) == [], "once a day"
    restarted = make_host(store, clock)
    assert digests(await deliver_all(restarted, await restarted.remind(DAY * 10))) == [], "a restart repeats none"
    clock.now += DAY
    assert len(digests(await deliver_all(restarted, await restarted.remind(DAY * 10)))) == 1, "the next day's"


async def test_a_digest_claimed_by_a_process_that_died_is_sent_by_another_once(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await host.notify(BOB.user_id, digest=True, hour=9)
    await started_duel(host)
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    clock.now += NINE_NEXT_MORNING
    assert len(digests(await host.remind(DAY * 10))) == 1  # claimed, then the process dies before sending it
    assert digests(await next_host.remind(DAY * 10)) == [], "a fresh claim is left to its process"
    clock.now += next_host.claim_seconds + 1
    assert len(digests(await deliver_all(next_host, await next_host.remind(DAY * 10)))) == 1, "taken over"
    assert digests(await deliver_all(next_host, await next_host.remind(DAY * 10))) == []


async def test_quiet_hours_hold_a_ping_and_deliver_it_once_when_they_end(host: Host, clock: Clock) -> None:
    await started_duel(host)
    said = await host.notify(ALICE.user_id, quiet="22-8", time_zone="UTC")  # it is 22:13 UTC: quiet now
    assert "quiet hours 22:00–8:00" in said
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    out = await host.act(CHANNEL, BOB, "r1.s1", "3")  # round 2 falls due to Alice: a new board
    board = next(p for p in out.posts if p.kind == "board")
    assert board.edit_message_id is None and ALICE.user_id not in board.pings, "no ping in her quiet hours"
    assert await deliver_all(host, await host.remind(DAY * 10)) == [], "still quiet"
    clock.now += EIGHT_NEXT_MORNING
    held = await deliver_all(host, await host.remind(DAY * 10))
    pings = [p.pings for o in held for p in o.posts]
    assert pings == [(ALICE.user_id,)] and "quiet hours" in held[0].posts[0].text
    assert await deliver_all(host, await host.remind(DAY * 10)) == [], "the held ping is sent once"


async def test_a_reminder_waits_for_the_end_of_quiet_hours(host: Host, clock: Clock) -> None:
    await started_duel(host)
    await host.act(CHANNEL, ALICE, "r1.s0", "2")  # Bob alone is awaited
    await host.notify(BOB.user_id, quiet="0-12", time_zone="UTC")
    clock.now += 3 * 3600  # 1:13 UTC: Bob's reminder is due, but he is in his quiet hours
    assert [p.pings for o in await host.remind(3600) for p in o.posts] == []
    clock.now += 11 * 3600  # 12:13 UTC
    pings = [p.pings for o in await deliver_all(host, await host.remind(3600)) for p in o.posts]
    assert (BOB.user_id,) in pings


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"time_zone": "Mars/Olympus"}, "time zone"),
        ({"quiet": "25-3"}, "quiet hours"),
        ({"quiet": "8-8"}, "another hour"),
        ({"hour": 30, "digest": True}, "0 to 23"),
        ({"quiet": "22-8", "digest": True, "hour": 23}, "quiet hours"),
    ],
)
async def test_bad_notify_choices_get_a_sentence_and_change_nothing(
    host: Host, options: dict[str, object], sentence: str
) -> None:
    before = await host.notify(ALICE.user_id)
    with pytest.raises(BadOptions, match=sentence):
        await host.notify(ALICE.user_id, **options)  # type: ignore[arg-type]
    assert await host.notify(ALICE.user_id) == before


async def test_a_time_zone_by_name_or_offset(host: Host) -> None:
    assert "+02:00" in await host.notify(ALICE.user_id, time_zone="+2", quiet="22-8")
    if has_zone_names():
        assert "Europe/Paris" in await host.notify(ALICE.user_id, time_zone="europe/paris")


async def test_two_processes_over_one_sqlite_file_send_one_digest(host: Host, next_host: Host, clock: Clock) -> None:
    """The PostgreSQL case is ``tests/scale/test_digest.py``."""
    await host.notify(BOB.user_id, digest=True, hour=9)
    await started_duel(host)
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    clock.now += NINE_NEXT_MORNING
    both = await asyncio.gather(host.remind(DAY * 10), next_host.remind(DAY * 10))
    assert sum(len(digests(outs)) for outs in both) == 1


async def test_quiet_hours_hold_the_dm_of_a_player_who_asked_for_dms_and_send_it_once(host: Host, clock: Clock) -> None:
    await started_duel(host)
    await host.notify(ALICE.user_id, dm=True)
    await host.notify(ALICE.user_id, quiet="22-8", time_zone="UTC")
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    out = await host.act(CHANNEL, BOB, "r1.s1", "3")  # round 2 falls due to Alice, in her quiet hours
    assert [dm.user_id for dm in out.dms] == [], "no DM while she is quiet"
    clock.now += EIGHT_NEXT_MORNING
    held = await deliver_all(host, await host.remind(DAY * 10))
    dms = [dm for o in held for dm in o.dms]
    assert [dm.user_id for dm in dms] == [ALICE.user_id] and dms[0].panel.prompts, "her panel, with her choices"
    assert await deliver_all(host, await host.remind(DAY * 10)) == []
