"""The pieces: aliens by shape and letter, Mothers with their health, crew by role letter, cubes, tokens.

Each look is drawn once into the shared sprite cache and stamped from there. Colour is never the only cue:
an alien's shape and letter give its type (square T tough, triangle F fast, diamond A aggressive), a Mother is
a big octagon with M and her health, a crew member a disc with the role letter, lying flat when hidden.
"""

from __future__ import annotations

from PIL import ImageDraw

from render.core import SPRITES, Ink, font, label, polygon, text_width

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
    SPRITES.stamp(draw, at, ("capricorn", "alien", color, letter, wounded, r), (-reach, -reach, reach, reach), paint)


def mother(draw: ImageDraw.ImageDraw, at: tuple[int, int], color: str, health: int, r: int = 17) -> None:
    """A Mother: a big octagon in her colour with M and her health beneath the letter."""
    fill, ink = MOTHER_INK.get(color, (Ink.CHARCOAL, Ink.WHITE))

    def paint(d: ImageDraw.ImageDraw, o: tuple[int, int]) -> None:
        x, y = o
        polygon(d, _shape_points("octagon", x, y, r), fill, Ink.ORANGE if color == "black" else Ink.BLACK, width=2)
        label(d, (x, y - 5), "M", 14, ink, bold=True, anchor="mm")
        label(d, (x, y + 8), str(health), 12, ink, bold=True, anchor="mm")

    reach = r + 2
    SPRITES.stamp(draw, at, ("capricorn", "mother", color, health, r), (-reach, -reach, reach, reach), paint)


def crew(
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    letter: str,
    health: int,
    *,
    hiding: bool,
    active: bool,
    r: int = 13,
) -> None:
    """A crew member: a white disc with the role letter and a health badge; lying flat (a bar) when hidden.

    The active character gets a thick orange ring, so whose turn it is shows on the map as well as the panel.
    """

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
        bx, by = (x + r + 13, y - 4) if hiding else (x + r - 1, y - r + 1)
        d.rectangle((bx - 7, by - 7, bx + 8, by + 6), fill=int(Ink.BLACK))
        label(d, (bx + 1, by), str(health), 11, Ink.WHITE, bold=True, anchor="mm")

    reach = r + 22
    key = ("capricorn", "crew", letter, health, hiding, active, r)
    SPRITES.stamp(draw, at, key, (-reach, -reach, reach, reach), paint)


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
