"""The pieces of Jupiter Deep as drawn: colonists, creeps, super creeps, robots, plants, dishes and dice.

Each piece carries its meaning in its shape as well as its colour, so a colour-blind player (or a phone at a
quarter of the size) tells them apart: a colonist is a plain round blue marker, a creep a black spiky star, a
super creep a bigger star ringed in vermillion with an ``S``, and a robot a square pawn in its seat's colour
with its letter. Plants carry a lightning bolt, dishes a dish; a die shows its number.

Every piece is drawn once per look into the shared sprite cache and stamped from there
(``render.core.stamps``): the same pixels as drawing it in place, without rasterizing it again.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from render.core import SPRITES, Ink, label, polygon, rounded, star_points

ROBOT_INK: dict[str, Ink] = {
    "red": Ink.VERMILLION,
    "blue": Ink.BLUE,
    "yellow": Ink.YELLOW,
    "green": Ink.GREEN,
    "purple": Ink.PURPLE,
    "orange": Ink.ORANGE,
    "white": Ink.WHITE,
}
"""Seat colours on Okabe & Ito's hues (red is their vermillion, blue their blue): the letter goes with each."""

LIGHT = frozenset({Ink.YELLOW, Ink.ORANGE, Ink.WHITE, Ink.SKY, Ink.PURPLE})
COLONIST_INK = Ink.SKY
Paint = Callable[[ImageDraw.ImageDraw, tuple[int, int]], None]
CREEP_INK = Ink.BLACK


def robot_ink(colour: str) -> Ink:
    """The palette ink of a seat colour (grey for a colour the data adds later)."""
    return ROBOT_INK.get(colour, Ink.GREY)


def letter_ink(fill: Ink) -> Ink:
    """Black on light inks, white on dark ones."""
    return Ink.BLACK if fill in LIGHT else Ink.WHITE


def _stamp(
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    key: tuple[object, ...],
    reach: int,
    paint: Paint,
) -> None:
    SPRITES.stamp(draw, centre, key, (-reach, -reach, reach, reach), paint)


def colonist(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int) -> None:
    """A colonist: a plain round blue marker with a dark rim."""

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        x, y = at
        body = (x - radius, y - radius, x + radius, y + radius)
        d.ellipse(body, fill=int(COLONIST_INK), outline=int(Ink.BLUE), width=2)
        head = max(2, radius // 3)
        d.ellipse((x - head, y - radius // 2 - head, x + head, y - radius // 2 + head), fill=int(Ink.WHITE))
        d.pieslice((x - radius // 2 - 1, y - 1, x + radius // 2 + 1, y + radius), 180, 360, fill=int(Ink.WHITE))

    _stamp(draw, centre, ("jupiter.colonist", radius), radius + 1, paint)


def creep(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int) -> None:
    """A creep: a black eight-pointed spiky star (never round, unlike a colonist)."""

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        polygon(d, star_points(at, radius, radius * 11 // 20, points=8), CREEP_INK, Ink.VERMILLION, width=2)
        x, y = at
        eye = max(2, radius // 5)
        d.ellipse((x - eye, y - eye, x + eye, y + eye), fill=int(Ink.VERMILLION))

    _stamp(draw, centre, ("jupiter.creep", radius), radius + 2, paint)


def super_creep(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int) -> None:
    """A super creep: a bigger twelve-pointed star ringed in vermillion, with an ``S``."""

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        polygon(d, star_points(at, radius, radius * 13 // 20, points=12), Ink.BLACK, Ink.VERMILLION, width=3)
        label(d, at, "S", radius, Ink.WHITE, bold=True, anchor="mm")

    _stamp(draw, centre, ("jupiter.super", radius), radius + 3, paint)


def robot(
    draw: ImageDraw.ImageDraw, centre: tuple[int, int], colour: str, letter: str, half: int, *, dim: bool = False
) -> None:
    """A robot pawn: a square in its seat's colour with a thick black rim and its letter (grey when out)."""
    fill = Ink.MIST if dim else robot_ink(colour)

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        x, y = at
        box = (x - half, y - half, x + half, y + half)
        rounded(d, box, fill, Ink.GREY if dim else Ink.BLACK, radius=max(3, half // 3), width=3 if half > 12 else 2)
        ink = Ink.GREY if dim else letter_ink(fill)
        label(d, (x, y + 1), letter, half * 3 // 2, ink, bold=True, anchor="mm")

    _stamp(draw, centre, ("jupiter.robot", colour, letter, half, dim), half + 1, paint)


def active_ring(draw: ImageDraw.ImageDraw, centre: tuple[int, int], half: int, *, pad: int = 9) -> None:
    """The halo round the active robot: black and orange, so it shows on any tile and any robot colour.

    ``pad`` is how far it reaches beyond the pawn: less inside the crowded pod.
    """
    black = max(2, pad // 3)

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        x, y = at
        outer = half + pad
        d.ellipse((x - outer, y - outer, x + outer, y + outer), outline=int(Ink.BLACK), width=black)
        outer -= black
        d.ellipse((x - outer, y - outer, x + outer, y + outer), outline=int(Ink.ORANGE), width=max(2, pad - black - 2))

    _stamp(draw, centre, ("jupiter.active", half, pad), half + pad + 1, paint)


def power_plant(draw: ImageDraw.ImageDraw, centre: tuple[int, int], half: int) -> None:
    """A power plant: a yellow square with a black lightning bolt."""

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        x, y = at
        rounded(d, (x - half, y - half, x + half, y + half), Ink.YELLOW, Ink.BLACK, radius=4, width=2)
        bolt = [
            (x + half * 0.25, y - half * 0.8),
            (x - half * 0.45, y + half * 0.1),
            (x - half * 0.02, y + half * 0.1),
            (x - half * 0.25, y + half * 0.8),
            (x + half * 0.45, y - half * 0.15),
            (x + half * 0.02, y - half * 0.15),
        ]
        d.polygon(bolt, fill=int(Ink.BLACK))

    _stamp(draw, centre, ("jupiter.plant", half), half + 1, paint)


def radar_dish(draw: ImageDraw.ImageDraw, centre: tuple[int, int], half: int) -> None:
    """A radar dish: a white disc with a dish (a bowl on a mast) and its signal."""

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        x, y = at
        d.ellipse((x - half, y - half, x + half, y + half), fill=int(Ink.WHITE), outline=int(Ink.BLACK), width=2)
        r = half * 0.62
        d.chord((x - r, y - r - half * 0.15, x + r, y + r - half * 0.15), 20, 200, fill=int(Ink.BLUE))
        d.line([(x, y + half * 0.2), (x, y + half * 0.7)], fill=int(Ink.BLACK), width=3)
        d.line([(x - half * 0.35, y + half * 0.7), (x + half * 0.35, y + half * 0.7)], fill=int(Ink.BLACK), width=3)
        d.arc((x - r * 0.2, y - half * 0.95, x + r * 1.2, y - half * 0.05), 270, 360, fill=int(Ink.BLACK), width=2)

    _stamp(draw, centre, ("jupiter.dish", half), half + 1, paint)


def die(draw: ImageDraw.ImageDraw, centre: tuple[int, int], value: int | str, half: int, *, lit: bool = False) -> None:
    """A die face showing ``value`` as a number (a number reads at a glance; pips at this size do not)."""

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        x, y = at
        fill = Ink.ORANGE if lit else Ink.WHITE
        rounded(d, (x - half, y - half, x + half, y + half), fill, Ink.BLACK, radius=max(3, half // 3), width=2)
        label(d, (x, y + 1), str(value), half * 3 // 2, Ink.BLACK, bold=True, anchor="mm")

    _stamp(draw, centre, ("jupiter.die", str(value), half, lit), half + 1, paint)


def empty_place(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int) -> None:
    """An empty place aboard the pod: a hollow ring."""

    def paint(d: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        x, y = at
        ring = (x - radius, y - radius, x + radius, y + radius)
        d.ellipse(ring, fill=int(Ink.WHITE), outline=int(Ink.SILVER), width=2)

    _stamp(draw, centre, ("jupiter.place", radius), radius + 1, paint)
