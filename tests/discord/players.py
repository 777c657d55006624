"""Players who act the way people do in Discord: through the panel, their DMs, or ``/act``.

Each step a player first asks ``/act``'s autocomplete what is open to them (an empty list: nothing is waiting
on them), picks one of those choices with a seeded random picker, and answers it through one of three roads.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

import discord
import simcord

from .conftest import Table
from .sim import answers, board, dms, is_private, items, lobby, prompt_choices, said

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
    await answer(table, player, value, road)
    return value


async def answer(table: Table, player: simcord.MemberActor, value: str, road: Road) -> list[simcord.ResponseMessage]:
    """Answer ``value`` along ``road``; the private messages the player read on the way (panel, replies).

    The DM road falls back to the panel when the newest DM does not offer ``value``, and the panel road to
    ``/act`` when the panel cannot show the choice as a control (too many choices: it sends players to ``/act``).
    """
    read: list[simcord.ResponseMessage] = []
    if road != "act":
        dm = latest_dm_with(player, value) if road == "dm" else None
        if dm is not None:
            result = await press(player, dm, value, in_dm=True)
            assert not result.followups, f"a legal choice was refused: {said(result)}"
            return read + answers(result)
        panel = await open_panel(table, player)
        assert panel.response is not None
        read.append(panel.response)
        if value in prompt_choices(panel.response):
            result = await press(player, panel.response, value)
            assert not result.followups, f"a legal choice was refused: {said(result)}"
            return read + answers(result)
    result = await player.slash(table.channel, "act", choice=value)
    assert is_private(result), said(result)
    return read + answers(result)


async def begin_game(
    table: Table,
    game: str = "abordaje",
    players: Sequence[simcord.MemberActor] | None = None,
    roles: Sequence[str] | None = None,
    **options: str,
) -> list[simcord.MemberActor]:
    """The first player opens a lobby of ``game`` with ``options``, the others join, the first begins.

    By default Alice and Bob play ¡Abordaje! (what most scenarios need). ``roles``, one per player in seat
    order, are taken through the lobby's role picker, as a player would; without them each keeps the role the
    lobby handed out on joining. Returns the players in seat order.
    """
    seated = list(players) if players is not None else [table.alice, table.bob]
    opener = seated[0]
    await opener.slash(table.channel, f"start {game}", **options)
    for player in seated[1:]:
        await player.slash(table.channel, "join")
    for player, role in zip(seated, roles or (), strict=False):
        await pick_role(table, player, role)
    await opener.slash(table.channel, "begin")
    return seated


async def pick_role(table: Table, player: simcord.MemberActor, role: str) -> None:
    """Choose ``role`` in the lobby's role picker (a select whose options are the game's roles)."""
    message = lobby(table.channel, table.env)
    picker = next(i for i in items(message) if isinstance(i, discord.SelectMenu))
    assert role in [o.value for o in picker.options], f"the lobby does not offer {role!r}"
    result = await player.select(message, [role], custom_id=picker.custom_id)
    assert not answers(result), f"picking {role!r} was refused: {said(result)}"
