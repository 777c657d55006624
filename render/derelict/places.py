"""Where the Derelict board puts what a player reads to act and the pieces: one list both the drawing and the
measured layout (``render.core.sheet``) come from, so the sheet the legibility tests read is the board drawn.

What a player reads to act: the room ids they type (``S05``), the room names the choices show (``Reactor
Control``), the exit numbers of "Exit 2: …" choices and the duct names. Pieces: noise badges on corridors and
ducts, FIRE and MALF badges, intruders (shape, letter and wounds) and characters in rooms, a ``+n`` tag when a
room holds more intruders than its row has places for.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import ImageDraw

from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, RoomView
from render.core import Font, Ink, disc, label, polygon, rounded, star_points, text_width
from render.core.canvas import shortened
from render.core.fonts import font
from render.core.sheet import Paint, Sheet

from .layout import DD_Y, DU_Y, LEFT, WIDTH, room_box, side_point

MALFUNCTION = Ink.BLUE
"""A malfunction's fill (with a white X or MALF): never the what-changed rings' purple
(``render.core.changes.MARK``), so a malfunction never looks like a framed change, nor a framed change like a
malfunction; the letters tell them apart as well as the colour."""
SEAT_INKS = (Ink.ORANGE, Ink.SKY, Ink.GREEN, Ink.PURPLE, Ink.YELLOW)
DUCT_BAND = {"DU": DU_Y, "DD": DD_Y}

NAME_Y = 38  # the room id and name row, below the exit-1 disc
NAME_X = 50  # where a room's name starts, after its id
BAR_Y = NAME_Y + 12  # the room colour bar
DETAILS_Y = 68  # colour word, items, PC
OBJECTS_Y = 85  # objects left in the room: up to two lines, clear of the exit-2 and exit-4 numbers
OBJECTS_PITCH = 18  # a 14 px line over a 12-14 px one, their halos apart
OBJECTS_INDENT = 27  # the second line's margins: clear of the exit-2 and exit-4 discs below it
BADGE_Y = 125  # FIRE and MALF, between the exit-2 and exit-4 discs
INTRUDER_Y = 156
CHARACTER_Y = 189
EXIT_INSET = 12  # an exit disc's centre from the room's side
EXIT_R = 11
INTRUDER_R = 13
INTRUDER_STEP = 41
INTRUDER_ROW = 4  # intruders a room's row shows before a "+n" tag takes the last place
CHARACTER_R = 15
CHARACTER_STEP = 33
ROW_X = 20  # the first piece's centre from the room's left side
NOISE_R = 10
NAME_FACES = ((16, True), (15, True), (14, True), (16, False), (15, False), (14, False))
"""Sizes and weights a room name may take, largest first: never under 14 px (a player types it)."""


@dataclass(frozen=True)
class Words:
    """A text a player reads to act, where it is drawn and how."""

    xy: tuple[int, int]
    words: str
    size: int
    ink: Ink
    bold: bool = False
    anchor: str = "la"

    def draw(self, draw: ImageDraw.ImageDraw) -> None:
        label(draw, self.xy, self.words, self.size, self.ink, bold=self.bold, anchor=self.anchor)


@dataclass(frozen=True)
class Piece:
    """A piece on a space (room id, corridor ``A|B`` or duct), drawn by ``paint`` centred on ``at``."""

    space: str
    what: str
    at: tuple[int, int]
    paint: Paint


def duct_names() -> list[Words]:
    out = []
    for duct, (y0, y1) in DUCT_BAND.items():
        name = next(d.name for d in CATALOG.map.ducts if d.id == duct)
        out.append(Words((LEFT + 8, (y0 + y1) // 2), f"{duct}: {name}", 16, Ink.CHARCOAL, bold=True, anchor="lm"))
    return out


def exit_numbers(room: str) -> list[Words]:
    """A room's four exit numbers, each centred in its disc (``exit_disc``)."""
    return [Words(exit_point(room, n), str(n), 15, Ink.BLACK, bold=True, anchor="mm") for n in range(1, 5)]


def exit_point(room: str, n: int) -> tuple[int, int]:
    return side_point(room, n, inset=EXIT_INSET)


def room_id(room: str) -> Words:
    x0, y0, _, _ = room_box(room)
    return Words((x0 + 8, y0 + NAME_Y), room, 16, Ink.CHARCOAL, bold=True, anchor="lm")


def static_names(rooms: tuple[str, ...] = CATALOG.map_order) -> list[Words]:
    """The names that never change: duct names, every room's id and exit numbers."""
    out = duct_names()
    for room in rooms:
        out.append(room_id(room))
        out.extend(exit_numbers(room))
    return out


def room_name(room: RoomView) -> Words | None:
    """An explored room's name after its id, in the largest face (never under 14 px) that fits the room."""
    if room.name is None:
        return None
    x0, y0, x1, _ = room_box(room.id)
    room_width = x1 - x0 - NAME_X - 8
    size, bold = next(
        ((s, b) for s, b in NAME_FACES if text_width(room.name, font(s, bold=b)) <= room_width), NAME_FACES[-1]
    )
    return Words((x0 + NAME_X, y0 + NAME_Y), room.name, size, Ink.BLACK, bold=bold, anchor="lm")


def view_names(view: DerelictView) -> list[Words]:
    """The names a player reads on the board of ``view``: the static ones and the explored rooms' names."""
    return static_names() + [w for w in map(room_name, view.rooms) if w is not None]


def noise_point(key: str) -> tuple[int, int]:
    """A noise badge's place: the middle of its corridor, or the right end of its duct band."""
    if "|" in key:
        a, b = key.split("|")
        xa, ya = side_point(a, CATALOG.exits[a].index(b) + 1)
        xb, yb = side_point(b, CATALOG.exits[b].index(a) + 1)
        return ((xa + xb) // 2, (ya + yb) // 2)
    y0, y1 = DUCT_BAND[key]
    return (WIDTH - LEFT - 40, (y0 + y1) // 2)


def paint_noise(draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    disc(draw, at, NOISE_R, Ink.YELLOW, "N", Ink.BLACK, outline=Ink.BLACK, size=14)


def paint_badge(word: str, ink: Ink, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    x, y = at
    rounded(draw, (x - 29, y - 11, x + 29, y + 11), ink, Ink.BLACK, radius=5, width=2)
    label(draw, (x, y), word, 14, Ink.WHITE, bold=True, anchor="mm")


def paint_intruder(kind: str, letter: str, wounds: int, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    """An intruder: a shape per type with its letter; its wounds as a number at its top right. Drawn from plain
    values (an ``IntruderView`` is not hashable), so the sheet measures each look once."""
    x, y = at
    r = INTRUDER_R
    fill = Ink.CHARCOAL
    if kind == "larva":
        draw.ellipse((x - r + 3, y - r + 3, x + r - 3, y + r - 3), fill=int(fill), outline=int(Ink.BLACK))
    elif kind == "crawler":
        draw.rectangle((x - r + 1, y - r + 1, x + r - 1, y + r - 1), fill=int(fill), outline=int(Ink.BLACK))
    elif kind == "hunter":
        polygon(draw, [(x, y - r - 2), (x + r + 2, y + r), (x - r - 2, y + r)], fill, Ink.BLACK, width=2)
    elif kind == "brooder":
        polygon(draw, [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill, Ink.BLACK, width=2)
    else:
        polygon(draw, star_points((x, y), r + 3, r // 2 + 1), Ink.VERMILLION, Ink.BLACK, width=2)
    label(draw, (x, y + 2), letter, 14, Ink.WHITE, bold=True, anchor="mm")
    if wounds:
        label(draw, (x + r + 1, y - r), str(wounds), 14, Ink.VERMILLION, bold=True, anchor="lm")


def paint_tag(words: str, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    label(draw, at, words, 14, Ink.BLACK, bold=True, anchor="mm")


def paint_character(letter: str, ink: Ink, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    disc(draw, at, CHARACTER_R, ink, letter, Ink.BLACK, outline=Ink.BLACK, size=16)


def room_pieces(view: DerelictView, room: RoomView) -> list[Piece]:
    """A room's badges, intruders (a ``+n`` tag in the last place when they outnumber the row) and characters,
    each in its own place so no two share a pixel."""
    x0, y0, _, _ = room_box(room.id)
    out: list[Piece] = []
    flags = (("FIRE", Ink.VERMILLION, room.fire), ("MALF", MALFUNCTION, room.malfunction))
    badges = [(word, ink) for word, ink, on in flags if on]
    for i, (word, ink) in enumerate(badges):
        out.append(Piece(room.id, word, (x0 + 58 + i * 64, y0 + BADGE_Y), partial(paint_badge, word, ink)))
    shown = room.intruders if len(room.intruders) <= INTRUDER_ROW else room.intruders[: INTRUDER_ROW - 1]
    for i, intruder in enumerate(shown):
        at = (x0 + ROW_X + i * INTRUDER_STEP, y0 + INTRUDER_Y)
        paint = partial(paint_intruder, intruder.type, intruder.letter, intruder.wounds)
        out.append(Piece(room.id, f"{intruder.type} {intruder.letter}", at, paint))
    if len(shown) < len(room.intruders):
        at = (x0 + ROW_X + len(shown) * INTRUDER_STEP, y0 + INTRUDER_Y)
        more = f"+{len(room.intruders) - len(shown)}"
        out.append(Piece(room.id, f"{more} intruders", at, partial(paint_tag, more)))
    for i, seat in enumerate(room.characters):
        strip = view.seats[seat]
        at = (x0 + ROW_X + i * CHARACTER_STEP, y0 + CHARACTER_Y)
        letter = strip.letter or "?"
        out.append(Piece(room.id, f"character {letter}", at, partial(paint_character, letter, SEAT_INKS[seat % 5])))
    return out


def pieces(view: DerelictView) -> list[Piece]:
    """Every piece on the board of ``view``: noise badges, then each room's pieces."""
    out = [Piece(key, "noise", noise_point(key), paint_noise) for key in view.noise]
    for room in view.rooms:
        out.extend(room_pieces(view, room))
    return out


def board_sheet(view: DerelictView) -> Sheet:
    """The names and pieces of ``view``'s board, measured as ``draw_board`` draws them."""
    sheet = Sheet()
    for words in view_names(view):
        sheet.mark(words.xy, words.words, words.size, bold=words.bold, anchor=words.anchor)
    for piece in pieces(view):
        sheet.token(piece.space, piece.what, piece.at, piece.paint)
    return sheet


def fitting(words: str, width: int, size: int, *, bold: bool = False) -> str:
    """``words`` cut with an ellipsis to ``width`` pixels at ``size`` (a long name never shrinks the type):
    ``render.core.canvas.shortened``'s very line, found with fewer measures (``_cut``)."""
    face = font(size, bold=bold)
    if text_width(words, face) <= width:
        return words
    if not all(character in STEADY for character in words):
        return shortened(words, face, width)
    return _cut(words, face, width)


STEADY = frozenset(
    [chr(code) for code in range(32, 127)] + [chr(code) for code in range(160, 0x250)] + list("·–—‘’“”…")
)
"""Characters a line of which only widens as characters are added to its end (Latin, left to right, no combining
marks, no kerning with the ellipsis in DejaVu Sans): ``_cut`` may search such a line's cut instead of trying every
one. Other scripts (shaped or right to left, where an added letter may change the ones before it) are cut by
``shortened`` itself."""


def _cut(words: str, face: Font, width: int) -> str:
    """``shortened``'s line for ``words`` too wide for ``width``: the longest start of ``words`` that fits with an
    ellipsis after it. ``shortened`` drops one character at a time from the end (a fate line of the result screen:
    twenty-five measures, 2 ms); a start of a ``STEADY`` line only widens as it grows, so a binary search finds the
    same start in about seven."""
    low, high = 0, len(words)  # the start's length: ``low`` fits (an empty start always stands), above ``high`` not
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(words[:middle] + "…", face) <= width:
            low = middle
        else:
            high = middle - 1
    return words[:low].rstrip() + "…"


def wrapped(words: str, face: Font, width: int) -> list[str]:
    """``render.core.wrap``'s lines (a new list), found with fewer measures: a text new to the process (a peek, a
    result's headline) is measured whole first, and most fit on one line; a longer one is cut where a binary search
    of its words finds each line's end. Each FreeType measure of a new text costs 0.2-0.3 ms, and ``wrap`` measures
    every growing prefix. The same lines, because a line only widens as words are added to it: ``wrap`` keeps adding
    words while the line fits, so its line ends where the widest fitting run of words ends."""
    return list(_wrapped(words, face, width))


@lru_cache(maxsize=1024)
def _wrapped(words: str, face: Font, width: int) -> tuple[str, ...]:
    parts = words.split()
    if not parts or text_width(" ".join(parts), face) <= width:
        return (" ".join(parts),) if parts else ()
    lines = []
    start = 0
    while start < len(parts):
        # The line is parts[start:end] for the largest end in [low, high] whose words fit (a first word stands
        # even alone and too wide); the whole text was measured too wide, the rest of it not yet.
        low, high = start + 1, len(parts) - 1 if start == 0 else len(parts)
        if start > 0 and text_width(" ".join(parts[start:]), face) <= width:
            low = high
        while low < high:
            middle = (low + high + 1) // 2
            if text_width(" ".join(parts[start:middle]), face) <= width:
                low = middle
            else:
                high = middle - 1
        lines.append(" ".join(parts[start:low]))
        start = low
    return tuple(lines)
