"""Alt text: what an image shows, in words, for a screen reader or a player whose image did not load.

Built from the very view the image is drawn from (a renderer's ``alt(view)``), so it can say no more than the
image: the public view for a board, the seat's own view for a hand. Discord takes up to 1,024 characters as
an attachment's description; the sentence is kept well under that and readable aloud (no Markdown marks).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from engine.core import View

ALT_LIMIT = 1000


def image_alt(game: str, view: View) -> str:
    """A game's alt text for the image drawn from ``view``: its board (the public view) or a seat's hand."""
    if view.viewer is None:
        return alt_text(f"The {game} board", view)
    return alt_text(f"Your {game} hand and table, as you see it", view)


def closeup_alt(game: str, where: str) -> str:
    """A close-up's alt text: which part of the ``game`` board it enlarges (``where``, public words only)."""
    return clipped(f"A close-up of the {game} board: {where}.")


_GIVEN: ContextVar[tuple[View, str] | None] = ContextVar("alt_described", default=None)
"""A view and its ``describe()`` a caller already wrote (``described_as``): this context's alone, so a drawing in
another thread (which describes its own view) never sees it."""


@contextmanager
def described_as(view: View, words: str) -> Iterator[None]:
    """Within the block, an alt text of this very ``view`` object is written from ``words``, its ``describe()``
    the caller already has (the host's panel text describes a seat's view; its hand's alt text would describe it
    again), rather than describing it twice. The same words, so the same alt text."""
    token = _GIVEN.set((view, words))
    try:
        yield
    finally:
        _GIVEN.reset(token)


def description(view: View) -> str:
    """``view.describe()``, or the words given for this very view (``described_as``)."""
    given = _GIVEN.get()
    if given is not None and given[0] is view:
        return given[1]
    return view.describe()


def alt_text(opening: str, view: View) -> str:
    """``opening`` (what the image is) followed by the view's own description, as one plain paragraph."""
    described = plain(description(view))
    words = f"{opening}: {described}" if described else f"{opening}."
    return clipped(words)


def clipped(words: str) -> str:
    """``words`` cut to Discord's limit for a description (with an ellipsis when cut)."""
    return words if len(words) <= ALT_LIMIT else words[: ALT_LIMIT - 1].rstrip() + "…"


def plain(markdown: str) -> str:
    """Discord Markdown as plain words: emphasis and code marks dropped, lines joined by semicolons."""
    text = re.sub(r"(\*\*|__|\*|`|~~)", "", markdown)
    lines = [line.strip(" ·") for line in text.splitlines()]
    return "; ".join(line for line in lines if line)
