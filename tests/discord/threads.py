"""Threads as Discord runs them, where SimCord 3.2.1 stops short (a thin extension; never in the bot).

SimCord creates public threads (from a message, with the message's id, as Discord does), lists them, and keeps
their ``archived``/``locked`` flags. What it does not model, added here:

- **An archived thread refuses the bot's posts and edits** (400, JSON code 50083, "Thread is archived") until
  it is reopened. SimCord posts into it as if it were open.
- **A locked thread refuses them too** (403, code 160005, "Thread is locked") for a bot without Manage
  Threads, and only Manage Threads may reopen it.
- **Who may edit a thread** (``PATCH /channels/{thread}``): SimCord asks Manage Channels for any channel edit.
  Discord asks only Send Messages in Threads to reopen an unlocked thread (``archived: false``), lets the
  thread's creator rename it, and asks Manage Threads for the rest (locking, another's thread).
- **Renames are counted** (``renames``): Discord allows two renames of a thread per ten minutes and answers a
  third with a 429; the scenarios check the bot never asks for one.
- **Discord archiving or a moderator locking a thread** (``archive``, ``lock``): the flag set and the thread's
  update sent to the bot, as SimCord sends it for any channel edit.
"""

from __future__ import annotations

import time
from typing import Any

import simcord
from simcord.backend.errors import BackendError
from simcord.http import router

ARCHIVED = 50083
LOCKED = 160005

_SEND = ["channels", "{channel_id}", "messages"]
_EDIT_MESSAGE = ["channels", "{channel_id}", "messages", "{message_id}"]
_EDIT_CHANNEL = ["channels", "{channel_id}"]


def _bot_may(backend: Any, channel: Any, permission: str) -> bool:
    try:
        backend.require_permissions(channel.guild_id, backend.bot_user.id, channel.id, permission)
    except BackendError:
        return False
    return True


def _refuse_closed(ctx: router.RequestContext) -> None:
    """Discord's refusal of a post or edit in an archived or locked thread."""
    channel = ctx.backend.channels.get(ctx.int_arg("channel_id"))
    meta = getattr(channel, "thread_metadata", None)
    if channel is None or not channel.is_thread or meta is None:
        return
    if meta.locked and not _bot_may(ctx.backend, channel, "manage_threads"):
        raise BackendError(403, LOCKED, "Thread is locked")
    if meta.archived:
        raise BackendError(400, ARCHIVED, "Thread is archived")


def _guarded(handler: router.Handler) -> router.Handler:
    def refusing_closed_threads(ctx: router.RequestContext) -> Any:
        _refuse_closed(ctx)
        return handler(ctx)

    refusing_closed_threads.thread_rules = True  # type: ignore[attr-defined]
    return refusing_closed_threads


def _edit_thread(handler: router.Handler) -> router.Handler:
    def edit_channel_or_thread(ctx: router.RequestContext) -> Any:
        backend = ctx.backend
        channel = backend.get_channel(ctx.int_arg("channel_id"))
        if not channel.is_thread:
            return handler(ctx)
        body = ctx.body()
        meta = channel.thread_metadata
        unknown = set(body) - {"name", "archived", "locked", "auto_archive_duration"}
        if unknown:
            return handler(ctx)  # anything else: SimCord's own rules
        reopen_only = set(body) <= {"archived", "auto_archive_duration"} and body.get("archived") is False
        own_rename = set(body) <= {"name"} and channel.owner_id == backend.bot_user.id
        if reopen_only and not meta.locked:
            needed = "send_messages_in_threads"
        elif own_rename and not meta.archived:
            needed = "view_channel"
        else:
            needed = "manage_threads"
        ctx.require_channel_permissions(channel.id, needed)
        if "name" in body and body["name"] != channel.name:
            renames: dict[int, list[float]] = backend.__dict__.setdefault("thread_renames", {})
            renames.setdefault(channel.id, []).append(time.time())
        metadata = {k: body[k] for k in ("archived", "locked", "auto_archive_duration") if k in body}
        changes = {"name": body["name"]} if "name" in body else {}
        from simcord.backend import serializers

        channel = backend.edit_channel(channel.id, changes, thread_metadata=metadata)
        return dict(serializers.channel_payload(backend, channel))

    edit_channel_or_thread.thread_rules = True  # type: ignore[attr-defined]
    return edit_channel_or_thread


def thread_rules() -> None:
    """Install the behaviours above on SimCord's route table (module-wide, once; see ``sim.honour_nonces``)."""
    for method, template, wrap in (
        ("POST", _SEND, _guarded),
        ("PATCH", _EDIT_MESSAGE, _guarded),
        ("PATCH", _EDIT_CHANNEL, _edit_thread),
    ):
        routes = router._ROUTES[method]
        for index, (path, handler) in enumerate(routes):
            if path == template and not getattr(handler, "thread_rules", False):
                routes[index] = (path, wrap(handler))


def archive(env: simcord.Env, thread: simcord.ChannelHandle) -> None:
    """Discord archives a quiet thread (its auto-archive time passed)."""
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})


def lock(env: simcord.Env, thread: simcord.ChannelHandle) -> None:
    """A moderator locks a thread."""
    env.backend.edit_channel(thread.id, {}, thread_metadata={"locked": True})


def is_archived(env: simcord.Env, thread: simcord.ChannelHandle) -> bool:
    meta = env.backend.get_channel(thread.id).thread_metadata
    return bool(meta and meta.archived)


def renames(env: simcord.Env, thread: simcord.ChannelHandle) -> list[float]:
    """When the bot renamed the thread (real time)."""
    log: dict[int, list[float]] = env.backend.__dict__.get("thread_renames", {})
    return log.get(thread.id, [])
