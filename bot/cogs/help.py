"""``/help``: what the bot does and every command, in one private message."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..ui.common import host_of

HELP = """**Space board games in this channel.** One game per channel.
`/start <game>` open a lobby (games: {games}) · `/join` `/leave` take or give up a seat · `/begin` deal (the \
opener or a moderator) · `/cancel` close the lobby
`/act` take a decision waiting on you (autocomplete lists your choices) · `/hand` your private view · \
`/board` post the board again · `/status` who the game waits on · `/rules` a short rules reference · \
`/cards` every card and what it does
`/log` what happened (`/log private`: what only you were told) · `/games` the games you sit in here
`/skip` vote to skip a player who has gone quiet (after the server's idle time) · `/notify dm:on` also get a DM \
when a game waits on you
Moderators (Manage Channels or Manage Server): `/reset` wipe the game (asks first) · `/end` end it, \
no winner · `/kick` remove a player from a lobby · `/replace` give a seat to another member · `/undo` take \
back the last action (not after a draw, a roll or a reveal) · `/settings` reminder and skip times, game \
channels (Manage Server to change)
Your hand and choices come by DM and in the private panel of the **Your move** button on the board; if your \
DMs are closed, the panel and `/hand` carry everything."""


class Help(commands.Cog):
    """The help command."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What this bot does and its commands.")
    async def help(self, interaction: discord.Interaction) -> None:
        games = ", ".join(f"`{key}` ({spec.name})" for key, spec in sorted(host_of(interaction).games.items()))
        await interaction.response.send_message(HELP.format(games=games), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
