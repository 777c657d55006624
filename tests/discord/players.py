"""Players who act the way people do in Discord: through the panel, their DMs, or ``/act``.

Each step a player first asks ``/act``'s autocomplete what is open to them (an empty list: nothing is waiting
on them), picks one of those choices with a seeded random picker, and answers it through one of three roads.
"""

from __future__ import annotations

import random
from typing import Literal

import discord
import simcord

from .conftest import Table
from .sim import board, dms, is_private, prompt_choices, said

Road = Literal["panel", "dm", "act"]
ROADS: tuple[Road, ...] = ("panel", "dm", "act")


async def open_choices(table: Table, player: simcord.MemberActor, typed: str = "") -> list[str]:
    """The ``prompt|choice`` values ``/act`` offers the player right now."""
    offered = await player.autocomplete(table.channel, "act", "choice", typed)
    return [str(c["value"]) for c in offered]


async def open_panel(table: Table, player: simcord.MemberActor) -> simcord.InteractionResult:
    """Press "Your move" on the board: the player's private panel."""
    result = await player.click(board(table.channel, table.env), label="Your move")
    assert is_private(result), "the panel must be ephemeral"
    return result


def latest_dm_with(player: simcord.MemberActor, value: str) -> discord.Message | None:
    """The player's newest DM, if it offers ``value``."""
    inbox = dms(player)
    if inbox and value in prompt_choices(inbox[-1]):
        return inbox[-1]
    return None


async def press(
    player: simcord.MemberActor,
    message: discord.Message | simcord.ResponseMessage,
    value: str,
    *,
    in_dm: bool = False,
) -> simcord.InteractionResult:
    """Answer ``value`` with the button or select that offers it on ``message``."""
    custom_id, option = prompt_choices(message)[value]
    actor: simcord.MemberActor | simcord.UserHandle = player.user if in_dm else player
    if option is None:
        return await actor.click(message, custom_id=custom_id)
    return await actor.select(message, [option], custom_id=custom_id)


async def play_one(table: Table, player: simcord.MemberActor, rng: random.Random, road: Road) -> str | None:
    """One decision of ``player`` along ``road`` (the panel when the DM lacks it); ``None``: none due."""
    values = await open_choices(table, player)
    if not values:
        return None
    value = rng.choice(values)
    if road == "act":
        result = await player.slash(table.channel, "act", choice=value)
        assert is_private(result), said(result)
        return value
    dm = latest_dm_with(player, value) if road == "dm" else None
    if dm is not None:
        result = await press(player, dm, value, in_dm=True)
    else:
        panel = await open_panel(table, player)
        assert panel.response is not None
        result = await press(player, panel.response, value)
    assert not result.followups, f"a legal choice was refused: {said(result)}"
    return value


async def begin_game(table: Table, **options: str) -> None:
    """Alice opens a lobby of Abordaje, Bob joins, Alice begins."""
    await table.alice.slash(table.channel, "start abordaje", **options)
    await table.bob.slash(table.channel, "join")
    await table.alice.slash(table.channel, "begin")
