"""A process keeps nothing for the controls it sends: every button and select is a ``DynamicItem`` that works from
its custom id alone (``bot.ui.common.Controls``), so a game's hundreds of panels, boards and DMs leave no view
waiting in memory (discord.py kept each one, an ephemeral panel for 15 minutes with a timer, a channel message for
ever), and an old panel's button still answers."""

from __future__ import annotations

import asyncio
import random

from .conftest import Table
from .players import begin_game, open_panel, play_one, press
from .sim import is_private, prompt_choices


def view_timers() -> list[asyncio.Task[object]]:
    """The timers discord.py runs for the views it keeps (one per unfinished view with a timeout)."""
    return [t for t in asyncio.all_tasks() if "timeout_task_impl" in t.get_coro().__qualname__]  # type: ignore[union-attr]


async def test_panels_and_boards_leave_no_view_in_memory_and_an_old_panel_still_answers(table: Table) -> None:
    await begin_game(table)
    first = table.alice if prompt_choices((await open_panel(table, table.alice)).response) else table.bob
    old = await open_panel(table, first)  # kept by the player, as a phone keeps an ephemeral message
    assert old.response is not None
    rng = random.Random(7)
    for _ in range(6):
        for player in (table.alice, table.bob):
            await play_one(table, player, rng, "panel")

    assert table.bot.persistent_views == [], "no view kept for ever"
    assert view_timers() == [], "no view kept with a timer"
    clicked = await press(first, old.response, next(iter(prompt_choices(old.response))))
    assert is_private(clicked), "an old panel's button is still answered (with a sentence if it is stale)"
