"""The phone's measure, and the areas a board can be zoomed into (issue 26).

Discord shows an attached image about ``PHONE_WIDTH`` pixels wide in a phone's chat, whatever its own width,
so a text's *display size* is its font size scaled by ``PHONE_WIDTH`` over the image's width. Whatever a
player must read on the channel board, a zoomed area, a close-up or a hand image is at least
``MIN_DISPLAY_TEXT`` at display size, and a piece at least ``MIN_DISPLAY_PIECE``; detail that cannot be that
large goes one tap away (a zoom of one area), never into smaller type.
"""

from __future__ import annotations

from dataclasses import dataclass

PHONE_WIDTH = 400
"""Pixels of width a phone's chat gives an attached image."""

MIN_DISPLAY_TEXT = 12
"""The smallest display size of a text a player must read."""

MIN_DISPLAY_PIECE = 16
"""The smallest display size (the longer side) of a piece a player must tell from another."""


def display_size(pixels: float, image_width: int) -> float:
    """How tall ``pixels`` of an image ``image_width`` wide look on a phone."""
    return pixels * PHONE_WIDTH / image_width


def widest_for(font_size: int) -> int:
    """The widest image in which a text of ``font_size`` still shows at ``MIN_DISPLAY_TEXT`` on a phone."""
    return font_size * PHONE_WIDTH // MIN_DISPLAY_TEXT


@dataclass(frozen=True)
class Area:
    """A part of a board a player can zoom into from the board message's **Zoom** select.

    ``key`` is short and stable for the game (it travels in a select option's value, at most 24 characters of
    letters, digits, ``.``, ``_`` and ``-``); ``label`` is what the player reads in the select (at most 80
    characters: "Bridge and its corridors", "Tile T08 and its neighbours"); ``description`` optionally says
    what is there (at most 100 characters, public information only).
    """

    key: str
    label: str
    description: str = ""
