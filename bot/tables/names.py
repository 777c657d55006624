"""How the host puts people where the engine names seats.

The engine knows seats, not people: a text it writes marks a named seat with ``seat_ref`` (``engine.core.words``)
and a view leaves ``View.names`` empty. The host knows who sits where, so it fills both in at the last moment,
each the way its place can show it: a channel message names a person by their mention (Discord shows it as
their name, without a ping: posts allow only the pings they list), a DM, a private panel, a button label and an
image by their display name (a mention in a DM or a label shows as a number or a bare ``@``), and a seat bot as
"🤖 name" everywhere. A marker never reaches a reader as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from engine.core import MAX_LABEL, Prompt, View
from engine.core.words import name_seats

from ..store import GameRecord, SeatRecord
from .common import mention, plain_name
from .viewtext import VIEW_TEXT


def display_name(seat: SeatRecord) -> str:
    """A seat's name where a mention does not show: a person's display name, "🤖 name" for a seat bot."""
    return f"🤖 {seat.display_name}" if seat.is_bot else seat.display_name


def display_names(record: GameRecord) -> dict[int, str]:
    """Each seat's name for images, alt text, DMs, panels and labels."""
    return {s.seat: display_name(s) for s in record.seats}


def channel_names(record: GameRecord) -> dict[int, str]:
    """Each seat's name in a channel message: a person's mention, "🤖 name" for a seat bot."""
    return {s.seat: display_name(s) if s.is_bot else mention(s.user_id) for s in record.seats}


def in_channel(text: str, record: GameRecord) -> str:
    """``text`` for a channel message: its seat markers as the people's mentions."""
    return name_seats(text, channel_names(record))


def in_private(text: str, record: GameRecord) -> str:
    """``text`` for a DM, a panel or an ephemeral answer: its seat markers as display names."""
    return name_seats(text, display_names(record))


def named_prompt(prompt: Prompt, names: Mapping[int, str]) -> Prompt:
    """``prompt`` with its question and labels naming people; a label stays within Discord's 80 characters (a
    long display name is what can push it over)."""
    if "⟦" not in prompt.question and not any("⟦" in c.label + (c.detail or "") for c in prompt.choices):
        return prompt
    choices = tuple(
        c.model_copy(
            update={
                "label": clip_label(name_seats(c.label, names)),
                "detail": None if c.detail is None else name_seats(c.detail, names),
            }
        )
        for c in prompt.choices
    )
    return prompt.model_copy(update={"question": name_seats(prompt.question, names), "choices": choices})


def clip_label(label: str) -> str:
    return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"


def named_prompts(prompts: tuple[Prompt, ...], record: GameRecord) -> tuple[Prompt, ...]:
    names = display_names(record)
    return tuple(named_prompt(p, names) for p in prompts)


V = TypeVar("V", bound=View)


def image_names(record: GameRecord) -> dict[int, str]:
    """Each seat's name drawn in an image or its alt text: a person's name as they typed it (the stored one is
    escaped for markdown, which a picture does not read: ``plain_name``), a seat bot's plain "Bot 2" (the
    images' font has no emoji)."""
    return {s.seat: plain_name(s.display_name) for s in record.seats}


def for_images(view: V, record: GameRecord, *, marked: bool | None = None) -> V:
    """``view`` named for drawing: ``named_view`` with the names an image shows (``image_names``)."""
    return named_view(view, record, image_names(record), marked=marked)


def named_view(view: V, record: GameRecord, names: Mapping[int, str] | None = None, *, marked: bool | None = None) -> V:
    """``view`` with ``names`` filled (by default the display names), so its texts and alt text
    (``View.seat_name``) name the people, and every seat marker in its fields (a seat's name before it has a
    character) replaced by the person's name, so a renderer drawing a field as it is draws no marker.
    ``marked``: whether the view holds a marker, when the caller knows (``has_markers``: a panel names one view
    twice, for its texts and its images, and asks once)."""
    names = dict(display_names(record) if names is None else names)
    if marked is None:
        marked = has_markers(view)
    if marked:
        return type(view).model_validate({**_named(view.model_dump(), names), "names": names})
    return view.model_copy(update={"names": names})


def has_markers(view: View) -> bool:
    """Whether any field of ``view`` holds a seat marker, asked of its JSON: pydantic writes it in Rust, 5× faster
    than the Python dump and its ``repr`` (a Jupiter view: 0.19 ms against 1.0 ms)."""
    return "⟦" in view.model_dump_json()


def images_named(view: V, record: GameRecord) -> tuple[V, str]:
    """``for_images(view, record)`` and its JSON, written once: the board path needs both (the marker check and
    the digest of what the board shows, ``ShownBoards.since``), its models kept from earlier boards not written
    again (``viewtext``). The JSON of the view with its names filled tells whether a field holds a marker; only
    then (or when a person's chosen name holds the marker's bracket) is the view named field by field and
    written again."""
    names = image_names(record)
    named = view.model_copy(update={"names": names})
    text = VIEW_TEXT.text(named)
    if "⟦" not in text:
        return named, text
    named = type(view).model_validate({**_named(view.model_dump(), names), "names": names})
    return named, named.model_dump_json()


def _named(value: Any, names: Mapping[int, str]) -> Any:
    if isinstance(value, str):
        return name_seats(value, names)
    if isinstance(value, dict):
        return {k: _named(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_named(v, names) for v in value)
    return value
