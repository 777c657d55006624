"""A seat's private image: each character it plays, with the action cards in hand and their symbols.

Only a seat's own view holds hands (``CharacterView.hand``), so the public view has no hand image. A card
shows its name and each option as a coloured symbol badge with its word and count, so it reads without
colour; the backpack (public anyway) is listed under the hand because it is played from the same panel.
"""

from __future__ import annotations

import json

from PIL import Image, ImageDraw

from engine.capricorn.catalog import CATALOG
from engine.capricorn.view import CapricornView, CharacterView
from render.core import Ink, fitted, label, new_canvas, rounded, text
from render.core.sheet import MIN_TEXT

from .pieces import crew

WIDTH = 1280
ROW_HEIGHT = 250
HEADER = 56
CARD_W, CARD_H, CARD_GAP = 196, 170, 14

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
    draw.ellipse((x - 13, y - 13, x + 13, y + 13), fill=int(fill), outline=int(Ink.BLACK), width=2)
    label(draw, (x, y), glyph, 15, ink, bold=True, anchor="mm")


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, card_id: str) -> None:
    card = CATALOG.action(card_id)
    legendary = card.role is None
    rounded(draw, (x, y, x + CARD_W, y + CARD_H), Ink.WHITE, Ink.ORANGE if legendary else Ink.BLUE, radius=10, width=3)
    text(
        draw,
        (x + CARD_W // 2, y + 18),
        card.name,
        fitted(card.name, CARD_W - 16, 17, bold=True, smallest=MIN_TEXT),
        Ink.BLACK,
        anchor="mm",
    )
    label(draw, (x + CARD_W // 2, y + 39), "legendary" if legendary else card_id, MIN_TEXT, Ink.CHARCOAL, anchor="mm")
    for i, option in enumerate(card.options):
        oy = y + 72 + i * 40
        _symbol(draw, x + 26, oy, option.symbol)
        word = option.symbol.upper() + (f" ×{option.count}" if option.count > 1 else "")
        label(draw, (x + 48, oy), word, 17, Ink.BLACK, bold=True, anchor="lm")
        if i < len(card.options) - 1:
            label(draw, (x + CARD_W - 14, oy + 20), "or", MIN_TEXT, Ink.GREY, anchor="rm")


def draw_hand(view: CapricornView) -> Image.Image:
    """One row per own character: its disc, name, health, then its cards and its backpack."""
    mine = own_characters(view)
    height = HEADER + ROW_HEIGHT * max(1, len(mine))
    image = new_canvas(WIDTH, height, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    label(draw, (20, 16), "Your hand — Abandon Capricorn", 22, Ink.BLACK, bold=True)
    for row, c in enumerate(mine):
        top = HEADER + row * ROW_HEIGHT
        crew(draw, (36, top + 24), c.letter, c.health, hiding=c.hiding, active=False)
        label(draw, (64, top + 14), f"{c.name} · {c.health} health · deck {c.stack_size}", 18, Ink.BLACK, bold=True)
        cards = c.hand or []
        if not cards:
            label(draw, (64, top + 100), "no cards in hand", 18, Ink.GREY, bold=True)
        for i, card_id in enumerate(cards[:6]):
            _card(draw, 20 + i * (CARD_W + CARD_GAP), top + 46, card_id)
        pack = ", ".join(CATALOG.card_name(x) for x in c.backpack) or "empty"
        words = f"Backpack: {pack}"
        text(draw, (20, top + 46 + CARD_H + 12), words, fitted(words, WIDTH - 40, 15, smallest=MIN_TEXT), Ink.CHARCOAL)
    return image
