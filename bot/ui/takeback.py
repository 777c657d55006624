"""**Take back** under a player's move: their own last decision undone, while it revealed nothing.

After a move made with a button or a select, the panel the player reads next (the message they clicked on,
edited) carries this button, only when the move can be taken back (``Host.take_back_offer``: it drew, rolled
and showed nothing). Its custom id names the channel, the game and the move's place in the log
(``sh:tb:<channel>:g<game>:<index>``), so it works after a restart and takes back that move only: once anyone
has played since, the host says so in one sentence. The click is the host's ``take_back``, like ``/undo``
typed by a player.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

from ..errors import guarded
from .common import PREFIX, Controls, actor_of, answering, client_of

TAKEN_BACK = "You took back your move."


class TakeBackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:tb:(?P<channel>\d+):g(?P<game>\d+):(?P<index>\d+)",
):
    """Takes back the move it was shown under (one game's, one log position's)."""

    def __init__(self, channel_id: int, game_id: int, index: int) -> None:
        self.channel_id = channel_id
        self.game_id = game_id
        self.index = index
        super().__init__(
            discord.ui.Button(
                label="Take back",
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:tb:{channel_id}:g{game_id}:{index}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakeBackButton:
        return cls(int(match["channel"]), int(match["game"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        from .prompts import replace_panel  # prompts shows this button under a move: imported here, not in a cycle

        client = client_of(interaction)
        async with answering(interaction, self.channel_id, asked="taking back your move", said=TAKEN_BACK):
            await interaction.response.defer()  # the panel it is under becomes the panel before the move
            out = await client.host.take_back(
                self.channel_id, actor_of(interaction), game_id=self.game_id, index=self.index
            )
            if out.reply is not None:
                await replace_panel(interaction, out.reply, self.channel_id)
        await client.deliver(out, reply_shown_to=interaction.user.id if out.reply is not None else None)


def take_back_view(channel_id: int, game_id: int, index: int) -> discord.ui.View:
    """The one button under a move that may be taken back."""
    view = Controls()
    view.add_item(TakeBackButton(channel_id, game_id, index))
    return view


async def take_back_item(interaction: discord.Interaction, channel_id: int) -> TakeBackButton | None:
    """**Take back** for the clicker's move just made, when it may be taken back (``Host.take_back_offer``)."""
    offer = await client_of(interaction).host.take_back_offer(channel_id, interaction.user.id)
    return None if offer is None else TakeBackButton(channel_id, *offer)


def with_item(view: discord.ui.View | None, item: discord.ui.Item[Any]) -> discord.ui.View | None:
    """``view`` with ``item`` added on a row of its own, or as it was when its rows are full."""
    view = view if view is not None else Controls()
    with contextlib.suppress(ValueError):  # five rows of choices already: `/undo` takes the move back all the same
        view.add_item(item)
    return view
