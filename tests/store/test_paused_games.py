"""A server that removed the bot (issue 31, migration 16), on SQLite and on a real PostgreSQL: its games pause in
the store, so nothing acts for them (seat bots, reminders, digests, lobby expiry) in any process or after a
restart; a move is refused with a sentence; ``/board`` resumes one; the clean-up keeps a paused game for the
server's keeping time from the pause. And a channel that refused the bot keeps its schedule in the store."""

from __future__ import annotations

import pytest

from bot.history import History
from bot.store import Store
from bot.store.base import RefusedChannel
from bot.tables import Host
from bot.tables.paused import PAUSED, PAUSED_STATE
from engine.core import NotAllowed, Rng
from tests.host.conftest import ALICE, BOB, CHANNEL, GUILD, Clock
from tests.host.test_notify import NINE_NEXT_MORNING, digests
from tests.seatbots.test_host import play_person

DAY = 86400.0
OTHER_GUILD = 2
LOBBY = 6401
ELSEWHERE = 6402


async def running_duel(host: Host, channel: int, guild: int) -> None:
    await host.delivered(await host.start(guild, channel, ALICE, "duel", {}))
    await host.delivered(await host.join(channel, BOB))
    await host.delivered(await host.begin(channel, ALICE))


async def test_a_removed_servers_games_pause_nothing_acts_for_them_and_board_resumes_one(
    host: Host, store: Store, clock: Clock
) -> None:
    await running_duel(host, CHANNEL, GUILD)
    await host.delivered(await host.start(GUILD, LOBBY, BOB, "duel", {}))
    await running_duel(host, ELSEWHERE, OTHER_GUILD)
    before = await store.live_game(CHANNEL)
    assert before is not None

    assert await host.pause_server(GUILD, [CHANNEL, LOBBY]) == 2
    assert await host.pause_server(GUILD, [CHANNEL, LOBBY]) == 0, "paused once: the pause keeps its time"
    paused = await store.live_game(CHANNEL)
    assert paused is not None and paused.paused_at == clock.now and paused.version == before.version + 1
    other = await store.live_game(ELSEWHERE)
    assert other is not None and other.paused_at is None, "another server's games go on"

    with pytest.raises(NotAllowed) as refused:  # a move (a command, a button, a DM button) waits for /board
        await host.act(CHANNEL, ALICE, "r1.s0", "2")
    assert refused.value.sentence == PAUSED
    unchanged = await store.live_game(CHANNEL)
    assert unchanged is not None and unchanged.action_count == paused.action_count

    clock.now += 30 * DAY  # long past any reminder, and past the lobby's 48 hours
    reminded = await host.remind(DAY)
    assert {out.channel_id for out in reminded} == {ELSEWHERE}, "no reminder for a paused game"
    for out in reminded:
        await host.delivered(out)
    done = await host.clean_up()
    assert done is not None and done.lobbies == [] and done.games == 0, "a paused lobby is not closed as idle"
    overview = await History(store, host.games).games_overview(ALICE.user_id, GUILD, lambda g: True, clock.now)
    assert overview.count(PAUSED_STATE) == 3, overview  # the server's two, and Alice's own one of them

    out = await host.board(CHANNEL)  # back in the server: /board in the game's channel
    assert [p.kind for p in out.posts] == ["board"] and out.posts[0].edit_message_id is None
    await host.delivered(out)
    resumed = await store.live_game(CHANNEL)
    assert resumed is not None and resumed.paused_at is None
    await host.delivered(await host.act(CHANNEL, ALICE, "r1.s0", "2"))  # the game goes on
    lobby = await store.live_game(LOBBY)
    assert lobby is not None and lobby.paused_at is not None, "each game waits for its own /board"
    await host.delivered(await host.join(LOBBY, ALICE))  # or, a lobby, for its next step
    lobby = await store.live_game(LOBBY)
    assert lobby is not None and lobby.paused_at is None and len(lobby.seats) == 2
    assert lobby.updated_at == clock.now, "its idle time starts again"


async def test_the_daily_digest_leaves_out_a_paused_game(host: Host, clock: Clock) -> None:
    await host.notify(BOB.user_id, digest=True, hour=9, time_zone="+00:00")
    for channel, guild in ((CHANNEL, GUILD), (ELSEWHERE, OTHER_GUILD)):
        await running_duel(host, channel, guild)
        await host.delivered(await host.act(channel, ALICE, "r1.s0", "2"))  # both games now wait on Bob
    await host.pause_server(GUILD, [CHANNEL])
    clock.now += NINE_NEXT_MORNING

    outboxes = await host.remind(DAY * 10)

    (digest,) = digests(outboxes)
    assert "1 game waiting on you" in digest and f"<#{ELSEWHERE}>" in digest and f"<#{CHANNEL}>" not in digest


async def test_a_paused_game_is_kept_for_the_servers_keeping_time_from_the_pause(
    host: Host, store: Store, clock: Clock
) -> None:
    await running_duel(host, CHANNEL, GUILD)
    clock.now += 300 * DAY  # a game waiting long before its server removed the bot: not idle in the pause's eyes
    await host.pause_server(GUILD, [CHANNEL])
    clock.now += 364 * DAY
    done = await host.clean_up()
    assert done is not None and done.games == 0 and await store.live_game(CHANNEL) is not None
    clock.now += 2 * DAY  # a year and a day after the pause: the server never wanted the bot back
    done = await host.clean_up()
    assert done is not None and done.games == 1 and await store.latest_game(CHANNEL) is None


async def test_a_paused_game_plays_no_seat_bot_move_until_resumed(host: Host, store: Store) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "pioneers", {})
    await host.add_bot(CHANNEL, ALICE)
    await host.begin(CHANNEL, ALICE)
    rng = Rng.from_seed(3)
    for _ in range(50):  # Alice plays until the bot owes a move
        record = await store.live_game(CHANNEL)
        assert record is not None
        if host.due_bot_move(record) is not None:
            break
        await play_person(host, rng, (ALICE.user_id,))
    else:
        pytest.fail("the bot never had a move to make")

    await host.pause_server(GUILD, [CHANNEL])
    assert await host.schedule_waiting_bots() == 0, "a start-up leaves a paused game's bots alone"
    assert await host.bot_round() == [], "no bot moves in a paused game"
    paused = await store.live_game(CHANNEL)
    assert paused is not None and paused.action_count == record.action_count

    await host.board(CHANNEL)
    assert await host.bot_round() != [], "resumed: the bot's due move is played"
    moved = await store.live_game(CHANNEL)
    assert moved is not None and moved.action_count > record.action_count


async def test_a_refused_channels_schedule_outlives_the_process(store: Store, clock: Clock) -> None:
    await store.save_refused_channel(
        RefusedChannel(channel_id=7, until=clock.now + 60, failures=2, missing=["Send Messages"])
    )
    await store.save_refused_channel(RefusedChannel(channel_id=8, until=clock.now + 30, failures=1))
    await store.save_refused_channel(
        RefusedChannel(channel_id=7, until=clock.now + 120, failures=3, missing=["Send Messages"])
    )
    await store.clear_refused_channel(8)
    assert await store.refused_channels(clock.now) == [
        RefusedChannel(channel_id=7, until=clock.now + 120, failures=3, missing=["Send Messages"])
    ]
    assert await store.refused_channels(clock.now + 2 * DAY) == [], "a day after it ran out it is not read"
    assert await store.forget_refused_channels(clock.now + DAY) == 0, "kept a day after it ran out"
    assert await store.forget_refused_channels(clock.now + 2 * DAY) == 1, "then forgotten (the hourly clean-up)"
    assert await store.refused_channels(clock.now) == []


async def test_a_refusal_from_a_paused_games_channel_does_not_end_the_game(host: Host, store: Store) -> None:
    """A post refused as if the channel were gone (an away ending hands a seat back while the bot is out of the
    server) says nothing of the channel: the game stays, paused, for ``/board`` once the bot is back."""
    await running_duel(host, CHANNEL, GUILD)
    await host.pause_server(GUILD, [CHANNEL])

    await host.channel_gone(CHANNEL)

    kept = await store.live_game(CHANNEL)
    assert kept is not None and kept.status == "active" and kept.paused_at is not None
    await host.board(CHANNEL)
    resumed = await store.live_game(CHANNEL)
    assert resumed is not None and resumed.paused_at is None

    await host.channel_gone(CHANNEL)  # not paused: a deleted channel ends its game
    assert await store.live_game(CHANNEL) is None
