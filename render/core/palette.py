"""The one fixed palette every image is drawn on.

Images are drawn directly in mode ``"P"`` with these 16 entries, never quantized afterwards: a palette
image encodes to PNG about three times faster than RGB, and 16 entries let the encoder pack two pixels per
byte (``bits=4``). The hues are Okabe & Ito's colour-universal-design set, safe for the common colour
vision deficiencies; the rest are neutrals and two pale tints for backgrounds. Colour is never the only
carrier of meaning: every piece also shows a letter, a number or a shape.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache


class Ink(IntEnum):
    """A palette index, usable directly as a ``fill``/``outline`` on a mode ``"P"`` image."""

    PAPER = 0
    WHITE = 1
    BLACK = 2
    CHARCOAL = 3
    GREY = 4
    SILVER = 5
    MIST = 6
    ORANGE = 7
    SKY = 8
    GREEN = 9
    YELLOW = 10
    BLUE = 11
    VERMILLION = 12
    PURPLE = 13
    SLATE_TINT = 14
    VERMILLION_TINT = 15


RGB: dict[Ink, tuple[int, int, int]] = {
    Ink.PAPER: (0xF4, 0xEF, 0xE4),  # parchment background
    Ink.WHITE: (0xFF, 0xFF, 0xFF),
    Ink.BLACK: (0x00, 0x00, 0x00),  # Okabe-Ito black
    Ink.CHARCOAL: (0x3A, 0x3A, 0x3A),  # secondary text, bands
    Ink.GREY: (0x80, 0x80, 0x80),  # dimmed (spent, absent)
    Ink.SILVER: (0xB8, 0xB8, 0xB8),  # outlines
    Ink.MIST: (0xE2, 0xE2, 0xE2),  # flipped / spent faces
    Ink.ORANGE: (0xE6, 0x9F, 0x00),  # Okabe-Ito orange: "now" highlights
    Ink.SKY: (0x56, 0xB4, 0xE9),  # Okabe-Ito sky blue
    Ink.GREEN: (0x00, 0x9E, 0x73),  # Okabe-Ito bluish green: outcome
    Ink.YELLOW: (0xF0, 0xE4, 0x42),  # Okabe-Ito yellow: control markers
    Ink.BLUE: (0x00, 0x72, 0xB2),  # Okabe-Ito blue: card backs
    Ink.VERMILLION: (0xD5, 0x5E, 0x00),  # Okabe-Ito vermillion: the Spanish
    Ink.PURPLE: (0xCC, 0x79, 0xA7),  # Okabe-Ito reddish purple
    Ink.SLATE_TINT: (0xD6, 0xDB, 0xE2),  # pirate ship decks
    Ink.VERMILLION_TINT: (0xF6, 0xD9, 0xC6),  # Spanish ship decks
}


@lru_cache(maxsize=1)
def palette_bytes() -> bytes:
    """The flat ``r, g, b, r, g, b, …`` bytes ``Image.putpalette`` takes, in index order: made once (every new
    canvas is given them; from a list, Pillow converted it anew each time)."""
    return bytes(value for ink in Ink for value in RGB[ink])
