"""Jupiter Deep through the host: a turn of actions edits one board message, the end of a turn posts a new one
that pings the next robot, and nothing private exists (every robot's hand is on the board)."""

from __future__ import annotations

import random

import pytest

from bot.tables import Actor, Host
from engine.core import LobbyError
from engine.registry import GAMES

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD

SPEC = GAMES["jupiter"]
STEP_CAP = 400


async def test_a_turn_edits_one_message_and_the_next_robot_is_pinged(host: Host) -> None:
    players: dict[int, Actor] = {p.user_id: p for p in (ALICE, BOB, CAROL)}
    await host.start(GUILD, CHANNEL, ALICE, "jupiter", {})
    await host.join(CHANNEL, BOB)
    await host.join(CHANNEL, CAROL)
    out = await host.begin(CHANNEL, ALICE)
    board = next(p for p in out.posts if p.kind == "board")
    await host.board_posted(CHANNEL, board.game_id, 1)
    chooser = random.Random(4)
    new_posts, edits, turns_seen = 0, 0, set()
    for step in range(STEP_CAP):
        waiting = [(uid, await host.choices_for(CHANNEL, uid)) for uid in players]
        waiting = [(uid, offered) for uid, offered in waiting if offered]
        if not waiting:
            break
        waited = {uid for uid, _ in waiting}
        uid, offered = chooser.choice(waiting)
        out = await host.act_typed(CHANNEL, players[uid], chooser.choice(offered)[1])
        after = {u for u in players if await host.choices_for(CHANNEL, u)}
        for post in out.posts:
            if post.edit_message_id is None:
                new_posts += 1
                await host.board_posted(CHANNEL, post.game_id, 100 + step)
            else:
                edits += 1
            # Whoever joins the wait (the next robot's player) is pinged, by a new message; nobody else is.
            assert set(post.pings) == after - waited, post.text
            assert not post.pings or post.edit_message_id is None
        record = await host.store.latest_game(CHANNEL)
        assert record is not None and record.snapshot is not None
        turns_seen.add(SPEC.load_state(record.snapshot).turn)
    assert len(turns_seen) >= 3, "the game went through several turns"
    assert edits > new_posts, "the small steps of a turn edit the current message"
    assert new_posts >= len(turns_seen) - 1, "each new turn starts with a new board message"


async def test_a_lobby_whose_robots_option_is_smaller_refuses_the_extra_player_at_join(host: Host) -> None:
    out = await host.start(GUILD, CHANNEL, ALICE, "jupiter", {"robots": 2})
    assert "Players (1/2)" in out.posts[0].text  # the lobby shows the cap the option sets, not the game's seven
    await host.join(CHANNEL, BOB)
    with pytest.raises(LobbyError, match=r"full \(2 players, as its options ask\)"):
        await host.join(CHANNEL, CAROL)
    record = await host.store.live_game(CHANNEL)
    assert record is not None and [s.user_id for s in record.seats] == [ALICE.user_id, BOB.user_id]
    out = await host.begin(CHANNEL, ALICE)  # two players, two robots: the game begins
    assert any(p.kind == "board" for p in out.posts)
