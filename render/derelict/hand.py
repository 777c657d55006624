"""A seat's private image: its hand, inventory, task(s) and remembered peeks (digest §5).

Read on a phone like the board (issue 26): 600 px wide, every text at least 18 px (12 px displayed). The
cards are tiles three to a row with their names wrapped; the task's text and the peeks wrap over the width.
The height follows what the seat holds. Drawn with an optional ``Sheet`` so tests measure the image drawn.
"""

from __future__ import annotations

import hashlib
import json

from PIL import Image, ImageDraw

from engine.derelict.view import DerelictView
from render.core import Ink, font, new_canvas, rounded, wrap
from render.core.sheet import Sheet, say

from .places import fitting

WIDTH = 600
MARGIN = 12
SMALL = 18  # 12 px on a phone
HEADING = 21
LINE = 24
CARD_W, CARD_H, CARD_GAP = 184, 84, 8
CARDS_A_ROW = 3
PEEKS = 8  # the latest peeks shown


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
        out.extend((part, bold) for part in wrap(words, font(SMALL, bold=bold), width))

    add("Items: " + (", ".join(view.items) or "none"))
    add("Your task" if len(view.tasks) == 1 else "Your two tasks (keep one)", True)
    for task in view.tasks:
        add(task)
    if view.peeks:
        add("What you have seen", True)
        for peek in view.peeks[-PEEKS:]:
            add(peek)
    return out


def draw_hand(view: DerelictView, sheet: Sheet | None = None) -> Image.Image:
    assert view.viewer is not None
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
        rounded(draw, (x, y, x + CARD_W, y + CARD_H), Ink.MIST if "infection" in card else Ink.WHITE, Ink.BLACK)
        parts = wrap(card, font(SMALL, bold=True), CARD_W - 14)[:3]
        for j, part in enumerate(parts):
            at = (x + CARD_W // 2, y + CARD_H // 2 + (j - (len(parts) - 1) / 2) * 22)
            say(draw, sheet, (at[0], round(at[1])), part, font(SMALL, bold=True), Ink.BLACK, "mm")
    if not view.hand:
        say(draw, sheet, (MARGIN, cards_top + CARD_H // 2), "Your hand is empty.", font(SMALL), Ink.CHARCOAL, "lm")
    for i, (line, bold) in enumerate(lines):
        say(draw, sheet, (MARGIN, text_top + i * LINE + LINE // 2), line, font(SMALL, bold=bold), Ink.BLACK, "lm")
    return image
