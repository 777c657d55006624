"""Cosmic Pioneers on simulated Discord: a whole 2-player game by ``/act`` and by clicking, with a restart in
the middle and a button sent before it still working.

Nothing is secret between players, so each prompt must still reach only its own player (autocomplete,
panel, DMs), and a turn's small steps must not flood the channel: the board message is edited while a turn
goes on and a new one is posted (pinging the next captain) when the turn ends.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence

import simcord

from .conftest import Table
from .players import ROADS, begin_game, open_choices, open_panel, play_one, press
from .sim import bot_messages, dms, labels, png_images, prompt_choices, said
from .story import without_recap
from .turns import stored

SEAT_CODE = re.compile(r"⟦|\bP[1-4] (?:takes|places|raises|wins)\b|\bSeat [1-5]\b|\(seat [1-5]\)|\bPlayer [1-7]\b")
"""A seat where a person should be: an engine's marker left in, or a seat code ("P1 takes", "Seat 2")."""


def names_people(table: Table, players: Sequence[simcord.MemberActor]) -> str:
    """Every text the players read names people: no seat marker or seat code in a channel message, an
    autocomplete list or a DM; the channel's lines that name a player, joined (for the caller's checks)."""
    shown = [line for s in table.scanner.shown for line in s.lines]
    offered = [label for o in table.scanner.offered for label in o.labels]
    private = [m.content for p in players if p.user.dm_channel is not None for m in dms(p)]
    slips = [text for text in [*shown, *offered, *private] if SEAT_CODE.search(text)]
    assert not slips, slips[:5]
    return "\n".join(line for line in shown if any(f"<@{p.id}>" in line for p in players))


STEP_CAP = 900  # a random 2-player game takes about 150 decisions


async def play(table: Table, rng: random.Random, steps: int) -> Counter[str]:
    """Up to ``steps`` decisions along every road in turn; stops when nothing waits on anyone."""
    used: Counter[str] = Counter()
    for step in range(steps):
        road = ROADS[step % len(ROADS)]
        for player in rng.sample([table.alice, table.bob], 2):
            if await play_one(table, player, rng, road) is not None:
                used[road] += 1
                break
        else:
            return used
    return used


async def restart_with_an_old_button(table: Table) -> None:
    """A panel opened before a restart still answers after it."""
    waiting = {p.id: await open_choices(table, p) for p in (table.alice, table.bob)}
    player = table.alice if waiting[table.alice.id] else table.bob
    value = waiting[player.id][0]
    panel = await open_panel(table, player)
    assert panel.response is not None
    await table.restart()
    assert await open_choices(table, player) == waiting[player.id]
    if value in prompt_choices(panel.response):
        result = await press(player, panel.response, value)
        assert not result.followups, said(result)
        assert value not in await open_choices(table, player)


async def test_setup_and_first_turns_with_a_restart_and_a_board_per_turn(table: Table) -> None:
    await begin_game(table, "pioneers", scenario="cosmic_pioneers", layout="random")
    record, state = await stored(table)
    assert record.status == "active" and state.phase in ("commander", "upgrade")
    rng = random.Random(16)
    await play(table, rng, 12)
    await restart_with_an_old_button(table)
    before = len(bot_messages(table.channel, table.env))
    _, state = await stored(table)
    round_before = state.round
    await play(table, rng, 30)
    _, state = await stored(table)
    posted = len(bot_messages(table.channel, table.env)) - before
    turns = state.stats.turns
    assert state.round >= round_before
    assert posted <= turns + 4, f"{posted} messages for {turns} turns: the channel is flooded"
    await png_images(bot_messages(table.channel, table.env))
    assert await open_choices(table, table.carol) == []
    named = names_people(table, [table.alice, table.bob])
    assert f"<@{table.alice.id}> takes Commander" in named and f"<@{table.bob.id}> takes Commander" in named


async def test_a_whole_game_played_through_panel_dms_and_act_ends_with_its_result(table: Table) -> None:
    await begin_game(table, "pioneers")
    rng = random.Random(20261124)
    used = await play(table, rng, 40)
    await restart_with_an_old_button(table)
    used += await play(table, rng, STEP_CAP)
    record, state = await stored(table)
    assert state.phase == "over" and record.status == "finished"
    assert set(used) == set(ROADS), used
    messages, _ = without_recap(bot_messages(table.channel, table.env))  # the recap follows the result
    final = messages[-1]
    assert "The game is over." in final.content
    assert any(word in final.content for word in ("wins", "share the win", "ties")), final.content
    assert "Your move" not in labels(final), "a finished game's board has no controls"
    assert f"<@{table.alice.id}>" in final.content or f"<@{table.bob.id}>" in final.content, final.content
    names_people(table, [table.alice, table.bob])
    await png_images(messages)
