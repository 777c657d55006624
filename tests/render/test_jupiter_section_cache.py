"""Kept sections (``render.jupiter.sections``): pasted where they stand, the same pixels and layout as drawn there.

A section is drawn once per what it shows and pasted through the mask of what it set, or as a rectangle on
the one ink its caller says lies under it; drawn in place when it inks outside its box, and always when a
sheet measures letters (the legibility tests measure the drawing itself).
"""

from __future__ import annotations

from functools import partial

from PIL import Image, ImageDraw

from render.core import Ink, font, new_canvas
from render.core.sheet import Sheet, say
from render.jupiter.sections import Origin, SectionCache


def _badge(words: str, reach: int, draw: ImageDraw.ImageDraw, sheet: Sheet | None, at: Origin) -> None:
    """A framed text reaching ``reach`` pixels right of its origin."""
    x, y = at
    draw.rectangle((x, y, x + reach, y + 30), outline=int(Ink.BLACK), width=2)
    say(draw, sheet, (x + 6, y + 15), words, font(18, bold=True), Ink.BLUE, "lm")


def board(sections: SectionCache | None, paints: list[tuple[Origin, partial[None]]]) -> tuple[bytes, list[object]]:
    image = new_canvas(300, 200, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    draw.line((0, 0, 300, 200), fill=int(Ink.VERMILLION), width=9)  # something under the sections
    sheet = Sheet(boxes_only=True)
    for origin, paint in paints:
        if sections is None:
            paint(draw, sheet, origin)
        else:
            sections.put(image, draw, sheet, origin, (0, 0, 120, 31), paint)
    return image.tobytes(), [(m.text, m.box) for m in sheet.marks]


def test_a_kept_section_pasted_anywhere_is_the_section_drawn_there() -> None:
    sections = SectionCache()
    paints = [((10, 10), partial(_badge, "T08", 100)), ((150, 60), partial(_badge, "T08", 100))]
    paints += [((40, 120), partial(_badge, "T09", 100)), ((45, 125), partial(_badge, "T08", 100))]  # overlapping
    assert board(sections, paints) == board(None, paints)
    assert sections.draws == 2 and sections.hits == 2
    assert board(sections, paints[::-1]) == board(None, paints[::-1])


def test_a_section_inking_outside_its_box_is_drawn_in_place() -> None:
    sections = SectionCache()
    paints = [((10, 10), partial(_badge, "wide", 200)), ((10, 100), partial(_badge, "wide", 200))]
    assert board(sections, paints) == board(None, paints)


def test_a_section_on_its_ground_is_pasted_as_a_rectangle() -> None:
    sections = SectionCache()
    paint = partial(_badge, "T12", 100)
    image = Image.new("P", (200, 60), int(Ink.MIST))
    drawn = image.copy()
    sheet, kept = Sheet(boxes_only=True), Sheet(boxes_only=True)
    paint(ImageDraw.Draw(drawn), sheet, (20, 10))
    for _ in range(2):
        pasted = image.copy()
        sections.put(pasted, ImageDraw.Draw(pasted), kept, (20, 10), (0, 0, 120, 31), paint, int(Ink.MIST))
        assert pasted.tobytes() == drawn.tobytes()
    assert [m.box for m in kept.marks] == [m.box for m in sheet.marks] * 2


def test_a_sheet_measuring_letters_gets_every_section_drawn() -> None:
    sections = SectionCache()
    image = new_canvas(300, 100, Ink.PAPER)
    sheet = Sheet()
    sections.put(image, ImageDraw.Draw(image), sheet, (10, 10), (0, 0, 120, 31), partial(_badge, "T01", 100))
    assert sections.draws == 0 and sheet.marks[0].letters.size != (1, 1)
