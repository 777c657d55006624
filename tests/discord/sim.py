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

- **Discord's 3-second limit, in real time** (``ResponseClock``): Discord gives a bot 3 seconds to send the
  first response to an interaction (a reply, a defer, an autocomplete list); after that the interaction is
  gone and every callback fails with 404, code 10062 "Unknown interaction". SimCord models that limit on its
  *virtual* clock only, which moves when a test calls ``advance_time``, never because the bot was slow. The
  clock here stamps every interaction with the real time SimCord creates it (``time.perf_counter``: SimCord
  swaps ``time.monotonic`` for its virtual clock while it runs), makes SimCord's own deadline check answer
  10062 once 3 real seconds have passed, and records how long each first response took, so a scenario fails
  when any took longer.
- **Two people acting at the same instant** (``at_the_same_instant``): SimCord runs one user operation at a
  time (it refuses an overlapping ``click``/``slash`` with "operation overlaps"), so ``asyncio.gather`` of
  two clicks cannot be expressed with its verbs. Real Discord delivers two users' clicks independently; the
  bot may receive both before it has run a line of either handler. We emit the INTERACTION_CREATE events of
  several ordinary SimCord verbs back to back and only then let the bot run, so their handlers interleave.

- **A send Discord makes only once** (``honour_nonces``): a message sent with a nonce and ``enforce_nonce``
  (discord.py sets both whenever a nonce is given) is created once; the same nonce again in the same channel
  answers the message already created, as Discord does for a few minutes. SimCord ignores nonces. The bot
  relies on this to send a stored delivery again after a crash without a second ping or DM.

The rest are small readers over what a user sees: buttons of a message, the board, DMs, PNG attachments.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Awaitable, Callable, Iterator
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from PIL import Image
from simcord.actors import _autocomplete_result, _component_interaction, _visible_message
from simcord.backend.models.interaction import ResponseKind
from simcord.enums import ComponentType, InteractionType
from simcord.http import router
from simcord.http._helpers import message_response
from simcord.results import ResponseMessage

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CANNOT_DM_CODE = 50007
FIRST_RESPONSE_LIMIT = 3.0  # seconds Discord waits for an interaction's first response

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


async def forge_click(actor: simcord.MemberActor, message: MessageLike, custom_id: str) -> simcord.InteractionResult:
    """Click a button with ``custom_id`` "on" ``message`` although ``message`` never showed it to ``actor``.

    The message payload in the interaction carries the forged button (as a tampering client would send it),
    so discord.py resolves it to the bot's DynamicItem; the bot must refuse by itself.
    """
    stored = _visible_message(actor, message)
    forged = deepcopy(stored)
    forged.components = [
        {
            "type": ComponentType.ACTION_ROW,
            "components": [{"type": ComponentType.BUTTON, "style": 1, "label": "forged", "custom_id": custom_id}],
        }
    ]
    return await _component_interaction(actor, forged, {"custom_id": custom_id, "component_type": ComponentType.BUTTON})


_SEND = ["channels", "{channel_id}", "messages"]


def honour_nonces() -> None:
    """Make SimCord's message send keep Discord's promise for ``enforce_nonce`` (see the module docstring).

    Routes are SimCord's module-wide table, so this wraps the send route once for every ``Env``; each backend
    remembers its own nonces (channel, nonce → message id).
    """
    routes = router._ROUTES["POST"]
    for index, (template, handler) in enumerate(routes):
        if template != _SEND or getattr(handler, "honours_nonces", False):
            continue

        def send_once(ctx: router.RequestContext, send: router.Handler = handler) -> Any:
            body = ctx.body()
            if not body.get("enforce_nonce") or body.get("nonce") is None:
                return send(ctx)
            seen: dict[tuple[int, str], int] = ctx.backend.__dict__.setdefault("sent_nonces", {})
            key = (ctx.int_arg("channel_id"), str(body["nonce"]))
            if key in seen:
                return message_response(ctx, ctx.backend.get_message(key[0], seen[key]))
            response = send(ctx)
            seen[key] = int(response["id"])
            return response

        def send_and_log_pings(ctx: router.RequestContext, send: router.Handler = send_once) -> Any:
            response = send(ctx)
            message = ctx.backend.get_message(ctx.int_arg("channel_id"), int(response["id"]))
            log: dict[int, set[int]] = ctx.backend.__dict__.setdefault("pinged_at_creation", {})
            log.setdefault(message.id, set(message.ping_user_ids))  # SimCord's own notion: notified, not named
            return response

        send_and_log_pings.honours_nonces = True  # type: ignore[attr-defined]
        routes[index] = (template, send_and_log_pings)


def pings(env: simcord.Env, user_id: int) -> int:
    """How many messages notified ``user_id`` when they were created (an edit notifies nobody; a nonce's
    second send creates nothing). Counted from ``honour_nonces``'s log of every message the bot created."""
    log: dict[int, set[int]] = env.backend.__dict__.get("pinged_at_creation", {})
    return sum(1 for users in log.values() if user_id in users)


@dataclass
class Timing:
    """One interaction: what it was, when SimCord created it, and when the bot first answered (real time)."""

    interaction_id: int
    what: str
    started: float
    limit: float
    answered: float | None = None
    late: bool = False  # SimCord answered the bot 10062 because the limit had passed

    @property
    def elapsed(self) -> float | None:
        return None if self.answered is None else self.answered - self.started


class _RealDeadline:
    """SimCord's ``initial_response_deadline`` made to pass after ``limit`` real seconds too.

    SimCord checks ``now_iso >= record.initial_response_deadline`` (ISO strings of its virtual clock) before
    accepting a first response; ``str >= _RealDeadline`` falls back to ``_RealDeadline.__le__``, which answers
    for both clocks. Everything else about SimCord's check (the 10062 it raises) stays its own.
    """

    def __init__(self, virtual: str | None, timing: Timing) -> None:
        self.virtual = virtual
        self.timing = timing

    def __le__(self, now: object) -> bool:
        if not isinstance(now, str):
            return NotImplemented
        if self.virtual is not None and now >= self.virtual:
            return True
        if time.perf_counter() - self.timing.started > self.timing.limit:
            self.timing.late = True
            return True
        return False

    def __repr__(self) -> str:
        return f"<deadline {self.timing.limit:g}s real or {self.virtual} virtual>"


# The callback kinds that count as an interaction's first response (SimCord's own markers on its record).
_FIRST_RESPONSES = (
    "respond_with_message",
    "defer",
    "defer_update",
    "update_source",
    "show_modal",
    "complete_autocomplete",
    "pong",
)


@dataclass
class ResponseClock:
    """Discord's 3-second limit on first responses, in real time (a SimCord extension: see the module doc).

    ``install`` once per ``Env``; it survives ``restart_bot`` (it watches SimCord's interactions, not a bot).
    ``on_autocomplete`` listeners receive every autocomplete list the bot offers (the leak scan reads them).
    """

    env: simcord.Env
    limit: float = FIRST_RESPONSE_LIMIT
    timings: list[Timing] = field(default_factory=list)
    on_autocomplete: list[Callable[[Any, list[dict[str, Any]]], None]] = field(default_factory=list)

    def install(self) -> ResponseClock:
        self.env._register_dispatch_observer(self._observe)
        self.env.backend.subscribers.append(self._label)
        return self

    def _observe(self, record: Any) -> None:
        """Called by SimCord just before it emits an INTERACTION_CREATE (the user's click, in Discord)."""
        timing = Timing(record.id, _describe(record), time.perf_counter(), self.limit)
        self.timings.append(timing)
        record.initial_response_deadline = _RealDeadline(record.initial_response_deadline, timing)
        for name in _FIRST_RESPONSES:
            setattr(record, name, self._stamped(record, timing, name, getattr(record, name)))

    def _stamped(self, record: Any, timing: Timing, name: str, marker: Callable[..., Any]) -> Callable[..., Any]:
        def first_response(*args: Any, **kwargs: Any) -> Any:
            if timing.answered is None:
                timing.answered = time.perf_counter()
            if name == "complete_autocomplete":
                for listener in self.on_autocomplete:
                    listener(record, list(args[0]) if args else list(kwargs.get("choices", [])))
            return marker(*args, **kwargs)

        return first_response

    def _label(self, event: str, payload: Any) -> None:
        """Name component interactions by their custom id (SimCord's record does not keep it)."""
        if event != "INTERACTION_CREATE" or not isinstance(payload, dict):
            return
        custom_id = (payload.get("data") or {}).get("custom_id")
        if custom_id:
            for timing in reversed(self.timings):
                if str(timing.interaction_id) == payload.get("id"):
                    timing.what = f"component {custom_id}"
                    break

    def slowest(self) -> Timing | None:
        answered = [t for t in self.timings if t.elapsed is not None]
        return max(answered, key=lambda t: t.elapsed or 0.0) if answered else None

    def problems(self) -> list[str]:
        """Every interaction answered late or never answered, as sentences."""
        found = []
        for t in self.timings:
            if t.late or (t.elapsed is not None and t.elapsed > t.limit):
                took = "never" if t.elapsed is None else f"after {t.elapsed:.2f} s"
                found.append(f"{t.what}: first response {took}, past Discord's {t.limit:g} s (10062)")
            elif t.answered is None:
                found.append(f"{t.what}: never answered (Discord shows 'This interaction failed')")
        return found


def _describe(record: Any) -> str:
    kind = {
        InteractionType.APPLICATION_COMMAND: "slash",
        InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE: "autocomplete",
        InteractionType.MESSAGE_COMPONENT: "component",
    }.get(record.type, f"type {record.type}")
    name = f" /{record.command_name}" if record.command_name else ""
    return f"{kind}{name}"


async def at_the_same_instant(
    env: simcord.Env, *verbs: Callable[[], Awaitable[simcord.InteractionResult]]
) -> list[simcord.InteractionResult]:
    """Run SimCord verbs (``lambda: actor.click(...)``) so that the bot receives all their interactions first.

    Each verb builds and emits its INTERACTION_CREATE as usual, but SimCord's wait for the bot to settle is
    held back until the last one is out; then the bot runs all the handlers at once. Verbs must return an
    ``InteractionResult`` (for autocomplete use ``autocomplete_result``): results are read after the bot ran.
    """
    env._begin_operation("at_the_same_instant")
    try:

        async def hold(**_: Any) -> None:
            return None

        env._settle_internal = hold  # type: ignore[method-assign]
        try:
            results = [await verb() for verb in verbs]
        finally:
            del env._settle_internal
        await env._settle_internal(dispatch=f"{len(verbs)} x INTERACTION_CREATE at the same instant")
        return results
    finally:
        env._end_operation()


def autocomplete_result(
    actor: simcord.MemberActor, channel: simcord.ChannelHandle, command: str, option: str, typed: str
) -> Awaitable[simcord.InteractionResult]:
    """Autocomplete as an ``InteractionResult`` (its ``autocomplete_choices``), for ``at_the_same_instant``."""
    return _autocomplete_result(actor, channel, command, option, typed, {})


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


GAME_PART = re.compile(r"^g\d+:")


def prompt_choices(message: MessageLike) -> dict[str, tuple[str, str | None]]:
    """``"prompt|choice"`` → (custom id, select value or ``None``) for every choice a panel or DM offers (a custom
    id's ``g<game>:`` part, which binds the control to its game, is not part of the choice ``/act`` takes)."""
    found: dict[str, tuple[str, str | None]] = {}
    for item in items(message):
        custom_id = item.custom_id or ""
        if isinstance(item, discord.Button) and custom_id.startswith("sh:p:"):
            found[GAME_PART.sub("", custom_id.split(":", 3)[3])] = (custom_id, None)
        elif isinstance(item, discord.SelectMenu) and custom_id.startswith("sh:pick:"):
            prompt = GAME_PART.sub("", custom_id.split(":", 3)[3]).rpartition("|")[0]
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
    """Every attachment of the messages, each checked to decode as a PNG image and to carry alt text."""
    images: list[Image.Image] = []
    for message in messages:
        for attachment in message.attachments:
            assert attachment.description, f"{attachment.filename} has no alt text (attachment description)"
            data = await attachment.read()
            assert data.startswith(PNG_SIGNATURE), f"{attachment.filename} is not a PNG"
            image = Image.open(io.BytesIO(data))
            image.load()
            assert image.format == "PNG"
            images.append(image)
    return images
