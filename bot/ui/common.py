"""What every cog and every item needs from an interaction: the host, who is asking, and where.

Items and cogs reach the host and the deliverer through the client (``GameClient``), never through imports
of ``bot.app``, so ``bot.delivery`` can build views from ``bot.ui`` without an import cycle.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol, cast

import discord

from engine.core import NoGameHere

from ..outbox import Attachment, Outbox
from ..tables import Actor, Host
from ..tables.common import ASKING

# Custom ids are "sh:<kind>:…": short, and apart from any other bot's ids in a shared test or log.
PREFIX = "sh"


class Controls(discord.ui.View):
    """A message's components, every one a ``DynamicItem``: discord.py dispatches a click on one from its custom
    id alone (``add_dynamic_items``), after a restart as before, so the view need not be kept once sent.

    discord.py keeps every unfinished view it sends (``ConnectionState.store_view``) with a timer: for ever
    for a channel message, 15 minutes for an ephemeral one. A game sends a panel per decision, so a busy
    process held thousands of views that dispatch nothing (their dynamic items are looked up by pattern, not in
    the view). Being finished from the start, this view is never kept.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


class GameClient(Protocol):
    """The bot as the UI sees it: the host, and a way to deliver an outbox."""

    @property
    def host(self) -> Host: ...

    async def deliver(self, out: Outbox, *, reply_shown_to: int | None = None) -> None:
        """Post, edit and DM what ``out`` says; ``reply_shown_to`` already sees ``out.reply``."""


def client_of(interaction: discord.Interaction) -> GameClient:
    """The bot that received ``interaction`` (always a ``bot.app.SpaceBot``)."""
    return cast(GameClient, interaction.client)


def host_of(interaction: discord.Interaction) -> Host:
    """The game host behind the bot that received ``interaction``."""
    return client_of(interaction).host


@asynccontextmanager
async def answering(
    interaction: discord.Interaction, channel_id: int, *, asked: str | None = None, said: str | None = None
) -> AsyncIterator[int]:
    """Around a move or a command: the interaction is stored before the caller defers it and forgotten once the
    block ends answered, or once the error handler said the sentence of a failure (``bot.errors.report``).
    Should the process die in between, the next one answers it while Discord still accepts it
    (``bot.catchup``). Yields the id to link to the action.

    A command other than a move names what it ``asked`` and what the player reads once done (``said``); every
    write of a game inside the block marks the interaction done in its own transaction (``tables.ASKING``), so
    the catch-up can say which. A process that dies runs no more code, and neither does this.
    """
    host = host_of(interaction)
    await host.note_deferral(
        interaction.id,
        interaction.application_id,
        interaction.token,
        channel_id,
        interaction.user.id,
        asked=asked,
        said=said,
    )
    token = ASKING.set(interaction.id)
    try:
        yield interaction.id
    finally:
        ASKING.reset(token)
    await host.answered(interaction.id)


def asked_of(interaction: discord.Interaction) -> str:
    """How the player would name what they asked for: the command as typed (``/replace``), else "your request"."""
    command = interaction.command
    return f"/{command.qualified_name}" if command is not None else "your request"


def can_moderate(interaction: discord.Interaction) -> bool:
    """Manage Channels or Manage Server in this channel: Discord's word, passed to the host as a boolean."""
    if interaction.guild is None:
        return False
    perms = interaction.permissions
    return perms.manage_channels or perms.manage_guild


def actor_of(interaction: discord.Interaction) -> Actor:
    """The user behind ``interaction`` as the host knows them. Their name is written into channel posts as
    plain text: its markdown is escaped here, once, so a nickname made of a masked link or of ``**`` shows as
    typed wherever the host writes it (an image shows it back unescaped: ``plain_name``)."""
    user = interaction.user
    return Actor(
        user_id=user.id,
        display_name=discord.utils.escape_markdown(user.display_name),
        can_moderate=can_moderate(interaction),
        can_manage_server=interaction.guild is not None and interaction.permissions.manage_guild,
    )


def game_channel(interaction: discord.Interaction) -> int:
    """The channel whose game a command is about; a sentence when it is used in direct messages."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise NoGameHere(
            "Games live in server channels: use this command in the channel where the game is played "
            "(in direct messages, the buttons on my messages work)."
        )
    return interaction.channel_id


def to_file(attachment: Attachment) -> discord.File:
    """A fresh ``discord.File`` for an outbox attachment (a ``File`` can be sent only once)."""
    description = attachment.description or None
    return discord.File(io.BytesIO(attachment.data), filename=attachment.filename, description=description)


def clip(text: str, limit: int = 2000) -> str:
    """Discord's message limit; the host already keeps texts shorter, this only guards a header added here."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
