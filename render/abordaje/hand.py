"""A player's private image: the order cards in hand, the orders already placed, and what was passed on.

It is drawn from the seat's own view, so it may show that seat's hand, its face-down orders (the view shows
their kinds to their owner), the card drawn from the set-aside pile and the hand it last passed on
(ABO-GAP-21). It is sent only to that player.
"""

from __future__ import annotations

import json
from functools import partial
from typing import get_args

from PIL import Image, ImageDraw

from engine.abordaje.catalog import CATALOG
from engine.abordaje.reference import ORDER_TEXT
from engine.abordaje.view import AbordajeView, CardKind, Side, SlotView
from render.core import Box, Ink, LayerCache, font, label, new_canvas, rounded, wrap
from render.core.sheet import Sheet
from render.core.sheet import say_sized as _say

from .passed import draw_lines, passed_text, wrapped
from .passed import warm as warm_passed
from .pieces import SIDE_INK, SIDE_LETTER, SIDE_NAME, order_face, priority_badge
from .sections import Put, Sections, put_part

WIDTH = 640
"""As wide as the phone board, two cards to a row: every text at least ``TEXT`` (12.5 px on a phone)."""
TEXT = 20
HEADER_HEIGHT = 96
CARD_TOP, CARD_HEIGHT = 108, 250
CARD_WIDTH, CARD_GAP = 298, 12
PER_ROW = 2
PLACED_STEP = 52
PASSED_WIDTH = WIDTH - 32
"""How wide the lines about the hand last passed on wrap."""

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


def _passed_lines(view: AbordajeView) -> tuple[str, ...]:
    """The hand last passed to the opponent (ABO-GAP-21) and a set-aside draw already played, wrapped
    (``render.abordaje.passed``: laid out once per combination, ahead by ``warm``)."""
    words = passed_text(view)
    return wrapped(words, font(TEXT), PASSED_WIDTH) if words else ()


def warm_passed_lines() -> None:
    """Lay out every line ``_passed_lines`` can give, ahead (``render.abordaje.warm``)."""
    warm_passed(TEXT, PASSED_WIDTH)


def _card_rows(view: AbordajeView) -> int:
    return max(1, -(-len(view.hand) // PER_ROW))


def _lower_top(view: AbordajeView) -> int:
    return CARD_TOP + _card_rows(view) * (CARD_HEIGHT + CARD_GAP) + 12


def draw_hand(view: AbordajeView, sheet: Sheet | None = None, sections: Sections | None = None) -> Image.Image:
    """The hand image for a seated viewer (callers check ``has_private`` first): 640 pixels wide, every text at
    least 20 px (12.5 px on a phone, ``render.core.zoom``), its texts noted on ``sheet`` when measuring. With
    ``sections``, the header's ground and each placed order's line are pasted when drawn before."""
    side = view.my_side
    assert side is not None, "a hand is drawn only for a seated viewer"
    active = [card for card in view.cards if card.active]
    lower = _lower_top(view)
    height = lower + 44 + PLACED_STEP * len(active) + 28 * len(_passed_lines(view)) + 16
    image = new_canvas(WIDTH, height, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    put = partial(put_part, sections, image, draw)
    _header(draw, view, side, sheet, put)
    _cards(image, draw, view, sheet)
    _placed(image, draw, view, side, lower, sheet, kept=sections is not None)
    draw_lines(draw, sheet, _passed_lines(view), (16, lower + 44 + PLACED_STEP * len(active) + 4), TEXT, 28)
    return image


def _header(draw: ImageDraw.ImageDraw, view: AbordajeView, side: Side, sheet: Sheet | None, put: Put) -> None:
    put((0, 0, WIDTH, HEADER_HEIGHT), ("hand header", side), partial(_header_ground, side=side), sheet)
    title = f"Your hand · {SIDE_NAME[side]} · turn {view.turn}"
    _say(draw, sheet, (64, 30), title, 26, Ink.WHITE, bold=True, anchor="lm")
    if view.phase == "assign" and view.assigning_card is not None:
        _say(draw, sheet, (16, 72), f"placing on card {view.assigning_card}", 22, Ink.YELLOW, bold=True, anchor="lm")


def _header_ground(draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, side: Side) -> None:
    """The header's band and the side's disc (the same on every hand of that side)."""
    draw.rectangle((0, 0, WIDTH, HEADER_HEIGHT), fill=int(Ink.CHARCOAL))
    draw.ellipse((14, 12, 50, 48), fill=int(SIDE_INK[side]), outline=int(Ink.WHITE), width=2)
    label(draw, (32, 30), SIDE_LETTER[side], 22, Ink.WHITE, bold=True, anchor="mm")


def _cards(image: Image.Image, draw: ImageDraw.ImageDraw, view: AbordajeView, sheet: Sheet | None) -> None:
    if not view.hand:
        _say(draw, sheet, (24, CARD_TOP + 20), "No order cards in your hand.", 24, Ink.CHARCOAL, bold=True)
        return
    drawn = view.drawn_set_aside
    for i, kind in enumerate(view.hand):
        left = 16 + (i % PER_ROW) * (CARD_WIDTH + CARD_GAP)
        top = CARD_TOP + (i // PER_ROW) * (CARD_HEIGHT + CARD_GAP)
        box = (left, top, left + CARD_WIDTH, top + CARD_HEIGHT)
        from_set_aside = drawn is not None and kind == drawn
        if sheet is None:
            _card(image, box, kind, from_set_aside=from_set_aside)
        else:  # measuring: the same face drawn in place, its texts noted
            _card_face(draw, box, kind, from_set_aside=from_set_aside, sheet=sheet)
        if from_set_aside:
            drawn = None  # mark one copy only when the hand holds two of that kind


FACE_PAD = 2
"""How far around its box a card's face is kept (what a stroke could reach past the box, as a sprite keeps)."""
FACES = LayerCache(max_entries=32)
"""Each order card's face as drawn on the hand's paper (12 looks at most: 6 kinds, drawn from set-aside or not;
80 KB each), pasted whole: one paste instead of stamping the face ink by ink (a dozen full-size masks)."""


def _face(kind: CardKind, from_set_aside: bool, width: int, height: int) -> Image.Image:
    """A card's face on the paper the hand is drawn on, ``FACE_PAD`` pixels around its box."""
    image = new_canvas(width + 1 + 2 * FACE_PAD, height + 1 + 2 * FACE_PAD, Ink.PAPER)
    box = (FACE_PAD, FACE_PAD, FACE_PAD + width, FACE_PAD + height)
    _card_face(ImageDraw.Draw(image), box, kind, from_set_aside=from_set_aside)
    return image


def warm_faces() -> None:
    """Draw every order card's face ahead (``render.abordaje.warm``): 12 faces, about 1 MB."""
    for kind in get_args(CardKind):
        for from_set_aside in (False, True):
            draw = partial(_face, kind, from_set_aside, CARD_WIDTH, CARD_HEIGHT)
            FACES.get((kind, from_set_aside, CARD_WIDTH, CARD_HEIGHT), draw)


def _card(image: Image.Image, box: Box, kind: CardKind, *, from_set_aside: bool) -> None:
    """One order card: priority, name, and what it does in a sentence (a face drawn once, then pasted: the
    cards lie on the bare paper of a new canvas, ``CARD_GAP`` apart, so a paste is the very pixels)."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    face = FACES.get((kind, from_set_aside, width, height), partial(_face, kind, from_set_aside, width, height))
    left, top = x0 - FACE_PAD, y0 - FACE_PAD  # pasted through the core, as a kept part is (``sections``)
    image.im.paste(face.im, (left, top, left + face.width, top + face.height))


def _card_face(
    draw: ImageDraw.ImageDraw, box: Box, kind: CardKind, *, from_set_aside: bool, sheet: Sheet | None = None
) -> None:
    x0, y0, x1, y1 = box
    rounded(
        draw,
        box,
        Ink.WHITE,
        Ink.ORANGE if from_set_aside else Ink.BLACK,
        radius=12,
        width=5 if from_set_aside else 3,
    )
    priority_badge(draw, (x0 + 30, y0 + 28), kind, 18)
    _say(draw, sheet, (x1 - 12, y0 + 28), "priority", TEXT, Ink.GREY, anchor="rm")
    name = CATALOG.name(kind)
    _say(draw, sheet, ((x0 + x1) // 2, y0 + 68), name, 26, Ink.BLACK, bold=True, anchor="mm")
    draw.line([(x0 + 14, y0 + 88), (x1 - 14, y0 + 88)], fill=int(Ink.SILVER), width=2)
    y = y0 + 96
    for line in wrap(EFFECT[kind], font(TEXT), x1 - x0 - 24):
        _say(draw, sheet, (x0 + 12, y), line, TEXT, Ink.CHARCOAL)
        y += 25
    if from_set_aside:
        tag = (x0 + 8, y1 - 36, x1 - 8, y1 - 8)
        rounded(draw, tag, Ink.ORANGE, None, radius=6)
        centre = ((tag[0] + tag[2]) // 2, (tag[1] + tag[3]) // 2)
        _say(draw, sheet, centre, "drawn from set-aside", TEXT, Ink.BLACK, bold=True, anchor="mm")


def _placed(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: AbordajeView,
    side: Side,
    top: int,
    sheet: Sheet | None,
    *,
    kept: bool,
) -> None:
    """Your orders on the board by ship-deck card (face down to the opponent until the reveal); each card's line
    pasted from ``LINES`` when ``kept`` (and not measured), else drawn in place."""
    _say(draw, sheet, (16, top), "Your orders on the board", 22, Ink.BLACK, bold=True)
    y = top + 40
    for card in (card for card in view.cards if card.active):
        slot = card.slots[side]
        if kept and sheet is None:
            line = LINES.get((card.number, slot.kind, slot.spent), partial(_line_image, card.number, slot))
            image.im.paste(line.im, (0, y, line.width, y + line.height))
        else:
            _placed_line(draw, sheet, y=y, number=card.number, slot=slot)
        y += PLACED_STEP


LINES = LayerCache(max_entries=80)
"""Each card's line of placed orders as drawn on the hand's paper (65 looks at most: 5 ship-deck cards × an order,
spent or not, or none; 16 KB each), pasted at whatever height the line falls in a hand: a line is stamps and
sprites over bare paper, which land the same wherever they are put. Kept by its look alone (not as a part of
``Sections``, keyed by its place too: hands of one, two or three rows of cards put each line at other heights)."""


def _line_image(number: int, slot: SlotView) -> Image.Image:
    """A card's line on bare paper (x 0-364, 45 rows), as ``_placed_line`` draws it at ``y`` 0."""
    image = new_canvas(64 + 300 + 1, 44 + 1, Ink.PAPER)
    _placed_line(ImageDraw.Draw(image), None, y=0, number=number, slot=slot)
    return image


def warm_lines() -> None:
    """Draw every card's line of placed orders ahead (``render.abordaje.warm``): 65 lines, 1 MB."""
    numbers = {n for v in (CATALOG.variant("basic"), CATALOG.variant("advanced")) for n in v.ship_deck_cards}
    slots = [SlotView(), *(SlotView(filled=True, kind=k, spent=s) for k in get_args(CardKind) for s in (False, True))]
    for number in sorted(numbers):
        for slot in slots:
            LINES.get((number, slot.kind, slot.spent), partial(_line_image, number, slot))


def _placed_line(draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, y: int, number: int, slot: SlotView) -> None:
    """One card's line: its number and the order you placed on it (or "not yet"), within x 0-364."""
    box = (64, y, 64 + 300, y + 44)
    _say(draw, sheet, (30, y + 22), f"{number}", 26, Ink.BLACK, bold=True, anchor="mm")
    if slot.kind is not None:
        order_face(draw, box, slot.kind, spent=slot.spent)
    else:
        rounded(draw, box, None, Ink.SILVER, radius=8, width=2)
        _say(draw, sheet, ((box[0] + box[2]) // 2, y + 22), "not yet", TEXT, Ink.GREY, anchor="mm")
