"""What every cog does with an interaction: beat the 3 s clock, ask the host, deliver, answer privately."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable

import discord

from ..outbox import Outbox
from ..ui.common import answering, asked_of, client_of


async def think_privately(interaction: discord.Interaction) -> None:
    """Defer with a private "thinking…" (the answer may need a rendered image or several Discord calls)."""
    await interaction.response.defer(ephemeral=True, thinking=True)


async def deliver_and_say(interaction: discord.Interaction, step: Awaitable[Outbox], done: str) -> None:
    """Run a host step, deliver its outbox, and tell the user ``done`` privately.

    The channel sees the outcome (a lobby edited, a board posted); the user who typed the command gets a short
    private confirmation, never a second public message. The interaction is stored before the defer
    (``answering``): should the process die before the confirmation, the next one tells the user whether the
    command was done (``done``) or not, while Discord still accepts an answer.
    """
    try:
        async with answering(interaction, interaction.channel_id or 0, asked=asked_of(interaction), said=done):
            await think_privately(interaction)
            out = await step
            await client_of(interaction).deliver(out)
            await interaction.followup.send(done, ephemeral=True)
    finally:
        if inspect.iscoroutine(step) and inspect.getcoroutinestate(step) == inspect.CORO_CREATED:
            step.close()  # the defer failed (or the process is dying): the step never ran, and never will
