"""A seat's private image: its hand, inventory, task(s) and remembered peeks (digest §5)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.derelict.view import DerelictView
from render.core import Ink, fitted, font, label, new_canvas, rounded, text, wrap

WIDTH, HEIGHT = 1200, 700


def has_private(view: DerelictView) -> bool:
    return view.viewer is not None and bool(view.hand or view.items or view.tasks or view.peeks)


def draw_hand(view: DerelictView) -> Image.Image:
    image = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    assert view.viewer is not None
    name = view.seats[view.viewer].name
    label(draw, (20, 14), f"{name}: private (only you see this)", 24, Ink.BLACK, bold=True)
    x = 20
    for card in view.hand:
        rounded(draw, (x, 60, x + 140, 150), Ink.MIST if "infection" in card else Ink.WHITE, Ink.BLACK, radius=8)
        lines = wrap(card, font(15, bold=True), 124)
        for i, line in enumerate(lines[:3]):
            label(draw, (x + 70, 80 + i * 20), line, 15, Ink.BLACK, bold=True, anchor="mm")
        x += 150
    if not view.hand:
        label(draw, (20, 100), "Your hand is empty.", 16, Ink.CHARCOAL)
    y = 170
    label(draw, (20, y), "Items: " + (", ".join(view.items) or "none"), 16, Ink.BLACK)
    y += 34
    heading = "Your task" if len(view.tasks) == 1 else "Your two tasks (keep one)"
    label(draw, (20, y), heading, 18, Ink.BLACK, bold=True)
    y += 28
    for task in view.tasks:
        for line in wrap(task, font(16), WIDTH - 40):
            label(draw, (20, y), line, 16, Ink.BLACK)
            y += 22
    y += 12
    if view.peeks:
        label(draw, (20, y), "What you have seen", 18, Ink.BLACK, bold=True)
        y += 28
        for peek in view.peeks[-8:]:
            face = fitted(peek, WIDTH - 40, 15)
            text(draw, (20, y), peek, face, Ink.BLACK)
            y += 22
    return image
