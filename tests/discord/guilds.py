"""A server that removes the bot, then invites it back, as Discord does it (issue 31).

What real Discord does:

- **Removed** (kicked, or the bot's integration removed): the bot gets GUILD_DELETE for the server *without*
  ``unavailable`` (an outage sends the same event with ``unavailable: true``, and the server comes back by
  itself). discord.py calls ``on_guild_remove``. The server, its channels, their messages and its members all
  go on existing; the bot simply cannot see or reach them any more.
- **Invited back**: the bot gets GUILD_CREATE for the *same* server id, with the same channels (and threads),
  members and messages it had, and a new member entry for itself (a new managed role). discord.py, which had
  forgotten the server, calls ``on_guild_join``.

SimCord models the removal (``Backend.remove_guild`` emits GUILD_DELETE) but forgets the server with it and
has no way to invite the bot back. ``remove_bot`` keeps what Discord keeps before SimCord forgets it, and
``invite_back`` puts it back and emits GUILD_CREATE for the same server, from this test layer (the installed
SimCord is never edited). ``outage`` is the other GUILD_DELETE: the server unavailable for a while, then back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import simcord
from simcord.backend import serializers


@dataclass
class Kept:
    """What Discord keeps of a server while the bot is out of it."""

    guild: Any
    channels: dict[int, Any]
    messages: dict[int, Any]


async def remove_bot(env: simcord.Env, guild_id: int) -> Kept:
    """The bot removed from ``guild_id`` (GUILD_DELETE, not an outage); what the server keeps meanwhile."""
    backend: Any = env.backend
    guild = backend.guilds[guild_id]
    ids = [*guild.channel_ids, *guild.thread_ids]
    kept = Kept(
        guild=guild,
        channels={i: backend.channels[i] for i in ids if i in backend.channels},
        messages={i: backend.messages[i] for i in ids if i in backend.messages},
    )
    backend.remove_guild(guild_id)
    await env.settle()
    return kept


async def invite_back(env: simcord.Env, kept: Kept) -> None:
    """The bot invited back into the server it was removed from: GUILD_CREATE with the same server id,
    channels, members and messages (``on_guild_join``)."""
    backend: Any = env.backend
    backend.guilds[kept.guild.id] = kept.guild
    backend.channels.update(kept.channels)
    backend.messages.update(kept.messages)
    backend.emit("GUILD_CREATE", serializers.guild_create_payload(backend, kept.guild))
    await env.settle()


async def outage(env: simcord.Env, guild_id: int) -> None:
    """Discord's outage of a server: GUILD_DELETE marked ``unavailable`` (discord.py calls
    ``on_guild_unavailable``, not ``on_guild_remove``), then GUILD_CREATE once it is over (``on_guild_available``)."""
    backend: Any = env.backend
    backend.emit("GUILD_DELETE", {"id": str(guild_id), "unavailable": True})
    await env.settle()
    backend.emit("GUILD_CREATE", serializers.guild_create_payload(backend, backend.guilds[guild_id]))
    await env.settle()
