"""The pieces: aliens by shape and letter, Mothers with their health, crew by role letter, cubes, tokens.

Each look is drawn once into a sprite cache and stamped from there (crew members, in two parts, aliens and
Mothers in Capricorn's own, ``CREW_PARTS``, drawn ahead; the rest in the shared ``SPRITES``). Colour is never the
only cue: an alien's shape and letter give its type (square T tough, triangle F fast, diamond A aggressive), a Mother is
a big octagon with M and her health, a crew member a disc with the role letter, lying flat when hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from render.core import SPRITES, Ink, SpriteCache, font, label, polygon, text_width
from render.core.sheet import BLANK, INKED, REACH

ALIEN_INK: dict[str, Ink] = {"yellow": Ink.YELLOW, "blue": Ink.SKY, "red": Ink.VERMILLION}
ALIEN_SHAPE: dict[str, str] = {"yellow": "square", "blue": "triangle", "red": "diamond"}
MOTHER_INK: dict[str, tuple[Ink, Ink]] = {"black": (Ink.BLACK, Ink.WHITE), "green": (Ink.GREEN, Ink.WHITE)}


def _shape_points(shape: str, x: int, y: int, r: int) -> list[tuple[float, float]]:
    if shape == "square":
        return [(x - r + 1, y - r + 1), (x + r - 1, y - r + 1), (x + r - 1, y + r - 1), (x - r + 1, y + r - 1)]
    if shape == "triangle":
        return [(x, y - r - 2), (x + r + 2, y + r), (x - r - 2, y + r)]
    if shape == "diamond":
        return [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)]
    # an octagon, for Mothers
    k = r * 0.41
    return [
        (x - k, y - r),
        (x + k, y - r),
        (x + r, y - k),
        (x + r, y + k),
        (x + k, y + r),
        (x - k, y + r),
        (x - r, y + k),
        (x - r, y - k),
    ]


def alien(draw: ImageDraw.ImageDraw, at: tuple[int, int], color: str, letter: str, wounded: bool, r: int = 12) -> None:
    """An alien: its colour, its shape and its letter; a wounded Tough alien shows a small 1."""

    def paint(d: ImageDraw.ImageDraw, o: tuple[int, int]) -> None:
        x, y = o
        polygon(
            d,
            _shape_points(ALIEN_SHAPE.get(color, "square"), x, y, r),
            ALIEN_INK.get(color, Ink.GREY),
            Ink.BLACK,
            width=2,
        )
        label(
            d,
            (x, y + (3 if ALIEN_SHAPE.get(color) == "triangle" else 0)),
            letter,
            14,
            Ink.BLACK,
            bold=True,
            anchor="mm",
        )
        if wounded:
            d.ellipse((x + r - 4, y - r - 6, x + r + 8, y - r + 6), fill=int(Ink.WHITE), outline=int(Ink.BLACK))
            label(d, (x + r + 2, y - r), "1", 10, Ink.BLACK, bold=True, anchor="mm")

    reach = r + 9
    CREW_PARTS.stamp(draw, at, ("alien", color, letter, wounded, r), (-reach, -reach, reach, reach), paint)


def mother(draw: ImageDraw.ImageDraw, at: tuple[int, int], color: str, health: int, r: int = 17) -> None:
    """A Mother: a big octagon in her colour with M and her health beneath the letter."""
    fill, ink = MOTHER_INK.get(color, (Ink.CHARCOAL, Ink.WHITE))

    def paint(d: ImageDraw.ImageDraw, o: tuple[int, int]) -> None:
        x, y = o
        polygon(d, _shape_points("octagon", x, y, r), fill, Ink.ORANGE if color == "black" else Ink.BLACK, width=2)
        label(d, (x, y - 5), "M", 14, ink, bold=True, anchor="mm")
        label(d, (x, y + 8), str(health), 12, ink, bold=True, anchor="mm")

    reach = r + 2
    CREW_PARTS.stamp(draw, at, ("mother", color, health, r), (-reach, -reach, reach, reach), paint)


def warm_mothers(healths: Mapping[str, int], radii: Iterable[int]) -> None:
    """Draw now every Mother's look (``healths``: each colour's full health, down to 0) at ``radii``: a Mother's
    every wound changed her look at every size drawn (about 0.4 ms a look during play)."""
    scratch = ImageDraw.Draw(Image.new("P", (1, 1), 0))
    for r in radii:
        for color, most in healths.items():
            for health in range(most + 1):
                mother(scratch, (0, 0), color, health, r=r)


CREW_PIECE = 13
"""The size a crew member is drawn at unless told: the hand's and the detailed board's panel."""


def crew(
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    letter: str,
    health: int,
    *,
    hiding: bool,
    active: bool,
    r: int = CREW_PIECE,
) -> None:
    """A crew member: a white disc with the role letter and a health badge; lying flat (a bar) when hidden.

    The active character gets a thick orange ring, so whose turn it is shows on the map as well as the panel.
    Stamped in two parts from ``CREW_PARTS``: the body (``crew_body``), then the badge over it (``badge``), the
    pixels of drawing them in that order at once. A wound then costs no new look: a body is one of a few score
    (letter, pose, size; ``warm_crew`` draws them ahead) and a badge one of eleven.
    """
    crew_body(draw, at, letter, hiding=hiding, active=active, r=r)
    badge(draw, badge_at(at, hiding=hiding, r=r), health)


def badge_at(at: tuple[int, int], *, hiding: bool, r: int) -> tuple[int, int]:
    """Where a crew member's health badge is centred: at the disc's top right, or past a lying bar's end."""
    x, y = at
    return (x + r + 13, y - 4) if hiding else (x + r - 1, y - r + 1)


def crew_body(
    draw: ImageDraw.ImageDraw, at: tuple[int, int], letter: str, *, hiding: bool, active: bool, r: int
) -> None:
    """A crew member without the health badge: the disc and letter, or the lying bar and its z when hidden."""

    def paint(d: ImageDraw.ImageDraw, o: tuple[int, int]) -> None:
        x, y = o
        ring = Ink.ORANGE if active else Ink.BLUE
        if hiding:
            d.rounded_rectangle(
                (x - r - 5, y - 7, x + r + 5, y + 7),
                radius=7,
                fill=int(Ink.MIST),
                outline=int(ring),
                width=3 if active else 2,
            )
            d.line([(x - r - 2, y + 10), (x + r + 2, y + 10)], fill=int(Ink.PURPLE), width=3)
            label(d, (x - 4, y), letter, 13, Ink.BLUE, bold=True, anchor="mm")
            label(d, (x + 9, y), "z", 11, Ink.PURPLE, bold=True, anchor="mm")
        else:
            d.ellipse((x - r, y - r, x + r, y + r), fill=int(Ink.WHITE), outline=int(ring), width=4 if active else 3)
            label(d, (x, y), letter, 15, Ink.BLUE, bold=True, anchor="mm")

    reach = r + BODY_SLACK
    CREW_PARTS.stamp(draw, at, ("body", letter, hiding, active, r), (-reach, -reach, reach, reach), paint)


BODY_SLACK = 8
"""How far past its radius a crew body draws at most: the lying bar reaches ``r + 5`` across and 12 down."""
BADGE_REACH = 12
"""How far from its point a health badge draws at most (its box is 16 × 14, its number inside it)."""


def badge(draw: ImageDraw.ImageDraw, at: tuple[int, int], health: int) -> None:
    """A crew member's health: a white number on a black box around ``at``."""

    def paint(d: ImageDraw.ImageDraw, o: tuple[int, int]) -> None:
        bx, by = o
        d.rectangle((bx - 7, by - 7, bx + 8, by + 6), fill=int(Ink.BLACK))
        label(d, (bx + 1, by), str(health), 11, Ink.WHITE, bold=True, anchor="mm")

    reach = BADGE_REACH
    CREW_PARTS.stamp(draw, at, ("badge", health), (-reach, -reach, reach, reach), paint)


CREW_PARTS = SpriteCache(max_entries=512)
"""Crew bodies and badges, aliens and Mothers: Capricorn's own (``warm_crew`` and the renderer's ``warm`` fill it with
about 380 small stamps, which the process-wide ``SPRITES`` other games share would have to forget for them)."""


def warm_crew(letters: Iterable[str], sizes: Iterable[int], healths: Iterable[int]) -> None:
    """Draw now every crew body of ``letters`` at ``sizes`` (each pose) and every badge of ``healths``, and measure
    them (``crew_shape``): a piece's first look at a size then costs no drawing or measure during a game (about
    0.4 ms a look)."""
    scratch = ImageDraw.Draw(Image.new("P", (1, 1), 0))
    for letter in letters:
        for r in sizes:
            for hiding in (False, True):
                for active in (False, True):
                    crew_body(scratch, (0, 0), letter, hiding=hiding, active=active, r=r)
                    body_shape(letter, hiding, active, r)
    for health in healths:
        badge(scratch, (0, 0), health)
        badge_shape(health)


Shape = tuple[tuple[int, int, int, int], Image.Image]
"""What a piece inks drawn centred on ``(0, 0)``: the box of its ink and the mask of it there (mode ``"L"``, 255
where inked), as ``render.core.sheet.drawn`` measures a piece."""


def crew_shape(letter: str, health: int, *, hiding: bool, active: bool, r: int) -> Shape:
    """``crew``'s ``Shape``, put together from its body's and its badge's (each measured once, ``warm_crew``): what
    the two inked, as measuring the piece drawn whole gives (the pieces' places test it, the sheets note it), for a
    look never met before without drawing it (a wound changes a crew member's look at every size)."""
    body_box, body = body_shape(letter, hiding, active, r)
    bx, by = badge_at((0, 0), hiding=hiding, r=r)
    (left, top, right, bottom), number = badge_shape(health)
    badge_box = (left + bx, top + by, right + bx, bottom + by)
    box = (
        min(body_box[0], badge_box[0]),
        min(body_box[1], badge_box[1]),
        max(body_box[2], badge_box[2]),
        max(body_box[3], badge_box[3]),
    )
    pixels = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
    pixels.paste(255, (body_box[0] - box[0], body_box[1] - box[1]), body)
    pixels.paste(255, (badge_box[0] - box[0], badge_box[1] - box[1]), number)
    return box, pixels


@lru_cache(maxsize=512)
def body_shape(letter: str, hiding: bool, active: bool, r: int) -> Shape:
    """``crew_body``'s ``Shape`` (Capricorn's own, like ``CREW_PARTS``)."""
    return measured(partial(crew_body, letter=letter, hiding=hiding, active=active, r=r))


@lru_cache(maxsize=64)
def badge_shape(health: int) -> Shape:
    """``badge``'s ``Shape``."""
    return measured(partial(badge, health=health))


def measured(paint: Callable[[ImageDraw.ImageDraw, tuple[int, int]], None]) -> Shape:
    """``render.core.sheet.drawn``'s measure of ``paint`` at ``(0, 0)``, kept here rather than in the shared looks."""
    image = Image.new("L", (2 * REACH, 2 * REACH), BLANK)
    paint(ImageDraw.Draw(image), (REACH, REACH))
    inked = image.point(INKED)
    left, top, right, bottom = inked.getbbox() or (REACH, REACH, REACH, REACH)
    return (left - REACH, top - REACH, right - REACH, bottom - REACH), inked.crop((left, top, right, bottom))


def cube(draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    """A chemistry cube: a small purple square with a C, set at the space's corner so pieces stay visible."""

    def paint(d: ImageDraw.ImageDraw, o: tuple[int, int]) -> None:
        x, y = o
        d.rectangle((x - 7, y - 7, x + 7, y + 7), fill=int(Ink.PURPLE), outline=int(Ink.BLACK))
        label(d, (x, y), "C", 11, Ink.BLACK, bold=True, anchor="mm")

    SPRITES.stamp(draw, at, ("capricorn", "cube"), (-8, -8, 8, 8), paint)


def search_token(draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    """A search token on a searched dot: a grey disc with a cross (nothing more to find here)."""

    def paint(d: ImageDraw.ImageDraw, o: tuple[int, int]) -> None:
        x, y = o
        d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=int(Ink.GREY), outline=int(Ink.BLACK))
        d.line([(x - 3, y - 3), (x + 3, y + 3)], fill=int(Ink.WHITE), width=2)
        d.line([(x - 3, y + 3), (x + 3, y - 3)], fill=int(Ink.WHITE), width=2)

    SPRITES.stamp(draw, at, ("capricorn", "searched"), (-7, -7, 7, 7), paint)


def warm_tokens() -> None:
    """Draw now the cube and the search token (one look each, about 0.3 ms the first time one is met)."""
    scratch = ImageDraw.Draw(Image.new("P", (1, 1), 0))
    cube(scratch, (0, 0))
    search_token(scratch, (0, 0))


def stack(draw: ImageDraw.ImageDraw, at: tuple[int, int], letters: str) -> None:
    """Pieces too many for their space to stand apart: one white tag listing them (e.g. ``F F T1 C9``: a wounded
    Tough alien, a crew member with 9 health)."""

    def paint(d: ImageDraw.ImageDraw, o: tuple[int, int]) -> None:
        x, y = o
        half = text_width(letters, font(14, bold=True)) // 2 + 4
        d.rounded_rectangle((x - half, y - 10, x + half, y + 10), radius=5, fill=int(Ink.WHITE), outline=int(Ink.BLACK))
        label(d, (x, y), letters, 14, Ink.BLACK, bold=True, anchor="mm")

    reach = text_width(letters, font(14, bold=True)) // 2 + 6
    SPRITES.stamp(draw, at, ("capricorn", "stack", letters), (-reach, -12, reach, 12), paint)
