"""The player's guides (``docs/guide/<game>.md``), read as pages a player can page through, and the lines
that say which options a game is played with. Discord-free: ``/rules`` and the offline table both use it.

The guides ship inside the package: ``bot/guide`` is a link to ``docs/guide`` and ``pyproject.toml`` lists
``guide/*.md`` as package data, so an installed bot (a wheel, not only a checkout) finds them.

The source is Markdown wrapped at 120 columns for reading in an editor; a chat message keeps every newline, so
``unwrap`` joins a paragraph's or a list item's lines before a page is built, otherwise a phone would show
ragged half-lines.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Mapping
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel

GUIDE_PACKAGE = "bot"
GUIDE_FOLDER = "guide"
PAGE_LIMIT = 1800  # a page a phone shows in about one screen; Discord allows 4096 in an embed
OPTIONS_HEADINGS = ("Options", "Scenarios and options")

_ITEM = re.compile(r"^\s*(?:[-*]|\d+\.)\s")


class GuideMissing(LookupError):
    """A registered game has no guide file: a packaging mistake, caught by the tests."""


def guide_markdown(game_key: str) -> str:
    """The guide's Markdown, read from the installed package."""
    path = resources.files(GUIDE_PACKAGE).joinpath(GUIDE_FOLDER, f"{game_key}.md")
    if not path.is_file():
        raise GuideMissing(f"There is no player's guide for {game_key}.")
    return path.read_text(encoding="utf-8")


def unwrap(lines: list[str]) -> str:
    """Join wrapped lines: a blank line or a new list item starts a new line, anything else continues one."""
    out: list[str] = []
    continuing = False
    for raw in lines:
        line = raw.rstrip()
        if not line.strip():
            if out and out[-1] != "":
                out.append("")
            continuing = False
        elif _ITEM.match(line) or not continuing:
            out.append(line)
            continuing = True
        else:
            out[-1] = f"{out[-1]} {line.strip()}"
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)


def sections(game_key: str) -> tuple[str, list[tuple[str, str]]]:
    """The guide's title and its ``## `` sections as (heading, unwrapped body), in order."""
    title = game_key
    found: list[tuple[str, list[str]]] = []
    for line in guide_markdown(game_key).splitlines():
        if line.startswith("## "):
            found.append((line[3:].strip(), []))
        elif line.startswith("# "):
            title = line[2:].strip()
        elif found:
            found[-1][1].append(line)
    return title, [(heading, unwrap(body)) for heading, body in found]


def _chunks(body: str, limit: int) -> list[str]:
    """A section's body cut into pieces of at most ``limit`` characters, between paragraphs or list items."""
    pieces: list[str] = []
    current = ""
    for block in body.split("\n"):
        candidate = f"{current}\n{block}" if current else block
        if current and len(candidate) > limit:
            pieces.append(current.strip("\n"))
            current = block
        else:
            current = candidate
    if current.strip():
        pieces.append(current.strip("\n"))
    return pieces


def guide_pages(game_key: str, limit: int = PAGE_LIMIT) -> list[tuple[str, str]]:
    """The pages of ``/rules``: (heading, text), one per section, a long section on as many pages as it needs
    (their headings say "continued"). The options section is always the last page."""
    _, found = sections(game_key)
    pages: list[tuple[str, str]] = []
    for heading, body in found:
        for n, piece in enumerate(_chunks(body, limit)):
            pages.append((heading if n == 0 else f"{heading} (continued)", piece))
    return pages


def options_text(game_key: str) -> str:
    """The guide's own words on the game's options (each option, its values, what it does)."""
    for heading, body in sections(game_key)[1]:
        if heading in OPTIONS_HEADINGS:
            return body
    return ""


def option_value_text(value: Any) -> str:
    """An option's value as a player types it: ``on``/``off`` for a switch."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def played_with(options: Mapping[str, Any]) -> str:
    """``variant: advanced, handicap: off``: the options a game is played with (unset ones left out)."""
    return ", ".join(f"{k}: {option_value_text(v)}" for k, v in options.items() if v is not None)


def defaults(model: type[BaseModel]) -> dict[str, Any]:
    """The options a game gets when nobody chose any."""
    return model().model_dump(mode="json")


def allowed_values(model: type[BaseModel], name: str) -> list[str] | None:
    """The values an option takes when the model lists them (a choice or a switch), else ``None``."""
    annotation = model.model_fields[name].annotation
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        annotation = args[0]
    if annotation is bool:
        return ["on", "off"]
    if typing.get_origin(annotation) is Literal:
        return [str(v) for v in typing.get_args(annotation)]
    return None
