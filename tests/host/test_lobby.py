"""Lobby rules of the host: one game per channel, seats, roles, who may begin or cancel."""

from __future__ import annotations

import pytest

from bot.store import Store
from bot.tables import Host
from engine.core import BadOptions, LobbyError, NotAllowed

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, MOD, Actor, Clock, make_host


async def test_start_posts_a_lobby_with_the_opener_seated(host: Host) -> None:
    out = await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    [post] = out.posts
    assert post.kind == "lobby" and not post.is_edit
    assert "Hidden Duel" in post.text and f"<@{ALICE.user_id}>" in post.text
    assert "1 more needed" in post.text


async def test_a_busy_channel_refuses_a_second_start_and_points_at_status(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    with pytest.raises(LobbyError, match="/status"):
        await host.start(GUILD, CHANNEL, BOB, "duel", {})


async def test_bad_options_are_refused_with_a_sentence(host: Host) -> None:
    with pytest.raises(BadOptions):
        await host.start(GUILD, CHANNEL, ALICE, "duel", {"target": 7})
    assert await host.store.live_game(CHANNEL) is None


async def test_join_leave_and_a_full_lobby(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    await host.join(CHANNEL, BOB)
    with pytest.raises(LobbyError, match="already seated"):
        await host.join(CHANNEL, BOB)
    await host.join(CHANNEL, CAROL)
    with pytest.raises(LobbyError, match="full"):
        await host.join(CHANNEL, Actor(104, "dave"))
    await host.leave(CHANNEL, BOB)
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    assert [s.user_id for s in record.seats] == [ALICE.user_id, CAROL.user_id]
    assert [s.seat for s in record.seats] == [0, 1]


async def test_roles_are_dealt_distinct_and_picking_a_taken_role_swaps(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    await host.join(CHANNEL, BOB)
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    roles = {s.user_id: s.role for s in record.seats}
    assert len(set(roles.values())) == 2 and None not in roles.values()
    out = await host.pick_role(CHANNEL, ALICE, roles[BOB.user_id] or "")
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    swapped = {ALICE.user_id: roles[BOB.user_id], BOB.user_id: roles[ALICE.user_id]}
    assert {s.user_id: s.role for s in record.seats} == swapped
    assert out.posts[0].kind == "lobby"


async def test_only_the_opener_or_a_moderator_begins(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    with pytest.raises(LobbyError, match="needs 2 players"):
        await host.begin(CHANNEL, ALICE)
    await host.join(CHANNEL, BOB)
    with pytest.raises(NotAllowed, match="alice"):
        await host.begin(CHANNEL, BOB)
    out = await host.begin(CHANNEL, MOD)
    assert any(p.kind == "board" for p in out.posts)


async def test_the_opener_or_a_moderator_cancels_and_others_are_refused(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    await host.join(CHANNEL, BOB)
    with pytest.raises(NotAllowed):
        await host.cancel(CHANNEL, BOB)
    out = await host.cancel(CHANNEL, ALICE)
    assert "closed" in out.posts[0].text
    assert await host.store.live_game(CHANNEL) is None
    # The channel is free again.
    await host.start(GUILD, CHANNEL, BOB, "duel", {})


async def test_begin_deals_a_private_panel_to_each_player_and_pings_them(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    await host.join(CHANNEL, BOB)
    out = await host.begin(CHANNEL, ALICE)
    board = [p for p in out.posts if p.kind == "board"]
    assert len(board) == 1 and not board[0].is_edit
    assert set(board[0].pings) == {ALICE.user_id, BOB.user_id}
    assert {dm.user_id for dm in out.dms} == {ALICE.user_id, BOB.user_id}
    for dm in out.dms:
        assert dm.panel.prompts and all(p.question for p in dm.panel.prompts)


async def test_a_role_for_a_full_table_is_dealt_only_when_the_table_is_full(store: Store, clock: Clock) -> None:
    """Green is dealt from the third player on, like Capricorn's Scout for a crew of five."""
    for attempt in range(6):  # the deal is random: several lobbies, each with its own seed
        host = make_host(store, clock, first_seed=1000 * attempt)
        channel = CHANNEL + attempt
        await host.start(GUILD, channel, ALICE, "duel", {})
        await host.join(channel, BOB)
        record = await host.store.live_game(channel)
        assert record is not None and {s.role for s in record.seats} == {"red", "blue"}
        await host.join(channel, CAROL)
        record = await host.store.live_game(channel)
        assert record is not None and record.seats[2].role == "green"
        await host.pick_role(channel, ALICE, "green")  # still a choice by hand
        record = await host.store.live_game(channel)
        assert record is not None and record.seats[0].role == "green"


async def test_a_moderator_kicks_a_player_from_the_lobby_and_others_cannot(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    await host.join(CHANNEL, BOB)
    await host.join(CHANNEL, CAROL)
    with pytest.raises(NotAllowed):
        await host.kick(CHANNEL, ALICE, BOB.user_id)
    out = await host.kick(CHANNEL, MOD, BOB.user_id)
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    assert [(s.seat, s.user_id) for s in record.seats] == [(0, ALICE.user_id), (1, CAROL.user_id)]
    assert out.posts[0].kind == "lobby" and f"<@{BOB.user_id}>" not in out.posts[0].text
    assert f"<@{CAROL.user_id}>" in out.posts[0].text
    notes = await host.store.notes(record.id or 0)
    assert [n.text for n in notes] == ["🚪 mod (moderator) removed bob."], "the kick is in the game's log"
    with pytest.raises(LobbyError, match="no seat"):
        await host.kick(CHANNEL, MOD, BOB.user_id)
    closed = await host.kick(CHANNEL, MOD, ALICE.user_id)  # the opener: the lobby closes
    assert await host.store.live_game(CHANNEL) is None
    assert any("closed" in p.text for p in closed.posts)


async def test_the_lobby_names_the_options_chosen_and_not_the_unset_ones(host: Host) -> None:
    out = await host.start(GUILD, CHANNEL, ALICE, "jupiter", {"fast_creeps": True})
    text = out.posts[0].text
    assert "fast_creeps: on" in text and "None" not in text


async def test_rules_say_which_options_this_channel_s_game_is_played_with(host: Host) -> None:
    """A Capricorn table may be the printed or the tuned one: ``/rules`` in the channel says which, names
    ``/cards``, and a reference longer than one message goes on in whole lines (the cog pages them)."""
    before = await host.rules(CHANNEL, "capricorn")
    assert "table:" not in before, "no game here yet: the rules alone"
    await host.start(GUILD, CHANNEL, ALICE, "capricorn", {"table": "tuned", "difficulty": "hard"})
    said = await host.rules(CHANNEL)
    assert "**This channel's game:**" in said and "difficulty: hard" in said and "table: tuned" in said
    assert "`/cards`" in said
    await host.cancel(CHANNEL, ALICE)
    await host.start(GUILD, CHANNEL, ALICE, "capricorn", {})
    assert "table: printed" in await host.rules(CHANNEL), "an option left out is shown as the game's default"
    assert all(len(line) <= 2000 for line in said.split("\n"))
