"""The bot checks it may post where a game is opened or dealt, and channel-bound buttons act only where they
are (issue 31: each refused post was a 403, and Discord bans a bot after 10,000 of them in ten minutes)."""

from __future__ import annotations

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from .conftest import Table
from .sim import bot_messages, forge_click, is_private, said


def deny_the_bot(table: Table, denied: discord.Permissions) -> None:
    """A server manager changes the game channel's permission for the bot in Discord's settings."""
    bot_user = table.bot.user
    assert bot_user is not None
    channel = table.env.backend.get_channel(table.channel.id)
    channel.overwrites = [o for o in channel.overwrites if o.target_id != bot_user.id]
    channel.overwrites.append(Overwrite(bot_user.id, OverwriteType.MEMBER, deny=denied.value))


async def test_start_in_a_channel_where_the_bot_cannot_attach_images_names_what_is_missing(table: Table) -> None:
    bot_user = table.bot.user
    assert bot_user is not None
    closed = table.guild.create_text_channel(
        "no-images", overwrites={bot_user: discord.PermissionOverwrite(attach_files=False, embed_links=False)}
    )
    posts_before = len(table.env.http_requests)

    refused = await table.alice.slash(closed, "start abordaje")

    assert is_private(refused)
    assert "**Attach Files**" in said(refused) and "**Embed Links**" in said(refused)
    assert "Send Messages" not in said(refused), "only what is missing is named"
    assert bot_messages(closed, table.env) == []
    assert await table.next_store.latest_game(closed.id) is None
    assert not any(
        r.method == "POST" and f"/channels/{closed.id}/" in r.path for r in table.env.http_requests[posts_before:]
    )


async def test_begin_is_refused_once_the_bot_lost_a_permission_and_works_when_it_is_back(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    await table.bob.slash(table.channel, "join")
    bot_user = table.bot.user
    assert bot_user is not None
    deny_the_bot(table, discord.Permissions(send_messages=True))

    refused = await table.alice.slash(table.channel, "begin")
    assert is_private(refused) and "**Send Messages**" in said(refused)
    lobby = await table.next_store.latest_game(table.channel.id)
    assert lobby is not None and lobby.status == "lobby"

    deny_the_bot(table, discord.Permissions.none())
    await table.alice.slash(table.channel, "begin")
    game = await table.next_store.latest_game(table.channel.id)
    assert game is not None and game.status == "active"


async def test_a_lobby_button_naming_another_channel_is_refused(table: Table) -> None:
    await table.alice.slash(table.channel, "start abordaje")
    other = table.guild.create_text_channel("lounge")
    lure = await table.mod.slash(other, "help")
    assert lure.response is not None

    forged = await forge_click(table.mod, lure.response, f"sh:lobby:cancel:{table.channel.id}")

    assert is_private(forged) and "another channel" in said(forged)
    lobby = await table.next_store.latest_game(table.channel.id)
    assert lobby is not None and lobby.status == "lobby"
