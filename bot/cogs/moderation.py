"""Moderators' commands: ``/reset`` (after a confirmation button), ``/end``, ``/kick`` (from a lobby),
``/replace`` (a seat given to another member) and ``/undo`` (the last action, unless it revealed something).

Moderators are members with Manage Channels or Manage Server in the channel; the cog reads that from Discord
and the host decides (``Actor.can_moderate``), so a refusal is the host's sentence. ``/reset`` asks first:
the confirmation is ephemeral and its button asks the host again at the click, with the permissions Discord
reports then.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..tables import Actor
from ..ui.common import actor_of, game_channel, host_of
from ..ui.moderation import reset_view
from .base import deliver_and_say


class Moderation(commands.Cog):
    """Wiping or ending the game of a channel."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="reset", description="Wipe this channel's game (moderators; asks first).")
    async def reset(self, interaction: discord.Interaction) -> None:
        channel_id = game_channel(interaction)
        # Refused before asking "are you sure?"; the host checks again at the click.
        summary = await host_of(interaction).check_reset(channel_id, actor_of(interaction))
        await interaction.response.send_message(
            f"Reset this channel's game? It is wiped for good, with its log.\n> {summary}",
            view=reset_view(channel_id),
            ephemeral=True,
        )

    @app_commands.command(name="end", description="End this channel's game now, with no winner (moderators).")
    async def end(self, interaction: discord.Interaction) -> None:
        step = host_of(interaction).end(game_channel(interaction), actor_of(interaction))
        await deliver_and_say(interaction, step, "The game is ended.")

    @app_commands.command(name="kick", description="Remove a player from this channel's lobby (moderators).")
    @app_commands.describe(player="The member whose seat is taken away")
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        step = host_of(interaction).kick(game_channel(interaction), actor_of(interaction), player.id)
        await deliver_and_say(interaction, step, f"{player.display_name} no longer has a seat in the lobby.")

    @app_commands.command(name="replace", description="Give a player's seat to another member (moderators).")
    @app_commands.describe(player="Whose seat (an idle player, say)", by="Who takes it over, hand and all")
    async def replace(self, interaction: discord.Interaction, player: discord.User, by: discord.User) -> None:
        newcomer = Actor(user_id=by.id, display_name=by.display_name)
        step = host_of(interaction).replace(game_channel(interaction), actor_of(interaction), player.id, newcomer)
        await deliver_and_say(interaction, step, f"{by.display_name} now holds {player.display_name}'s seat.")

    @app_commands.command(
        name="undo", description="Take back the game's last action, unless it drew, rolled or revealed."
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        step = host_of(interaction).undo(game_channel(interaction), actor_of(interaction))
        await deliver_and_say(interaction, step, "The last action is undone; its player can decide again.")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Moderation(bot))
