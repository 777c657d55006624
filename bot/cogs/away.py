"""``/away <duration> [reason]`` and ``/away off``: a player steps away from this server's games for a while.

The host keeps the away (``bot.tables.away``); the answer is private, and nothing is posted in any channel:
the board says "away until <date>" next to the player the next time it is drawn.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..ui.common import actor_of, answering, client_of
from .base import think_privately

OFF = "off"
SAID = "your `/away` is set; `/status` shows it."


class Away(commands.Cog):
    """Stepping away from a server's games, and coming back."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="away", description="Step away from this server's games for a while, or come back.")
    @app_commands.describe(
        duration="How long: `3d`, `12h`, `2w` (up to the server's maximum), or `off` when you are back",
        reason="A word for the others (optional)",
        bot="A bot plays your seats while you are away and gives them back when you return",
    )
    async def away(
        self, interaction: discord.Interaction, duration: str, reason: str | None = None, bot: bool = False
    ) -> None:
        client, actor = client_of(interaction), actor_of(interaction)
        # Stored before the defer, as every command is: a process dying while a bot takes or gives back a seat
        # (a board is drawn) leaves the next one to say whether it was done. Another `/away` is always safe.
        async with answering(interaction, interaction.channel_id or 0, asked="/away", said=SAID):
            await think_privately(interaction)
            if duration.strip().lower() == OFF:
                text, outs = await client.host.come_back(interaction.guild_id, actor)
            else:
                text, outs = await client.host.step_away(interaction.guild_id, actor, duration, reason, bot)
            for out in outs:
                await client.deliver(out)
            await interaction.followup.send(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Away(bot))
