"""The confirmation of ``/reset``: a moderator's second thought before a game is wiped.

The confirm button asks the host again with the clicker's permissions as Discord reports them at the click,
so a confirmation shown before a moderator lost their role no longer works. It names the game it was asked
about (a confirmation left open while that game ended and another began resets nothing) and works only in
that game's channel: the permissions Discord reports are those of the channel clicked in, so a button whose
id names another channel would borrow rights from here to wipe a game there.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from ..errors import guarded
from .common import PREFIX, Controls, actor_of, answering, client_of
from .permissions import require_same_channel

RESET_DONE = "The game in this channel was reset."
CONFIRM = "yes"
KEEP = "no"


class ResetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:reset:(?P<answer>yes|no):(?P<channel>\d+):(?P<game>\d+)",
):
    """ "Reset it" or "Keep it" on the ephemeral confirmation of ``/reset``."""

    def __init__(self, answer: str, channel_id: int, game_id: int) -> None:
        self.answer = answer
        self.channel_id = channel_id
        self.game_id = game_id
        confirm = answer == CONFIRM
        super().__init__(
            discord.ui.Button(
                label="Reset the game" if confirm else "Keep it",
                style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:reset:{answer}:{channel_id}:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ResetButton:
        return cls(match["answer"], int(match["channel"]), int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        if self.answer != CONFIRM:
            await interaction.response.edit_message(content="Nothing was reset.", view=None)
            return
        require_same_channel(interaction, self.channel_id)
        client = client_of(interaction)
        async with answering(interaction, self.channel_id, asked="the reset", said=RESET_DONE):
            await interaction.response.defer()
            out = await client.host.reset(self.channel_id, actor_of(interaction), self.game_id)
            await interaction.edit_original_response(content=RESET_DONE, view=None)
            await client.deliver(out)


def reset_view(channel_id: int, game_id: int) -> discord.ui.View:
    """The two answers to "reset this channel's game?" (that game: ``game_id``)."""
    view = Controls()
    view.add_item(ResetButton(CONFIRM, channel_id, game_id))
    view.add_item(ResetButton(KEEP, channel_id, game_id))
    return view
