"""The story of a game: ``/replay`` (the public board after any turn, paged with buttons) and ``/export`` (the
game's record as files). Both answer privately; the reading is ``bot.story`` and ``bot.export`` (Discord-free).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..export import export
from ..story import Storyteller
from ..ui.common import clip, game_channel, host_of, to_file
from ..ui.replay import replay_message
from .base import think_privately


class StoryCog(commands.Cog, name="Story"):
    """Replaying and exporting a channel's game."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="replay", description="The board as it stood after any turn of this channel's game.")
    @app_commands.describe(turn="the turn to look at (0: the start); leave out for the board as it stands now")
    async def replay(
        self, interaction: discord.Interaction, turn: app_commands.Range[int, 0, 100_000] | None = None
    ) -> None:
        channel_id = game_channel(interaction)
        await think_privately(interaction)  # the game is replayed from its start, and a board drawn
        page = await Storyteller(host_of(interaction)).page(channel_id, turn=turn)
        message = replay_message(page)
        await interaction.followup.send(
            message["content"], files=message["files"], view=message["view"], ephemeral=True
        )

    @app_commands.command(name="export", description="This channel's game as files: its log, and its replay once over.")
    async def export(self, interaction: discord.Interaction) -> None:
        channel_id = game_channel(interaction)
        await think_privately(interaction)
        said, files = await export(host_of(interaction), channel_id, interaction.user.id)
        await interaction.followup.send(clip(said), files=[to_file(f) for f in files], ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StoryCog(bot))
