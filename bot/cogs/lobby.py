"""Opening and filling a lobby: ``/start <game>``, ``/join``, ``/leave``, ``/begin``, ``/cancel``.

``/start`` is a command group with one subcommand per registered game, so players type exactly
``/start abordaje variant:advanced handicap:on``. The subcommands and their options are built from the
registry (``engine.registry.GAMES``) and each game's pydantic options model, never from a list kept here:
``Literal`` fields become choices, booleans become ``on``/``off``, ints and strings stay as typed. The host
validates the values (``GameSpec.parse_options``), so a combination the game refuses comes back as its
sentence.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, cast

import discord
from discord import app_commands
from discord.ext import commands
from pydantic.fields import FieldInfo

from engine.core import GameSpec, NoGameHere, NotAllowed
from engine.core.seatbot import Level
from engine.seatbots import seat_bot

from ..cooldowns import pace
from ..tables.seatbots import DEFAULT_LEVEL
from ..threads import end_locked, follow_name, may_open_threads, missing_for_threads, open_thread
from ..ui.common import GameClient, actor_of, answering, asked_of, client_of, game_channel, host_of
from ..ui.permissions import require_posting
from .base import deliver_and_say, think_privately

ON, OFF = "on", "off"
DESCRIPTION_LIMIT = 100


def _option_annotation(name: str, field: FieldInfo) -> Any:
    """The slash-command annotation for one options field (raises for a type the lobby cannot offer)."""
    annotation = field.annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        # Optional[X]: offer X; leaving the option out keeps the model's default.
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            annotation = args[0]
    if annotation is bool:
        return Literal["on", "off"]
    if typing.get_origin(annotation) is Literal or annotation in (int, str, float):
        return annotation
    raise TypeError(f"/start cannot offer option {name!r} of type {annotation!r}; use Literal, bool, int or str")


def _option_description(name: str, field: FieldInfo) -> str:
    """The description Discord shows under an option: the field's own, or its values and default."""
    if field.description:
        return field.description[:DESCRIPTION_LIMIT]
    annotation = _option_annotation(name, field)
    values = typing.get_args(annotation) if typing.get_origin(annotation) is Literal else ()
    default = field.get_default(call_default_factory=True)
    if isinstance(default, bool):
        default = ON if default else OFF
    shown = " or ".join(str(v) for v in values) if values else name.replace("_", " ")
    text = f"{shown} (default: {default})" if default is not None else shown
    return text[:DESCRIPTION_LIMIT]


def _to_model_value(value: Any, field: FieldInfo) -> Any:
    """An option as the options model takes it (``on``/``off`` back to a boolean)."""
    return value == ON if _is_bool(field) else value


def _is_bool(field: FieldInfo) -> bool:
    """A boolean field, optional or not."""
    return field.annotation is bool or bool in typing.get_args(field.annotation)


def start_command(spec: GameSpec[Any, Any]) -> app_commands.Command[Any, Any, None]:
    """``/start <spec.key>`` with one optional parameter per field of the game's options model."""
    fields: Mapping[str, FieldInfo] = spec.options_model.model_fields
    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    ]
    bots = seat_bot(spec.key) is not None and spec.max_players > 1
    for name, field in fields.items():
        parameters.append(
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_option_annotation(name, field),
                default=None,  # not given: the model's default applies
            )
        )

    descriptions = {n: _option_description(n, f) for n, f in fields.items()}
    if bots:  # a game with a seat bot: seat some at once ("bots: 1" for ¡Abordaje! against the bot)
        for name, annotation in (("bots", app_commands.Range[int, 1, spec.max_players - 1]), ("level", Level)):
            parameters.append(
                inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None)
            )
        descriptions["bots"] = "How many bots to seat at once (you can add more with Add a bot)"
        descriptions["level"] = "The bots' level: easy or normal (default: normal)"

    async def start(interaction: discord.Interaction, /, **chosen: Any) -> None:
        bot_count = chosen.pop("bots", None) or 0
        level = chosen.pop("level", None) or DEFAULT_LEVEL
        options = {k: _to_model_value(v, fields[k]) for k, v in chosen.items() if v is not None}
        channel_id = game_channel(interaction)
        pace(interaction, "start")
        client = client_of(interaction)
        channel = interaction.channel
        if isinstance(channel, discord.TextChannel) and await client.host.threads_wanted(
            interaction.guild_id, may_open_threads(interaction.app_permissions)
        ):
            await start_in_a_thread(interaction, channel, spec, options, bot_count, level)
            return
        require_posting(interaction)
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        step = client.host.start(
            interaction.guild_id,
            channel_id,
            actor_of(interaction),
            spec.key,
            options,
            bots=bot_count,
            level=level,
            parent_id=parent,
        )
        await deliver_and_say(
            interaction, step, f"Your lobby of **{spec.name}** is open: others join with **Join** or `/join`."
        )
        await follow_name(interaction.client, client.host, channel_id)  # a game thread takes its new game's name

    start.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    described = app_commands.describe(**descriptions)(start)
    about = (spec.blurb or f"Open a lobby of {spec.name} in this channel.")[:DESCRIPTION_LIMIT]
    return app_commands.Command(name=spec.key, description=about, callback=described)


async def start_in_a_thread(
    interaction: discord.Interaction,
    channel: discord.TextChannel,
    spec: GameSpec[Any, Any],
    options: Mapping[str, Any],
    bots: int,
    level: str,
) -> None:
    """``/start`` in a text channel of a server that plays in threads: the lobby (and the game) opens in a new
    public thread started from a message in the channel, so the channel holds any number of tables."""
    require_posting(interaction)
    require_threads(interaction)
    client = client_of(interaction)
    host = client.host
    actor = actor_of(interaction)
    await host.check_start(interaction.guild_id, channel.id, spec.key, options, bots=bots, level=level)
    asked = asked_of(interaction)
    done = f"Your lobby of **{spec.name}** is open in its own thread: others join there with **Join**."
    async with answering(interaction, channel.id, asked=asked, said=done):
        await think_privately(interaction)
        thread = await open_thread(host, channel, actor.display_name, spec.name)
        out = await host.start(
            interaction.guild_id, thread.id, actor, spec.key, options, bots=bots, level=level, parent_id=channel.id
        )
        await client.deliver(out)
        await interaction.followup.send(
            f"Your lobby of **{spec.name}** is open in its own thread, {thread.mention}: others join there with "
            "**Join** or `/join`.",
            ephemeral=True,
        )


IN_THREADS = (
    "Tables on this server are played in threads: open the thread of the table you want (the channel lists them "
    'under each "opened a table" message) and press **Join** or type `/join` there.'
)


async def plays_in_threads(interaction: discord.Interaction) -> bool:
    """Whether ``/start`` in this text channel opens games in threads (so its lobbies are in threads)."""
    return isinstance(interaction.channel, discord.TextChannel) and await host_of(interaction).threads_wanted(
        interaction.guild_id, may_open_threads(interaction.app_permissions)
    )


def require_threads(interaction: discord.Interaction) -> None:
    """Refuse, naming what is missing, when the server plays in threads but the bot may not open one here."""
    missing = missing_for_threads(interaction.app_permissions)
    if not missing:
        return
    names = ", ".join(f"**{name}**" for name in missing)
    raise NotAllowed(
        f"This server plays each game in a thread of its own, but I am missing {names} in this channel. A server "
        "manager can grant it to me in the channel's settings (Permissions), or turn threads off with "
        "`/settings threads off`."
    )


def start_group(games: Mapping[str, GameSpec[Any, Any]]) -> app_commands.Group:
    """``/start`` with one subcommand per game."""
    group = app_commands.Group(name="start", description="Open a lobby for a game in this channel.")
    for key in sorted(games):
        group.add_command(start_command(games[key]))
    return group


class Lobby(commands.Cog):
    """Lobby commands; the lobby message's buttons (``bot.ui.lobby``) do the same."""

    def __init__(self, bot: commands.Bot, games: Mapping[str, GameSpec[Any, Any]]) -> None:
        self.bot = bot
        self.start = start_group(games)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.start)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.start.name)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A moderator locked a game's thread: its game ends there, stored and readable (``Host.thread_locked``)."""
        metadata = payload.data.get("thread_metadata") or {}
        if metadata.get("locked"):
            await end_locked(self.bot, cast(GameClient, self.bot).host, payload.thread_id)

    @app_commands.command(name="join", description="Take a seat in this channel's lobby.")
    async def join(self, interaction: discord.Interaction) -> None:
        channel_id = game_channel(interaction)
        step = host_of(interaction).join(channel_id, actor_of(interaction))
        try:
            await deliver_and_say(interaction, step, "You are seated.")
        except NoGameHere:
            if await plays_in_threads(interaction):
                raise NoGameHere(IN_THREADS) from None
            raise
        await follow_name(interaction.client, host_of(interaction), channel_id)

    @app_commands.command(name="leave", description="Give up your seat in this channel's lobby.")
    async def leave(self, interaction: discord.Interaction) -> None:
        channel_id = game_channel(interaction)
        step = host_of(interaction).leave(channel_id, actor_of(interaction))
        await deliver_and_say(interaction, step, "You left the lobby.")
        await follow_name(interaction.client, host_of(interaction), channel_id)

    @app_commands.command(name="begin", description="Deal and start the game (the lobby's opener or a moderator).")
    async def begin(self, interaction: discord.Interaction) -> None:
        channel_id = game_channel(interaction)
        require_posting(interaction)
        step = host_of(interaction).begin(channel_id, actor_of(interaction))
        await deliver_and_say(interaction, step, "The game has begun: check your DMs or press **Your move**.")
        await follow_name(interaction.client, host_of(interaction), channel_id)

    @app_commands.command(name="cancel", description="Close this channel's lobby (its opener or a moderator).")
    async def cancel(self, interaction: discord.Interaction) -> None:
        step = host_of(interaction).cancel(game_channel(interaction), actor_of(interaction))
        await deliver_and_say(interaction, step, "The lobby is closed.")


async def setup(bot: commands.Bot) -> None:
    from ..app import SpaceBot

    if not isinstance(bot, SpaceBot):
        raise TypeError("The lobby cog builds /start from the host's games: load it into a SpaceBot.")
    await bot.add_cog(Lobby(bot, bot.host.games))
