"""Scenario 2: a whole game of ¡Abordaje! played the way people play it in Discord, to its announced result.

Both players act only through what Discord shows them: the "Your move" panel's buttons, the buttons of their
DMs, and ``/act`` with a value its autocomplete offered. Which of them moves next and what they pick come from
a seeded random picker among the offered choices (the deal itself is the host's own random seed, so every run
plays a different game; every one reaches an outcome well before the step cap, see ``tests/abordaje``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from .conftest import Table
from .players import ROADS, begin_game, open_choices, play_one, press
from .sim import bot_messages, dms, is_private, labels, png_images, prompt_choices, said
from .story import without_recap

STEP_CAP = 600  # random games of Abordaje end within about 250 decisions


async def play_to_the_end(table: Table, rng: random.Random) -> Counter[str]:
    """Let both players decide, along every road in turn, until nothing waits on either; the roads used."""
    players = [table.alice, table.bob]
    used: Counter[str] = Counter()
    for step in range(STEP_CAP):
        road = ROADS[step % len(ROADS)]
        for player in rng.sample(players, len(players)):
            if await play_one(table, player, rng, road) is not None:
                used[road] += 1
                break
        else:
            return used
    raise AssertionError(f"no result after {STEP_CAP} decisions")


# Both runs are in the slow set (half a minute each, most of it SimCord's settling over the hundreds of
# ephemeral panels' views a whole game leaves waiting). The default suite keeps the road:
# tests/discord/test_pioneers.py plays a whole game through panels, DMs and /act to its result (and through a
# restart), and tests/discord/test_seat_bots.py plays ¡Abordaje! to its "Game over" in the channel.
@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [{}, {"variant": "advanced", "handicap": "on"}],
    ids=["basic", "handicap"],
)
async def test_a_whole_game_played_through_panel_dms_and_act_ends_with_its_result_in_the_channel(
    table: Table, options: dict[str, str]
) -> None:
    await begin_game(table, **options)

    used = await play_to_the_end(table, random.Random(20240611))

    assert set(used) == set(ROADS), f"every road was used: {used}"
    messages, _ = without_recap(bot_messages(table.channel, table.env))  # the recap follows the result
    final = messages[-1]
    assert "Game over" in final.content
    assert any(word in final.content for word in ("win", "tie", "Tie")), final.content
    assert "Your move" not in labels(final), "a finished game's board has no controls"
    for player in (table.alice, table.bob):
        assert await open_choices(table, player) == []
    await png_images(messages)  # every board posted or edited along the way decodes as a PNG
    await choices_after_the_result_change_nothing(table)


async def choices_after_the_result_change_nothing(table: Table) -> None:
    """A finished game: ``/act`` and any button still on a DM get a sentence; the channel and store stay."""
    record = await table.next_store.latest_game(table.channel.id)
    assert record is not None and record.status == "finished"
    channel_before = [m.content for m in bot_messages(table.channel, table.env)]
    attempts = [await table.alice.slash(table.channel, "act", choice="t1.as1.p|fire")]
    for player in (table.alice, table.bob):
        stale = [(m, v) for m in dms(player) for v in prompt_choices(m)]
        if stale:
            attempts.append(await press(player, stale[-1][0], stale[-1][1], in_dm=True))
    for result in attempts:
        assert is_private(result) and "over" in said(result), said(result)
    assert [m.content for m in bot_messages(table.channel, table.env)] == channel_before
    after = await table.next_store.latest_game(table.channel.id)
    assert after is not None and (after.version, after.action_count) == (record.version, record.action_count)
