"""What the bot must be allowed in a channel before it opens or deals a game there, and where a button acts.

A game posts a board with an image, edits it, and links to it for days: without any of the permissions below
every post is refused (a 403 each), and Discord bans a bot's address after 10,000 refused requests in ten
minutes. So ``/start``, ``/begin`` and the lobby's Begin check the bot's permissions in the channel (Discord
sends them with every interaction) and say which are missing, before anything is stored or posted.

A button names the channel whose game it acts on, but Discord reports the clicker's permissions for the
channel clicked in: a channel-bound button works only there (``require_same_channel``).
"""

from __future__ import annotations

import discord

from engine.core import NotAllowed

POSTING: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
IN_A_THREAD = ("send_messages_in_threads", "Send Messages in Threads")

ELSEWHERE = "This button belongs to another channel's game; use the one in that channel."


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The names (as Discord's settings show them) of what the bot lacks to host a game where ``interaction``
    came from; a thread needs Send Messages in Threads instead of Send Messages."""
    needed = list(POSTING)
    if isinstance(interaction.channel, discord.Thread):
        needed = [IN_A_THREAD if key == "send_messages" else (key, name) for key, name in needed]
    granted = interaction.app_permissions
    return [name for key, name in needed if not getattr(granted, key)]


def require_posting(interaction: discord.Interaction) -> None:
    """Refuse, with a sentence naming what is missing, when the bot cannot post a game here."""
    missing = missing_permissions(interaction)
    if not missing:
        return
    names = ", ".join(f"**{name}**" for name in missing)
    many = len(missing) > 1
    raise NotAllowed(
        f"I can't host a game in this channel: I am missing the permission{'s' if many else ''} {names} here. "
        "A server manager can grant "
        f"{'them' if many else 'it'} to me in the channel's settings (Permissions), then try again."
    )


def require_same_channel(interaction: discord.Interaction, channel_id: int) -> None:
    """Refuse a channel-bound button clicked anywhere but in its game's channel."""
    if interaction.channel_id != channel_id:
        raise NotAllowed(ELSEWHERE)
