"""``/away``: a player steps away; reminders and DMs stop for them, the board and ``/status`` say until when,
and a skip vote against them waits until they are back."""

from __future__ import annotations

import pytest

from bot.outbox import Outbox
from bot.tables import Actor, Host
from engine.core import IllegalAction, NotAllowed, Rng
from tests.seatbots.test_host import play_person

from .conftest import ALICE, BOB, CHANNEL, GUILD, MOD, Clock, started_duel, with_later

DAY = 24 * 3600.0


async def reminded(host: Host) -> list[tuple[int, ...]]:
    """One reminder round, delivered: who each reminder pings."""
    outboxes: list[Outbox] = await host.remind(DAY)
    for out in outboxes:
        await host.delivered(out)
    return [post.pings for out in outboxes for post in out.posts]


async def test_a_bad_or_too_long_away_is_refused_and_changes_nothing(host: Host) -> None:
    with pytest.raises(IllegalAction, match="`3d`"):
        await host.step_away(GUILD, BOB, "soon")
    with pytest.raises(IllegalAction, match="at most 14 days"):
        await host.step_away(GUILD, BOB, "3w")
    await host.set_away_maximum(GUILD, Actor(MOD.user_id, "mod", can_manage_server=True), 30)
    assert "away until" in (await host.step_away(GUILD, BOB, "3w"))[0]
    with pytest.raises(NotAllowed, match="Manage Server"):
        await host.set_away_maximum(GUILD, ALICE, 60)


async def test_someone_away_is_not_reminded_nor_dmed_and_the_board_says_until_when(host: Host, clock: Clock) -> None:
    await started_duel(host)
    answer, _ = await host.step_away(GUILD, BOB, "3d", "holiday")
    assert "away until" in answer
    out = await with_later(host, await host.act(CHANNEL, ALICE, "r1.s0", "2"))  # now only Bob is awaited
    board = next(p for p in out.posts if p.kind == "board")
    assert f"<@{BOB.user_id}> (away until <t:" in board.text
    assert BOB.user_id not in board.pings
    await host.delivered(out)
    assert "(away until <t:" in await host.status(CHANNEL)

    clock.now += DAY
    assert await reminded(host) == [], "nobody is reminded while the one awaited is away"
    assert "Welcome back" in (await host.come_back(GUILD, BOB))[0]
    clock.now += 2 * DAY
    assert await reminded(host) == [(BOB.user_id,)], "reminders are on again once back"
    assert "(away until" not in await host.status(CHANNEL)


async def test_a_skip_vote_against_someone_away_waits_until_they_are_back(host: Host, clock: Clock) -> None:
    await started_duel(host)
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    await host.step_away(GUILD, BOB, "3d")
    clock.now += 2 * DAY  # past the idle time, but Bob is away
    with pytest.raises(IllegalAction, match="bob is away until"):
        await host.vote_skip(CHANNEL, ALICE)
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.skip_votes == [] and record.action_count == 1
    clock.now += 2 * DAY  # the away is over: the vote goes through
    out = await host.vote_skip(CHANNEL, ALICE)
    assert any("voted to skip bob's decision" in p.text for p in out.posts)


async def test_someone_away_gets_no_dm_of_a_decision_falling_due_and_gets_them_again_once_back(host: Host) -> None:
    await started_duel(host)
    await host.set_notify(ALICE.user_id, True)  # Alice asked for a DM whenever a decision falls due to her
    await host.step_away(GUILD, ALICE, "2d")
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    # the round resolves: round 2 falls due to both
    out = await with_later(host, await host.act(CHANNEL, BOB, "r1.s1", "3"))
    assert ALICE.user_id not in [dm.user_id for dm in out.dms], "no DM while away"
    await host.come_back(GUILD, ALICE)
    await host.act(CHANNEL, ALICE, "r2.s0", "1")
    out = await with_later(host, await host.act(CHANNEL, BOB, "r2.s1", "1"))
    assert ALICE.user_id in [dm.user_id for dm in out.dms], "DMs again once back"


async def bob_moved(host: Host, record_id: int, bot_user_id: int) -> bool:
    return any(a.user_id == bot_user_id for a in await host.store.actions(record_id))


@pytest.mark.parametrize("back", ["off", "expiry"])
async def test_with_bot_on_a_bot_plays_the_seat_while_away_and_hands_it_back_with_a_summary(
    host: Host, clock: Clock, back: str
) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "pioneers", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    answer, outs = await host.step_away(GUILD, BOB, "2d", "holiday", bot=True)
    assert "A bot plays your seat in 1 game" in answer
    assert any("bob is away until" in p.text for out in outs for p in out.posts)
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.id is not None
    seat = record.user_of(1)
    assert seat is not None and seat.is_bot and record.seat_of(BOB.user_id) is None
    rng = Rng.from_seed(7)
    for _ in range(200):  # Alice plays on; the bot answers for Bob's seat
        await host.bot_round()
        if await bob_moved(host, record.id, seat.user_id):
            break
        await play_person(host, rng, (ALICE.user_id,))
    else:
        pytest.fail("the bot never moved for Bob")

    if back == "off":
        text, outs = await host.come_back(GUILD, BOB)
        assert "Your seats are yours again" in text
    else:
        assert await host.end_over_aways() == [], "not before the time is up"
        clock.now += 2 * 24 * 3600
        outs = await host.end_over_aways()
        assert await host.end_over_aways() == [], "handed back once"
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.seat_of(BOB.user_id) is not None and not any(s.is_bot for s in record.seats)
    dms = [dm for out in outs for dm in out.dms if dm.user_id == BOB.user_id]
    assert len(dms) == 1 and "While you were away, Bot 1 made" in dms[0].panel.text
    assert any("bob is back" in p.text for out in outs for p in out.posts)
    notes = " ".join(n.text for n in await host.store.notes(record.id))
    assert "bob is away until" in notes and "bob is back" in notes
