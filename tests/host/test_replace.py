"""A moderator gives an idle player's seat to another member: the private view moves with the seat."""

from __future__ import annotations

import pytest

from bot.tables import Host
from engine.core import GameError, LobbyError, NotAllowed

from .conftest import ALICE, BOB, CAROL, CHANNEL, MOD, started_duel


async def test_the_new_player_gets_the_seat_and_its_private_view_and_the_old_one_nothing(host: Host) -> None:
    await started_duel(host)
    await host.act(CHANNEL, BOB, "r1.s1", "3")  # Bob's secret pick, then Bob goes quiet
    out = await host.replace(CHANNEL, MOD, BOB.user_id, CAROL)

    assert [dm.user_id for dm in out.dms] == [CAROL.user_id]
    assert "Your secret pick: 3" in out.dms[0].panel.text, "the seat's private view goes to the new player"
    notice = out.posts[0].text
    assert "bob" in notice and f"<@{CAROL.user_id}>" in notice and "3" not in notice.replace(str(CAROL.user_id), "")

    panel = await host.panel(CHANNEL, CAROL.user_id)
    assert "Your secret pick: 3" in panel.text
    with pytest.raises(GameError):
        await host.panel(CHANNEL, BOB.user_id)
    assert await host.choices_for(CHANNEL, BOB.user_id) == []
    with pytest.raises(NotAllowed):
        await host.act(CHANNEL, BOB, "r1.s0", "1")

    await host.act(CHANNEL, ALICE, "r1.s0", "1")  # the round resolves; round 2 waits on Alice and Carol
    assert [label for label, _ in await host.choices_for(CHANNEL, CAROL.user_id)] == ["Pick 1", "Pick 2", "Pick 3"]


async def test_only_a_moderator_replaces_and_only_with_someone_not_seated(host: Host) -> None:
    await started_duel(host)
    with pytest.raises(NotAllowed):
        await host.replace(CHANNEL, ALICE, BOB.user_id, CAROL)
    with pytest.raises(LobbyError, match="already plays"):
        await host.replace(CHANNEL, MOD, BOB.user_id, ALICE)
    with pytest.raises(LobbyError, match="no seat"):
        await host.replace(CHANNEL, MOD, CAROL.user_id, MOD)
    record = await host.store.live_game(CHANNEL)
    assert record is not None and [s.user_id for s in record.seats] == [ALICE.user_id, BOB.user_id]


async def test_after_a_replace_the_board_names_whoever_sits_now_and_not_the_old_player(host: Host) -> None:
    await started_duel(host)
    out = await host.replace(CHANNEL, MOD, BOB.user_id, CAROL)

    board = next(p for p in out.posts if p.kind == "board").text
    assert f"<@{CAROL.user_id}>" in board.split("\n")[0], "the first line lists the players as they sit now"
    assert f"<@{BOB.user_id}>" not in board, "nothing on the board names the player who left"


async def test_a_game_begun_with_the_roster_in_its_narration_loses_it_when_a_seat_changes(host: Host) -> None:
    await started_duel(host)
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    record.narration = [f"The game has begun. <@{ALICE.user_id}> · <@{BOB.user_id}>"]  # as begun before the fix
    await host.store.update_game(record, record.version)
    out = await host.replace(CHANNEL, MOD, BOB.user_id, CAROL)

    assert f"<@{BOB.user_id}>" not in next(p for p in out.posts if p.kind == "board").text
