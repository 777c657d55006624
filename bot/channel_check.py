"""``python -m bot --check GUILD_ID/CHANNEL_ID``: what the bot lacks in one channel of a server, and why each is
needed — asked of Discord over REST with the token from ``.env`` (no gateway, nothing posted).

Discord computes a member's permissions in a channel in a fixed order: the server's ``@everyone`` role, then
the member's roles (Administrator grants everything), then the channel's overwrites for ``@everyone``, for the
member's roles and for the member. ``channel_permissions`` does the same on the raw payloads, so it is tested
without Discord; a thread takes its parent channel's overwrites.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord


@dataclass(frozen=True)
class Need:
    """One permission the bot needs: its attribute in ``discord.Permissions``, its name in Discord's settings,
    and what a server loses without it."""

    key: str
    name: str
    why: str
    threads_only: bool = False


NEEDS: tuple[Need, ...] = (
    Need("view_channel", "View Channel", "to see the channel at all (its commands and buttons)"),
    Need("send_messages", "Send Messages", "to post lobbies, boards and reminders in the channel"),
    Need("embed_links", "Embed Links", "for the links to a game's board in reminders and /games"),
    Need("attach_files", "Attach Files", "to post the board's picture"),
    Need("read_message_history", "Read Message History", "to edit the board as a turn goes on"),
    Need(
        "create_public_threads",
        "Create Public Threads",
        "to open each game in a thread of its own, so one channel holds many tables",
        threads_only=True,
    ),
    Need(
        "send_messages_in_threads",
        "Send Messages in Threads",
        "to post a thread game's lobby, board, pings and reminders, and to reopen its thread once Discord archived it",
        threads_only=True,
    ),
)

INVITE_PERMISSIONS = sum(getattr(discord.Permissions, need.key).flag for need in NEEDS)
"""The permission integer of the invite link in the README (every permission above)."""


def parse_target(text: str) -> tuple[int, int]:
    """``GUILD_ID/CHANNEL_ID`` (as in a channel's link: discord.com/channels/GUILD_ID/CHANNEL_ID) as numbers;
    ``ValueError`` with a sentence otherwise."""
    parts = text.strip().removeprefix("https://discord.com/channels/").strip("/").split("/")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(
            f"{text!r} is not GUILD_ID/CHANNEL_ID: copy the channel's link (right click → Copy Link) and give "
            "the two numbers after discord.com/channels/."
        )
    return int(parts[0]), int(parts[1])


def channel_permissions(
    guild: Mapping[str, Any], channel: Mapping[str, Any], member: Mapping[str, Any], user_id: int
) -> discord.Permissions:
    """The member's permissions in the channel, computed as Discord does from the REST payloads (``guild`` with
    its ``roles``; ``channel`` with its ``permission_overwrites``, a thread's being its parent's)."""
    if int(guild.get("owner_id", 0)) == user_id:
        return discord.Permissions.all()
    roles = {int(r["id"]): int(r["permissions"]) for r in guild.get("roles", [])}
    guild_id = int(guild["id"])
    mine = [int(r) for r in member.get("roles", [])]
    value = roles.get(guild_id, 0)
    for role in mine:
        value |= roles.get(role, 0)
    if value & discord.Permissions.administrator.flag:
        return discord.Permissions.all()
    overwrites = {int(o["id"]): (int(o["allow"]), int(o["deny"])) for o in channel.get("permission_overwrites", [])}
    allow, deny = overwrites.get(guild_id, (0, 0))
    value = (value & ~deny) | allow
    allow = deny = 0
    for role in mine:
        role_allow, role_deny = overwrites.get(role, (0, 0))
        allow, deny = allow | role_allow, deny | role_deny
    value = (value & ~deny) | allow
    allow, deny = overwrites.get(user_id, (0, 0))
    value = (value & ~deny) | allow
    return discord.Permissions(value)


def missing(permissions: discord.Permissions, *, in_thread: bool = False) -> list[Need]:
    """What the bot lacks among ``NEEDS``; in a thread, Send Messages in Threads stands for Send Messages and
    no thread is opened inside it."""
    needs: Iterable[Need] = NEEDS
    if in_thread:
        needs = [n for n in NEEDS if n.key not in ("send_messages", "create_public_threads")]
    return [n for n in needs if not getattr(permissions, n.key)]


def report(where: str, lacking: Sequence[Need]) -> str:
    """What an operator reads: all is well, or one line per missing permission with why it is needed."""
    if not lacking:
        return f"In {where} I have every permission I need, threads included."
    lines = [f"In {where} I am missing {len(lacking)} permission{'s' if len(lacking) > 1 else ''}:"]
    lines += [
        f"- {n.name}: {n.why}" + (" (only if games are played in threads)" if n.threads_only else "") for n in lacking
    ]
    lines.append(
        "Grant them to my role in the channel's settings (Permissions), or invite me again with the link in the README."
    )
    return "\n".join(lines)


async def check_channel(token: str, guild_id: int, channel_id: int) -> tuple[str, bool]:
    """Ask Discord (REST, with the bot's token) what the bot lacks in the channel: (the report, all well?)."""
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        me = await http.static_login(token)
        user_id = int(me["id"])
        channel: dict[str, Any] = dict(await http.get_channel(channel_id))
        in_thread = channel.get("type") in (10, 11, 12)
        if in_thread and channel.get("parent_id"):
            parent: Mapping[str, Any] = await http.get_channel(int(channel["parent_id"]))
            channel["permission_overwrites"] = parent.get("permission_overwrites", [])
        guild: Mapping[str, Any] = await http.get_guild(guild_id)
        member: Mapping[str, Any] = await http.get_member(guild_id, user_id)
    finally:
        await http.close()
    lacking = missing(channel_permissions(guild, channel, member, user_id), in_thread=in_thread)
    where = f"#{channel.get('name', channel_id)} of {guild.get('name', guild_id)}"
    return report(where, lacking), not lacking
