"""Two processes taking every other kind of request on one game at once: lobby steps, skip votes, moderators'
steps and server settings. The loser of each race reads the game again and applies its request to the new
state when it still makes sense, or answers with a sentence saying what changed: no lost update, nothing
applied twice, no traceback, and every game's log still replays to its stored state.

Two hosts over two pools of one real PostgreSQL (``hosts``): all two bot processes share is the database.
Each scenario is played on many channels at once so that the two requests really meet; the log line every
lost race writes (``bot.tables.races``) proves they did.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from collections.abc import Awaitable, Callable

import pytest

from bot.outbox import Outbox
from bot.replay import state_after
from bot.tables import Actor, Host
from bot.tables.moderation import UNDO_RACED
from engine.core import GameError

from ..host.conftest import ALICE, BOB, CAROL, GUILD, MOD, Clock

pytestmark = pytest.mark.postgres

DAVE = Actor(104, "dave")
OTHER_MOD = Actor(901, "other mod", can_moderate=True)
ADMIN = Actor(902, "admin", can_moderate=True, can_manage_server=True)
OTHER_ADMIN = Actor(903, "other admin", can_moderate=True, can_manage_server=True)
ROUNDS = 12  # channels per scenario, all racing at once
CHANNELS = range(7000, 7000 + ROUNDS)
Result = Outbox | str  # what one request got: its outbox, or the sentence its user read


async def outcome(request: Awaitable[Outbox]) -> Result:
    """The request's outbox, or its refusal's sentence; anything but a ``GameError`` fails the test."""
    try:
        return await request
    except GameError as exc:
        assert str(exc), "a refusal always says why"
        assert not str(exc).startswith(STORE_REFUSALS), f"a lost race reached the player: {exc}"
        return str(exc)


async def at_once(
    hosts: list[Host], first: Callable[[Host, int], Awaitable[Outbox]], second: Callable[[Host, int], Awaitable[Outbox]]
) -> list[tuple[int, Result, Result]]:
    """``first`` through one host and ``second`` through the other, at the same instant, on each channel."""
    a, b = hosts
    channels = list(CHANNELS)
    results = await asyncio.gather(*(asyncio.gather(outcome(first(a, c)), outcome(second(b, c))) for c in channels))
    return [(c, one, two) for c, (one, two) in zip(channels, results, strict=True)]


async def lobby(host: Host, channel: int, *players: Actor) -> None:
    await host.start(GUILD, channel, ALICE, "duel", {})
    for player in players:
        await host.join(channel, player)


async def game(host: Host, channel: int, *players: Actor) -> None:
    await lobby(host, channel, *players)
    await host.begin(channel, ALICE)


async def replays(host: Host, channel: int) -> None:
    """The channel's latest game, if any, replays from its log to its stored snapshot."""
    record = await host.store.latest_game(channel)
    if record is None or record.snapshot is None:
        return
    assert record.id is not None
    actions = await host.store.actions(record.id)
    assert [a.index for a in actions] == list(range(record.action_count)), "one log, no gap, no repeat"
    spec = host.spec(record.game_key)
    assert state_after(spec, record, actions).model_dump_json() == record.snapshot


def races(caplog: pytest.LogCaptureFixture) -> int:
    """How many writes lost a race and were run again (the line ``retried`` logs)."""
    return sum("another process wrote first" in r.getMessage() for r in caplog.records)


@pytest.fixture(autouse=True)
def _race_log(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.tables.races")


async def test_two_players_joining_at_once_both_take_a_seat(
    hosts: list[Host], caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await lobby(hosts[0], channel)
    results = await at_once(hosts, lambda h, c: h.join(c, BOB), lambda h, c: h.join(c, CAROL))
    assert races(caplog) > 0
    for channel, bob, carol in results:
        assert isinstance(bob, Outbox) and isinstance(carol, Outbox), (bob, carol)
        record = await hosts[0].store.live_game(channel)
        assert record is not None
        assert sorted(s.user_id for s in record.seats) == [ALICE.user_id, BOB.user_id, CAROL.user_id]
        assert [s.seat for s in record.seats] == [0, 1, 2]


async def test_a_join_racing_a_cancel_is_either_seated_first_or_told_the_lobby_closed(
    hosts: list[Host], caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await lobby(hosts[0], channel)
    results = await at_once(hosts, lambda h, c: h.join(c, BOB), lambda h, c: h.cancel(c, ALICE))
    assert races(caplog) > 0
    told = Counter(r if isinstance(r, str) else "seated" for _, r, _ in results)
    for channel, _, cancel in results:
        assert isinstance(cancel, Outbox), "a cancel still makes sense after a join: it applies"
        assert await hosts[1].store.live_game(channel) is None
    assert set(told) <= {
        "seated",
        "The lobby had already been closed.",
        "There is no lobby in this channel. Open one with `/start`.",
    }


async def test_a_join_racing_the_begin_is_dealt_in_or_told_the_game_began(
    hosts: list[Host], caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await lobby(hosts[0], channel, BOB)
    results = await at_once(hosts, lambda h, c: h.begin(c, ALICE), lambda h, c: h.join(c, CAROL))
    assert races(caplog) > 0
    for channel, begin, join in results:
        assert isinstance(begin, Outbox), "a begin still makes sense with one more player: it applies"
        record = await hosts[0].store.live_game(channel)
        assert record is not None and record.status == "active" and record.snapshot is not None
        players = hosts[0].spec("duel").load_state(record.snapshot).players
        seated = CAROL.user_id in {s.user_id for s in record.seats}
        assert seated == isinstance(join, Outbox), "told seated exactly when dealt in"
        assert players == len(record.seats) == (3 if seated else 2), "the deal has every seat the game lists"
        if not seated:
            assert join in ("The game had already begun.", "This game has already begun; the lobby is closed.")


async def test_two_skip_votes_at_once_skip_the_decision_once(
    hosts: list[Host], clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await game(hosts[0], channel, BOB, CAROL)
        await hosts[0].act(channel, ALICE, "r1.s0", "2")
        await hosts[1].act(channel, BOB, "r1.s1", "3")
    clock.now += 73 * 3600  # past the idle time: Carol's pick may be skipped; both others must vote
    results = await at_once(hosts, lambda h, c: h.vote_skip(c, ALICE), lambda h, c: h.vote_skip(c, BOB))
    assert races(caplog) > 0
    for channel, alice, bob in results:
        assert isinstance(alice, Outbox) and isinstance(bob, Outbox), "both votes count: (alice, bob)"
        record = await hosts[0].store.latest_game(channel)
        assert record is not None and record.id is not None
        log = await hosts[0].store.actions(record.id)
        assert [(a.seat, a.choice_id) for a in log] == [(0, "2"), (1, "3"), (2, "1")], "skipped once, as Carol"
        await replays(hosts[0], channel)


async def test_an_end_racing_a_move_takes_the_move_first_or_tells_the_player(
    hosts: list[Host], caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await game(hosts[0], channel, BOB)
    results = await at_once(hosts, lambda h, c: h.act(c, ALICE, "r1.s0", "2"), lambda h, c: h.end(c, MOD))
    assert races(caplog) > 0
    for channel, move, end in results:
        assert isinstance(end, Outbox), "ending a game that moved still makes sense: it applies"
        record = await hosts[0].store.latest_game(channel)
        assert record is not None and record.status == "ended" and record.id is not None
        logged = len(await hosts[0].store.actions(record.id))
        assert logged == (1 if isinstance(move, Outbox) else 0), "the move is in the log exactly when taken"
        if isinstance(move, str):
            assert move in (
                "The game had already been ended by a moderator.",
                "This channel's game is over; nothing is waiting on anyone.",
            )
        await replays(hosts[0], channel)


async def test_two_undos_at_once_undo_one_action(hosts: list[Host], caplog: pytest.LogCaptureFixture) -> None:
    for channel in CHANNELS:
        await game(hosts[0], channel, BOB)
        await hosts[0].act(channel, ALICE, "r1.s0", "2")
    results = await at_once(hosts, lambda h, c: h.undo(c, MOD), lambda h, c: h.undo(c, OTHER_MOD))
    assert races(caplog) > 0
    for channel, one, two in results:
        assert sorted(type(r).__name__ for r in (one, two)) == ["Outbox", "str"], (one, two)
        refusal = one if isinstance(one, str) else two
        assert refusal in (UNDO_RACED, "Nothing has been played yet, so there is nothing to undo.")
        record = await hosts[0].store.live_game(channel)
        assert record is not None and record.action_count == 0
        await replays(hosts[0], channel)


async def test_two_moderators_giving_one_seat_away_at_once_give_it_once(
    hosts: list[Host], caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await game(hosts[0], channel, BOB)
    results = await at_once(
        hosts,
        lambda h, c: h.replace(c, MOD, BOB.user_id, CAROL),
        lambda h, c: h.replace(c, OTHER_MOD, BOB.user_id, DAVE),
    )
    assert races(caplog) > 0
    for channel, carol, dave in results:
        record = await hosts[0].store.live_game(channel)
        assert record is not None
        holder = record.seats[1].user_id
        winner, loser = (carol, dave) if holder == CAROL.user_id else (dave, carol)
        assert holder in (CAROL.user_id, DAVE.user_id) and isinstance(winner, Outbox)
        assert loser == f"<@{BOB.user_id}> has no seat in this game.", "the second sees the seat is gone"


async def test_a_reset_racing_a_move_leaves_no_game_and_says_so(
    hosts: list[Host], caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await game(hosts[0], channel, BOB)
    results = await at_once(hosts, lambda h, c: h.act(c, ALICE, "r1.s0", "2"), lambda h, c: h.reset(c, MOD))
    assert races(caplog) > 0
    for channel, move, reset in results:
        assert isinstance(reset, Outbox)
        assert await hosts[0].store.latest_game(channel) is None
        if isinstance(move, str):
            assert move in (
                "The game had already been reset.",
                "There is no game in this channel. Start one with `/start`.",
            )


async def test_two_settings_changes_at_once_keep_both(hosts: list[Host], caplog: pytest.LogCaptureFixture) -> None:
    a, b = hosts
    guilds = range(40, 40 + ROUNDS)
    await asyncio.gather(
        *(a.change_settings(g, ADMIN, reminder_hours=5) for g in guilds),
        *(b.change_settings(g, OTHER_ADMIN, idle_hours=7) for g in guilds),
    )
    assert races(caplog) > 0
    for guild in guilds:
        settings = await a.store.guild_settings(guild)
        assert (settings.reminder_hours, settings.idle_hours, settings.version) == (5, 7, 2), "no change lost"


STORE_REFUSALS = (
    "Somebody else",
    "This game no longer exists",
    "That is not the last move",
    "The game changed several",
)


def any_request(rng: random.Random, clock: Clock) -> Callable[[Host, int], Awaitable[Outbox]]:
    """One request of any kind a table sees, drawn at random (most of them moves, as at a real table)."""
    kind = rng.choice(["act"] * 6 + ["undo", "board", "replace", "skip", "join", "leave", "end", "reset"])
    player = rng.choice([ALICE, BOB, CAROL, DAVE])

    async def request(host: Host, channel: int) -> Outbox:
        record = await host.store.live_game(channel)
        if record is None:
            return await host.start(GUILD, channel, ALICE, "duel", {})
        if record.status == "lobby":
            if len(record.seats) >= 2 and rng.random() < 0.4:
                return await host.begin(channel, ALICE)
            return await (host.join if kind != "leave" else host.leave)(channel, player)
        if kind == "act":
            choices = await host.choices_for(channel, player.user_id)
            if not choices:
                return Outbox(channel)
            prompt, _, choice = rng.choice(choices)[1].partition("|")
            return await host.act(channel, player, prompt, choice)
        if kind == "skip":
            clock.now += 73 * 3600
            return await host.vote_skip(channel, player)
        if kind == "replace":
            holder = rng.choice(record.seats).user_id
            return await host.replace(channel, MOD, holder, player)
        moderated = {"undo": host.undo, "end": host.end, "reset": host.reset}
        if kind in moderated:
            return await moderated[kind](channel, rng.choice((MOD, OTHER_MOD)))
        return await host.board(channel)

    return request


@pytest.mark.slow
async def test_thousands_of_racing_requests_of_every_kind_leave_every_log_replaying(
    hosts: list[Host], clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(20)
    told: Counter[str] = Counter()
    for _ in range(120):
        results = await at_once(hosts, any_request(rng, clock), any_request(rng, clock))
        for channel, one, two in results:
            for result in (one, two):
                if isinstance(result, str):
                    assert not result.startswith(STORE_REFUSALS), f"a store's refusal reached a player: {result}"
                    told[result] += 1
            await replays(hosts[0], channel)
    assert races(caplog) > 100 and told, "the requests did meet"


async def test_a_bot_seated_while_a_player_joins_both_sit_once(
    hosts: list[Host], caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await hosts[0].start(GUILD, channel, ALICE, "pioneers", {})
    results = await at_once(hosts, lambda h, c: h.add_bot(c, ALICE), lambda h, c: h.join(c, BOB))
    assert races(caplog) > 0
    for channel, bot, bob in results:
        assert isinstance(bot, Outbox) and isinstance(bob, Outbox), (bot, bob)
        record = await hosts[0].store.live_game(channel)
        assert record is not None
        assert [s.seat for s in record.seats] == [0, 1, 2] and sum(s.is_bot for s in record.seats) == 1
        assert record.seat_of(BOB.user_id) is not None


async def test_two_players_picking_one_role_at_once_end_with_one_each(
    hosts: list[Host], caplog: pytest.LogCaptureFixture
) -> None:
    for channel in CHANNELS:
        await hosts[0].start(GUILD, channel, ALICE, "capricorn", {})
        await hosts[0].join(channel, BOB)
    results = await at_once(
        hosts, lambda h, c: h.pick_role(c, ALICE, "medic"), lambda h, c: h.pick_role(c, BOB, "medic")
    )
    assert races(caplog) > 0
    for channel, alice, bob in results:
        assert isinstance(alice, Outbox) and isinstance(bob, Outbox), "the second pick swaps with the first"
        record = await hosts[0].store.live_game(channel)
        assert record is not None
        roles = [s.role for s in record.seats]
        assert roles.count("medic") == 1 and len(set(roles)) == 2, f"never two medics, nobody without a role: {roles}"
