"""``python -m bot --check GUILD_ID/CHANNEL_ID``: the permissions the bot lacks in a channel, computed from
Discord's payloads as Discord computes them, each named with why it is needed; the README's invite asks all."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.__main__ import main
from bot.channel_check import INVITE_PERMISSIONS, NEEDS, channel_permissions, missing, parse_target, report

GUILD, CHANNEL, BOT, BOT_ROLE, MODS = 1, 2, 3, 4, 5
README = Path(__file__).resolve().parents[1] / "README.md"


def guild(bot_role: discord.Permissions, everyone: discord.Permissions | None = None) -> dict[str, object]:
    everyone = everyone or discord.Permissions.none()
    return {
        "id": str(GUILD),
        "owner_id": "99",
        "roles": [
            {"id": str(GUILD), "permissions": str(everyone.value)},
            {"id": str(BOT_ROLE), "permissions": str(bot_role.value)},
        ],
    }


def channel(*overwrites: tuple[int, discord.Permissions, discord.Permissions]) -> dict[str, object]:
    return {
        "id": str(CHANNEL),
        "permission_overwrites": [
            {"id": str(target), "type": 0, "allow": str(allow.value), "deny": str(deny.value)}
            for target, allow, deny in overwrites
        ],
    }


MEMBER = {"roles": [str(BOT_ROLE)]}
INVITED = discord.Permissions(INVITE_PERMISSIONS)


def test_the_readme_invite_asks_every_permission_the_check_looks_for() -> None:
    assert f"permissions={INVITE_PERMISSIONS}" in README.read_text()
    assert all(getattr(INVITED, need.key) for need in NEEDS)
    for name in ("Create Public Threads", "Send Messages in Threads"):
        assert name in README.read_text()


def test_a_bot_invited_with_the_link_lacks_nothing() -> None:
    assert missing(channel_permissions(guild(INVITED), channel(), MEMBER, BOT)) == []
    assert "every permission" in report("#games", [])


def test_a_channel_overwrite_denying_threads_to_the_bots_role_is_named_with_why() -> None:
    denied = discord.Permissions(create_public_threads=True)
    perms = channel_permissions(guild(INVITED), channel((BOT_ROLE, discord.Permissions.none(), denied)), MEMBER, BOT)
    lacking = missing(perms)
    assert [n.name for n in lacking] == ["Create Public Threads"]
    text = report("#games of Space Station", lacking)
    assert "Create Public Threads" in text and "thread of its own" in text


def test_overwrites_apply_in_discords_order_everyone_then_roles_then_the_member() -> None:
    nothing = discord.Permissions.none()
    everyone_denies = (GUILD, nothing, discord.Permissions(send_messages=True))
    member_allows = (BOT, discord.Permissions(send_messages=True), nothing)
    assert not channel_permissions(guild(INVITED), channel(everyone_denies), MEMBER, BOT).send_messages
    assert channel_permissions(guild(INVITED), channel(everyone_denies, member_allows), MEMBER, BOT).send_messages
    admin = discord.Permissions(administrator=True)
    assert channel_permissions(guild(admin), channel(everyone_denies), MEMBER, BOT).send_messages


def test_in_a_thread_send_messages_and_create_threads_are_not_asked() -> None:
    perms = INVITED.__class__(INVITE_PERMISSIONS)
    perms.send_messages = perms.create_public_threads = False
    assert missing(perms, in_thread=True) == []


def test_the_target_is_the_two_numbers_of_a_channels_link() -> None:
    assert parse_target("123/456") == (123, 456)
    assert parse_target("https://discord.com/channels/123/456") == (123, 456)
    with pytest.raises(ValueError, match="GUILD_ID/CHANNEL_ID"):
        parse_target("games")


def test_a_mistyped_target_is_a_sentence_and_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--check", "#games"])
    assert stopped.value.code == 2
    assert "GUILD_ID/CHANNEL_ID" in capsys.readouterr().err
