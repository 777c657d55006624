"""A seat's private image: its hand, inventory, task(s) and remembered peeks (digest §5).

Read on a phone like the board (issue 26): 600 px wide, every text at least 18 px (12 px displayed). The
cards are tiles three to a row with their names wrapped; the task's text and the peeks wrap over the width.
The height follows what the seat holds. Drawn with an optional ``Sheet`` so tests measure the image drawn.

Most moves change a card or two of a hand and none of its lines, so a card's tile and the lines under the cards are
kept as drawn (``HandParts``, by what they show: the card's name, the lines' words) and pasted: a tile's box and
the lines' band hold nothing else, and the same drawing at another place is the same pixels moved (whole-pixel
places). A part kept shows exactly what its key says, so one seat's part is never another's but by showing the
same words.
"""

from __future__ import annotations

import hashlib
import json

from PIL import Image, ImageDraw

from engine.core.recent import Recent
from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView
from render.core import Box, Ink, font, new_canvas, rounded, text_width
from render.core.sheet import Sheet, say

from .places import fitting, wrapped

WIDTH = 600
MARGIN = 12
SMALL = 18  # 12 px on a phone
HEADING = 21
LINE = 24
CARD_W, CARD_H, CARD_GAP = 184, 84, 8
CARDS_A_ROW = 3
PEEKS = 8  # the latest peeks shown
BAND_ABOVE = 12
"""The lines' band starts this far above the first line's box (clear of the cards' last row: 18 px above it)."""
TILES_KEPT = 160
"""Card tiles kept (each about 16 KB: 185 x 85 pixels, one byte a pixel; 2.6 MB at most): every card of the game."""
LINES_KEPT = 24
"""Bands of lines kept (each 600 px wide, 24 px a line: about 100-300 KB, 0.4 MB with every peek shown; at most
about 7 MB): the seats' items, tasks and peeks, which change far less often than their cards."""


class HandParts:
    """The private image's parts drawn lately, by what they show (``engine.core.recent.Recent``: bounded, least
    recently used first out, safe across threads): card tiles by card, the lines' band by its lines. The images
    kept are read only (pasted)."""

    def __init__(self, tiles: int = TILES_KEPT, lines: int = LINES_KEPT) -> None:
        self.draws = 0
        self.tiles: Recent[str, Image.Image] = Recent(tiles)
        self.lines: Recent[tuple[tuple[str, bool], ...], Image.Image] = Recent(lines)


def hand_key(view: DerelictView) -> str:
    """The private image's cache key: the seat and everything ``draw_hand`` reads of its view (its character's
    name, hand, items, tasks and the peeks shown), so a move that changes only the board (most of them) finds the
    seat's image kept. Two views with one key draw the very same image, so no seat is ever shown what only
    another holds: the key is what the image shows."""
    assert view.viewer is not None
    drawn = [view.viewer, view.seats[view.viewer].name, view.hand, view.items, view.tasks, view.peeks[-PEEKS:]]
    return "derelict.hand:" + hashlib.sha256(json.dumps(drawn).encode()).hexdigest()


def has_private(view: DerelictView) -> bool:
    return view.viewer is not None and bool(view.hand or view.items or view.tasks or view.peeks)


def hand_lines(view: DerelictView) -> list[tuple[str, bool]]:
    """The texts under the cards (text, bold), wrapped to the width: items, task(s), peeks."""
    width = WIDTH - 2 * MARGIN
    out: list[tuple[str, bool]] = []

    def add(words: str, bold: bool = False) -> None:
        out.extend((part, bold) for part in wrapped(words, font(SMALL, bold=bold), width))

    add("Items: " + (", ".join(view.items) or "none"))
    add("Your task" if len(view.tasks) == 1 else "Your two tasks (keep one)", True)
    for task in view.tasks:
        add(task)
    if view.peeks:
        add("What you have seen", True)
        for peek in view.peeks[-PEEKS:]:
            add(peek)
    return out


def draw_hand(view: DerelictView, sheet: Sheet | None = None, parts: HandParts | None = None) -> Image.Image:
    """The seat's private image; its card tiles and lines pasted from ``parts`` where they were drawn before
    (never when measuring on ``sheet``: the tests measure the drawing itself)."""
    assert view.viewer is not None
    kept = parts if sheet is None else None
    rows = max(1, -(-len(view.hand) // CARDS_A_ROW))
    lines = hand_lines(view)
    cards_top = 44
    text_top = cards_top + rows * (CARD_H + CARD_GAP) + 10
    image = new_canvas(WIDTH, text_top + len(lines) * LINE + 12)
    draw = ImageDraw.Draw(image)
    name = view.seats[view.viewer].name
    heading = fitting(f"{name}: private (only you see this)", WIDTH - 2 * MARGIN, HEADING, bold=True)
    say(draw, sheet, (MARGIN, 10), heading, font(HEADING, bold=True), Ink.BLACK, "la")
    for i, card in enumerate(view.hand):
        x = MARGIN + (i % CARDS_A_ROW) * (CARD_W + CARD_GAP)
        y = cards_top + (i // CARDS_A_ROW) * (CARD_H + CARD_GAP)
        box = (x, y, x + CARD_W + 1, y + CARD_H + 1)  # ``rounded`` draws its right and bottom edges
        tile = None if kept is None else kept.tiles.get(card)
        if tile is not None:
            image.paste(tile, box[:2])
            continue
        if draw_card(draw, sheet, card, x, y) and kept is not None:
            kept.tiles.put(card, image.crop(box))
            kept.draws += 1
    if not view.hand:
        say(draw, sheet, (MARGIN, cards_top + CARD_H // 2), "Your hand is empty.", font(SMALL), Ink.CHARCOAL, "lm")
    band: Box = (0, text_top - BAND_ABOVE, WIDTH, image.height)  # the lines, the margins above and under them
    words = tuple(lines)
    shown = None if kept is None else kept.lines.get(words)
    if shown is not None:
        image.paste(shown, band[:2])
        return image
    for i, (line, bold) in enumerate(lines):
        say(draw, sheet, (MARGIN, text_top + i * LINE + LINE // 2), line, font(SMALL, bold=bold), Ink.BLACK, "lm")
    if kept is not None:
        kept.lines.put(words, image.crop(band))
        kept.draws += 1
    return image


def draw_card(draw: ImageDraw.ImageDraw, sheet: Sheet | None, card: str, x: int, y: int) -> bool:
    """A card's tile at ``(x, y)``: its frame (grey for an infection card) and its name on up to three lines;
    whether it drew inside its box only (a word too long for a card's width overflows it: not to be kept)."""
    rounded(draw, (x, y, x + CARD_W, y + CARD_H), Ink.MIST if "infection" in card else Ink.WHITE, Ink.BLACK)
    face = font(SMALL, bold=True)
    parts = wrapped(card, face, CARD_W - 14)[:3]
    for j, part in enumerate(parts):
        at = (x + CARD_W // 2, y + CARD_H // 2 + (j - (len(parts) - 1) / 2) * 22)
        say(draw, sheet, (at[0], round(at[1])), part, face, Ink.BLACK, "mm")
    return all(text_width(part, face) <= CARD_W - 14 for part in parts)


def warm(parts: HandParts) -> None:
    """Draw ahead, once a process, what a seat's first private images would otherwise draw in the middle of a move:
    every card's tile (kept in ``parts``: a tile is the same pixels wherever it is pasted) and every character's
    heading (its measure and stamp, kept by ``render.core``)."""
    characters = CATALOG.characters
    cards = {"infection card", *(card.name for card in characters.common)}
    cards.update(card.name for character in characters.characters for card in character.cards)
    for card in sorted(cards):
        if parts.tiles.get(card) is None:
            tile = new_canvas(CARD_W + 1, CARD_H + 1)
            if draw_card(ImageDraw.Draw(tile), None, card, 0, 0):
                parts.tiles.put(card, tile)
                parts.draws += 1
    scratch = ImageDraw.Draw(new_canvas(WIDTH, 44))
    for character in characters.characters:
        heading = fitting(f"{character.name}: private (only you see this)", WIDTH - 2 * MARGIN, HEADING, bold=True)
        say(scratch, None, (MARGIN, 10), heading, font(HEADING, bold=True), Ink.BLACK, "la")
