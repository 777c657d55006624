"""Reading a game back: the public history, a player's private history, and the games a player sits in."""

from __future__ import annotations

import pytest

from bot.history import PAGE_SIZE, History
from bot.tables import Host
from engine.core import NoGameHere, NotAllowed

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, started_duel


def history(host: Host) -> History:
    return History(host.store, host.games)


async def play_round(host: Host, alice: str, bob: str) -> None:
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.snapshot is not None
    turn = host.spec("duel").load_state(record.snapshot).turn
    await host.act(CHANNEL, ALICE, f"r{turn}.s0", alice)
    await host.act(CHANNEL, BOB, f"r{turn}.s1", bob)


async def test_the_public_log_shows_what_the_channel_saw_most_recent_first(host: Host) -> None:
    await started_duel(host)
    await play_round(host, "3", "1")
    await play_round(host, "2", "2")
    page = await history(host).public_log(CHANNEL)
    text = page.text
    assert "Round 2 revealed" in text and "Round 1 revealed" in text
    assert text.index("Round 2 revealed") < text.index("Round 1 revealed"), "most recent first"
    assert "Your secret pick" not in text and "You picked" not in text


async def test_the_private_log_is_only_the_callers(host: Host) -> None:
    await started_duel(host)
    await play_round(host, "3", "1")
    mine = (await history(host).private_log(CHANNEL, ALICE.user_id)).text
    theirs = (await history(host).private_log(CHANNEL, BOB.user_id)).text
    assert "3" in mine and "You picked 3" in mine
    assert "You picked 3" not in theirs and "You picked 1" in theirs
    with pytest.raises(NotAllowed):
        await history(host).private_log(CHANNEL, CAROL.user_id)


async def test_long_histories_are_paged(host: Host) -> None:
    await started_duel(host)
    for _ in range(3):
        await play_round(host, "1", "1")
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    lines = [line for a in await host.store.actions(record.id or 0) for line in a.public]
    first = await history(host).public_log(CHANNEL, page=1)
    assert first.pages == -(-len(lines) // PAGE_SIZE)
    last = await history(host).public_log(CHANNEL, page=99)
    assert last.page == last.pages


async def test_games_lists_where_i_sit_and_whether_it_waits_on_me(host: Host) -> None:
    assert "not seated" in await history(host).games_of(ALICE.user_id, GUILD)
    await started_duel(host)
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    alice = await history(host).games_of(ALICE.user_id, GUILD)
    bob = await history(host).games_of(BOB.user_id, GUILD)
    assert f"<#{CHANNEL}>" in alice and "waiting on others" in alice
    assert "waiting on you" in bob
    assert f"/channels/{GUILD}/{CHANNEL}/" in bob, "a link to the board message"


async def test_no_game_no_history(host: Host) -> None:
    with pytest.raises(NoGameHere):
        await history(host).public_log(CHANNEL)
