"""``/skip``: after the server's idle time the other players may vote to skip a quiet player's decision."""

from __future__ import annotations

import pytest

from bot.history import History
from bot.tables import Actor, Host
from engine.core import IllegalAction, NotAllowed

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, MOD, Clock, started_duel

HOUR = 3600.0
MANAGER = Actor(901, "manager", can_moderate=True, can_manage_server=True)


async def bob_goes_quiet(host: Host) -> None:
    """A three-player duel where Alice and Carol have picked and Bob has not."""
    await started_duel(host, (ALICE, BOB, CAROL))
    await host.act(CHANNEL, ALICE, "r1.s0", "3")
    await host.act(CHANNEL, CAROL, "r1.s2", "2")


async def test_a_majority_of_the_others_skips_the_quiet_players_decision(host: Host, clock: Clock) -> None:
    await bob_goes_quiet(host)
    clock.now += 72 * HOUR

    first = await host.vote_skip(CHANNEL, ALICE)
    assert "1 of 2 votes" in first.posts[0].text
    assert [label for label, _ in await host.choices_for(CHANNEL, BOB.user_id)], "one vote is not enough"

    out = await host.vote_skip(CHANNEL, CAROL)
    texts = [p.text for p in out.posts]
    assert "voted to skip bob's decision" in texts[0]
    assert any("Round 1 revealed (seat 1: 3, seat 2: 1, seat 3: 2)" in t for t in texts), "Bob's skip picks 1"
    assert "Round 2" in (await host.status(CHANNEL)) or "turn 2" in (await host.status(CHANNEL))
    log = (await History(host.store, host.games).public_log(CHANNEL)).text
    assert "alice votes to skip" in log and "voted to skip bob's decision" in log


async def test_no_skip_before_the_idle_time_nor_by_the_quiet_player_nor_twice(host: Host, clock: Clock) -> None:
    await bob_goes_quiet(host)
    clock.now += 71 * HOUR
    with pytest.raises(IllegalAction, match="can be voted in 60 minutes"):
        await host.vote_skip(CHANNEL, ALICE)
    clock.now += 2 * HOUR
    with pytest.raises(IllegalAction, match="waiting on you"):
        await host.vote_skip(CHANNEL, BOB)
    with pytest.raises(NotAllowed):
        await host.vote_skip(CHANNEL, MOD)
    await host.vote_skip(CHANNEL, ALICE)
    with pytest.raises(IllegalAction, match="already voted"):
        await host.vote_skip(CHANNEL, ALICE)


async def test_a_new_decision_clears_the_votes(host: Host, clock: Clock) -> None:
    await bob_goes_quiet(host)
    clock.now += 72 * HOUR
    await host.vote_skip(CHANNEL, ALICE)
    await host.act(CHANNEL, BOB, "r1.s1", "1")  # Bob is back: round 2 begins
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.skip_votes == []


async def test_the_servers_own_idle_time_applies(host: Host, clock: Clock) -> None:
    await host.change_settings(GUILD, MANAGER, idle_hours=2)
    await bob_goes_quiet(host)
    clock.now += 2 * HOUR
    out = await host.vote_skip(CHANNEL, ALICE)
    assert "1 of 2" in out.posts[0].text


async def test_abordaje_has_no_skip_and_says_what_to_do_instead(host: Host, clock: Clock) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "abordaje", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    clock.now += 100 * HOUR
    with pytest.raises(IllegalAction, match="/replace"):
        await host.vote_skip(CHANNEL, ALICE)


async def test_capricorn_a_skipped_character_does_nothing_and_the_turn_passes(host: Host, clock: Clock) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "capricorn", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    spec = host.spec("capricorn")
    state = spec.load_state(record.snapshot or "")
    idle_seat = spec.prompts(state)[0].seat
    other = BOB if idle_seat == 0 else ALICE
    clock.now += 72 * HOUR

    out = await host.vote_skip(CHANNEL, other)

    record = await host.store.live_game(CHANNEL)
    assert record is not None
    after = spec.load_state(record.snapshot or "")
    assert after.turn == state.turn + 1, "the skipped character's turn is over"
    assert all(p.seat != idle_seat for p in spec.prompts(after)[:1]), "the next character's turn has begun"
    narration = "\n".join(p.text for p in out.posts)
    assert "discard" in narration.lower() or "trash" in narration.lower()


async def test_jupiter_a_skipped_robot_ends_its_actions_and_the_turn_passes(host: Host, clock: Clock) -> None:
    from .test_undo import jupiter_at_the_actions

    idle = await jupiter_at_the_actions(host)
    other = BOB if idle is ALICE else ALICE
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    spec = host.spec("jupiter")
    turn = spec.load_state(record.snapshot or "").turn
    clock.now += 72 * HOUR

    await host.vote_skip(CHANNEL, other)

    record = await host.store.live_game(CHANNEL)
    assert record is not None
    after = spec.load_state(record.snapshot or "")
    assert after.turn == turn + 1 or spec.outcome(after) is not None, "the idle robot's turn is over"
    assert not [label for label, _ in await host.choices_for(CHANNEL, idle.user_id) if "End your actions" in label]
