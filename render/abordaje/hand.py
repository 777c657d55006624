"""A player's private image: the order cards in hand, the orders already placed, and what was passed on.

It is drawn from the seat's own view, so it may show that seat's hand, its face-down orders (the view shows
their kinds to their owner), the card drawn from the set-aside pile and the hand it last passed on
(ABO-GAP-21). It is sent only to that player.
"""

from __future__ import annotations

import json

from PIL import Image, ImageDraw

from engine.abordaje.catalog import CATALOG
from engine.abordaje.reference import ORDER_TEXT
from engine.abordaje.view import AbordajeView, CardKind, Side
from render.core import SPRITES, Box, Ink, fitted, font, label, new_canvas, rounded, text, wrap
from render.core.sheet import MIN_TEXT

from .pieces import SIDE_INK, SIDE_LETTER, SIDE_NAME, order_face, priority_badge

WIDTH, HEIGHT = 1280, 600
HEADER_HEIGHT = 60
CARD_TOP, CARD_HEIGHT = 84, 300
CARD_WIDTH, CARD_GAP = 196, 12
LOWER_TOP = CARD_TOP + CARD_HEIGHT + 24

EFFECT: dict[str, str] = ORDER_TEXT  # what each order does: the same words as /cards


def has_private(view: AbordajeView) -> bool:
    """Whether the view holds anything for a hand image (a seat, and a card in hand, placed or passed)."""
    if view.my_side is None:
        return False
    placed = any(card.slots[view.my_side].kind is not None for card in view.cards if card.active)
    return bool(view.hand or view.last_passed or view.drawn_set_aside or placed)


def hand_key(view: AbordajeView) -> str:
    """Everything ``draw_hand`` (and ``has_private``) reads from the view, and nothing else, as a cache key.

    The seat's view also holds the public board (crew counts, the opponent's slots, the other side's
    numbers), which changes far more often than the hand image: keying the image on the whole view would
    redraw an identical hand after every public change. Keep this in step with the drawing functions below;
    ``tests/render`` checks that views with one key draw one image.
    """
    side = view.my_side
    placed = (
        [(card.number, card.slots[side].kind, card.slots[side].spent) for card in view.cards if card.active]
        if side is not None
        else []
    )
    assigning = view.assigning_card if view.phase == "assign" else None
    fields = (side, view.turn, assigning, view.hand, view.drawn_set_aside, view.last_passed, placed)
    return "abordaje.hand:" + json.dumps(fields, separators=(",", ":"))


def draw_hand(view: AbordajeView) -> Image.Image:
    """The hand image for a seated viewer; callers check ``has_private`` first."""
    side = view.my_side
    assert side is not None, "a hand is drawn only for a seated viewer"
    image = new_canvas(WIDTH, HEIGHT, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    _header(draw, view, side)
    _cards(draw, view)
    _placed(draw, view, side)
    _passed(draw, view)
    return image


def _header(draw: ImageDraw.ImageDraw, view: AbordajeView, side: Side) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER_HEIGHT), fill=int(Ink.CHARCOAL))
    y = HEADER_HEIGHT // 2
    draw.ellipse((14, y - 18, 50, y + 18), fill=int(SIDE_INK[side]), outline=int(Ink.WHITE), width=2)
    label(draw, (32, y), SIDE_LETTER[side], 22, Ink.WHITE, bold=True, anchor="mm")
    title = f"Your hand · {SIDE_NAME[side]} · turn {view.turn}"
    label(draw, (64, y), title, 28, Ink.WHITE, bold=True, anchor="lm")
    if view.phase == "assign" and view.assigning_card is not None:
        now = f"placing on card {view.assigning_card}"
        label(draw, (WIDTH - 16, y), now, 24, Ink.YELLOW, bold=True, anchor="rm")


def _cards(draw: ImageDraw.ImageDraw, view: AbordajeView) -> None:
    if not view.hand:
        label(draw, (24, CARD_TOP + 20), "No order cards in your hand.", 24, Ink.CHARCOAL, bold=True)
        return
    drawn = view.drawn_set_aside
    for i, kind in enumerate(view.hand):
        left = 16 + i * (CARD_WIDTH + CARD_GAP)
        box = (left, CARD_TOP, left + CARD_WIDTH, CARD_TOP + CARD_HEIGHT)
        from_set_aside = drawn is not None and kind == drawn
        _card(draw, box, kind, from_set_aside=from_set_aside)
        if from_set_aside:
            drawn = None  # mark one copy only when the hand holds two of that kind


def _card(draw: ImageDraw.ImageDraw, box: Box, kind: CardKind, *, from_set_aside: bool) -> None:
    """One order card: priority, name, and what it does in a sentence (a face drawn once, then stamped)."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        _card_face(d, (at[0], at[1], at[0] + width, at[1] + height), kind, from_set_aside=from_set_aside)

    key = ("abordaje.hand_card", kind, from_set_aside, width, height)
    SPRITES.stamp(draw, (x0, y0), key, (0, 0, width, height), paint)


def _card_face(draw: ImageDraw.ImageDraw, box: Box, kind: CardKind, *, from_set_aside: bool) -> None:
    x0, y0, x1, y1 = box
    rounded(
        draw,
        box,
        Ink.WHITE,
        Ink.ORANGE if from_set_aside else Ink.BLACK,
        radius=12,
        width=5 if from_set_aside else 3,
    )
    priority_badge(draw, (x0 + 34, y0 + 34), kind, 24)
    label(draw, (x1 - 12, y0 + 34), "priority", 15, Ink.GREY, anchor="rm")
    name = CATALOG.name(kind)
    face = fitted(name, x1 - x0 - 20, 30, bold=True, smallest=18)
    text(draw, ((x0 + x1) // 2, y0 + 88), name, face, Ink.BLACK, anchor="mm")
    draw.line([(x0 + 14, y0 + 112), (x1 - 14, y0 + 112)], fill=int(Ink.SILVER), width=2)
    body = font(18)
    y = y0 + 122
    for line in wrap(EFFECT[kind], body, x1 - x0 - 24):
        text(draw, (x0 + 12, y), line, body, Ink.CHARCOAL)
        y += 23
    if from_set_aside:
        tag = (x0 + 8, y1 - 36, x1 - 8, y1 - 8)
        rounded(draw, tag, Ink.ORANGE, None, radius=6)
        words = "drawn from set-aside"
        face = fitted(words, tag[2] - tag[0] - 10, 15, bold=True, smallest=MIN_TEXT)
        centre = ((tag[0] + tag[2]) // 2, (tag[1] + tag[3]) // 2)
        text(draw, centre, words, face, Ink.BLACK, anchor="mm")


def _placed(draw: ImageDraw.ImageDraw, view: AbordajeView, side: Side) -> None:
    """Your orders on the board by ship-deck card (face down to the opponent until the reveal)."""
    label(draw, (16, LOWER_TOP), "Your orders on the board", 22, Ink.BLACK, bold=True)
    active = [card for card in view.cards if card.active]
    x = 16
    top = LOWER_TOP + 34
    for card in active:
        slot = card.slots[side]
        box = (x + 44, top, x + 44 + 176, top + 52)
        label(draw, (x + 18, top + 26), str(card.number), 30, Ink.BLACK, bold=True, anchor="mm")
        if slot.kind is not None:
            order_face(draw, box, slot.kind, spent=slot.spent)
        else:
            rounded(draw, box, None, Ink.SILVER, radius=8, width=2)
            label(draw, ((box[0] + box[2]) // 2, top + 26), "not yet", 18, Ink.GREY, anchor="mm")
        x += 44 + 176 + 24


def _passed(draw: ImageDraw.ImageDraw, view: AbordajeView) -> None:
    """The hand last passed to the opponent (ABO-GAP-21) and a set-aside draw already played."""
    parts = []
    if view.last_passed:
        parts.append("Hand you last passed on: " + ", ".join(CATALOG.name(k) for k in view.last_passed))
    if view.drawn_set_aside is not None and view.drawn_set_aside not in view.hand:
        parts.append(f"Drawn from the set-aside cards: {CATALOG.name(view.drawn_set_aside)}")
    if not parts:
        return
    words = " · ".join(parts)
    face = fitted(words, WIDTH - 32, 22, smallest=14)
    text(draw, (16, HEIGHT - 42), words, face, Ink.CHARCOAL)
