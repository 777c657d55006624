"""One error policy for every slash command, button and select.

In order:

1. A ``GameError`` (``engine.core.errors``) is a refusal the player caused: they read its sentence, and only
   they read it (ephemeral, always: a sentence may name a card of their hand). Nothing is logged above DEBUG.
2. A check of discord.py (a command used where it cannot run) is a sentence too.
3. Anything else is a bug: the user reads an apology, the log gets one ERROR line with the channel, the user
   and the command or custom id, with the traceback. The host changed nothing (it commits before it answers,
   and refuses before it commits), so the apology can say the game is unchanged.
4. Discord's own trouble while answering (``is_discord_trouble``: a 5xx, a 429 discord.py gave up on, a
   timeout) is no bug: a WARNING without traceback, a sentence, and the interaction stays stored, so the
   catch-up says later whether the move was taken. Checked first: a sentence of case 1 never is one of these.
5. An interaction Discord no longer takes an answer for (404, code 10062 "Unknown interaction": its 3 seconds
   ran out before the bot read it, as when the gateway replays it after a RESUME) is no bug either: a WARNING
   without traceback, nobody to tell, and its stored deferral forgotten (it can never be answered). The defer
   comes before the move, so such an interaction changed nothing.

The same interaction delivered twice (Discord may replay an event around a gateway RESUME) is run once: the
second delivery is dropped before any work (``first_delivery``, checked by ``GameTree.interaction_check`` and
``guarded``), so it changes nothing, posts nothing and leaves the first delivery's stored deferral alone.

A deferred interaction stored for the catch-up (``bot.ui.common.answering``) is forgotten only once its
sentence was said here: a process that dies in between leaves it to the next one, which says nothing changed.

Slash commands reach this through ``GameTree.on_error``. ``DynamicItem`` callbacks do not reach any
``on_error`` in discord.py (it logs and drops their exceptions), so every item's callback runs inside
``guarded``.
"""

from __future__ import annotations

import inspect
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Mapping
from typing import Any

import discord
from discord import app_commands

from engine.core import GameError

from .tables import error_sentence
from .tables.common import clip

log = logging.getLogger(__name__)


class CannotPost(GameError):
    """Discord refused a channel message (missing permissions): the game moved on, the board did not."""


def sentence_for(error: BaseException) -> str:
    """What the user reads for ``error``: its sentence, a check's reason, or the apology."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, GameError):
        return error.sentence
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command works in a server channel, not in direct messages."
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} s."
    if isinstance(error, app_commands.TransformerError):
        return f"I can't read {error.value!r} as that option; pick one of the offered values."
    if isinstance(error, app_commands.CheckFailure):
        return "You can't use this command here."
    return error_sentence(error)


def _where(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = data.get("custom_id")
    return f"custom_id={custom_id!r}"


async def tell(interaction: discord.Interaction, text: str) -> None:
    """Say ``text`` to the user alone, whatever state the interaction is in; never raises. Clipped to Discord's
    limit: a sentence may quote what the user typed, and a refused answer would leave them at "thinking…"."""
    text = clip(text)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        # The token may have expired (15 minutes) or the channel vanished; nobody is left to tell.
        log.warning("could not answer interaction channel=%s user=%s", interaction.channel_id, interaction.user.id)


DISCORD_TROUBLE = (
    "Discord is having trouble right now, so I could not answer properly. If your move was taken, the board "
    "will show it shortly; I will tell you here too."
)


UNKNOWN_INTERACTION = 10062


def is_unanswerable(error: BaseException) -> bool:
    """Discord no longer takes an answer for this interaction (case 5 above)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


REMEMBERED = 5000  # interaction ids kept per client: a replay comes within seconds, ids arrive far slower
_delivered: weakref.WeakKeyDictionary[discord.Client, OrderedDict[int, None]] = weakref.WeakKeyDictionary()


def first_delivery(interaction: discord.Interaction) -> bool:
    """Whether this client is handed ``interaction`` for the first time (see the module docstring). Kept per
    client, in memory: a gateway replay reaches the process whose session it is, and a new process starts with
    a new session."""
    seen = _delivered.setdefault(interaction.client, OrderedDict())
    if interaction.id in seen:
        log.info("interaction %s delivered twice by Discord: the second delivery is ignored", interaction.id)
        return False
    seen[interaction.id] = None
    if len(seen) > REMEMBERED:
        seen.popitem(last=False)
    return True


def is_discord_trouble(error: BaseException) -> bool:
    """Discord's own failure while answering (a 5xx after discord.py's retries, a rate limit it gave up on, a
    hung connection): not a bug of ours, and worth no traceback."""
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, TimeoutError | ConnectionError)


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Apply the policy above to one failed interaction."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if is_unanswerable(original):
        # 5. Too late to answer (replayed after a resume, say): nothing was done, nobody can be told.
        log.warning(
            "could not answer interaction channel=%s user=%s %s: Discord no longer takes an answer (%r)",
            interaction.channel_id,
            interaction.user.id,
            _where(interaction),
            original,
        )
        await _forget_deferral(interaction)
        return
    if is_discord_trouble(original):
        # 4. Discord failed us mid-answer: a warning, a sentence, and the stored deferral is kept, so the
        # catch-up tells the player later whether their move (or command) was taken.
        log.warning(
            "Discord failed while answering channel=%s user=%s %s: %r",
            interaction.channel_id,
            interaction.user.id,
            _where(interaction),
            original,
        )
        await tell(interaction, DISCORD_TROUBLE)
        return
    if isinstance(original, GameError) or (
        isinstance(original, app_commands.AppCommandError) and not isinstance(original, app_commands.CommandInvokeError)
    ):
        log.debug(
            "refused channel=%s user=%s %s: %s",
            interaction.channel_id,
            interaction.user.id,
            _where(interaction),
            type(original).__name__,
        )
    else:
        log.error(
            "unexpected error channel=%s user=%s %s: %r",
            interaction.channel_id,
            interaction.user.id,
            _where(interaction),
            original,
            exc_info=original,
        )
    await tell(interaction, sentence_for(original))
    await _forget_deferral(interaction)


async def _forget_deferral(interaction: discord.Interaction) -> None:
    """Forget the stored deferral of an interaction now answered with a sentence (none stored: nothing)."""
    host = getattr(interaction.client, "host", None)
    if host is None:
        return
    try:
        await host.answered(interaction.id)
    except Exception:  # the store failing here must not hide the sentence already said
        log.warning("could not forget answered interaction %s", interaction.id, exc_info=True)


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a component callback, reporting any failure to the user who clicked (see the module docstring); a
    second delivery of the same click runs nothing."""
    if not first_delivery(interaction):
        if inspect.iscoroutine(work):
            work.close()
        return
    try:
        await work
    except Exception as exc:
        await report(interaction, exc)


class GameTree(app_commands.CommandTree[discord.Client]):
    """The command tree whose one error handler turns every failure into a sentence for the user."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """A command (or autocomplete) Discord delivered a second time runs nothing (``first_delivery``)."""
        return first_delivery(interaction)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await report(interaction, error)
