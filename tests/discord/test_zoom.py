"""**Zoom** and **Full board** on the simulated Discord: detail one tap away, shown only to whoever asks.

A phone shows the channel board about 400 pixels wide; the board message of a game whose renderer is
``Zoomable`` carries a select of the board's areas and a **Full board** button. Every area answers privately
with a PNG and its alt text; the select keeps working after a restart (its custom id carries the channel);
and nothing hidden reaches anyone: every answer goes through the leak scan (``LeakScanner.public_answer``) at
the end of the scenario, like a channel message.
"""

from __future__ import annotations

import random

import discord
import pytest
import simcord

from render.registry import RENDERERS, Zoomable

from .conftest import Table
from .players import begin_game, play_one
from .sim import answers, board, is_private, items, png_images

ZOOMABLE = sorted(game for game, renderer in RENDERERS.items() if isinstance(renderer, Zoomable))
PLAYERS = {"capricorn": ("engineer", "soldier")}
"""Roles for games whose lobby wants them picked (the others take what the lobby hands out)."""


def zoom_select(message: discord.Message) -> discord.SelectMenu:
    found = [
        i for i in items(message) if isinstance(i, discord.SelectMenu) and (i.custom_id or "").startswith("sh:zoom:")
    ]
    assert len(found) == 1, "the board message carries one Zoom select"
    return found[0]


async def zoom_every_area(table: Table, player: simcord.MemberActor, message: discord.Message) -> list[str]:
    """Pick each area of the board's Zoom select in turn; each answer is private, one PNG with alt text."""
    select = zoom_select(message)
    values = [option.value for option in select.options]
    assert 0 < len(values) <= 25
    for option in select.options:
        result = await player.select(message, [option.value], custom_id=select.custom_id)
        assert is_private(result), f"zooming into {option.value!r} must answer only the player"
        shown = [m.message for m in answers(result)]
        assert [len(m.attachments) for m in shown] == [1], f"{option.value!r}: one image"
        assert option.label in shown[0].content
        images = await png_images(shown)  # checks each is a PNG with alt text
        assert images[0].mode == "P"
        table.scanner.public_answer(table.channel.id, shown)
    return values


async def full_board(table: Table, player: simcord.MemberActor, message: discord.Message) -> None:
    result = await player.click(message, label="Full board")
    assert is_private(result), "the full board must answer only the player"
    shown = [m.message for m in answers(result)]
    images = await png_images(shown)
    assert len(images) == 1 and images[0].width > images[0].height, "the full board is the wide detailed board"
    table.scanner.public_answer(table.channel.id, shown)


async def begin(table: Table, game: str) -> list[simcord.MemberActor]:
    players = await begin_game(table, game, players=[table.alice, table.bob], roles=PLAYERS.get(game))
    rng = random.Random(5)
    for _ in range(3):  # a few decisions in: face-down orders, cards in hands, pieces moved
        for player in players:
            await play_one(table, player, rng, "panel")
    return players


@pytest.mark.parametrize("game", ZOOMABLE)
async def test_every_area_and_the_full_board_answer_privately_with_alt_text(table: Table, game: str) -> None:
    await begin(table, game)
    message = board(table.channel, table.env)
    assert "Full board" in [b.label for b in items(message) if isinstance(b, discord.Button)]
    await zoom_every_area(table, table.carol, message)  # a spectator may zoom too: it is the public board
    await full_board(table, table.alice, message)


RESTARTED = "jupiter"
"""The game whose zoom the default suite tries after a restart (the select's road through a fresh process is the
same for every game; Jupiter keeps zooms between answers, the most a restart could lose); the others run in the
slow set. Every game's areas are zoomed by the test above."""


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=[] if g == RESTARTED else [pytest.mark.slow]) for g in ZOOMABLE]
)
async def test_zoom_works_after_a_restart(table: Table, game: str) -> None:
    await begin(table, game)
    message = board(table.channel, table.env)
    await table.restart()
    await zoom_every_area(table, table.bob, message)
    await full_board(table, table.bob, message)


async def test_a_game_without_zoom_has_no_zoom_controls(table: Table) -> None:
    """Only a ``Zoomable`` renderer's board carries the controls (the others' boards are unchanged)."""
    others = sorted(game for game in RENDERERS if game not in ZOOMABLE and game != "derelict")
    if not others:
        pytest.skip("every game zooms")
    await begin_game(table, others[0], players=[table.alice, table.bob])
    message = board(table.channel, table.env)
    assert not [i for i in items(message) if (i.custom_id or "").startswith(("sh:zoom:", "sh:full:"))]
