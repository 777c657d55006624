"""Playing: ``/act`` (with autocomplete), ``/hand``, ``/board``, ``/status``, ``/cards`` (every card
of the game and what it does, in as many private messages as it takes), ``/skip`` (a vote to skip an idle
player's decision) and ``/notify`` (DMs per turn or a daily digest, quiet hours, time zone, first-time hints:
``bot/tables/notify.py``).

``/act``'s autocomplete lists exactly the caller's legal choices right now (``Host.choices_for``: filtered by
what they type, at most 25, nothing to a player with nothing pending), and its values are ``prompt|choice``
pairs the host checks again on submit, so a value typed by hand or copied from someone else is refused with a
sentence. Private answers (``/act``, ``/hand``) are ephemeral: they may show the player's hand.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.words import pages
from engine.registry import GAMES

from ..cooldowns import pace
from ..delivery import asked_for
from ..ui.common import actor_of, answering, client_of, clip, game_channel, host_of
from ..ui.prompts import send_panel
from ..ui.takeback import take_back_item
from .base import deliver_and_say, think_privately

log = logging.getLogger(__name__)

ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


class Play(commands.Cog):
    """Commands for players and onlookers of the game in a channel."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="act", description="Take a decision waiting on you in this channel's game.")
    @app_commands.describe(choice="Start typing: the list shows exactly the choices open to you right now.")
    async def act(self, interaction: discord.Interaction, choice: str) -> None:
        channel_id = game_channel(interaction)
        client = client_of(interaction)
        async with answering(interaction, channel_id) as interaction_id:
            await think_privately(interaction)
            out = await client.host.act_typed(channel_id, actor_of(interaction), choice, interaction_id=interaction_id)
            if out.reply is not None:  # with **Take back** under it when the move may be taken back
                await send_panel(interaction, out.reply, channel_id, await take_back_item(interaction, channel_id))
            else:
                await interaction.followup.send("Done.", ephemeral=True)
        await client.deliver(out, reply_shown_to=interaction.user.id if out.reply is not None else None)

    @act.autocomplete("choice")
    async def act_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal choices matching ``current``; an empty list when nothing waits on them."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return []
        try:
            offered = await host_of(interaction).choices_for(interaction.channel_id, interaction.user.id, current)
        except Exception:
            # Autocomplete errors reach no handler in discord.py; an empty list is the honest answer.
            log.exception("autocomplete failed channel=%s user=%s", interaction.channel_id, interaction.user.id)
            return []
        return [app_commands.Choice(name=label, value=value) for label, value in offered]

    @app_commands.command(name="hand", description="Your private view of this channel's game, only to you.")
    async def hand(self, interaction: discord.Interaction) -> None:
        channel_id = game_channel(interaction)
        await think_privately(interaction)
        panel = await host_of(interaction).panel(channel_id, interaction.user.id)
        await send_panel(interaction, panel, channel_id)

    @app_commands.command(name="board", description="Post this channel's board again.")
    async def board(self, interaction: discord.Interaction) -> None:
        channel_id = game_channel(interaction)
        pace(interaction, "board")
        await deliver_and_say(
            interaction, asked_for(lambda: host_of(interaction).board(channel_id)), "The board is posted below."
        )

    @app_commands.command(name="status", description="Whose decision this channel's game is waiting for.")
    async def status(self, interaction: discord.Interaction) -> None:
        text = await host_of(interaction).status(game_channel(interaction))
        await interaction.response.send_message(clip(text), ephemeral=True)

    @app_commands.command(name="cards", description="Every card of this channel's game and what it does.")
    @app_commands.describe(game="Another game's cards instead of this channel's.")
    @app_commands.choices(game=[app_commands.Choice(name=spec.name, value=key) for key, spec in GAMES.items()])
    async def cards(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        """The game's own card list (``GameSpec.cards_text``), in as many private messages as it needs."""
        host = host_of(interaction)
        key = game.value if game is not None else await self._channel_game(interaction)
        if key is None:
            said = await host.rules(None)
            await interaction.response.send_message(f"{said} `/cards game:` shows any game's cards.", ephemeral=True)
            return
        spec = host.spec(key)
        if spec.cards_text is None:
            await interaction.response.send_message(f"{spec.name} has no cards.", ephemeral=True)
            return
        first, *rest = pages(f"**{spec.name}: every card and what it does**", spec.cards_text())
        await interaction.response.send_message(first, ephemeral=True)
        for page in rest:
            await interaction.followup.send(page, ephemeral=True)

    async def _channel_game(self, interaction: discord.Interaction) -> str | None:
        """The key of the game played (or last played) in the interaction's channel, if any."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return None
        store = host_of(interaction).store
        record = await store.live_game(interaction.channel_id) or await store.latest_game(interaction.channel_id)
        return record.game_key if record is not None else None

    @app_commands.command(name="skip", description="Vote to skip the decision of a player who has gone quiet.")
    async def skip(self, interaction: discord.Interaction) -> None:
        step = host_of(interaction).vote_skip(game_channel(interaction), actor_of(interaction))
        await deliver_and_say(interaction, step, "Your vote is counted.")

    @app_commands.command(
        name="notify", description="How the bot tells you a game waits on you: DMs, digest, quiet hours."
    )
    @app_commands.describe(
        dm="on: a DM besides the ping in the channel; off: the ping only",
        hints="on: a one-line tip under a kind of decision the first few times you meet it; off: none",
        digest="daily: one DM a day listing the games waiting on you, instead of a message at each turn",
        hour="the digest's hour on your clock, 0-23 (default 9)",
        quiet="hours when nothing pings or DMs you, like 22-8 (your time zone), or off",
        timezone="your time zone, like Europe/Paris or America/New_York, or an offset like +02:00",
    )
    @app_commands.choices(
        dm=ON_OFF,
        hints=ON_OFF,
        digest=[app_commands.Choice(name="daily", value="daily"), app_commands.Choice(name="off", value="off")],
    )
    async def notify(
        self,
        interaction: discord.Interaction,
        dm: app_commands.Choice[str] | None = None,
        hints: app_commands.Choice[str] | None = None,
        digest: app_commands.Choice[str] | None = None,
        hour: app_commands.Range[int, 0, 23] | None = None,
        quiet: app_commands.Range[str, 1, 20] | None = None,
        timezone: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        """With no option: the caller's choices as they stand. A bad value changes nothing (a sentence says why)."""
        said = await host_of(interaction).notify(
            interaction.user.id,
            dm=None if dm is None else dm.value == "on",
            hints=None if hints is None else hints.value == "on",
            digest=None if digest is None else digest.value == "daily",
            hour=hour,
            quiet=quiet,
            time_zone=timezone,
        )
        await interaction.response.send_message(said, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
