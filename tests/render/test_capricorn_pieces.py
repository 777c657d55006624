"""Abandon Capricorn's crew pieces, stamped in two kept parts (a body, then a health badge), are the piece drawn at
once: every role's letter, every health, hidden or not, acting or not, at the sizes the boards use."""

from __future__ import annotations

from functools import partial

import pytest
from PIL import Image, ImageDraw

from engine.capricorn.catalog import CATALOG
from render.capricorn.pieces import CREW_PARTS, crew, crew_shape, warm_crew
from render.core import Ink, label
from render.core.sheet import REACH, _measure


def drawn_at_once(
    draw: ImageDraw.ImageDraw, at: tuple[int, int], letter: str, health: int, hiding: bool, active: bool, r: int
) -> None:
    """The crew piece as it was drawn before it was cut in two: the body and its badge in one go."""
    x, y = at
    ring = Ink.ORANGE if active else Ink.BLUE
    if hiding:
        draw.rounded_rectangle(
            (x - r - 5, y - 7, x + r + 5, y + 7),
            radius=7,
            fill=int(Ink.MIST),
            outline=int(ring),
            width=3 if active else 2,
        )
        draw.line([(x - r - 2, y + 10), (x + r + 2, y + 10)], fill=int(Ink.PURPLE), width=3)
        label(draw, (x - 4, y), letter, 13, Ink.BLUE, bold=True, anchor="mm")
        label(draw, (x + 9, y), "z", 11, Ink.PURPLE, bold=True, anchor="mm")
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=int(Ink.WHITE), outline=int(ring), width=4 if active else 3)
        label(draw, (x, y), letter, 15, Ink.BLUE, bold=True, anchor="mm")
    bx, by = (x + r + 13, y - 4) if hiding else (x + r - 1, y - r + 1)
    draw.rectangle((bx - 7, by - 7, bx + 8, by + 6), fill=int(Ink.BLACK))
    label(draw, (bx + 1, by), str(health), 11, Ink.WHITE, bold=True, anchor="mm")


def striped() -> Image.Image:
    """A canvas whose every row differs, so a stamp that left a pixel out (or inked one too many) shows."""
    image = Image.new("P", (90, 70), int(Ink.PAPER))
    draw = ImageDraw.Draw(image)
    for y in range(0, 70, 2):
        draw.line([(0, y), (89, y)], fill=int(Ink.SLATE_TINT))
    return image


@pytest.mark.parametrize("r", [15, 12, 8])
def test_a_crew_piece_stamped_in_two_parts_is_the_piece_drawn_at_once(r: int) -> None:
    letters = [role.letter for role in CATALOG.roles.values()]
    for letter in letters:
        for health in range(CATALOG.rules.character_health + 1):
            for hiding in (False, True):
                for active in (False, True):
                    stamped, whole = striped(), striped()
                    crew(ImageDraw.Draw(stamped), (40, 36), letter, health, hiding=hiding, active=active, r=r)
                    drawn_at_once(ImageDraw.Draw(whole), (40, 36), letter, health, hiding, active, r)
                    assert stamped.tobytes() == whole.tobytes(), (letter, health, hiding, active, r)


def test_warming_the_crew_draws_each_body_and_badge_once_and_no_piece_later() -> None:
    warm_crew("EX", (13, 9), range(3))
    drawn = CREW_PARTS.draws
    warm_crew("EX", (13, 9), range(3))
    crew(ImageDraw.Draw(striped()), (40, 36), "X", 2, hiding=True, active=False, r=9)
    assert CREW_PARTS.draws == drawn


@pytest.mark.parametrize("r", [15, 13, 12, 8])
def test_a_crew_pieces_shape_put_together_from_its_parts_is_the_piece_measured_whole(r: int) -> None:
    """The pieces' places and the sheets read a crew member's ink from its body's and badge's: it must be what
    measuring the whole piece drawn gives (``render.core.sheet.drawn``), box and pixels."""
    for letter in [role.letter for role in CATALOG.roles.values()]:
        for health in range(CATALOG.rules.character_health + 1):
            for hiding in (False, True):
                for active in (False, True):
                    box, pixels = crew_shape(letter, health, hiding=hiding, active=active, r=r)
                    look = partial(crew, letter=letter, health=health, hiding=hiding, active=active, r=r)
                    whole_box, whole = _measure(look)
                    moved = tuple(v - REACH for v in whole_box)
                    assert (box, pixels.tobytes()) == (moved, whole.tobytes()), (letter, health, hiding, active, r)
