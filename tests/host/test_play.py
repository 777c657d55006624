"""Acting through the host: seats, stale and forged choices, concurrency, persistence, moderation, DMs."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Store
from bot.store.factory import open_store
from bot.tables import Host
from engine.core import GameError, NoGameHere, NotAllowed, StaleChoice

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, MOD, Clock, make_host, started_duel, with_later


async def pending(host: Host, user_id: int) -> list[tuple[str, str]]:
    return await host.choices_for(CHANNEL, user_id)


async def test_autocomplete_lists_exactly_my_choices_and_nothing_to_others(host: Host) -> None:
    await started_duel(host)
    mine = await pending(host, ALICE.user_id)
    assert [label for label, _ in mine] == ["Pick 1", "Pick 2", "Pick 3"]
    assert await host.choices_for(CHANNEL, CAROL.user_id) == []
    assert [label for label, _ in await host.choices_for(CHANNEL, ALICE.user_id, "3")] == ["Pick 3"]
    value = mine[0][1]
    await host.act_typed(CHANNEL, ALICE, value)
    assert await pending(host, ALICE.user_id) == []


async def test_a_non_player_cannot_act_even_with_a_copied_choice(host: Host) -> None:
    await started_duel(host)
    prompt_id, _, choice_id = (await pending(host, ALICE.user_id))[0][1].partition("|")
    before = await host.store.live_game(CHANNEL)
    with pytest.raises(NotAllowed):
        await host.act(CHANNEL, CAROL, prompt_id, choice_id)
    with pytest.raises(GameError, match="another player"):
        await host.act(CHANNEL, BOB, prompt_id, choice_id)
    after = await host.store.live_game(CHANNEL)
    assert before is not None and after is not None
    assert after.version == before.version and after.snapshot == before.snapshot


async def test_a_stale_choice_gets_a_sentence_and_changes_nothing(host: Host) -> None:
    await started_duel(host)
    prompt_id, _, choice_id = (await pending(host, ALICE.user_id))[0][1].partition("|")
    await host.act(CHANNEL, ALICE, prompt_id, choice_id)
    before = await host.store.live_game(CHANNEL)
    with pytest.raises(StaleChoice):
        await host.act(CHANNEL, ALICE, prompt_id, choice_id)
    after = await host.store.live_game(CHANNEL)
    assert before is not None and after is not None and after.version == before.version


async def test_hidden_picks_never_reach_the_channel_before_the_reveal(host: Host) -> None:
    await started_duel(host)
    out = await with_later(host, await host.act(CHANNEL, ALICE, "r1.s0", "3"))
    for post in out.posts:
        assert "picked 3" not in post.text and "You picked" not in post.text and "pick: 3" not in post.text
    assert out.reply is not None and "Your secret pick: 3" in out.reply.text
    assert all(p.is_edit for p in out.posts), "a small step edits the board message"
    out = await with_later(host, await host.act(CHANNEL, BOB, "r1.s1", "1"))
    assert any(not p.is_edit and "revealed" in p.text for p in out.posts), "a resolution posts a new message"


async def test_two_players_acting_at_the_same_instant_are_serialised(host: Host) -> None:
    await started_duel(host)
    before = await host.store.live_game(CHANNEL)
    assert before is not None
    await asyncio.gather(host.act(CHANNEL, ALICE, "r1.s0", "2"), host.act(CHANNEL, BOB, "r1.s1", "3"))
    after = await host.store.live_game(CHANNEL)
    assert after is not None and after.version == before.version + 2
    assert len(await host.store.actions(after.id or 0)) == 2
    assert [label for label, _ in await pending(host, ALICE.user_id)] == ["Pick 1", "Pick 2", "Pick 3"]


async def test_a_double_click_applies_once(host: Host) -> None:
    await started_duel(host)
    results = await asyncio.gather(
        host.act(CHANNEL, ALICE, "r1.s0", "2"), host.act(CHANNEL, ALICE, "r1.s0", "1"), return_exceptions=True
    )
    assert sum(isinstance(r, GameError) for r in results) == 1
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.action_count == 1


async def test_the_game_survives_a_new_process_over_the_same_file(host: Host, db_path: str, clock: Clock) -> None:
    await started_duel(host)
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    await host.store.close()
    fresh_store: Store = await open_store(str(db_path))
    try:
        fresh = make_host(fresh_store, clock)
        assert await fresh.choices_for(CHANNEL, ALICE.user_id) == []
        assert [label for label, _ in await fresh.choices_for(CHANNEL, BOB.user_id)] == ["Pick 1", "Pick 2", "Pick 3"]
        panel = await fresh.panel(CHANNEL, ALICE.user_id)
        assert "Your secret pick: 2" in panel.text
        await fresh.act(CHANNEL, BOB, "r1.s1", "1")
        status = await fresh.status(CHANNEL)
        assert "turn 2" in status
    finally:
        await fresh_store.close()
        host.store = await open_store(str(db_path))  # let the fixture close something open


async def test_status_says_whose_decision_and_since_when(host: Host, clock: Clock) -> None:
    await started_duel(host)
    clock.now += 60
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    text = await host.status(CHANNEL)
    assert f"<@{BOB.user_id}>" in text and f"<@{ALICE.user_id}>:" not in text
    assert f"<t:{int(clock.now)}:R>" in text


async def test_only_moderators_reset_or_end(host: Host) -> None:
    await started_duel(host)
    with pytest.raises(NotAllowed, match="moderators"):
        await host.reset(CHANNEL, ALICE)
    with pytest.raises(NotAllowed, match="moderators"):
        await host.end(CHANNEL, BOB)
    out = await host.end(CHANNEL, MOD)
    assert "ended" in out.posts[0].text.lower()
    with pytest.raises(NoGameHere):
        await host.act(CHANNEL, ALICE, "r1.s0", "2")
    assert "ended" in await host.status(CHANNEL)
    await host.reset(CHANNEL, MOD)
    assert await host.store.latest_game(CHANNEL) is None
    await host.start(GUILD, CHANNEL, ALICE, "duel", {})


async def test_a_finished_game_announces_its_result_and_takes_no_more_choices(host: Host, clock: Clock) -> None:
    await started_duel(host)
    for turn in (1, 2):
        clock.now += 3 * 3600
        await host.act(CHANNEL, ALICE, f"r{turn}.s0", "3")
        out = await with_later(host, await host.act(CHANNEL, BOB, f"r{turn}.s1", "1"))
    final = "Seat 1 wins. (2 turns in 6 hours, 4 decisions)"
    assert any("Game over" in p.text and final in p.text for p in out.posts)
    assert all(not p.live for p in out.posts if p.kind == "board")
    with pytest.raises(NoGameHere, match="over"):
        await host.act(CHANNEL, ALICE, "r3.s0", "3")
    assert await host.choices_for(CHANNEL, ALICE.user_id) == []


async def test_closed_dms_are_told_once_and_never_retried(host: Host) -> None:
    await started_duel(host)
    for player in (ALICE, BOB):  # both asked for DMs when a decision is due
        await host.set_notify(player.user_id, True)
    first = await host.dm_failed(CHANNEL, BOB.user_id)
    assert len(first.posts) == 1 and "/hand" in first.posts[0].text
    assert await host.dm_failed(CHANNEL, BOB.user_id) == type(first)(CHANNEL)
    await host.act(CHANNEL, ALICE, "r1.s0", "3")
    out = await with_later(host, await host.act(CHANNEL, BOB, "r1.s1", "1"))
    assert BOB.user_id not in {dm.user_id for dm in out.dms}
    assert ALICE.user_id in {dm.user_id for dm in out.dms}


async def test_the_result_names_each_players_score_best_first(host: Host, clock: Clock) -> None:
    await started_duel(host)
    for turn in (1, 2):
        await host.act(CHANNEL, BOB, f"r{turn}.s1", "1")
        clock.now += 3600
        out = await with_later(host, await host.act(CHANNEL, ALICE, f"r{turn}.s0", "3"))
    assert "Seat 1 wins. (2 turns in 2 hours, 4 decisions) Scores: alice 2, bob 0." in out.posts[0].text


async def test_refused_requests_in_many_channels_leave_no_lock_behind(host: Host) -> None:
    """Issue 31: 5,000 refused /join in as many channels left 5,000 channel locks in the process for good."""
    for channel in range(10_000, 15_000):
        with pytest.raises(NoGameHere):
            await host.join(channel, ALICE)
    await started_duel(host)

    assert len(host._locks) <= 2, "a lock lives only while a request holds it"
    await host.act(CHANNEL, ALICE, "r1.s0", "2")  # and the channels still serialise their requests
