"""The board message's **Zoom** select and **Full board** button: detail one tap away, shown only to the clicker.

A phone shows the channel board about 400 pixels wide, so the board carries what a player follows the game by
and the rest is here: **Zoom** lists the board's areas (a Capricorn room, ¡Abordaje!'s ship-deck cards: the
renderer's ``areas``) and answers with that area enlarged; **Full board** answers with the detailed board for a
desktop. Both are drawn from the public view only (what the channel already sees), answered ephemerally so the
channel is not flooded, and both are ``DynamicItem``s whose custom id carries the channel
(``sh:zoom:<channel>``, ``sh:full:<channel>``): after a restart they load the game from the store like every
other control. Only games whose renderer is ``Zoomable`` get them.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from engine.core import NoGameHere, StaleChoice, View
from render.core.zoom import Area
from render.registry import Zoomable

from ..errors import guarded
from ..tables import Host
from .common import PREFIX, clip, host_of

log = logging.getLogger(__name__)

ZOOM_OPTIONS = 25
"""A select holds at most 25 options: a renderer offers no more areas than that."""


async def public_view(host: Host, channel_id: int) -> tuple[Zoomable, View]:
    """The channel's game as everybody sees it (the public view, seats named) and its Zoomable renderer;
    a sentence when there is no running or finished game, or its board has no zoom."""
    record, view = await host.public_view(channel_id)
    renderer = host.renderers.get(record.game_key)
    if not isinstance(renderer, Zoomable):
        raise NoGameHere("This game's board has no zoom.")
    return renderer, view


async def zoom_areas(host: Host, channel_id: int, game_key: str | None) -> list[Area]:
    """The areas the board message's **Zoom** offers (none for a game without zoom). Never raises: a board
    without its zoom is better than no board."""
    if not isinstance(host.renderers.get(game_key or ""), Zoomable):
        return []
    try:
        renderer, view = await public_view(host, channel_id)
        return renderer.areas(view)[:ZOOM_OPTIONS]
    except Exception:  # the board goes out all the same, with "Your move" only
        log.exception("no zoom areas for channel %s", channel_id)
        return []


def zoom_items(channel_id: int, areas: Sequence[Area]) -> list[discord.ui.Item[Any]]:
    """The **Zoom** select and **Full board** button for a board message (nothing when there are no areas)."""
    if not areas:
        return []
    return [ZoomSelect(channel_id, areas), FullBoardButton(channel_id)]


class ZoomSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:zoom:(?P<channel>\d+)",
):
    """The board's areas; picking one answers privately with that area enlarged and its alt text."""

    def __init__(self, channel_id: int, areas: Sequence[Area] = ()) -> None:
        self.channel_id = channel_id
        options = [
            discord.SelectOption(label=a.label[:100], value=a.key, description=a.description[:100] or None)
            for a in areas[:ZOOM_OPTIONS]
        ] or [discord.SelectOption(label="…", value="…")]  # on a click discord.py refreshes the chosen value
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:zoom:{channel_id}",
                options=options,
                placeholder="Zoom into part of the board (only you see it)",
                min_values=1,
                max_values=1,
                row=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ZoomSelect:
        return cls(int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if values:
            await guarded(interaction, self._run(interaction, values[0]))

    async def _run(self, interaction: discord.Interaction, key: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # drawing takes a moment
        renderer, view = await public_view(host_of(interaction), self.channel_id)
        area = next((a for a in renderer.areas(view) if a.key == key), None)
        if area is None:
            raise StaleChoice("That part of the board is not on the board any more; pick another from the list.")
        data = await asyncio.to_thread(renderer.zoom, view, key)
        image = discord.File(io.BytesIO(data), filename=f"zoom-{key}.png", description=renderer.zoom_alt(view, key))
        await interaction.followup.send(clip(f"🔍 **{area.label}**"), file=image, ephemeral=True)


class FullBoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:full:(?P<channel>\d+)",
):
    """The whole detailed board, answered privately: for a desktop, or to pinch on a phone."""

    def __init__(self, channel_id: int) -> None:
        self.channel_id = channel_id
        super().__init__(
            discord.ui.Button(
                label="Full board",
                emoji="🗺️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:full:{channel_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FullBoardButton:
        return cls(int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        renderer, view = await public_view(host_of(interaction), self.channel_id)
        data = await asyncio.to_thread(renderer.full, view)
        alt = getattr(renderer, "alt", None)
        description = alt(view) if callable(alt) else "The full board."
        image = discord.File(io.BytesIO(data), filename="full-board.png", description=description)
        await interaction.followup.send("🗺️ **The full board**", file=image, ephemeral=True)
