"""What every cog does with an interaction: beat the 3 s clock, ask the host, deliver, answer privately."""

from __future__ import annotations

from collections.abc import Awaitable

import discord

from ..outbox import Outbox
from ..ui.common import client_of


async def think_privately(interaction: discord.Interaction) -> None:
    """Defer with a private "thinking…" (the answer may need a rendered image or several Discord calls)."""
    await interaction.response.defer(ephemeral=True, thinking=True)


async def deliver_and_say(interaction: discord.Interaction, step: Awaitable[Outbox], done: str) -> None:
    """Run a host step, deliver its outbox, and tell the user ``done`` privately.

    The channel sees the outcome (a lobby edited, a board posted); the user who typed the command gets a short
    private confirmation, never a second public message.
    """
    await think_privately(interaction)
    out = await step
    await client_of(interaction).deliver(out)
    await interaction.followup.send(done, ephemeral=True)
