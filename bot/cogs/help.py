"""``/help`` (the bot's commands by who uses them, and where to start) and ``/rules`` (how to play a game, in
pages: ``bot.ui.rules_pages``). Both answer privately: they are for the one who asked, not the channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.registry import GAMES

from ..ui.common import host_of
from ..ui.rules_pages import RulesPageButton, rules_page

HELP_TITLE = "Space board games, a table per thread"
HELP = """Games: {games}.
**New here?** `/start abordaje bots:1` plays ¡Abordaje! against the bot; `/rules game:abordaje` teaches it first.

**Players**
`/start <game>` open a lobby · `/join` `/leave` a seat · `/begin` deal (the opener) · `/cancel` close the lobby
**Your move** on the board opens your private panel · `/act` take a decision · `/hand` your private view · \
`/skip` vote to skip a player gone quiet · \
`/games` your games, and which wait on you · `/undo` take back your last move (or **Take back**) · \
`/away 3d` step away (`bot:on`: a bot plays for you) · `/forget me`
`/notify` how you are told: `dm:on` a DM each turn · `digest:daily hour:8` one DM a day · `quiet:22-8` no \
pings at night · `timezone:Europe/Paris` · `hints:off` no tips

**Everyone, onlookers too**
`/rules` how to play this channel's game (or `game:`), in pages · `/cards` every card, what it does · \
`/board` post the board again · `/status` who the game waits on · `/log` what happened (`private`: what only \
you were told) · `/replay` the boards turn by turn · `/export` the game as files · `/settings show` this \
server's settings

**Moderators** (Manage Channels or Manage Server)
`/reset` wipe the game (asks first) · `/end` end it, no winner · `/kick` take a lobby seat away · \
`/replace` give a seat to another member or a bot · `/undo` take back the last action (not a draw, roll or \
reveal) · **Add a bot** / **Remove bot** in any lobby · `/forget game` delete a finished game

**Server managers** (Manage Server)
`/settings reminders` `/settings skips` hours before a reminder or a skip · `/settings channels` where games \
may be played · `/settings skipbot` whether a skip hands the seat to a bot · `/settings keep` \
`/settings lobbies` keeping times · `/settings threads` a thread per game · `/settings away` the longest away

Your hand comes by DM and in the panel (with DMs closed, in the panel and `/hand`)."""

NO_GAME_HERE = "No game in this channel. Games you can `/start`: {games}. `/rules game:` shows how to play any of them."


def game_names(games: dict[str, Any]) -> str:
    return ", ".join(f"`{key}` ({spec.name})" for key, spec in sorted(games.items()))


class Help(commands.Cog):
    """``/help`` and ``/rules``."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # The page buttons live here with the command that sends them (registered once per bot).
        self.bot.add_dynamic_items(RulesPageButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RulesPageButton)

    @app_commands.command(name="help", description="What this bot does, its commands, and where to start.")
    async def help(self, interaction: discord.Interaction) -> None:
        # An embed, as the rules pages: room for every command (4,096 characters, not a message's 2,000).
        text = HELP.format(games=game_names(host_of(interaction).games))
        embed = discord.Embed(title=HELP_TITLE, description=text)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="rules", description="How to play this channel's game (or another), in pages.")
    @app_commands.describe(game="Another game's guide instead of this channel's.")
    @app_commands.choices(game=[app_commands.Choice(name=spec.name, value=key) for key, spec in GAMES.items()])
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        """The first page of the guide; Previous / Next turn the pages in place (``rules_pages``)."""
        host = host_of(interaction)
        channel_id = interaction.channel_id if interaction.guild_id is not None else None
        key = game.value if game is not None else None
        if key is None and channel_id is not None:
            record = await host.store.live_game(channel_id) or await host.store.latest_game(channel_id)
            key = record.game_key if record is not None else None
        if key is None or key not in host.games:
            await interaction.response.send_message(NO_GAME_HERE.format(games=game_names(host.games)), ephemeral=True)
            return
        embed, view = await rules_page(host, key, 0, channel_id)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
