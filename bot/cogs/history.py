"""Coming back to a game: ``/log`` (the public history, or your own private one) and ``/games``.

Both answer privately: the public log is public anyway, but a history posted in the channel would flood it,
and the private log holds the caller's cards. The reading itself is ``bot.history`` (Discord-free).
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from ..history import History
from ..ui.common import clip, game_channel, host_of
from .base import think_privately


def history_of(interaction: discord.Interaction) -> History:
    host = host_of(interaction)
    return History(host.store, host.games)


class HistoryCog(commands.Cog, name="History"):
    """Reading back what happened."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="log", description="What happened in this channel's game, most recent first.")
    @app_commands.describe(
        which="public: what the channel was told; private: what only you were told (your draws, passes)",
        page="1 is the most recent page",
    )
    async def log(
        self,
        interaction: discord.Interaction,
        which: Literal["public", "private"] = "public",
        page: app_commands.Range[int, 1, 1000] = 1,
    ) -> None:
        channel_id = game_channel(interaction)
        await think_privately(interaction)  # a private history is rebuilt by replaying the game
        history = history_of(interaction)
        if which == "private":
            found = await history.private_log(channel_id, interaction.user.id, page)
        else:
            found = await history.public_log(channel_id, page)
        more = f"\n_Older: `/log {which} page:{found.page + 1}`_" if found.page < found.pages else ""
        await interaction.followup.send(clip(found.text + more), ephemeral=True)

    @app_commands.command(
        name="games", description="This server's running games, and yours everywhere (waiting first)."
    )
    async def games(self, interaction: discord.Interaction) -> None:
        client = interaction.client

        def shares(guild_id: int | None) -> bool:
            """A server the bot is still in (the caller sat there): its games are listed, with links."""
            return guild_id is not None and client.get_guild(guild_id) is not None

        text = await history_of(interaction).games_overview(
            interaction.user.id, interaction.guild_id, shares, host_of(interaction).clock()
        )
        await interaction.response.send_message(clip(text), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HistoryCog(bot))
