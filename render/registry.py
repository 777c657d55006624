"""Which renderer draws which game: the host looks a game's key up here.

A renderer reads a game's ``View`` only (never its state), so what it draws cannot show more than the
viewer may see. ``board`` draws the public view (``viewer`` is ``None``) for the channel; ``hand`` draws a
seated player's private view for their panel and DM, or returns ``None`` when the game has nothing private.
A renderer may also be a ``CloseUp``: it draws the part of the board where the acting seat's choices are.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from engine.core import View
from engine.core.lazy import LazyRegistry
from render.core.sheet import Sheet
from render.core.zoom import Area


class Renderer(Protocol):
    """Draws one game's views as PNG bytes."""

    def board(self, view: View) -> bytes:
        """The public board, as posted in the channel."""
        ...

    def hand(self, view: View) -> bytes | None:
        """A seated player's private view (their hand), or ``None`` when there is nothing private to draw."""
        ...

    def alt(self, view: View) -> str:
        """Alt text for the image drawn from ``view``: the board for the public view (``viewer`` ``None``),
        else that seat's hand. Built from the same view as the image, so it says nothing the image hides."""
        ...

    def layout(self, view: View) -> Sheet:
        """What the board of ``view`` shows a player must read to act, and where its pieces stand: the texts'
        sizes and boxes, the pieces' drawn boxes (``render.core.sheet``), measured by tests/render/test_legibility."""
        ...


@runtime_checkable
class CloseUp(Protocol):
    """A renderer that can also draw a close-up: the part of the board where the acting seat's choices are,
    enlarged so a phone player reads them without zooming. Optional: a game without it gets no close-up."""

    def closeup(self, view: View) -> bytes | None:
        """The close-up for a seat's ``view``, drawn from what that seat sees; ``None`` when no one acts."""
        ...

    def closeup_alt(self, view: View) -> str:
        """Alt text for the close-up drawn from ``view`` (``render.core.alt.closeup_alt``)."""
        ...


@runtime_checkable
class Zoomable(Protocol):
    """A renderer whose board message offers **Zoom** (one area enlarged) and **Full board** (the detailed
    board for desktops), each answered privately. Every text a zoom shows is at least
    ``render.core.zoom.MIN_DISPLAY_TEXT`` at display size; both are drawn from the public view only."""

    def areas(self, view: View) -> list[Area]:
        """The areas of this board a player can zoom into, in the order the select lists them (at most 25)."""
        ...

    def zoom(self, view: View, area: str) -> bytes:
        """The area ``area`` (an ``Area.key`` of ``areas(view)``) enlarged, as PNG bytes."""
        ...

    def zoom_alt(self, view: View, area: str) -> str:
        """Alt text for ``zoom(view, area)``: what that area shows, from the same view."""
        ...

    def zoom_layout(self, view: View, area: str) -> Sheet:
        """What ``zoom(view, area)`` shows a player must read, measured like ``layout`` (tests/render)."""
        ...

    def full(self, view: View) -> bytes:
        """The whole detailed board, for a desktop ("Full board"), as PNG bytes."""
        ...


@runtime_checkable
class MarksChanges(Protocol):
    """A renderer whose channel board can ring what changed since the last board (``render.core.changes``):
    the pieces that moved or appeared, the counts and tracks that changed. The engines are not asked: both
    boards are drawn from public views, so the marking shows nothing either board does not."""

    def marked(self, view: View, previous: View) -> tuple[bytes, list[str]]:
        """The board of ``view`` (as ``board`` draws it) with what changed since the board of ``previous`` (the
        public view the last board showed) ringed, and what changed in words for the image's alt text."""
        ...


@runtime_checkable
class Warms(Protocol):
    """A renderer that can draw ahead, once when a process starts, what its first boards would otherwise draw in
    the middle of players' moves (static layers, card faces, texts every board prints)."""

    def warm(self) -> None:
        """Draw ahead into the process's caches; the images drawn are thrown away. Safe in a worker thread."""
        ...


RENDERERS: LazyRegistry[Renderer] = LazyRegistry(
    {
        "abordaje": "render.abordaje:RENDERER",
        "capricorn": "render.capricorn:RENDERER",
        "jupiter": "render.jupiter:RENDERER",
        "pioneers": "render.pioneers:RENDERER",
        "derelict": "render.derelict:RENDERER",
    }
)
"""A game's renderer module is imported the first time its renderer is asked for (``engine.core.lazy``), which
also lets a renderer module import ``Renderer`` from this one without a cycle."""
