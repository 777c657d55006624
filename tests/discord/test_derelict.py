"""Derelict on simulated Discord: three players, secret tasks and hands, one player with closed DMs, a
restart in the middle.

Three members take seats (``/start derelict``, ``/join``, ``/begin``); the draft and the secret task choice
are open at once (turn 0); then rounds are played through the panel, DMs and ``/act`` with a seeded random
pick among the choices offered, reading the round from the stored state. Dave's DMs are closed: he plays from
the panel and ``/act``. The bot restarts during round 1 and the game goes on. At every step each player's
autocomplete offers only their own prompts; the leak scan (``tests/discord/leaks.py``, with Derelict's
secrets in ``hidden.py``) checks every channel line and autocomplete list against the hands and tasks hidden
at that moment.
"""

from __future__ import annotations

import random

import pytest
import simcord

from engine.derelict.catalog import CATALOG
from engine.registry import GAMES

from .conftest import Table
from .players import ROADS, answer, begin_game, open_choices
from .sim import bot_messages, close_dms, dms, png_images
from .story import RECAP_MARK
from .test_pioneers import names_people
from .turns import Played, check_dm_prompts, play_until_turn, seat_of, stored


async def play_to_the_end(
    table: Table, players: list[simcord.MemberActor], rng: random.Random, played: Played, cap: int = 800
) -> None:
    """Decide until the game is over, as ``turns.play_until_turn`` does (each player offered only their own
    prompts; roads rotate), with Dave's closed DMs skipped as a road for him."""
    for _ in range(cap):
        record, state = await stored(table)
        spec = GAMES[record.game_key]
        if spec.outcome(state) is not None:
            return
        pending = spec.prompts(state)
        played.prompt_seats.update({p.id: p.seat for p in pending})
        offered: dict[int, list[str]] = {}
        for player in players:
            seat = seat_of(record, player)
            values = await open_choices(table, player)
            mine = {p.id for p in pending if p.seat == seat}
            assert all(v.partition("|")[0] in mine for v in values), f"seat {seat} offered others' choices"
            if values:
                offered[seat] = values
        assert offered, f"round {state.turn}: nothing is offered to anyone, yet the game waits on {pending}"
        seat = rng.choice(sorted(offered))
        player = next(p for p in players if seat_of(record, p) == seat)
        road = ROADS[played.decisions % len(ROADS)]
        if road == "dm" and player is players[-1]:
            road = "panel"  # Dave has no DMs
        await answer(table, player, rng.choice(offered[seat]), road)
        played.decisions += 1
        played.roads[road] += 1
    raise AssertionError(f"the game did not end within {cap} decisions")


async def test_three_crew_draft_choose_secret_tasks_and_play_through_a_restart(table: Table) -> None:
    """Two rounds and a restart; the whole game runs under ``-m slow`` (below)."""
    players = await crew_begins(table)
    played = await setup_and_restart(table, players)
    await play_until_turn(table, players, random.Random(5), 3, step_cap=250, played=played)
    _, state = await stored(table)
    assert state.turn >= 3
    narrated = "\n".join(line for shown in table.scanner.shown for line in shown.lines)
    assert "Event phase of round 1" in narrated and "Round 2 begins" in narrated
    named = names_people(table, players)
    assert all(f"<@{p.id}> drafts" in named for p in players), named
    await checks(table, players, played)


@pytest.mark.slow
async def test_a_whole_game_with_a_hostile_task_ends_with_every_chosen_task_revealed(table: Table) -> None:
    players = await crew_begins(table)
    played = await setup_and_restart(table, players)
    _, state = await stored(table)
    assert any(CATALOG.task[p.task].kind == "hostile" for p in state.players if p.task), "a hostile task is kept"
    await play_to_the_end(table, players, random.Random(9), played)
    record, state = await stored(table)
    assert record.status != "active" and state.phase == "over"
    final = "\n".join(line for shown in table.scanner.shown for line in shown.lines)
    names_people(table, players)
    for p in state.players:
        assert p.task is not None and f"task was {CATALOG.task[p.task].name}" in final
    await checks(table, players, played)


async def crew_begins(table: Table) -> list[simcord.MemberActor]:
    dave = table.guild.add_member(table.env.create_user("dave"))
    players = [table.alice, table.bob, dave]
    close_dms(table.env, dave)
    await begin_game(table, "derelict", players=players)
    record, state = await stored(table)
    assert record.status == "active" and state.turn == 0
    return players


async def setup_and_restart(table: Table, players: list[simcord.MemberActor]) -> Played:
    """The draft and the task choices (turn 0), a few decisions of round 1, then the bot restarts."""
    played = Played()
    await play_until_turn(table, players, random.Random(20241124), 1, step_cap=20, played=played)
    _, state = await stored(table)
    assert all(p.character and p.task for p in state.players)
    await play_until_turn(table, players, random.Random(3), 1, step_cap=8, played=played)
    await table.restart()
    return played


async def checks(table: Table, players: list[simcord.MemberActor], played: Played) -> None:
    record, _ = await stored(table)
    assert {"panel", "act"} <= set(played.roads), f"clicking and /act were both used: {played.roads}"
    assert dms(players[-1]) == [], "Dave's DMs are closed"
    check_dm_prompts(table, record, players, played)
    boards = [m for m in bot_messages(table.channel, table.env) if not m.content.startswith(RECAP_MARK)]
    await png_images(boards)  # a finished game's recap is a GIF (``test_recap``)
    for player in players[:2]:
        await png_images(dms(player))
