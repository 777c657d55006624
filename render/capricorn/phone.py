"""The channel board for a phone: who acts, the tracks, and who stands in which room, at 12 px or more on a phone.

A phone shows an image about 400 pixels wide (``render.core.zoom``). The round ship (``ship.py``, 1400 pixels
wide with 14 px space codes) cannot be read at that size, so it is kept for **Full board** and the room zooms,
and the channel gets this portrait overview, 640 pixels wide: the acting character and their player, the threat
track, repairs, Mothers and the bag, then one box per room (and the pod) with the pieces standing in it, then one
line per character saying whose it is. Every text is at least 20 px (12.5 at display size), every piece at
least 28 px (17.5). Space codes are what moved out: a room's zoom shows them.

Drawn with its measure: each text goes through ``say`` and each piece through ``Sheet.token`` when a sheet is
given, so ``layout`` is the drawing itself.
"""

from __future__ import annotations

from functools import partial

from PIL import Image, ImageDraw

from engine.capricorn.board import SHIP
from engine.capricorn.catalog import CATALOG
from engine.capricorn.terms import POD
from engine.capricorn.view import CapricornView
from render.core import Box, Ink, font, new_canvas, rounded, wrap
from render.core.canvas import shortened
from render.core.changes import Change
from render.core.sections import Part, Sections
from render.core.sheet import Sheet, Token
from render.core.sheet import say_sized as _say

from .pieces import crew, crew_shape

WIDTH, HEIGHT = 640, 1050
TEXT = 20
"""The smallest text drawn: 12.5 px on a phone."""
PIECE = 15
"""The size ``draw_piece`` draws the pieces at: a crew disc 30 px across, an alien 28."""

LINE_PIECE = 12
"""The size a character's line draws its crew piece at."""

HEADER: Box = (0, 0, WIDTH, 92)
THREAT_TOP = 102
LINES_TOP = 170
LINE = 28
ROOMS_TOP = 252
ROOM_ROW = 98
CREW_TOP = ROOMS_TOP + 5 * ROOM_ROW + 14
CREW_LINE = 38
ROOM_ORDER: tuple[str, ...] = (*SHIP.rooms_of("inner"), *SHIP.rooms_of("middle"), *SHIP.rooms_of("outer"), POD)
"""The rooms in ring order, inner first, and the pod last: ten boxes in two columns."""

Piece = tuple[str, tuple[object, ...]]


def _fit(words: str, width: int, size: int = TEXT, *, bold: bool = False) -> str:
    """``words`` cut (with an ellipsis) to ``width`` pixels: a long line shortens, never shrinks."""
    return shortened(words, font(size, bold=bold), width)


def room_pieces(view: CapricornView) -> dict[str, list[Piece]]:
    """The pieces standing in each room (``POD`` for the pod), Mothers first, then aliens, then crew."""
    rooms: dict[str, list[Piece]] = {room: [] for room in ROOM_ORDER}

    def room_of(space: str) -> str:
        return POD if space == POD else (SHIP.room_of(space) or POD)

    for m in view.mothers:
        if m.status == "on_map" and m.space is not None:
            rooms[room_of(m.space)].append(("mother", (m.color, m.health)))
    for a in view.aliens:
        maximum = 2 if a.color == "yellow" else 1
        rooms[room_of(a.space)].append(("alien", (a.color, a.letter, a.health < maximum)))
    for index, c in enumerate(view.characters):
        rooms[room_of(c.space)].append(("crew", (c.letter, c.health, c.hiding, index == view.active)))
    return rooms


def draw_static(sheet: Sheet | None = None) -> Image.Image:
    """What every phone board prints the same: the threat track's caption and each room's box and title (as
    for a room not being repaired). Drawn once, copied per board (``draw_phone``'s ``base``)."""
    image = new_canvas(WIDTH, HEIGHT, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    _say(draw, sheet, (14, THREAT_TOP + 24), "Threat", TEXT, Ink.BLACK, bold=True, anchor="lm")
    for room in ROOM_ORDER:
        _room_frame(draw, room, room_box(room), repairing=False, sheet=sheet)
    return image


def draw_phone(
    view: CapricornView, sheet: Sheet | None = None, base: Image.Image | None = None, sections: Sections | None = None
) -> Image.Image:
    """The phone board of ``view`` (the public view) on ``base``, a copy of ``draw_static``'s layer (or on a
    layer drawn now), noting every text and piece on ``sheet`` if given (the layer's own when it is drawn
    here; ``render.core.layers.LayerSheets`` adds them for a copy).

    Given ``sections`` (on a copy of the layer), each section (the header, the threat track, the lines, a room's
    box, a character's line: ``phone_parts``) is pasted as it was last drawn for what it shows
    (``render.core.sections``): its box holds all it draws, no two boxes meet, and the key names all it reads.
    The result is drawn last, over nothing kept."""
    image = draw_static(sheet) if base is None else base
    draw = ImageDraw.Draw(image)
    for box, key, paint in phone_parts(view):
        if sections is None:
            paint(draw, sheet)
        else:
            sections.draw(image, draw, box, key, paint, sheet)
    _result(draw, view, sheet)
    return image


def compose_phone(view: CapricornView, layer: Image.Image, sections: Sections, sheet: Sheet | None) -> Image.Image:
    """``draw_phone`` on a copy of ``layer`` (``draw_static``'s, read only) through ``sections``, composed on the
    last board most like it (``Sections.compose``: only the sections that show something else are put in), then
    the result drawn on the new image. ``sheet`` gets the sections' entries only (the caller adds the layer's
    first)."""
    image = sections.compose(layer, phone_parts(view), sheet)
    _result(ImageDraw.Draw(image), view, sheet)
    return image


def phone_parts(view: CapricornView) -> list[Part]:
    """The board's sections in drawing order, each its box, the key naming all it shows and what paints it."""
    header = _header_words(view)
    lines = _lines_words(view)
    pieces = room_pieces(view)
    parts: list[Part] = [
        (HEADER_BOX, ("capricorn.phone", "header", *header), partial(_header, words=header)),
        (THREAT_BOX, ("capricorn.phone", "threat", view.threat), partial(_threat, threat=view.threat)),
        (LINES_BOX, ("capricorn.phone", "lines", *lines), partial(_lines, lines=lines)),
    ]
    for room in ROOM_ORDER:
        repairing = view.repair_room == room
        box = room_box(room)
        parts.append(
            (
                (box[0], box[1], box[2] + 1, box[3] + 1),
                ("capricorn.phone", "room", room, repairing, *pieces[room]),
                partial(_room, room=room, pieces=pieces[room], box=box, repairing=repairing),
            )
        )
    for index, line in enumerate(_crew_lines(view)):
        y = line[0]
        parts.append(
            (
                (0, y - CREW_LINE // 2, WIDTH, y + CREW_LINE // 2),
                ("capricorn.phone", "crew", index, *line),
                partial(_crew, line=line),
            )
        )
    return parts


def room_box(room: str) -> Box:
    """The box of ``room`` (or the pod) on the phone board: two columns, in ``ROOM_ORDER``."""
    i = ROOM_ORDER.index(room)
    left = 6 + (i % 2) * 317
    top = ROOMS_TOP + (i // 2) * ROOM_ROW
    return (left, top, left + 311, top + ROOM_ROW - 6)


HEADER_BOX: Box = (0, 0, WIDTH, HEADER[3] + 1)
"""What the header draws (its filled box, edges included)."""


def _header_words(view: CapricornView) -> tuple[Ink, int, str, Ink]:
    """What the header shows: its fill, the turn, the line under it and that line's ink."""
    fill = Ink.CHARCOAL if view.result is None else Ink.GREEN if view.result == "win" else Ink.VERMILLION
    if view.result is None:
        me = view.characters[view.active]
        return fill, view.turn, f"Acting: {me.letter} {me.name} ({view.seat_name(me.seat)})", Ink.YELLOW
    line = "ESCAPED! The crew got away" if view.result == "win" else "LOST: the Capricorn is lost"
    return fill, view.turn, line, Ink.WHITE


def _header(draw: ImageDraw.ImageDraw, sheet: Sheet | None, words: tuple[Ink, int, str, Ink]) -> None:
    fill, turn, line, ink = words
    draw.rectangle(HEADER, fill=int(fill))
    _say(draw, sheet, (14, 26), f"Abandon Capricorn · turn {turn}", 26, Ink.WHITE, bold=True, anchor="lm")
    _say(draw, sheet, (14, 68), _fit(line, WIDTH - 28, 22, bold=True), 22, ink, bold=True, anchor="lm")


THREAT_BOX: Box = (100, THREAT_TOP, WIDTH, THREAT_TOP + 49)
"""What the threat track's cells cover (its caption, left of them, is on the static layer)."""


def _threat(draw: ImageDraw.ImageDraw, sheet: Sheet | None, threat: int) -> None:
    """The threat track: the current step filled (and its number white), passed steps tinted (its caption is
    on the static layer)."""
    for i in range(CATALOG.rules.threat_max + 1):
        x0, y0, x1, y1 = threat_cell(i)
        now = i == threat
        fill = Ink.VERMILLION if now else Ink.VERMILLION_TINT if i < threat else Ink.WHITE
        draw.rectangle((x0, y0, x1, y1), fill=int(fill), outline=int(Ink.BLACK), width=2)
        ink = Ink.WHITE if now else Ink.BLACK
        _say(draw, sheet, ((x0 + x1) // 2, THREAT_TOP + 24), str(i), 22, ink, bold=True, anchor="mm")


def threat_cell(step: int) -> Box:
    """The threat track's cell for ``step``."""
    left = 100
    width = (WIDTH - 10 - left) // (CATALOG.rules.threat_max + 1)
    x0 = left + step * width
    return (x0, THREAT_TOP, x0 + width - 6, THREAT_TOP + 48)


def track_changes(previous: CapricornView, view: CapricornView) -> list[Change]:
    """What the sheets cannot show changed: the threat track's filled cell (its number stays the same)."""
    if previous.threat == view.threat:
        return []
    return [Change(threat_cell(view.threat), f"threat {previous.threat} → {view.threat}")]


def piece_words(token: Token) -> str | None:
    """A changed piece in words: "crew E in BRIDGE" (a crew line's own disc is not named)."""
    if token.space == "crew":
        return None
    return f"{token.what} in {token.space}"


LINES_BOX: Box = (0, THREAT_TOP + 49, WIDTH, ROOMS_TOP)
"""Where the three lines under the threat track are drawn (between its cells and the rooms)."""


def _lines_words(view: CapricornView) -> tuple[tuple[str, bool, Ink], ...]:
    """Repairs and the alien die; the Mothers; the bag and the kills: each line's words, weight and ink."""
    done = len(view.repairs_done)
    repairs = f"Repairs {done}/{view.repairs_required}"
    if view.end_game:
        repairs = f"END GAME: all to the POD! · repairs {done}/{view.repairs_required}"
    elif view.repair_room:
        repairs += f" in {view.repair_room}"
    repairs += f" · alien die {view.die_faces()}"
    mothers = []
    for m in view.mothers:
        if m.status != "absent":
            where = {"waiting": "waiting", "on_map": f"in {m.space} ({m.health})", "dead": "dead"}[m.status]
            mothers.append(f"{m.color} {where}")
    bag = " · ".join(f"{CATALOG.rules.aliens[c].letter} {view.bag.get(c, 0)}" for c in ("yellow", "blue", "red"))
    return (
        (repairs, True, Ink.GREEN if view.end_game else Ink.BLACK),
        ("Mothers: " + (", ".join(mothers) or "none"), False, Ink.BLACK),
        (f"Bag: {bag} · black {view.bag.get('black', 0)} · killed {sum(view.killed.values())}", False, Ink.BLACK),
    )


def _lines(draw: ImageDraw.ImageDraw, sheet: Sheet | None, lines: tuple[tuple[str, bool, Ink], ...]) -> None:
    for i, (words, bold, ink) in enumerate(lines):
        _say(
            draw,
            sheet,
            (14, LINES_TOP + i * LINE),
            _fit(words, WIDTH - 28, bold=bold),
            TEXT,
            ink,
            bold=bold,
            anchor="lm",
        )


def _room(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, room: str, pieces: list[Piece], box: Box, repairing: bool
) -> None:
    """A room's box (its frame and title are on the static layer; the room to repair is framed in green again
    over it, its title not measured twice), a tag if it is the room to repair, and the pieces standing in it."""
    from .ship import _drawn_piece, _piece_shape, draw_piece  # ship imports the layout this module does not need

    x0, y0, x1, y1 = box
    if repairing:
        _room_frame(draw, room, box, repairing=True, sheet=None)
        _say(draw, sheet, (x1 - 10, y0 + 18), "repair", TEXT, Ink.GREEN, bold=True, anchor="rm")
    x = x0 + 10
    y = (y0 + 36 + y1) // 2 + 2
    for shown, (kind, data) in enumerate(pieces):
        paint = partial(draw_piece, kind=kind, data=data, size=PIECE)
        (left, _, right, _), _ = _piece_shape(kind, data, PIECE)  # its ink's box, measured once per look
        limit = x1 - 8 if shown == len(pieces) - 1 else x1 - 56
        if x - left + right > limit:  # no room for the rest: their number (the zoom shows them all)
            _say(draw, sheet, (x + 2, y), f"+{len(pieces) - shown}", TEXT, Ink.BLACK, bold=True, anchor="lm")
            return
        at = (x - left, y)
        paint(draw, at)
        if sheet is not None:  # ``Sheet.token``'s measure, kept by look (a crew member's put together)
            sheet.tokens.append(Token(room, piece_name(kind, data), *_drawn_piece(kind, data, PIECE, at)))
        x += right - left + 6
    if not pieces:
        _say(draw, sheet, (x0 + 10, y), "empty", TEXT, Ink.GREY, anchor="lm")


def _room_frame(draw: ImageDraw.ImageDraw, room: str, box: Box, *, repairing: bool, sheet: Sheet | None) -> None:
    """A room's box and its code and name (a green, thicker frame for the room to repair)."""
    x0, y0, x1, _ = box
    rounded(draw, box, Ink.WHITE, Ink.GREEN if repairing else Ink.SILVER, radius=8, width=4 if repairing else 2)
    name = "Escape pod" if room == POD else SHIP.room(room).name
    title = room if name.upper() == room else f"{room} · {name}"
    _say(draw, sheet, (x0 + 10, y0 + 18), _fit(title, x1 - x0 - 20, bold=True), TEXT, Ink.BLACK, bold=True, anchor="lm")


def piece_name(kind: str, data: tuple[object, ...]) -> str:
    """What a piece in a room is, as the changes name it: "crew E", "red alien", "black Mother"."""
    if kind == "crew":
        return f"crew {data[0]}"
    return f"{data[0]} {'Mother' if kind == 'mother' else kind}"


CrewLine = tuple[int, str, int, bool, bool, str]
"""A character's line: its centre's height, the piece's letter, health, whether hiding, whether acting, the words."""


def _crew_lines(view: CapricornView) -> list[CrewLine]:
    """One line per character: the piece, who plays it, where it stands, its health and what it waits on."""
    max_hp = CATALOG.rules.character_health
    lines = []
    for index, c in enumerate(view.characters):
        y = CREW_TOP + index * CREW_LINE + CREW_LINE // 2
        active = index == view.active and view.result is None
        where = "POD" if c.space == POD else c.space
        words = f"{c.name} · {view.seat_name(c.seat)} · {where} · {c.health}/{max_hp}"
        if c.hiding:
            words += " · hiding"
        if c.seat in view.waiting_seats and view.result is None:
            words += " · to answer"
        lines.append((y, c.letter, c.health, c.hiding, active, words))
    return lines


def _crew(draw: ImageDraw.ImageDraw, sheet: Sheet | None, line: CrewLine) -> None:
    """A character's line (``_crew_lines``), the acting one on an orange-edged tint."""
    y, letter, health, hiding, active, words = line
    if active:
        rounded(
            draw,
            (4, y - CREW_LINE // 2 + 2, WIDTH - 4, y + CREW_LINE // 2 - 2),
            Ink.VERMILLION_TINT,
            Ink.ORANGE,
            radius=6,
        )
    at = (26, y)
    paint = partial(crew, letter=letter, health=health, hiding=hiding, active=active, r=LINE_PIECE)
    paint(draw, at)
    if sheet is not None:  # ``Sheet.token``'s measure, put together from the piece's parts (``crew_shape``)
        (left, top, right, bottom), pixels = crew_shape(letter, health, hiding=hiding, active=active, r=LINE_PIECE)
        box = (left + at[0], top + at[1], right + at[0], bottom + at[1])
        sheet.tokens.append(Token("crew", f"crew {letter}", box, pixels))
    _say(draw, sheet, (70, y), _fit(words, WIDTH - 80), TEXT, Ink.BLACK, anchor="lm")


def _result(draw: ImageDraw.ImageDraw, view: CapricornView, sheet: Sheet | None) -> None:
    """Once the game is over: how it ended, in the game's own words, below the crew."""
    if view.result is None:
        return
    top = CREW_TOP + len(view.characters) * CREW_LINE + 10
    summary = view.summary or ("The crew got away." if view.result == "win" else "The Capricorn is lost.")
    lines = wrap(summary, font(TEXT, bold=True), WIDTH - 40)[: max(1, (HEIGHT - top - 24) // 28)]
    _result_box(draw, top, len(lines))
    for i, line in enumerate(lines):
        _say(draw, sheet, (20, top + 24 + 28 * i), line, TEXT, Ink.BLACK, bold=True, anchor="lm")


def _result_box(draw: ImageDraw.ImageDraw, top: int, lines: int) -> None:
    """The box the game's end is told in, ``lines`` lines high, from ``top``."""
    rounded(draw, (6, top, WIDTH - 6, top + 20 + 28 * lines), Ink.WHITE, Ink.BLACK, radius=10, width=3)


RESULT_LINES_WARMED = 3
"""How many lines high the end's box is drawn ahead (``warm_result``): a game's summary fills one or two."""


def warm_result() -> None:
    """Draw now the end's box one to ``RESULT_LINES_WARMED`` lines high (about 1 ms each, once a game ends)."""
    scratch = ImageDraw.Draw(Image.new("P", (1, 1), 0))
    for lines in range(1, RESULT_LINES_WARMED + 1):
        _result_box(scratch, 0, lines)
