"""What the Discord scenarios need from SimCord, including the behaviours SimCord does not model.

SimCord runs discord.py's real client, command tree and views against an in-memory Discord. Two things a real
server has that SimCord 3.2.1 does not offer as a verb, added here (never in the bot):

- **A user whose DMs are closed** (``close_dms``): in Discord, a member who turned off "direct messages from
  server members" makes every DM from the bot fail with 403 Forbidden, JSON code 50007. SimCord can fail a
  REST route on request (``Env.inject_error``); we make it fail, for good, every message POSTed to that
  user's DM channel, with that status and code.
- **A forged click** (``forge_click``): Discord only lets a user click a component shown to them, and SimCord
  enforces that. A modified client could still send an interaction naming any custom id it copied (from a
  screenshot, a shared log, another player's screen). We build exactly that interaction — the custom id of
  a component the clicker was never shown, on a message they can see — and dispatch it through SimCord's own
  gateway path, so the bot's real DynamicItem machinery has to refuse it.

The rest are small readers over what a user sees: buttons of a message, the board, DMs, PNG attachments.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from copy import deepcopy

import discord
import simcord
from PIL import Image
from simcord.actors import _component_interaction, _visible_message
from simcord.backend.models.interaction import ResponseKind
from simcord.enums import ComponentType
from simcord.results import ResponseMessage

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CANNOT_DM_CODE = 50007

MessageLike = discord.Message | ResponseMessage


# ---------------------------------------------------------------------------------------------- extensions


def close_dms(env: simcord.Env, user: simcord.UserHandle | simcord.MemberActor) -> None:
    """From now on, every DM the bot sends ``user`` fails as Discord fails it for closed DMs (403, 50007)."""
    handle = user.user if isinstance(user, simcord.MemberActor) else user
    env.inject_error(
        "POST",
        f"/channels/{handle.dm_channel.id}/messages",
        status=403,
        code=CANNOT_DM_CODE,
        message="Cannot send messages to this user",
        times=None,
    )


async def forge_click(
    actor: simcord.MemberActor, message: MessageLike, custom_id: str
) -> simcord.InteractionResult:
    """Click a button with ``custom_id`` "on" ``message`` although ``message`` never showed it to ``actor``.

    The message payload in the interaction carries the forged button (as a tampering client would send it),
    so discord.py resolves it to the bot's DynamicItem; the bot must refuse by itself.
    """
    stored = _visible_message(actor, message)
    forged = deepcopy(stored)
    forged.components = [
        {
            "type": ComponentType.ACTION_ROW,
            "components": [
                {"type": ComponentType.BUTTON, "style": 1, "label": "forged", "custom_id": custom_id}
            ],
        }
    ]
    return await _component_interaction(
        actor, forged, {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    )


# ---------------------------------------------------------------------------------------------- readers


def as_message(message: MessageLike) -> discord.Message:
    """A real ``discord.Message`` for a channel message or an interaction response."""
    return message.message if isinstance(message, ResponseMessage) else message


def items(message: MessageLike) -> Iterator[discord.Button | discord.SelectMenu]:
    """Every button and select of a message, in order."""
    for row in as_message(message).components:
        if isinstance(row, discord.ActionRow):
            for child in row.children:
                if isinstance(child, discord.Button | discord.SelectMenu):
                    yield child


def button_ids(message: MessageLike) -> list[str]:
    """The custom ids of the message's buttons."""
    return [b.custom_id for b in items(message) if isinstance(b, discord.Button) and b.custom_id]


def labels(message: MessageLike) -> list[str]:
    """The labels of the message's buttons."""
    return [b.label or "" for b in items(message) if isinstance(b, discord.Button)]


def prompt_choices(message: MessageLike) -> dict[str, tuple[str, str | None]]:
    """``"prompt|choice"`` → (custom id, select value or ``None``) for every choice a panel or DM offers."""
    found: dict[str, tuple[str, str | None]] = {}
    for item in items(message):
        custom_id = item.custom_id or ""
        if isinstance(item, discord.Button) and custom_id.startswith("sh:p:"):
            found[custom_id.split(":", 3)[3]] = (custom_id, None)
        elif isinstance(item, discord.SelectMenu) and custom_id.startswith("sh:pick:"):
            prompt = custom_id.split(":", 3)[3].rpartition("|")[0]
            for option in item.options:
                found[f"{prompt}|{option.value}"] = (custom_id, option.value)
    return found


def bot_messages(channel: simcord.ChannelHandle, env: simcord.Env) -> list[discord.Message]:
    """The bot's messages in a channel, oldest first (what every member sees; ephemeral ones excluded)."""
    me = env.bot.user
    assert me is not None
    return [m for m in channel.history() if m.author.id == me.id and not m.flags.ephemeral]


def board(channel: simcord.ChannelHandle, env: simcord.Env) -> discord.Message:
    """The live board: the last message with a "Your move" button."""
    for message in reversed(bot_messages(channel, env)):
        if "Your move" in labels(message):
            return message
    raise AssertionError("no board message with a Your move button in the channel")


def lobby(channel: simcord.ChannelHandle, env: simcord.Env) -> discord.Message:
    """The open lobby: the last message with a Join button."""
    for message in reversed(bot_messages(channel, env)):
        if "Join" in labels(message):
            return message
    raise AssertionError("no lobby message with a Join button in the channel")


def dms(member: simcord.MemberActor) -> list[discord.Message]:
    """What the bot sent the member by DM, oldest first."""
    return member.user.dm_channel.history()


def answers(result: simcord.InteractionResult) -> list[ResponseMessage]:
    """The messages the bot wrote to answer one interaction.

    After a deferred update (a click acknowledged silently) SimCord's ``response`` is the clicked message
    itself (a lobby, a board, a panel), which is not an answer: only the followups are.
    """
    kind = result._interaction.response_kind  # SimCord exposes the callback type only here
    own = result.response is not None and kind not in (ResponseKind.DEFERRED_UPDATE, ResponseKind.UPDATE)
    return ([result.response] if own and result.response is not None else []) + result.followups


def said(result: simcord.InteractionResult) -> str:
    """Everything the bot answered to one interaction, as one text."""
    return "\n".join(m.content for m in answers(result))


def is_private(result: simcord.InteractionResult) -> bool:
    """Whether the bot answered, and only to the user (every answer ephemeral)."""
    messages = answers(result)
    return bool(messages) and all(m.ephemeral for m in messages)


async def png_images(messages: list[discord.Message]) -> list[Image.Image]:
    """Every attachment of the messages, each checked to decode as a PNG image."""
    images: list[Image.Image] = []
    for message in messages:
        for attachment in message.attachments:
            data = await attachment.read()
            assert data.startswith(PNG_SIGNATURE), f"{attachment.filename} is not a PNG"
            image = Image.open(io.BytesIO(data))
            image.load()
            assert image.format == "PNG"
            images.append(image)
    return images
