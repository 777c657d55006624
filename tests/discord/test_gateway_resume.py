"""Issue 31: RESUME, INVALID_SESSION and an event delivered twice, while moves are in flight.

The bot is discord.py's sharded client over ``gateway_faults.ModelledGateway``: discord.py's real
``DiscordWebSocket`` and ``Shard`` read numbered frames, resume with their session id and last sequence, and
identify anew after an INVALID_SESSION that may not be resumed. Each scenario checks what players see (their
answer, the board, who was pinged) and what the store holds (one action per move, nothing left owed), and
that the bot logged no traceback.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import simcord

from bot.app import ShardedSpaceBot
from bot.errors import is_unanswerable
from bot.store import Store
from bot.tables import Host, Loaded
from engine.registry import GAMES

from .conftest import Table, seeds_for, settings_for, simulated
from .faults import FaultPlan
from .gateway_faults import IDENTIFY, RESUME, ModelledGateway
from .players import begin_game, open_choices, open_panel, press
from .sim import answers, board, bot_messages, dms, is_private, pings
from .test_soak_faults import newly_waited


@pytest.fixture
async def env(db: Path, stores: tuple[Store, Store], request: pytest.FixtureRequest) -> AsyncIterator[simcord.Env]:
    """The bot as discord.py's sharded client (one shard), as in ``test_gateway``."""
    host = Host(stores[0], seeds=seeds_for(request.node.nodeid))
    async with simulated(ShardedSpaceBot(settings_for(db), host=host, shard_count=1, shard_ids=[0])) as sim:
        yield sim


@pytest.fixture
async def line(table: Table, caplog: pytest.LogCaptureFixture) -> AsyncIterator[ModelledGateway]:
    """The shard's connection through the modelled gateway; at the end, no traceback may be in the log."""
    caplog.set_level(logging.INFO)
    line = await ModelledGateway(table.env).install()
    yield line
    await line.close()
    logged = caplog.get_records("setup") + caplog.get_records("call")
    assert not [r for r in logged if r.exc_info], "no traceback in the bot's log"


@dataclass
class Move:
    """A move about to be made: who makes it, which choice, and what the table looked like before."""

    player: simcord.MemberActor
    choice: str
    actions: int
    owed_pings: set[int]
    pinged: dict[int, int]


async def next_move(table: Table) -> Move:
    """The first choice open to whoever the game waits on (Alice and Bob begin a game first if none runs)."""
    if await table.next_store.live_game(table.channel.id) is None:
        await begin_game(table)
    player = table.alice if await open_choices(table, table.alice) else table.bob
    choice = (await open_choices(table, player))[0]
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None
    owed = await newly_waited(table, table.channel.id, player.user.id, choice)
    pinged = {p.user.id: pings(table.env, p.user.id) for p in (table.alice, table.bob)}
    return Move(player, choice, record.action_count, owed, pinged)


async def assert_applied_once(table: Table, move: Move) -> None:
    """The store holds the move once, nothing is owed, the board is the stored game, each ping went out once."""
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.snapshot is not None
    assert record.action_count == move.actions + 1, "the move is applied exactly once"
    with sqlite3.connect(table.db) as db:
        assert db.execute("SELECT count(*) FROM deliveries").fetchone()[0] == 0, "everything owed went out"
        assert db.execute("SELECT count(*) FROM deferrals").fetchone()[0] == 0, "nobody waits on an answer"
    spec = GAMES[record.game_key]
    state = spec.load_state(record.snapshot)
    assert board(table.channel, table.env).content == table.bot.host.board_text(
        Loaded(record, spec, state), spec.prompts(state)
    )
    for user_id, before in move.pinged.items():
        want = 1 if user_id in move.owed_pings else 0
        assert pings(table.env, user_id) - before == want, "each ping of the move went out once"


def what_players_see(table: Table) -> list[tuple[int, str]]:
    """Every message in the channel and in the players' DMs (id and text)."""
    shown = bot_messages(table.channel, table.env) + dms(table.alice) + dms(table.bob)
    return [(m.id, m.content) for m in shown]


async def the_next_move_is_answered(table: Table) -> None:
    """After the connection's trouble: the bot reads the new (or resumed) connection, and the next move goes
    through once."""
    following = await next_move(table)
    answered = await following.player.slash(table.channel, "act", choice=following.choice)
    assert is_private(answered), "the bot reads the new connection"
    await assert_applied_once(table, following)


def forget_lost(table: Table, result: simcord.InteractionResult) -> None:
    """An interaction Discord gave up on (3 s passed unanswered): the 3-second clock must not count it."""
    table.clock.timings = [t for t in table.clock.timings if t.interaction_id != result._interaction.id]


# ---------------------------------------------------------------------------------------------- RESUME


async def test_a_move_made_while_disconnected_is_replayed_on_resume_and_applied_once(
    table: Table, line: ModelledGateway
) -> None:
    move = await next_move(table)
    session, last = line.session_id, line.ws.sequence

    line.drop()
    moved = await move.player.slash(table.channel, "act", choice=move.choice)
    assert moved.response is None, "Discord keeps it while nobody reads the connection"
    await line.come_back()

    resumed = line.ops(RESUME)
    assert resumed and resumed[-1]["session_id"] == session and resumed[-1]["seq"] == last
    assert line.ws.session_id == session, "the session goes on: no IDENTIFY"
    assert is_private(moved), "the replayed move is answered"
    await assert_applied_once(table, move)


async def test_a_move_replayed_after_its_three_seconds_is_not_applied_and_the_next_try_is(
    table: Table, line: ModelledGateway
) -> None:
    move = await next_move(table)

    line.drop()
    lost = await move.player.slash(table.channel, "act", choice=move.choice)
    await table.env.advance_time(4)  # Discord shows "This interaction failed"; the bot is still away
    before = what_players_see(table)
    await line.come_back()

    assert lost.response is None and not lost.followups, "Discord refused every answer (10062)"
    forget_lost(table, lost)
    refused = table.unexpected_errors()  # SimCord records the 10062 the bot's defer met
    assert refused and all(is_unanswerable(getattr(e, "original", e)) for e in refused), refused
    table.expected_bugs.extend(refused)
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.action_count == move.actions, "a move nobody could be told of is not made"
    assert what_players_see(table) == before
    again = await move.player.slash(table.channel, "act", choice=move.choice)
    assert is_private(again)
    await assert_applied_once(table, move)


async def test_a_session_discord_forgot_is_identified_anew_and_the_move_made_meanwhile_is_lost_not_half_made(
    table: Table, line: ModelledGateway
) -> None:
    move = await next_move(table)
    session = line.session_id

    line.drop()
    lost = await move.player.slash(table.channel, "act", choice=move.choice)
    line.expire()
    await line.come_back()

    assert line.ops(RESUME)[-1]["session_id"] == session, "discord.py tried to resume first"
    assert len(line.ops(IDENTIFY)) == 2 and line.ws.session_id == line.sessions[-1] != session
    assert lost.response is None, "never delivered: Discord showed the player 'This interaction failed'"
    forget_lost(table, lost)
    record = await table.next_store.live_game(table.channel.id)
    assert record is not None and record.action_count == move.actions
    again = await move.player.slash(table.channel, "act", choice=move.choice)
    assert is_private(again), "the player simply tries again"
    await assert_applied_once(table, move)


# ---------------------------------------------------------------------------------------------- INVALID_SESSION


@pytest.mark.parametrize("resumable", [False, True], ids=["identify anew", "resume"])
async def test_an_invalid_session_while_a_move_is_delivered_loses_nothing(
    table: Table, line: ModelledGateway, monkeypatch: pytest.MonkeyPatch, resumable: bool
) -> None:
    plan = FaultPlan().install(monkeypatch)
    move = await next_move(table)
    session = line.session_id

    async def invalidate() -> None:
        await line.invalidate(resumable=resumable, settle=False)

    plan.on_call("*", f"/channels/{table.channel.id}/messages*", invalidate)  # as the board goes out
    moved = await move.player.slash(table.channel, "act", choice=move.choice)
    await table.env.settle()

    assert is_private(moved)
    if resumable:
        assert line.ops(RESUME)[-1]["session_id"] == session and line.ws.session_id == session
    else:
        assert len(line.ops(IDENTIFY)) == 2 and line.ws.session_id == line.sessions[-1] != session
        assert table.bot.get_guild(table.guild.id) is not None, "every server came back (GUILD_CREATE)"
    await assert_applied_once(table, move)
    await the_next_move_is_answered(table)


@pytest.mark.parametrize("resumable", [False, True], ids=["identify anew", "resume"])
async def test_an_invalid_session_right_after_a_move_loses_nothing(
    table: Table, line: ModelledGateway, resumable: bool
) -> None:
    move = await next_move(table)
    moved = await move.player.slash(table.channel, "act", choice=move.choice)
    await line.invalidate(resumable=resumable)

    assert is_private(moved)
    await assert_applied_once(table, move)
    await the_next_move_is_answered(table)


# ---------------------------------------------------------------------------------------------- twice


async def test_a_move_delivered_twice_around_a_resume_changes_nothing_the_second_time(
    table: Table, line: ModelledGateway
) -> None:
    move = await next_move(table)
    moved = await move.player.slash(table.channel, "act", choice=move.choice)
    assert is_private(moved)
    await assert_applied_once(table, move)
    answered = len(answers(moved))
    before = what_players_see(table)

    line.drop()
    await line.come_back(replay_from=line.sequence_of(moved))

    assert what_players_see(table) == before, "the second delivery posts nothing"
    assert len(answers(moved)) == answered, "and answers nothing more"
    await assert_applied_once(table, move)


async def test_a_click_delivered_twice_around_a_resume_changes_nothing_the_second_time(
    table: Table, line: ModelledGateway
) -> None:
    move = await next_move(table)
    panel = await open_panel(table, move.player)
    assert panel.response is not None
    clicked = await press(move.player, panel.response, move.choice)
    assert not clicked.followups, "the click is taken"
    await assert_applied_once(table, move)
    before = what_players_see(table)
    shown = panel.response.content if panel.response is not None else None

    line.drop()
    await line.come_back(replay_from=line.sequence_of(clicked))

    assert what_players_see(table) == before, "the second delivery posts nothing"
    assert not clicked.followups and (panel.response and panel.response.content) == shown, "and answers nothing"
    await assert_applied_once(table, move)


async def test_a_move_delivered_again_while_its_first_delivery_runs_is_run_once(
    table: Table, line: ModelledGateway, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = FaultPlan().install(monkeypatch)
    move = await next_move(table)
    replayed: list[int] = []

    async def resume_over_it() -> None:  # the connection breaks as the board goes out; the replay holds the move
        interaction = line.kept[-1]
        assert interaction["t"] == "INTERACTION_CREATE"
        replayed.append(interaction["s"])
        line.drop()
        await line.come_back(replay_from=interaction["s"], settle=False)

    plan.on_call("*", f"/channels/{table.channel.id}/messages*", resume_over_it)
    moved = await move.player.slash(table.channel, "act", choice=move.choice)
    await table.env.settle()

    assert replayed and line.ops(RESUME)[-1]["seq"] >= replayed[0], "discord.py had read it before the resume"
    assert is_private(moved) and len(answers(moved)) == 1, "answered once"
    await assert_applied_once(table, move)
