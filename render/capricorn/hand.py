"""A seat's private image: each character it plays, with the action cards in hand and their symbols.

Only a seat's own view holds hands (``CharacterView.hand``), so the public view has no hand image. A card
shows its name and each option as a coloured symbol badge with its word and count, so it reads without
colour; the backpack (public anyway) is listed under the hand because it is played from the same panel.
"""

from __future__ import annotations

import json
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.capricorn.catalog import CATALOG
from engine.capricorn.view import CapricornView, CharacterView
from render.core import Ink, font, label, new_canvas, rounded, wrap
from render.core.canvas import shortened
from render.core.sheet import Sheet
from render.core.sheet import say_sized as _say

from .pieces import crew

WIDTH = 640
"""Portrait for a phone: three cards to a row, every text at least ``TEXT`` (12.5 px at display size)."""
TEXT = 20
HEADER = 52
CARD_W, CARD_H, CARD_GAP = 200, 206, 6
OPTION_STEP = 50
PER_ROW = 3
MAX_CARDS = 9
BACKPACK_LINE = 28

SYMBOL_STYLE: dict[str, tuple[Ink, Ink, str]] = {  # fill, letter ink, glyph
    "move": (Ink.SKY, Ink.BLACK, "→"),
    "rotate": (Ink.YELLOW, Ink.BLACK, "↻"),
    "hit": (Ink.VERMILLION, Ink.WHITE, "✖"),
    "shoot": (Ink.ORANGE, Ink.BLACK, "⊕"),
    "grenade": (Ink.PURPLE, Ink.BLACK, "●"),
    "hide": (Ink.GREY, Ink.WHITE, "▭"),
    "power": (Ink.GREEN, Ink.WHITE, "★"),
}


def own_characters(view: CapricornView) -> list[CharacterView]:
    """The characters whose hand this view shows (a seat may play several when few players sit)."""
    return [c for c in view.characters if c.hand is not None]


def hand_key(view: CapricornView) -> str:
    """What ``draw_hand`` reads, as a cache key: public changes elsewhere do not redraw the hand."""
    fields = [
        (c.role, c.letter, c.name, c.health, c.hiding, c.hand, c.backpack, c.stack_size) for c in own_characters(view)
    ]
    return "capricorn.hand:" + json.dumps(fields, separators=(",", ":"), ensure_ascii=False)


def _symbol(draw: ImageDraw.ImageDraw, x: int, y: int, symbol: str) -> None:
    fill, ink, glyph = SYMBOL_STYLE.get(symbol, (Ink.MIST, Ink.BLACK, "?"))
    draw.ellipse((x - 14, y - 14, x + 14, y + 14), fill=int(fill), outline=int(Ink.BLACK), width=2)
    label(draw, (x, y), glyph, 17, ink, bold=True, anchor="mm")


def _card(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, card_id: str, sheet: Sheet | None) -> None:
    """One action card (``_draw_card``), pasted from ``card_tile``: a card looks the same in every hand, so it is
    drawn once a process. Drawn in place when measured (``hand_layout``: the sheet notes each text)."""
    if sheet is not None:
        _draw_card(draw, x, y, card_id, sheet)
        return
    image.paste(card_tile(card_id), (x, y))


@lru_cache(maxsize=256)
def card_tile(card_id: str) -> Image.Image:
    """The card ``card_id`` as ``_draw_card`` draws it on the hand's paper, cut to its frame (everything it
    draws lies inside the frame, so pasting the tile gives the pixels drawing it would). Read only."""
    tile = new_canvas(CARD_W + 1, CARD_H + 1, Ink.PAPER)
    _draw_card(ImageDraw.Draw(tile), 0, 0, card_id, None)
    return tile


def warm_cards() -> None:
    """Draw now a card's frame in both looks (a role's starter card, blue; a legendary one, orange) and every
    action card's tile (``card_tile``: 75 cards, about 0.6 ms each the first time a hand shows one, 42 KB each,
    about 3.1 MB: what a process holds anyway once its games have dealt every card)."""
    scratch = ImageDraw.Draw(Image.new("P", (1, 1), 0))
    for outline in (Ink.BLUE, Ink.ORANGE):
        rounded(scratch, (0, 0, CARD_W, CARD_H), Ink.WHITE, outline, radius=10, width=3)
    for card_id in CATALOG.actions:
        card_tile(card_id)


def _draw_card(draw: ImageDraw.ImageDraw, x: int, y: int, card_id: str, sheet: Sheet | None) -> None:
    """One action card: its name, whose starter card it is (or "legendary"), and each option as a symbol and
    its word (the card's id is the game's, not a player's word)."""
    card = CATALOG.action(card_id)
    legendary = card.role is None
    rounded(draw, (x, y, x + CARD_W, y + CARD_H), Ink.WHITE, Ink.ORANGE if legendary else Ink.BLUE, radius=10, width=3)
    _say(draw, sheet, (x + CARD_W // 2, y + 22), card.name, TEXT, Ink.BLACK, bold=True, anchor="mm")
    kind = "legendary" if card.role is None else f"{card.role.replace('_', ' ')} card"
    _say(draw, sheet, (x + CARD_W // 2, y + 48), kind, TEXT, Ink.CHARCOAL, anchor="mm")
    for i, option in enumerate(card.options):
        oy = y + 84 + i * OPTION_STEP
        _symbol(draw, x + 24, oy, option.symbol)
        word = option.symbol.upper() + (f" ×{option.count}" if option.count > 1 else "")
        _say(draw, sheet, (x + 44, oy), word, TEXT, Ink.BLACK, bold=True, anchor="lm")
        if i < len(card.options) - 1:
            _say(draw, sheet, (x + CARD_W - 12, oy + OPTION_STEP // 2), "or", TEXT, Ink.GREY, anchor="rm")


def _rows(cards: int) -> int:
    return max(1, -(-min(cards, MAX_CARDS) // PER_ROW))


def _height(view: CapricornView) -> int:
    return HEADER + sum(_character_height(c) for c in own_characters(view)) + 10


def _character_height(c: CharacterView) -> int:
    return 44 + _rows(len(c.hand or [])) * (CARD_H + CARD_GAP) + 2 * BACKPACK_LINE + 14


def draw_hand(view: CapricornView, sheet: Sheet | None = None) -> Image.Image:
    """One block per own character: its disc, name, health and deck, its cards three to a row, its backpack.
    Every text at least 20 px in a 640-pixel image: 12.5 px on a phone (``render.core.zoom``)."""
    mine = own_characters(view)
    image = new_canvas(WIDTH, _height(view), Ink.PAPER)
    draw = ImageDraw.Draw(image)
    _say(draw, sheet, (16, 14), "Your hand — Abandon Capricorn", 24, Ink.BLACK, bold=True)
    top = HEADER
    for c in mine:
        crew(draw, (30, top + 22), c.letter, c.health, hiding=c.hiding, active=False)
        head = _fit(f"{c.name} · {c.health} health · deck {c.stack_size}", WIDTH - 80, 22)
        _say(draw, sheet, (64, top + 22), head, 22, Ink.BLACK, bold=True, anchor="lm")
        cards = c.hand or []
        if not cards:
            _say(draw, sheet, (64, top + 44 + CARD_H // 2), "no cards in hand", TEXT, Ink.GREY, bold=True, anchor="lm")
        for i, card_id in enumerate(cards[:MAX_CARDS]):
            x = 14 + (i % PER_ROW) * (CARD_W + CARD_GAP)
            _card(image, draw, x, top + 44 + (i // PER_ROW) * (CARD_H + CARD_GAP), card_id, sheet)
        pack = ", ".join(CATALOG.card_name(x) for x in c.backpack) or "empty"
        lines = wrap(f"Backpack: {pack}", font(TEXT), WIDTH - 32)[:2]
        below = top + 44 + _rows(len(cards)) * (CARD_H + CARD_GAP) + 4
        for i, line in enumerate(lines):
            _say(draw, sheet, (16, below + i * BACKPACK_LINE), line, TEXT, Ink.CHARCOAL)
        top += _character_height(c)
    return image


def _fit(words: str, width: int, size: int) -> str:
    """``words`` cut with an ellipsis to ``width`` at ``size`` (bold): never a smaller type."""
    return shortened(words, font(size, bold=True), width)
