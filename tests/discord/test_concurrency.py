"""Scenario 7: clicks at the same instant, and two channels playing at once, never interleave state.

"At the same instant" is ``sim.at_the_same_instant``: the bot receives every interaction before it runs a line
of any handler (SimCord alone runs one user operation at a time). Each scenario also checks, from the clock,
that the interactions really overlapped: the second was received before the first was answered.
"""

from __future__ import annotations

import random
import re
from functools import partial

import discord
import simcord

from bot.tables import Loaded

from .conftest import Table
from .players import begin_game, open_choices, open_panel, press
from .replay import check_replay
from .sim import (
    as_message,
    at_the_same_instant,
    bot_messages,
    dms,
    is_private,
    items,
    labels,
    prompt_choices,
    said,
)


async def button_for(table: Table, player: simcord.MemberActor, value: str) -> tuple[discord.Message, bool]:
    """A message of the player's offering ``value``: their newest DM if it does, else a fresh private panel."""
    inbox = dms(player)
    if inbox and value in prompt_choices(inbox[-1]):
        return inbox[-1], True
    panel = await open_panel(table, player)
    assert panel.response is not None
    return panel.response.message, False


def overlapped(table: Table, *results: simcord.InteractionResult) -> bool:
    """Whether every interaction was received before any of them was answered."""
    timings = [table.timing_of(r) for r in results]
    return max(t.started for t in timings) < min(t.answered or float("inf") for t in timings)


async def game_id(table: Table, channel: simcord.ChannelHandle) -> int:
    record = await table.next_store.latest_game(channel.id)
    assert record is not None and record.id is not None
    return record.id


async def test_both_players_placing_at_the_same_instant_both_count_and_the_log_replays(table: Table) -> None:
    await begin_game(table)
    rng = random.Random(17)
    for _ in range(3):  # the first cards of turn 1: both players decide at once on each
        values = {p.id: rng.choice(await open_choices(table, p)) for p in (table.alice, table.bob)}
        assert all(values.values()), "both players have a placement to make"
        alice_msg, alice_dm = await button_for(table, table.alice, values[table.alice.id])
        bob_msg, bob_dm = await button_for(table, table.bob, values[table.bob.id])

        results = await at_the_same_instant(
            table.env,
            partial(press, table.alice, alice_msg, values[table.alice.id], in_dm=alice_dm),
            partial(press, table.bob, bob_msg, values[table.bob.id], in_dm=bob_dm),
        )

        assert overlapped(table, *results)
        for result in results:
            assert not result.followups, f"a legal choice was refused: {said(result)}"
        assert "Both players placed a card" in bot_messages(table.channel, table.env)[-1].content
    record = await check_replay(table.next_store, await game_id(table, table.channel))
    assert record.action_count == 6


async def test_a_double_click_counts_once_and_the_second_click_is_told_why(table: Table) -> None:
    await begin_game(table)
    value = (await open_choices(table, table.alice))[0]
    message, in_dm = await button_for(table, table.alice, value)

    first, second = await at_the_same_instant(
        table.env,
        lambda: press(table.alice, message, value, in_dm=in_dm),
        lambda: press(table.alice, message, value, in_dm=in_dm),
    )

    assert overlapped(table, first, second)
    assert not first.followups, said(first)
    assert is_private(second) and any(w in said(second) for w in ("earlier", "no longer")), said(second)
    record = await check_replay(table.next_store, await game_id(table, table.channel))
    assert record.action_count == 1


async def test_a_choice_and_a_reset_at_the_same_instant_leave_no_half_game(table: Table) -> None:
    await begin_game(table)
    value = (await open_choices(table, table.alice))[0]
    asked = await table.mod.slash(table.channel, "reset")
    assert asked.response is not None
    confirm = asked.response

    act, reset = await at_the_same_instant(
        table.env,
        lambda: table.alice.slash(table.channel, "act", choice=value),
        lambda: table.mod.click(confirm, label="Reset the game"),
    )

    assert overlapped(table, act, reset)
    assert is_private(act)
    assert await table.next_store.latest_game(table.channel.id) is None, "the reset wiped the game and its log"
    assert await open_choices(table, table.alice) == []
    assert all("Your move" not in labels(m) for m in bot_messages(table.channel, table.env))


async def test_two_channels_playing_at_once_never_mix_their_games(table: Table) -> None:
    """Two games, four players, one decision in each channel at the same instant, step after step.

    Afterwards each game's log replays to its snapshot, each channel's board is exactly its own game's board,
    and nothing in a channel or a DM speaks of the other game: no mention of the other pair, no control of
    the other channel.
    """
    other = table.guild.create_text_channel("games-two")
    dave = table.guild.add_member(table.env.create_user("dave"))
    erin = table.guild.add_member(table.env.create_user("erin"))
    await begin_game(table)
    await dave.slash(other, "start abordaje")
    await erin.slash(other, "join")
    await dave.slash(other, "begin")
    tables = [(table.channel, (table.alice, table.bob)), (other, (dave, erin))]
    rng = random.Random(99)

    overlaps = 0
    for _ in range(24):
        verbs = []
        for channel, players in tables:
            for player in rng.sample(players, 2):
                offered = await player.autocomplete(channel, "act", "choice", "")
                if offered:
                    value = str(rng.choice(offered)["value"])
                    verbs.append(lambda p=player, c=channel, v=value: p.slash(c, "act", choice=v))
                    break
        if not verbs:
            break
        results = await at_the_same_instant(table.env, *verbs)
        for result in results:
            assert is_private(result) and "Sorry" not in said(result), said(result)
        overlaps += len(results) == 2 and overlapped(table, *results)
    assert overlaps >= 10, "the two channels' decisions really ran together"

    host = table.bot.host
    for channel, players in tables:
        record = await check_replay(table.next_store, await game_id(table, channel))
        spec = host.games[record.game_key]
        assert record.snapshot is not None
        state = spec.load_state(record.snapshot)
        prompts = spec.prompts(state) if record.status == "active" else []
        header = f"**{spec.name}** · turn"
        boards = [m for m in bot_messages(channel, table.env) if m.content.startswith(header)]
        assert boards and boards[-1].content == host.board_text(Loaded(record, spec, state), prompts)
        strangers = {p.id for _, pair in tables for p in pair} - {p.id for p in players}
        for message in bot_messages(channel, table.env):
            assert not strangers & mentioned(message.content), message.content
            assert all(str(channel.id) in (i.custom_id or "") for i in items(message))
        for player in players:
            for dm in dms(player):
                assert f"<#{channel.id}>" in dm.content and not strangers & mentioned(dm.content)
                assert all(f":{channel.id}:" in (i.custom_id or "") for i in items(as_message(dm)))


def mentioned(text: str) -> set[int]:
    """The user ids a text mentions."""
    return {int(m) for m in re.findall(r"<@!?(\d+)>", text)}
