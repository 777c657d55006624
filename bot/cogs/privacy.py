"""``/forget``: what a person and a moderator can have the bot forget (issue 29; README "Privacy").

- ``/forget me``: the person's seats in finished games become "a former player" and their settings go, after a
  confirmation button (``bot.ui.forget``); refused with a sentence while they hold a seat in a lobby or a
  running game.
- ``/forget game``: a moderator deletes a finished or ended game of the server at once (autocomplete lists them
  by game, the day they ended and their players); a running game is ended with ``/end`` first.

Both answers are private. The host checks every right (``Actor``); the cog only reads them from Discord.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from ..ui.common import actor_of, host_of
from ..ui.forget import forget_me_view

log = logging.getLogger(__name__)


class Privacy(commands.GroupCog, group_name="forget", group_description="Have the bot forget you or a game."):
    """``/forget me`` and ``/forget game``."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="me", description="Forget you: your seats in finished games, your settings.")
    async def me(self, interaction: discord.Interaction) -> None:
        question = await host_of(interaction).forget_me_question(interaction.user.id)
        await interaction.response.send_message(question, view=forget_me_view(interaction.user.id), ephemeral=True)

    @app_commands.command(name="game", description="Delete a finished game of this server now (moderators).")
    @app_commands.describe(game="The finished game: start typing its name, a player or the day it ended")
    async def game(self, interaction: discord.Interaction, game: str) -> None:
        channel = interaction.channel_id or 0
        text = await host_of(interaction).forget_game(interaction.guild_id, channel, actor_of(interaction), game)
        await interaction.response.send_message(text, ephemeral=True)

    @game.autocomplete("game")
    async def finished_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The finished games the caller may delete, matching what they typed."""
        try:
            found = await host_of(interaction).finished_game_choices(
                interaction.guild_id, interaction.channel_id or 0, actor_of(interaction), current
            )
        except Exception:
            # Autocomplete errors reach no handler in discord.py; an empty list is the honest answer.
            log.exception("autocomplete failed guild=%s user=%s", interaction.guild_id, interaction.user.id)
            return []
        return [app_commands.Choice(name=label, value=value) for label, value in found]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Privacy(bot))
