"""The pieces of ¡Abordaje! as drawn: crew tokens, captains, control markers and order cards.

Each piece carries its meaning twice, in colour and in a letter or shape, so a colour-blind player (or a
phone at a quarter of the size) reads it from the letter: crew are discs with P or S, a captain is a star
with his side's letter, a control marker is a yellow square with its owner's letter, and an order shows its
priority number beside its name.

Every piece is drawn once per look (side, size, kind…) into the shared sprite cache and stamped from there
(``render.core.stamps``): the same pixels as drawing it in place, without rasterizing its text again.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from engine.abordaje.catalog import CATALOG
from engine.abordaje.view import CardKind, Side, SlotView
from render.core import (
    SPRITES,
    Box,
    Ink,
    dashed_box,
    disc,
    fitted,
    hatch,
    label,
    polygon,
    rounded,
    star_points,
    text,
)

SIDE_INK: dict[Side, Ink] = {"pirate": Ink.BLACK, "spanish": Ink.VERMILLION}
SIDE_LETTER: dict[Side, str] = {"pirate": "P", "spanish": "S"}
SIDE_NAME: dict[Side, str] = {"pirate": "Pirates", "spanish": "Spanish"}
SHIP_TINT: dict[Side, Ink] = {"pirate": Ink.SLATE_TINT, "spanish": Ink.VERMILLION_TINT}
SIDES: tuple[Side, Side] = ("pirate", "spanish")


def crew_token(draw: ImageDraw.ImageDraw, centre: tuple[int, int], side: Side, radius: int = 22) -> None:
    """A crew disc in the side's colour with its letter."""
    disc(draw, centre, radius, SIDE_INK[side], SIDE_LETTER[side], Ink.WHITE, outline=Ink.WHITE)


def captain(draw: ImageDraw.ImageDraw, centre: tuple[int, int], side: Side, radius: int = 27) -> None:
    """A captain: a star (the shape says "captain") in his side's colour with his side's letter."""

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        polygon(d, star_points(at, radius, radius * 3 // 5), SIDE_INK[side], Ink.YELLOW, width=2)
        letter_at = (at[0], at[1] + radius // 8)
        label(d, letter_at, SIDE_LETTER[side], radius * 3 // 4, Ink.WHITE, bold=True, anchor="mm")

    reach = radius + 2
    SPRITES.stamp(draw, centre, ("abordaje.captain", side, radius), (-reach, -reach, reach, reach), paint)


def _boxed(
    draw: ImageDraw.ImageDraw, box: Box, key: tuple[object, ...], paint: Callable[[ImageDraw.ImageDraw, Box], None]
) -> None:
    """Stamp a piece that fills ``box``, keyed by ``key`` and the box's size (its place does not matter)."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0

    def at(d: ImageDraw.ImageDraw, origin: tuple[int, int]) -> None:
        paint(d, (origin[0], origin[1], origin[0] + width, origin[1] + height))

    SPRITES.stamp(draw, (x0, y0), (*key, width, height), (0, 0, width, height), at)


def control_marker(draw: ImageDraw.ImageDraw, box: Box, owner: Side) -> None:
    """A yellow control marker (a square, unlike the round crew) with its owner's letter."""

    def paint(d: ImageDraw.ImageDraw, box: Box) -> None:
        rounded(d, box, Ink.YELLOW, Ink.BLACK, radius=4, width=2)
        x0, y0, x1, y1 = box
        centre = ((x0 + x1) // 2, (y0 + y1) // 2)
        label(d, centre, SIDE_LETTER[owner], (y1 - y0) * 2 // 3, Ink.BLACK, bold=True, anchor="mm")

    _boxed(draw, box, ("abordaje.marker", owner), paint)


def card_back(draw: ImageDraw.ImageDraw, box: Box, *, radius: int = 8) -> None:
    """A face-down order: blue back with a question mark."""

    def paint(d: ImageDraw.ImageDraw, box: Box) -> None:
        rounded(d, box, Ink.BLUE, Ink.BLACK, radius=radius, width=2)
        x0, y0, x1, y1 = box
        label(d, ((x0 + x1) // 2, (y0 + y1) // 2), "?", (y1 - y0) * 3 // 5, Ink.WHITE, bold=True, anchor="mm")

    _boxed(draw, box, ("abordaje.back", radius), paint)


def priority_badge(
    draw: ImageDraw.ImageDraw, centre: tuple[int, int], kind: CardKind, radius: int, *, dim: bool = False
) -> None:
    """The order's priority (1 executes first) in a dark circle: the number is the card's short name."""
    fill = Ink.GREY if dim else Ink.CHARCOAL
    disc(draw, centre, radius, fill, str(CATALOG.priority(kind)), Ink.WHITE, size=radius * 5 // 4)


def order_face(draw: ImageDraw.ImageDraw, box: Box, kind: CardKind, *, spent: bool) -> None:
    """A face-up order: priority badge and name. A spent order keeps a readable name on a grey face, with
    its badge replaced by a tick (the shape, not only the grey, says "done")."""

    def paint(d: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = box
        rounded(d, box, Ink.MIST if spent else Ink.WHITE, Ink.GREY if spent else Ink.BLACK, radius=8, width=2)
        radius = min(18, (y1 - y0) // 2 - 6)
        centre = (x0 + 8 + radius, (y0 + y1) // 2)
        if spent:
            disc(d, centre, radius, Ink.GREY, "✓", Ink.WHITE, size=radius * 5 // 4)
        else:
            priority_badge(d, centre, kind, radius)
        text_left = x0 + 16 + 2 * radius
        name = CATALOG.name(kind)
        face = fitted(name, x1 - text_left - 6, 24, bold=True, smallest=14)
        ink = Ink.CHARCOAL if spent else Ink.BLACK
        text(d, ((text_left + x1) // 2, (y0 + y1) // 2), name, face, ink, anchor="mm")

    _boxed(draw, box, ("abordaje.order", kind, spent), paint)


def order_slot(draw: ImageDraw.ImageDraw, box: Box, slot: SlotView, *, now: bool) -> None:
    """One side's order on one ship-deck card: empty, face down, face up or spent.

    ``now`` marks the slot the players are filling at this moment.
    """
    x0, y0, x1, y1 = box
    if not slot.filled:
        dashed_box(draw, box, Ink.ORANGE if now else Ink.SILVER, width=3 if now else 2)
        if now:
            centre = ((x0 + x1) // 2, (y0 + y1) // 2)
            label(draw, centre, "placing…", 20, Ink.CHARCOAL, bold=True, anchor="mm")
        return
    if slot.kind is None:
        card_back(draw, box)
        if slot.spent:  # cannot happen in the engine today (a spent card is revealed); drawn honestly anyway
            hatch(draw, box, Ink.MIST, step=10)
        return
    order_face(draw, box, slot.kind, spent=slot.spent)


def conquered_face(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A flipped (conquered) ship-deck card: plain grey with stripes, no longer in play."""

    def paint(d: ImageDraw.ImageDraw, box: Box) -> None:
        rounded(d, box, Ink.MIST, Ink.GREY, radius=6, width=2)
        x0, y0, x1, y1 = box
        hatch(d, (x0 + 3, y0 + 3, x1 - 3, y1 - 3), Ink.SILVER, step=16, width=2)

    _boxed(draw, box, ("abordaje.conquered",), paint)
