"""The public board: the static ship (corridors, ducts, exit numbers, room frames) and everything on it.

Reads a ``DerelictView`` only. Colour never carries meaning alone: characters are discs with their
character's letter, intruders are shapes with their type's letter (larva circle L, crawler square C,
hunter triangle H, brooder diamond B, matriarch star M), fire and malfunctions are badges with words.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, PodView, RoomView, SeatView
from render.core import Box, Ink, disc, fitted, font, label, new_canvas, rounded, text, text_width, wrap
from render.core.fonts import Font
from render.core.sheet import Sheet, say

from .layout import HEIGHT, LEFT, WIDTH, room_box, side_point, strip_box
from .places import (
    BAR_Y,
    DETAILS_Y,
    DUCT_BAND,
    EXIT_R,
    NAME_X,
    NAME_Y,
    OBJECTS_INDENT,
    OBJECTS_PITCH,
    OBJECTS_Y,
    SEAT_INKS,
    Words,
    exit_point,
    fitting,
    pieces,
    room_name,
    static_names,
)

COLOUR_WORD = {"red": "military", "yellow": "technical", "green": "medical", "grey": "any deck", "none": "no search"}
ROOM_TINT = {"red": Ink.VERMILLION_TINT, "yellow": Ink.YELLOW, "green": Ink.GREEN, "grey": Ink.MIST, "none": Ink.SILVER}


def draw_static(view_rooms: tuple[str, ...] = CATALOG.map_order) -> Image.Image:
    """Corridors, duct bands and hatches, room frames, room ids and exit numbers: the same every game."""
    image = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    for y0, y1 in DUCT_BAND.values():
        draw.rectangle((LEFT, y0, WIDTH - LEFT, y1), fill=int(Ink.SLATE_TINT), outline=int(Ink.CHARCOAL), width=2)
    drawn: set[frozenset[str]] = set()
    for room in view_rooms:
        for n, target in enumerate(CATALOG.exits[room], start=1):
            start = side_point(room, n)
            if target in DUCT_BAND:
                y0, y1 = DUCT_BAND[target]
                band_y = y1 if target == "DU" else y0
                draw.line([start, (start[0], band_y)], fill=int(Ink.CHARCOAL), width=4)
                continue
            pair = frozenset((room, target))
            if pair in drawn:
                continue
            drawn.add(pair)
            back = CATALOG.exits[target].index(room) + 1
            draw.line([start, side_point(target, back)], fill=int(Ink.CHARCOAL), width=6)
    for room in view_rooms:
        rounded(draw, room_box(room), Ink.WHITE, Ink.BLACK, radius=8, width=3)
        for n in range(1, 5):
            x, y = exit_point(room, n)
            draw.ellipse(
                (x - EXIT_R, y - EXIT_R, x + EXIT_R, y + EXIT_R),
                fill=int(Ink.WHITE),
                outline=int(Ink.CHARCOAL),
                width=2,
            )
    for words in static_names(view_rooms):
        words.draw(draw)
    return image


def draw_board(view: DerelictView, base: Image.Image) -> Image.Image:
    """The board for ``view`` drawn on a copy of the static layer."""
    draw = ImageDraw.Draw(base)
    draw_header(draw, view)
    for room in view.rooms:
        draw_room(draw, room)
    for piece in pieces(view):
        piece.paint(draw, piece.at)
    for seat in view.seats:
        draw_strip(draw, view, seat)
    return base


def draw_header(draw: ImageDraw.ImageDraw, view: DerelictView) -> None:
    label(draw, (LEFT, 8), f"Derelict · round {view.round}", 24, Ink.BLACK, bold=True)
    x = LEFT
    y = 50
    label(draw, (x, y + 15), "Time", 16, Ink.BLACK, bold=True, anchor="lm")
    x += 50
    for space in range(1, view.time_spaces + 1):
        fill = Ink.ORANGE if space == view.time else Ink.SKY if space >= view.cryo_open else Ink.WHITE
        box = (x, y, x + 30, y + 30)
        draw.rectangle(box, fill=int(fill), outline=int(Ink.BLACK), width=2)
        label(draw, (x + 15, y + 15), str(space), 14, Ink.BLACK, bold=space == view.time, anchor="mm")
        x += 32
    label(draw, (x + 6, y + 15), f"(cryo from {view.cryo_open})", 14, Ink.CHARCOAL, anchor="lm")
    x += 150
    armed = "off" if view.self_destruct is None else f"space {view.self_destruct} of 6"
    label(
        draw,
        (x, y + 15),
        f"Self-destruct: {armed}",
        16,
        Ink.VERMILLION if view.self_destruct is not None else Ink.BLACK,
        bold=True,
        anchor="lm",
    )
    x += 270
    label(draw, (x, y + 15), f"Course: {view.course}", 16, Ink.BLACK, bold=True, anchor="lm")
    x += 120
    label(
        draw,
        (x, y + 15),
        f"Fire {view.fires}/8 · Malfunction {view.malfunctions}/8 · Bag {view.bag_size}",
        16,
        Ink.BLACK,
        anchor="lm",
    )
    pods = " · ".join(map(pod_words, view.pods))
    text(draw, (WIDTH // 2 - 40, 8), pods, fitted(pods, WIDTH // 2 + 40 - LEFT, 16), Ink.CHARCOAL)
    if view.weaknesses:
        found = " · ".join(f"{kind}: {name}" for kind, name in view.weaknesses.items())
        label(draw, (LEFT + 330, 90), f"Weaknesses: {found}", 14, Ink.BLACK, anchor="lm")


def pod_words(pod: PodView) -> str:
    """A pod's state in the words its room action uses (``Unlock pod 2``): locked, unlocked or launched."""
    state = "launched" if pod.launched else "locked" if pod.locked else "unlocked"
    aboard = f", {len(pod.seats)} aboard" if pod.seats and not pod.launched else ""
    return f"Pod {pod.number} ({pod.bay}): {state}{aboard}"


def draw_room(draw: ImageDraw.ImageDraw, room: RoomView) -> None:
    """A room's name (or "face down"), colour bar, details and the objects left in it."""
    x0, y0, x1, _ = room_box(room.id)
    if room.name is not None:
        colour = room.colour or "none"
        draw.rectangle((x0 + 4, y0 + BAR_Y, x1 - 4, y0 + BAR_Y + 6), fill=int(ROOM_TINT[colour]))
    for words in room_words(room):
        words.draw(draw)


def room_words(room: RoomView) -> list[Words]:
    """What a room shows beside its id and exit numbers: its name (or "face down"), details (deck colour,
    items, PC) and the objects left in it; one list for the drawing and a zoom's measured sheet."""
    x0, y0, x1, _ = room_box(room.id)
    name = room_name(room)
    if name is None:
        return [Words((x0 + NAME_X, y0 + NAME_Y), "face down", 15, Ink.GREY, anchor="lm")]
    colour = room.colour or "none"
    details = [COLOUR_WORD[colour]]
    if room.items is not None:
        details.append(f"{room.items} item{'s' if room.items != 1 else ''}")
    if room.computer:
        details.append("PC")
    words = " · ".join(details)
    size = size_of(fitted(words, x1 - x0 - 12, 14))
    out = [name, Words((x0 + 6, y0 + DETAILS_Y), words, size, Ink.CHARCOAL, anchor="lm")]
    counts: dict[str, int] = {}
    for obj in room.objects:
        counts[obj] = counts.get(obj, 0) + 1
    things = [f"{thing} x{n}" if n > 1 else thing for thing, n in counts.items()]
    widths = (x1 - x0 - 16, x1 - x0 - 2 * OBJECTS_INDENT)
    for i, line in enumerate(object_lines(things, *widths)):
        size = size_of(fitted(line, widths[i], 14, smallest=12))
        x = x0 + (8 if i == 0 else OBJECTS_INDENT)
        words = fitting(line, widths[i], size)  # one object too long for a line alone keeps its start
        out.append(Words((x, y0 + OBJECTS_Y + i * OBJECTS_PITCH), words, size, Ink.BLACK, anchor="lm"))
    return out


def size_of(face: Font) -> int:
    """The pixel size of a face ``fitted`` chose (Pillow's fallback font counts as the smallest)."""
    return round(face.size) if isinstance(face, ImageFont.FreeTypeFont) else 12


STRIP_LINE = 20
"""Between a seat strip's lines: six lines and two wrapped ones fit the strip (216 px, the first line 56 px down)."""


def object_lines(things: list[str], width: int, second: int | None = None) -> list[str]:
    """The objects lying in a room on at most two lines of ``width`` pixels (the second ``second`` wide, clear
    of the exit numbers), wrapped between words as a sentence is ("gun, corpse of Commander" / "Vale"), so an
    object longer than a line is still read whole; what the second line (drawn down to 12 px) cannot hold is
    counted at its end (``+2 more``). The first line is filled at 14 px when that shows as much as 12 px."""
    words: list[tuple[str, int]] = []  # each word with the object it belongs to; an object's last word has its comma
    for index, thing in enumerate(things):
        parts = thing.split(" ")
        for n, part in enumerate(parts):
            closes = n == len(parts) - 1 and index < len(things) - 1
            words.append((part + ("," if closes else ""), index))
    widths = (width, second or width)
    best: list[list[tuple[str, int]]] = []
    for first in (font(14), font(12)):
        lines = _fill(words, ((first, widths[0]), (font(12), widths[1])))
        if not best or sum(map(len, lines)) > sum(map(len, best)):
            best = lines
    shown = sum(map(len, best))
    if shown < len(words):
        last = best[-1]
        cut = words[shown][1]  # the first object not shown whole: it and the rest are counted
        while last and last[-1][1] >= cut:
            last.pop()
        more = len(things) - cut
        while last and text_width(" ".join([*(w for w, _ in last), f"+{more} more"]), font(12)) > widths[1]:
            cut = last[-1][1]
            while last and last[-1][1] >= cut:
                last.pop()
            more = len(things) - cut
        last.append((f"+{more} more", cut))
    return [" ".join(w for w, _ in line) for line in best if line]


def _fill(words: list[tuple[str, int]], rows: Sequence[tuple[Font, int]]) -> list[list[tuple[str, int]]]:
    """``words`` laid greedily on ``rows`` (each a face and a width), as many as fit, in order."""
    lines: list[list[tuple[str, int]]] = []
    at = 0
    for face, room in rows:
        line: list[tuple[str, int]] = []
        while at < len(words) and text_width(" ".join([*(w for w, _ in line), words[at][0]]), face) <= room:
            line.append(words[at])
            at += 1
        lines.append(line)
    return lines


def turn_words(view: DerelictView, seat: SeatView) -> str:
    """Whether a seat is the one to act, or has passed this round."""
    if view.current == seat.seat:
        return " · to act"
    return " · passed" if seat.passed else ""


def draw_strip(
    draw: ImageDraw.ImageDraw, view: DerelictView, seat: SeatView, box: Box | None = None, sheet: Sheet | None = None
) -> None:
    """One seat's public strip: character, who plays it, status, hand size, infection cards, wounds, held
    things; in its place on the board, or in ``box`` (a zoom), noted on ``sheet`` when measuring."""
    x0, y0, x1, y1 = box or strip_box(seat.seat)
    ink = SEAT_INKS[seat.seat % 5]
    rounded(draw, (x0, y0, x1, y1), Ink.WHITE, ink, radius=10, width=4)
    disc(draw, (x0 + 26, y0 + 26), 17, ink, seat.letter or "?", Ink.BLACK, outline=Ink.BLACK, size=18)
    face = fitted(seat.name, x1 - x0 - 100, 18, bold=True)
    say(draw, sheet, (x0 + 50, y0 + 26), seat.name, face, Ink.BLACK, "lm")
    where = seat.room if seat.room else seat.status
    marks = [m for m, on in (("signal", seat.signal), ("slime", seat.slime), ("larva", seat.larva)) if on]
    infection = " · ".join([f"Infection cards {seat.infection_cards}", *marks])
    lines = [
        f"{view.seat_name(seat.seat)} · {where}{turn_words(view, seat)}",
        f"Hand {seat.hand_size} · deck {seat.deck_size} · items {seat.item_count}",
        infection,
        f"Wounds: {seat.light_wounds} light, {len(seat.serious_wounds)} serious",
        seat.serious_wounds or ["no serious wound cards"],
        ["Holds:", *seat.held] if seat.held else ["Holds: nothing"],
    ]
    width = x1 - x0 - 20
    y = y0 + 56
    for line in lines:  # at 15 px, or 14; a longer one wraps between the things it lists (the marks share the
        # infection line to leave room for that)
        words = line if isinstance(line, str) else ", ".join(line).replace(":,", ":")
        face = fitted(words, width, 15)
        for part in wrap(words, face, width) if isinstance(line, str) else listed(line, face, width):
            say(draw, sheet, (x0 + 10, y), part, face, Ink.BLACK, "lm")
            y += STRIP_LINE
    if view.first == seat.seat:
        say(draw, sheet, (x1 - 10, y0 + 26), "1st", font(15, bold=True), Ink.BLACK, "rm")


def strip_height(view: DerelictView, seat: SeatView, width: int) -> int:
    """How tall ``draw_strip`` needs a strip ``width`` pixels wide to be for ``seat`` (its lines wrap)."""
    scratch = ImageDraw.Draw(Image.new("P", (width, 600)))
    sheet = Sheet()
    draw_strip(scratch, view, seat, (0, 0, width, 600), sheet)
    return max(mark.box[3] for mark in sheet.marks) + 12


def listed(things: Sequence[str], face: Font, width: int) -> list[str]:
    """``things`` joined by commas over lines of ``width`` pixels, broken only between two of them (a first
    thing ending in ":" is a heading and takes no comma); one too long for a line alone is wrapped."""
    lines: list[str] = []
    current = ""
    for i, thing in enumerate(things):
        glue = "" if not current else (" " if current.endswith(":") else ", ")
        candidate = current + glue + thing
        if current and text_width(candidate + ("," if i < len(things) - 1 else ""), face) > width:
            lines.append(current + ("," if not current.endswith(":") else ""))
            current = thing
        else:
            current = candidate
    lines.append(current)
    return [part for line in lines for part in wrap(line, face, width)]
