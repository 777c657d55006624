"""``/settings``: a server's reminder and skip-vote times, whether a skip hands the seat to a bot, the
channels that may hold games, and how long finished games and idle lobbies are kept (``keep``, ``lobbies``).

Anyone may read them (``/settings show``); changing them needs Manage Server, which the host checks
(``Actor.can_manage_server``), so a refusal is the host's sentence like every other.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import NoGameHere

from ..ui.common import actor_of, host_of


def server_of(interaction: discord.Interaction) -> int:
    """The server a settings command is about; a sentence in direct messages."""
    if interaction.guild_id is None:
        raise NoGameHere("Settings belong to a server: use `/settings` in one of its channels.")
    return interaction.guild_id


async def change(interaction: discord.Interaction, **changes: Any) -> None:
    """Ask the host to change the server's settings; the answer (new settings or a refusal) is private."""
    text = await host_of(interaction).change_settings(server_of(interaction), actor_of(interaction), **changes)
    await interaction.response.send_message(text, ephemeral=True)


class Settings(commands.GroupCog, group_name="settings", group_description="This server's game settings."):
    """Reading and changing a server's settings."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="show", description="This server's reminder and skip times and game channels.")
    async def show(self, interaction: discord.Interaction) -> None:
        text = await host_of(interaction).settings_text(server_of(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="reminders", description="Remind a waiting player after this many hours (0: off).")
    @app_commands.describe(hours="Hours of waiting before the first reminder; later ones come after 2x, 4x, 8x")
    async def reminders(self, interaction: discord.Interaction, hours: float) -> None:
        await change(interaction, reminder_hours=hours)

    @app_commands.command(name="skips", description="Let the others vote to skip a player after this many hours.")
    @app_commands.describe(hours="Hours of waiting on one player before `/skip` votes count")
    async def skips(self, interaction: discord.Interaction, hours: float) -> None:
        await change(interaction, idle_hours=hours)

    @app_commands.command(name="skipbot", description="Whether a successful skip vote hands the seat to a bot.")
    @app_commands.describe(on="on: a bot plays the skipped seat until `/replace` gives it back; off: skip once")
    async def skipbot(self, interaction: discord.Interaction, on: Literal["on", "off"]) -> None:
        await change(interaction, skip_to_bot=on == "on")

    @app_commands.command(name="channels", description="Choose which channels may hold games.")
    @app_commands.describe(
        allow="Add this channel to the game channels",
        remove="Take this channel off the game channels",
        anywhere="Let games be started in any channel again",
    )
    async def channels(
        self,
        interaction: discord.Interaction,
        allow: discord.TextChannel | None = None,
        remove: discord.TextChannel | None = None,
        anywhere: bool = False,
    ) -> None:
        await change(
            interaction,
            allow_channel=None if allow is None else allow.id,
            remove_channel=None if remove is None else remove.id,
            any_channel=anywhere,
        )

    @app_commands.command(name="keep", description="Keep finished games this many days, then delete them.")
    @app_commands.describe(days="Days a finished or ended game stays readable (`/log`) before it is deleted")
    async def keep(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 3650]) -> None:
        text = await host_of(interaction).change_keeping(server_of(interaction), actor_of(interaction), keep_days=days)
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="lobbies", description="Close a lobby nobody joined for this many hours (0: never).")
    @app_commands.describe(hours="Hours a lobby may wait with nobody joining, leaving or beginning it")
    async def lobbies(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 720]) -> None:
        host, guild = host_of(interaction), server_of(interaction)
        text = await host.change_keeping(guild, actor_of(interaction), lobby_hours=hours)
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="threads", description="Whether /start opens each game in a thread of its own.")
    @app_commands.describe(
        mode="on: one channel holds many tables, each in its thread; off: one game per channel; default: "
        "threads wherever I may create them"
    )
    async def threads(self, interaction: discord.Interaction, mode: Literal["on", "off", "default"]) -> None:
        on = None if mode == "default" else mode == "on"
        text = await host_of(interaction).set_threads(server_of(interaction), actor_of(interaction), on)
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="away", description="The longest a player may step away with `/away`, in days.")
    @app_commands.describe(days="Days, from 1 to 90 (14 unless set)")
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[float, 1, 90]) -> None:
        text = await host_of(interaction).set_away_maximum(server_of(interaction), actor_of(interaction), days)
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))
