"""``/rules``: a game's player's guide as private pages with Previous / Next buttons.

Each page is one embed built from one section of ``docs/guide/<game>.md`` (``bot.guides``). The last page is
the options section, followed by the options this channel's game is played with (read from the store when the
page is drawn, so it is right even on a page opened days ago) and how to seat a bot. The buttons are
``DynamicItem``s whose custom id carries the game and the page they open
(``sh:rules:<game>:<page>:<prev|next>``): a click loads the guide again, so pages sent before a restart keep
turning, and nothing about the message is kept in memory.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from engine.seatbots import seat_bot

from ..errors import guarded
from ..guides import defaults, guide_pages, played_with
from ..tables import Host
from .common import PREFIX, Controls, host_of

EMBED_DESCRIPTION_LIMIT = 4096
EMBED_TITLE_LIMIT = 256
PREV, NEXT = "prev", "next"
UNKNOWN_GAME = "That game is no longer offered here; `/rules` shows the games there are."


async def options_line(host: Host, game_key: str, channel_id: int | None) -> str:
    """What the last page adds under the guide's options: this channel's choices, or what a bare start gives."""
    spec = host.spec(game_key)
    if channel_id is not None:
        record = await host.store.live_game(channel_id) or await host.store.latest_game(channel_id)
        if record is not None and record.game_key == game_key:
            chosen = spec.parse_options(record.options).model_dump(mode="json")
            which = "This channel's game" if record.status in ("lobby", "active") else "This channel's last game"
            return f"**{which} is played with:** {played_with(chosen) or 'the usual rules'}."
    bare = played_with(defaults(spec.options_model))
    return f"**`/start {game_key}` with no options plays:** {bare or 'the usual rules'}."


async def rules_page(
    host: Host, game_key: str, page: int, channel_id: int | None
) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` (0-based, clamped to the guide) of the game's guide, with its buttons."""
    spec = host.spec(game_key)
    pages = guide_pages(game_key)
    page = max(0, min(page, len(pages) - 1))
    heading, text = pages[page]
    last = page == len(pages) - 1
    if last:
        extra = [await options_line(host, game_key, channel_id)]
        bot = seat_bot(game_key)
        if bot is not None:
            extra.append(
                f"**Bots:** **Add a bot** in the lobby (or `/start {game_key} bots:1`) seats one; it sees only "
                "what its own seat may see."
            )
        if spec.cards_text is not None:
            extra.append("`/cards` lists every card and what it does.")
        text = "\n\n".join([text, *extra])
    embed = discord.Embed(
        title=f"How to play {spec.name}: {heading}"[:EMBED_TITLE_LIMIT],
        description=text[:EMBED_DESCRIPTION_LIMIT],
    )
    embed.set_footer(text=f"Page {page + 1} of {len(pages)}")
    view = Controls()
    view.add_item(RulesPageButton(game_key, max(page - 1, 0), PREV, disabled=page == 0))
    view.add_item(RulesPageButton(game_key, min(page + 1, len(pages) - 1), NEXT, disabled=last))
    return embed, view


class RulesPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:rules:(?P<game>[a-z0-9_]+):(?P<page>\d+):(?P<way>{PREV}|{NEXT})",
):
    """Previous or Next under a page of ``/rules``: opens the page its id names, in place."""

    def __init__(self, game_key: str, page: int, way: str, disabled: bool = False) -> None:
        self.game_key = game_key
        self.page = page
        super().__init__(
            discord.ui.Button(
                label="Previous" if way == PREV else "Next",
                style=discord.ButtonStyle.secondary if way == PREV else discord.ButtonStyle.primary,
                custom_id=f"{PREFIX}:rules:{game_key}:{page}:{way}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesPageButton:
        return cls(match["game"], int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        host = host_of(interaction)
        if self.game_key not in host.games:
            await interaction.response.send_message(UNKNOWN_GAME, ephemeral=True)
            return
        channel_id = interaction.channel_id if interaction.guild_id is not None else None
        embed, view = await rules_page(host, self.game_key, self.page, channel_id)
        await interaction.response.edit_message(embed=embed, view=view)
