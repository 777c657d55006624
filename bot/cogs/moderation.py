"""Moderators' commands: ``/reset`` (after a confirmation button), ``/end``, ``/kick`` (from a lobby),
``/replace`` (a seat given to another member, handed to a seat bot, or a bot's seat given back) and ``/undo``
(the last action, unless it revealed something).

Moderators are members with Manage Channels or Manage Server in the channel; the cog reads that from Discord
and the host decides (``Actor.can_moderate``), so a refusal is the host's sentence. ``/reset`` asks first:
the confirmation is ephemeral and its button asks the host again at the click, with the permissions Discord
reports then.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import IllegalAction
from engine.core.seatbot import Level

from ..tables import Actor
from ..ui.common import actor_of, answering, client_of, game_channel, host_of
from ..ui.moderation import reset_view
from ..ui.prompts import send_panel
from ..ui.takeback import TAKEN_BACK
from .base import deliver_and_say, think_privately


class Moderation(commands.Cog):
    """Wiping or ending the game of a channel."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="reset", description="Wipe this channel's game (moderators; asks first).")
    async def reset(self, interaction: discord.Interaction) -> None:
        channel_id = game_channel(interaction)
        # Refused before asking "are you sure?"; the host checks again at the click.
        summary, game_id = await host_of(interaction).check_reset(channel_id, actor_of(interaction))
        await interaction.response.send_message(
            f"Reset this channel's game? It is wiped for good, with its log.\n> {summary}",
            view=reset_view(channel_id, game_id),
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

    @app_commands.command(
        name="replace", description="Give a player's seat to another member or to a bot, or a bot's seat back."
    )
    @app_commands.describe(
        player="Whose seat (an idle player, say)",
        by="Who takes it over, hand and all",
        bot="Hand the player's seat to a bot of this level instead (it plays until a moderator gives it back)",
        seat="A bot's seat (start typing its name) to give to the member in `by`",
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        by: discord.User | None = None,
        bot: Level | None = None,
        seat: app_commands.Range[int, 1, 8] | None = None,  # offered by name (``bot_seats``); its number is sent
    ) -> None:
        host, channel, actor = host_of(interaction), game_channel(interaction), actor_of(interaction)
        if player is not None and bot is not None and by is None and seat is None:
            step = host.replace_with_bot(channel, actor, player.id, bot)
            await deliver_and_say(interaction, step, f"A bot now plays {player.display_name}'s seat.")
            return
        if by is None or (player is None) == (seat is None) or bot is not None:
            raise IllegalAction(
                "Use `/replace player:@someone by:@member`, `/replace player:@someone bot:normal` to hand the seat "
                "to a bot, or `/replace seat:<bot> by:@member` to give a bot's seat to a person."
            )
        newcomer = Actor(user_id=by.id, display_name=by.display_name)
        if seat is not None:
            named = dict((number, label) for label, number in await host.bot_seats(channel))
            step = host.give_back(channel, actor, seat, newcomer)
            whose = f"the seat of {named[seat]}" if seat in named else "the bot's seat"
            await deliver_and_say(interaction, step, f"{by.display_name} now plays {whose}.")
            return
        assert player is not None
        step = host.replace(channel, actor, player.id, newcomer)
        await deliver_and_say(interaction, step, f"{by.display_name} now holds {player.display_name}'s seat.")

    @replace.autocomplete("seat")
    async def replace_seats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """The running game's bot seats by name (the bot and its role), never as bare numbers."""
        if interaction.channel_id is None:
            return []
        seats = await host_of(interaction).bot_seats(interaction.channel_id)
        typed = current.casefold()
        return [
            app_commands.Choice(name=label[:100], value=number) for label, number in seats if typed in label.casefold()
        ]

    @app_commands.command(
        name="undo", description="Take back your last move (moderators: the game's last action) if it revealed nothing."
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        channel_id, actor = game_channel(interaction), actor_of(interaction)
        if actor.can_moderate:
            step = host_of(interaction).undo(channel_id, actor)
            await deliver_and_say(interaction, step, "The last action is undone; its player can decide again.")
            return
        # A player takes back their own last move (``Host.take_back``) and gets their panel as it was before it.
        client = client_of(interaction)
        async with answering(interaction, channel_id, asked="/undo", said=TAKEN_BACK):
            await think_privately(interaction)
            out = await client.host.take_back(channel_id, actor)
            if out.reply is not None:
                await send_panel(interaction, out.reply, channel_id)
        await client.deliver(out, reply_shown_to=interaction.user.id if out.reply is not None else None)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Moderation(bot))
