"""The board message's "Your move" button: a private panel for whoever presses it.

One button serves every player (its custom id names only the channel), because the panel is built for the
clicker: their view, their hand image, their pending prompts. A spectator gets the host's sentence. The panel
works whether or not the player's DMs are open; it is the one road to hidden information that needs no DM.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from render.core.zoom import Area

from ..errors import guarded
from .common import PREFIX, Controls, host_of
from .prompts import send_panel
from .zoom import zoom_items


class YourMoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:move:(?P<channel>\d+)",
):
    """Opens the clicker's private panel for the game in one channel."""

    def __init__(self, channel_id: int) -> None:
        self.channel_id = channel_id
        super().__init__(
            discord.ui.Button(
                label="Your move",
                emoji="🂠",
                style=discord.ButtonStyle.primary,
                custom_id=f"{PREFIX}:move:{channel_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> YourMoveButton:
        return cls(int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the hand image takes a moment
        panel = await host_of(interaction).panel(self.channel_id, interaction.user.id)
        await send_panel(interaction, panel, self.channel_id)


def board_view(channel_id: int, areas: Sequence[Area] = ()) -> discord.ui.View:
    """The controls of a running game's board message: "Your move", and **Zoom** / **Full board** when the
    game's board has ``areas`` to zoom into (``bot.ui.zoom``)."""
    view = Controls()
    view.add_item(YourMoveButton(channel_id))
    for item in zoom_items(channel_id, areas):
        view.add_item(item)
    return view
