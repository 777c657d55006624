"""The lobby message's controls: Join / Leave / Begin / Cancel, Add a bot / Remove bot, and the role picker.

Each is a ``DynamicItem`` whose custom id names the channel (``sh:lobby:join:<channel>``), so a lobby opened
before a restart still works. A click is acknowledged silently (the lobby message itself changes); a refusal
("This lobby is full") comes back as a sentence only the clicker reads.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from engine.core import Role

from ..cooldowns import pace
from ..errors import guarded
from ..outbox import Outbox
from ..tables import Actor, Host
from ..threads import follow_name
from .common import PREFIX, Controls, actor_of, answering, client_of
from .permissions import require_posting, require_same_channel

LobbyStep = Callable[[Host, int, Actor], Awaitable[Outbox]]

# The host's verbs behind each button; the labels and styles are all this module decides.
ACTIONS: dict[str, tuple[str, discord.ButtonStyle, LobbyStep]] = {
    "join": ("Join", discord.ButtonStyle.success, lambda h, c, a: h.join(c, a)),
    "leave": ("Leave", discord.ButtonStyle.secondary, lambda h, c, a: h.leave(c, a)),
    "begin": ("Begin", discord.ButtonStyle.primary, lambda h, c, a: h.begin(c, a)),
    "cancel": ("Cancel", discord.ButtonStyle.danger, lambda h, c, a: h.cancel(c, a)),
    "bot": ("Add a bot", discord.ButtonStyle.secondary, lambda h, c, a: h.add_bot(c, a)),
    "unbot": ("Remove bot", discord.ButtonStyle.secondary, lambda h, c, a: h.remove_bot(c, a)),
}
BOT_ACTIONS = ("bot", "unbot")  # offered only by games with a seat bot, on their own row
# What a clicker whose click a restart cut off is told once the click was taken (``answering``'s ``said``).
DONE: dict[str, str] = {
    "join": "You are seated.",
    "leave": "You left the lobby.",
    "begin": "The game has begun: check your DMs or press **Your move**.",
    "cancel": "The lobby is closed.",
    "bot": "A bot is seated.",
    "unbot": "A bot left the lobby.",
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:lobby:(?P<action>join|leave|begin|cancel|bot|unbot):(?P<channel>\d+)",
):
    """Join, Leave, Begin or Cancel on the lobby message of one channel."""

    def __init__(self, action: str, channel_id: int) -> None:
        self.action = action
        self.channel_id = channel_id
        label, style, _ = ACTIONS[action]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"{PREFIX}:lobby:{action}:{channel_id}"),
            row=2 if action in BOT_ACTIONS else 0,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(match["action"], int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        label, _, step = ACTIONS[self.action]
        require_same_channel(interaction, self.channel_id)
        pace(interaction, "lobby")
        if self.action == "begin":
            require_posting(interaction)
        client = client_of(interaction)
        # Stored before the defer: a click a restart cuts off is answered (done, or "try again") by the next process.
        async with answering(interaction, self.channel_id, asked=f"**{label}**", said=DONE[self.action]):
            await interaction.response.defer()  # Begin deals and renders: never race the 3 s limit
            out = await step(client.host, self.channel_id, actor_of(interaction))
            await client.deliver(out)
        await follow_name(interaction.client, client.host, self.channel_id)  # a game thread takes its players' names


class RoleSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:role:(?P<channel>\d+)",
):
    """The lobby's role picker: taking a held role swaps it with its holder (the host's rule)."""

    def __init__(self, channel_id: int, roles: Sequence[Role] = ()) -> None:
        self.channel_id = channel_id
        options = [discord.SelectOption(label=r.label[:100], value=r.key) for r in roles]
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:role:{channel_id}",
                placeholder="Pick your side",
                options=options or [discord.SelectOption(label="…", value="…")],
                min_values=1,
                max_values=1,
            ),
            row=1,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RoleSelect:
        return cls(int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            return
        require_same_channel(interaction, self.channel_id)
        pace(interaction, "lobby")
        client = client_of(interaction)
        async with answering(interaction, self.channel_id, asked="your role pick", said="Your role is picked."):
            await interaction.response.defer()
            out = await client.host.pick_role(self.channel_id, actor_of(interaction), values[0])
            await client.deliver(out)


def lobby_view(channel_id: int, roles: Sequence[Role], *, bots: bool = False) -> discord.ui.View:
    """The controls of an open lobby: the four buttons, the bot buttons when the game has a seat bot, and the
    role picker when the game has roles."""
    view = Controls()
    for action in ACTIONS:
        if bots or action not in BOT_ACTIONS:
            view.add_item(LobbyButton(action, channel_id))
    if len(roles) > 1:
        view.add_item(RoleSelect(channel_id, roles))
    return view
