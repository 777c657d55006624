"""The channel board for a phone: a portrait schematic of the ship, its tracks and who is where (issue 26).

A phone shows the board about 400 px wide, so every text here is at least 18 px on a 600-px image (12 px at
display size, ``render.core.zoom``) and every piece at least 24 px (16 px displayed). To fit, the map is
turned a quarter clockwise: the bow (Bridge) at the top, the engines at the bottom, the dorsal duct down the
right edge and the ventral duct down the left; each room is a box with its name, its id and up to four piece
places (fire ``F``, malfunction ``X``, intruders, then characters; a ``+n`` tag counts the rest). The detail
(exit numbers, items, objects, wounds, hands, weaknesses) is one tap away: a room's zoom or the full board.

Drawn with an optional ``Sheet``: ``layout(view)`` draws the same image while noting every text and piece,
so the measured sheet is the image.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, lru_cache, partial

from PIL import Image, ImageDraw

from engine.core.words import count
from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, RoomView, SeatView
from render.core import Box, Ink, disc, new_canvas, polygon, rounded, star_points, text_width
from render.core.canvas import label
from render.core.changes import Change
from render.core.fonts import MeasuredFace, font
from render.core.sheet import NO_MASK, Mark, Paint, Sheet, Token

from .cells import Look, RoomCells, look
from .places import MALFUNCTION, SEAT_INKS, fitting, wrapped

WIDTH = 600
MARGIN = 12
SMALL = 18  # 12 px on a phone
LARGE = 21
CELL_W, CELL_H = 172, 62
COL_X = (18, 214, 410)  # the three columns' left sides
ROW_PITCH = 88  # a room's height and the corridor gap below it (26 px: a noise badge fits)
MAP_TOP = 200
DD_X, DU_X = 12, WIDTH - 12  # the ventral (left) and dorsal (right) duct lines
NAME_DY = 17  # a room name's middle below the room's top
PIECE_DY = 45  # the id and the piece places' middle
PIECE_X = 64  # the first piece place's centre from the room's left side
PIECE_STEP = 29  # the widest piece (a matriarch star, 29 px) clears its neighbours
PLACES = 4
PIECE_R = 12  # 24-25 px pieces: 16 px on a phone
ROSTER_LINE = 32
RESULT_LINE = 56  # a seat's two lines on the result screen
NAME_FACES = ((20, True), (19, True), (18, True), (20, False), (19, False), (18, False))
HEADER_LINES = (92, 118, 144, 170)
TITLE: Box = (0, 0, WIDTH, 36)
"""The title line (whose turn): it changes every board, so it is not ringed as a change."""
TIME_LEFT, TIME_TOP, TIME_BOTTOM = 68, 40, 72  # the middles of the header's text lines under the time track
LINES_BOX: Box = (0, 76, WIDTH - 1, 187)
"""The header's lines' box (right and bottom edges included): between the time track and the ducts' tops, paper on
every board (``draw_static`` draws nothing there), so the lines are kept and pasted as one part."""


def height(view: DerelictView) -> int:
    """The image's height: the map, then one roster line a seat (two at the end: fate, then task)."""
    return height_for(*shape(view))


def shape(view: DerelictView) -> tuple[int, bool]:
    """What the static layer depends on: how many seats, and whether the game is over."""
    return len(view.seats), view.phase == "over"


def height_for(seats: int, over: bool) -> int:
    return roster_top() + seats * (RESULT_LINE if over else ROSTER_LINE) + 8


def roster_top() -> int:
    return MAP_TOP + 8 * ROW_PITCH - (ROW_PITCH - CELL_H) + 18


@cache
def cell(room: str) -> Box:
    """A room's box on the turned map: grid x is the row (bow at the top), grid y the column from the right."""
    gx, gy = next(r.grid for r in CATALOG.map.rooms if r.id == room)
    x0 = COL_X[2 - gy]
    y0 = MAP_TOP + gx * ROW_PITCH
    return (x0, y0, x0 + CELL_W, y0 + CELL_H)


def side(room: str, exit_number: int) -> tuple[int, int]:
    """The middle of a room's side for an exit on the turned map: north is right, east down, south left."""
    x0, y0, x1, y1 = cell(room)
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    return {1: (x1, cy), 2: (cx, y1), 3: (x0, cy), 4: (cx, y0)}[exit_number]


@cache
def corridor(a: str, b: str) -> tuple[tuple[int, int], ...]:
    """The line of a corridor between two rooms, or from a room to its duct (``DU``/``DD``)."""
    n = CATALOG.exits[a].index(b) + 1
    start = side(a, n)
    if b in ("DU", "DD"):
        duct_x = DU_X if b == "DU" else DD_X
        x, y = start
        if n in (1, 3):  # a side facing the duct: straight across
            return (start, (duct_x, y))
        turn = y - 10 if n == 4 else y + 12  # the bow's top or the stern's bottom: out, then along
        return (start, (x, turn), (duct_x, turn))
    return (start, side(b, CATALOG.exits[b].index(a) + 1))


@cache
def corridors() -> tuple[tuple[tuple[int, int], ...], ...]:
    drawn: set[frozenset[str]] = set()
    lines = []
    for room in CATALOG.map_order:
        for target in CATALOG.exits[room]:
            pair = frozenset((room, target))
            if pair not in drawn:
                drawn.add(pair)
                lines.append(corridor(room, target))
    return tuple(lines)


def noise_at(key: str) -> tuple[int, int]:
    """A noise badge's centre: the middle of its corridor, or on its duct line between the fourth and fifth
    rows (a gap, clear of every room)."""
    if "|" in key:
        a, b = key.split("|")
        (xa, ya), (xb, yb) = corridor(a, b)[0], corridor(a, b)[-1]
        return ((xa + xb) // 2, (ya + yb) // 2)
    y = MAP_TOP + 4 * ROW_PITCH - (ROW_PITCH - CELL_H) // 2
    return (DU_X if key == "DU" else DD_X, y)


class Board:
    """One drawing of the phone board: draws on ``image`` and, when measuring, notes on ``sheet``."""

    def __init__(self, image: Image.Image, sheet: Sheet | None) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.sheet = sheet

    def words(
        self, xy: tuple[int, int], words: str, size: int, ink: Ink, *, bold: bool = False, anchor: str = "la"
    ) -> None:
        label(self.draw, xy, words, size, ink, bold=bold, anchor=anchor)  # new lines from kept glyphs (warm_glyphs)
        if self.sheet is None:
            return
        box = line_box(xy, words, size, bold, anchor) if self.sheet.boxes_only else None
        if box is None:
            self.sheet.mark(xy, words, size, bold=bold, anchor=anchor)
        else:
            self.sheet.marks.append(Mark(words, size, box, NO_MASK, NO_MASK))

    def piece(self, space: str, what: str, at: tuple[int, int], paint: Paint) -> None:
        paint(self.draw, at)
        if self.sheet is not None:
            self.sheet.token(space, what, at, paint)


def line_box(xy: tuple[int, int], words: str, size: int, bold: bool, anchor: str) -> Box | None:
    """The box ``Sheet.mark`` notes for ``words`` drawn at ``xy`` (whole pixels) with a left ``anchor``, from the
    line's box at ``"la"``, which its fitting measured already (``text_width``; the face keeps it), moved down by the
    face's constant for ``anchor`` (``face_drop``): a line new to the process is measured once, not once more at its
    anchor (0.05-0.15 ms). ``None`` for another anchor, an empty text or a place between pixels: ``Sheet.mark``
    measures it."""
    x, y = xy
    if not (isinstance(x, int) and isinstance(y, int)):
        return None
    box = _origin_box(words, size, bold, anchor)
    return None if box is None else (box[0] + x, box[1] + y, box[2] + x, box[3] + y)


@lru_cache(maxsize=4096)
def _origin_box(words: str, size: int, bold: bool, anchor: str) -> Box | None:
    """``line_box`` at the origin, once per line (a board prints the same lines again and again)."""
    face = font(size, bold=bold)
    if (
        not words
        or len(anchor) != 2
        or anchor[0] != "l"
        or anchor[1] not in "amsd"
        or not isinstance(face, MeasuredFace)
    ):
        return None
    left, top, right, bottom = face.getbbox(words)
    drop = face_drop(size, bold, anchor)
    return (math.floor(left), math.floor(top + drop), math.ceil(right), math.ceil(bottom + drop))


@cache
def face_drop(size: int, bold: bool, anchor: str) -> float:
    """How far a line's box at a left ``anchor`` lies below its box at ``"la"``: FreeType places a left anchor at
    the ascender, middle, baseline or descender from the face's own metrics, never from the text (Pillow's
    ``bounding_box_and_anchor``), so one measure of "H" tells it for every line."""
    face = font(size, bold=bold)
    return face.getbbox("H", anchor=anchor)[1] - face.getbbox("H", anchor="la")[1]


def draw_static(seats: int, over: bool, sheet: Sheet | None = None) -> Image.Image:
    """What every board of this shape shares: ducts, corridors, their labels, the rooms' frames and ids."""
    image = new_canvas(WIDTH, height_for(seats, over))
    board = Board(image, sheet)
    draw = board.draw
    top, bottom = MAP_TOP - 10, roster_top() - 6
    for x in (DD_X, DU_X):
        draw.line([(x, top), (x, bottom)], fill=int(Ink.CHARCOAL), width=5)
    for line in corridors():
        draw.line(list(line), fill=int(Ink.CHARCOAL), width=5)
    board.words((MARGIN + 12, MAP_TOP + 6), "DD ventral duct", SMALL, Ink.CHARCOAL, bold=True)
    board.words((WIDTH - MARGIN - 12, MAP_TOP + 6), "DU dorsal duct", SMALL, Ink.CHARCOAL, bold=True, anchor="ra")
    for room in CATALOG.map_order:
        frame(board, room, explored=True)
        board.words(id_at(room), room, SMALL, Ink.CHARCOAL, bold=True, anchor="lm")
    board.words((MARGIN, 56), "Time", SMALL, Ink.BLACK, bold=True, anchor="lm")
    return image


def frame(board: Board, room: str, *, explored: bool) -> None:
    rounded(board.draw, cell(room), Ink.WHITE if explored else Ink.MIST, Ink.BLACK, radius=8, width=3)


def id_at(room: str) -> tuple[int, int]:
    x0, y0, _, _ = cell(room)
    return (x0 + 6, y0 + PIECE_DY)


def draw_phone(
    view: DerelictView,
    sheet: Sheet | None = None,
    base: Image.Image | None = None,
    rooms: RoomCells | None = None,
    mapped: tuple[list[Mark], list[Token]] | None = None,
    header: RoomCells | None = None,
) -> Image.Image:
    """The phone board of ``view`` (and its measures on ``sheet``) on ``base``, a copy of ``draw_static``'s
        layer for its shape, or on a layer drawn (and measured) now; its rooms and time track pasted from ``rooms``
        where they look as drawn before (``render.derelict.cells``), except on a sheet with letter masks (the legibility
        tests measure the drawing itself). ``mapped``: ``base`` shows every room and noise badge of ``view``
        already (``render.derelict.maps``), and this is what they printed. ``header``: the header's lines drawn before
    (``kept_lines``), pasted likewise."""
    image = draw_static(*shape(view), sheet) if base is None else base
    board = Board(image, sheet)
    kept = rooms if sheet is None or sheet.boxes_only else None
    draw_header(board, view, kept, header if kept is not None else None)
    draw_map(board, view, kept, mapped)
    draw_roster(board, view)
    return image


def title(view: DerelictView) -> str:
    """Who acts now, in the table's names: the first thing a player looks for. Too long for the width, the
    character's name goes first, then the end of the player's name; "to act" always stays."""
    if view.phase == "over":
        return "Derelict · game over"
    if view.phase == "setup":
        return "Derelict · crew choose characters and tasks"
    head = f"Round {view.round}"
    if view.current is None:
        return f"{head} · the ship's turn"
    seat = view.seats[view.current]
    width, face = WIDTH - 2 * MARGIN, font(LARGE, bold=True)
    who = view.seat_name(seat.seat)
    for words in (f"{head} · {who} ({seat.name}) to act", f"{head} · {who} to act"):
        if text_width(words, face) <= width:
            return words
    room = width - text_width(f"{head} ·  to act", face)
    return f"{head} · {fitting(who, room, LARGE, bold=True)} to act"


def draw_header(
    board: Board, view: DerelictView, kept: RoomCells | None = None, header: RoomCells | None = None
) -> None:
    """The title, the time track (pasted from ``kept`` when it looks as drawn before) and the header's lines
    (pasted from ``header`` when they read as drawn before)."""
    board.words((MARGIN, 8), fitting(title(view), WIDTH - 2 * MARGIN, LARGE, bold=True), LARGE, Ink.BLACK, bold=True)
    if kept is None or view.time_spaces < 1:
        draw_track(board, view)
    else:
        key = ("time track", view.time_spaces, view.time, view.cryo_open)
        box = (TIME_LEFT, TIME_TOP, time_cell(view, view.time_spaces)[2], TIME_BOTTOM)
        kept_section(board, key, box, kept, lambda part: draw_track(part, view))
    lines = [
        hazard_line(view.fires, view.malfunctions, view.self_destruct),
        f"Course {view.course} · cryo (blue) opens at {view.cryo_open} · intruder bag {view.bag_size}",
        *pod_lines(view),
    ]
    if view.phase == "over":
        lines = result_lines(view)
    headline = 2 if view.phase == "over" and len(lines) == 4 else 1 if view.phase == "over" else 0
    armed = view.self_destruct is not None
    rows = tuple(
        (line, Ink.VERMILLION if armed and line.startswith("F fire") else Ink.BLACK, i < headline)
        for i, line in enumerate(lines[: len(HEADER_LINES)])
    )
    if header is None:
        draw_lines(board, rows)
    else:
        kept_lines(board, rows, header)


Row = tuple[str, Ink, bool]
"""A header line: its words (before fitting), its ink and whether it is bold."""


def draw_lines(board: Board, rows: tuple[Row, ...]) -> None:
    """The header's lines under the time track, each fitted to the width, one a ``HEADER_LINES`` middle."""
    for y, (line, ink, bold) in zip(HEADER_LINES, rows, strict=False):
        board.words(
            (MARGIN, y), fitting(line, WIDTH - 2 * MARGIN, SMALL, bold=bold), SMALL, ink, bold=bold, anchor="lm"
        )


def kept_lines(board: Board, rows: tuple[Row, ...], kept: RoomCells) -> None:
    """``draw_lines``, pasted from ``kept`` when these lines were drawn before. Kept only when every line's box
    (FreeType's, as measured for the sheet) lies inside ``LINES_BOX``, where the layer under the lines is paper on
    every board (``tests/render/test_derelict_header.py``): a line that would reach outside it is drawn each time."""
    key = ("header lines", rows)
    drawn = kept.get(key)
    if drawn is not None:
        board.image.paste(drawn.image, LINES_BOX[:2])
        if board.sheet is not None:
            board.sheet.marks.extend(drawn.marks)
        return
    printed = Sheet(boxes_only=True)
    draw_lines(Board(board.image, printed), rows)
    x0, y0, x1, y1 = LINES_BOX
    if all(x0 <= m.box[0] and y0 <= m.box[1] and m.box[2] <= x1 and m.box[3] <= y1 for m in printed.marks):
        kept.keep(key, board.image, LINES_BOX, printed)
    if board.sheet is not None:
        board.sheet.marks.extend(printed.marks)


def draw_track(board: Board, view: DerelictView) -> None:
    """The time track: a cell a space, the current one thick and orange, those from cryo's opening blue; all of
    it inside the track's box (``TIME_TOP`` to ``TIME_BOTTOM``, right of the static layer's "Time")."""
    for space in range(1, view.time_spaces + 1):
        now = space == view.time
        fill = Ink.ORANGE if now else Ink.SKY if space >= view.cryo_open else Ink.WHITE
        x0, y0, x1, y1 = time_cell(view, space)
        board.draw.rectangle((x0, y0, x1, y1), fill=int(fill), outline=int(Ink.BLACK), width=4 if now else 1)
        board.words(((x0 + x1) // 2, 56), str(space), SMALL, Ink.BLACK, bold=now, anchor="mm")


def time_cell(view: DerelictView, space: int) -> Box:
    """The time track's cell for ``space`` (1 first)."""
    step = min(40, (WIDTH - MARGIN - TIME_LEFT) // max(1, view.time_spaces))
    x = TIME_LEFT + (space - 1) * step
    return (x, TIME_TOP, x + step - 3, TIME_BOTTOM)


def track_changes(previous: DerelictView, view: DerelictView) -> list[Change]:
    """What the sheets cannot show changed: the time track's marked cell (its number stays the same)."""
    if previous.time == view.time or not 1 <= view.time <= view.time_spaces:
        return []
    return [Change(time_cell(view, view.time), f"time {previous.time} → {view.time}")]


def piece_words(token: Token) -> str | None:
    """A changed piece in words: "intruder on S03", "noise in DU" (a roster line's own disc is not named)."""
    if token.space.startswith("seat "):
        return None
    return f"{token.what} in {token.space}"


def result_lines(view: DerelictView) -> list[str]:
    """The result screen's header: how the game ended (the summary's first sentence, on up to two lines), the
    engines and the tracks; who survived and each task is in the roster below."""
    headline = view.summary.split(". ")[0].rstrip(".") + "." if view.summary else "The game is over."
    lines = wrapped(headline, font(SMALL, bold=True), WIDTH - 2 * MARGIN)[:2]
    if view.engines:
        lines.append("Engines: " + " · ".join(f"{room} {state}" for room, state in sorted(view.engines.items())))
    lines.append(f"Course {view.course} · F fire {view.fires}/8 · X malfunction {view.malfunctions}/8")
    return lines[:4]


def pod_lines(view: DerelictView) -> list[str]:
    """The escape pods on at most two lines: "Pods: 1 locked · 2 unlocked, 1 aboard · 3 launched"."""
    words = []
    for pod in view.pods:
        state = "launched" if pod.launched else "locked" if pod.locked else "unlocked"
        aboard = f", {len(pod.seats)} aboard" if pod.seats and not pod.launched else ""
        words.append(f"{pod.number} {state}{aboard}")
    face = font(SMALL)
    whole = "Pods: " + " · ".join(words)
    if len(words) < 2 or text_width(whole, face) <= WIDTH - 2 * MARGIN:  # one line: one measure, not one a pod
        return [whole.rstrip()]
    lines = ["Pods:"]
    for part in words:
        candidate = lines[-1] + (" " if lines[-1] == "Pods:" else " · ") + part
        if lines[-1] != "Pods:" and text_width(candidate, face) > WIDTH - 2 * MARGIN:
            lines.append(part)
        else:
            lines[-1] = candidate
    return lines[:2]


def draw_map(
    board: Board,
    view: DerelictView,
    rooms: RoomCells | None = None,
    mapped: tuple[list[Mark], list[Token]] | None = None,
) -> None:
    """The rooms (drawn, or pasted from ``rooms``), then the noise badges over the corridors and ducts; or, with
    ``mapped``, both on the board already (``render.derelict.maps``) and this what they printed."""
    if mapped is not None:
        if board.sheet is not None:
            board.sheet.marks.extend(mapped[0])
            board.sheet.tokens.extend(mapped[1])
        return
    for room in view.rooms:
        if rooms is None:
            draw_cell(board, view, room)
        else:
            kept_cell(board, view, room, rooms)
    for key in view.noise:
        board.piece(key, "noise", noise_at(key), paint_noise)


def kept_cell(board: Board, view: DerelictView, room: RoomView, rooms: RoomCells) -> None:
    """``draw_cell``, pasted from ``rooms`` when the room looks as it was drawn before, else drawn and kept."""
    kept_section(board, look(view, room), cell(room.id), rooms, lambda part: draw_cell(part, view, room))


def kept_section(board: Board, key: Look, box: Box, kept: RoomCells, draw: Callable[[Board], None]) -> None:
    """A section that ``draw`` draws inside ``box`` (its right and bottom edges included) from what ``key``
    says: pasted with what it printed when kept, else drawn on the board, measured and kept."""
    drawn = kept.get(key)
    if drawn is not None:
        board.image.paste(drawn.image, box[:2])
        if board.sheet is not None:
            board.sheet.marks.extend(drawn.marks)
            board.sheet.tokens.extend(drawn.tokens)
        return
    printed = Sheet(boxes_only=True)
    draw(Board(board.image, printed))
    kept.keep(key, board.image, box, printed)
    if board.sheet is not None:
        board.sheet.marks.extend(printed.marks)
        board.sheet.tokens.extend(printed.tokens)


def room_name_words(room: RoomView) -> tuple[str, int, bool, Ink]:
    """A room's name in the largest face that fits its box (never under 18 px), or "unexplored"."""
    if room.name is None:
        return "unexplored", SMALL, False, Ink.GREY
    size, bold = name_face(room.name)
    return room.name, size, bold, Ink.BLACK


@cache
def name_face(name: str) -> tuple[int, bool]:
    """The largest of ``NAME_FACES`` a room's name fits its box in (the smallest when none does)."""
    width = CELL_W - 12
    return next(((s, b) for s, b in NAME_FACES if text_width(name, font(s, bold=b)) <= width), NAME_FACES[-1])


def warm_texts() -> None:
    """Measure and stamp ahead, once a process, every room's name in its face (``name_face``) and the header's
    fire and malfunction line for every count with no self-destruct armed (81 lines), so a room first explored or a
    fire or malfunction first counted draws no text new to the process (about 0.3 ms each)."""
    scratch = Board(new_canvas(WIDTH, 40), None)
    for room in (*CATALOG.rooms.fixed, *CATALOG.rooms.tiles):
        size, bold = name_face(room.name)
        scratch.words((6, NAME_DY), room.name, size, Ink.BLACK, bold=bold, anchor="lm")
    for fires in range(9):
        for malfunctions in range(9):
            line = hazard_line(fires, malfunctions, None)
            scratch.words((MARGIN, 20), fitting(line, WIDTH - 2 * MARGIN, SMALL), SMALL, Ink.BLACK, anchor="lm")


def warm_pieces() -> None:
    """Draw and measure ahead, once a process, every piece's look a board may show (``piece_paints``) and every
    number of the time track in both its weights, so a character, an intruder type or a ``+n`` tag first met, or
    the time first reaching a space, costs a paste in a move, not a drawing (0.15-0.35 ms each)."""
    board = Board(new_canvas(2 * PIECE_STEP, 2 * PIECE_STEP), Sheet(boxes_only=True))
    at = (PIECE_STEP, PIECE_STEP)
    for what, paint in piece_paints():
        board.piece("warm", what, at, paint)
    for space in range(1, max(CATALOG.ship.time.full.spaces, CATALOG.ship.time.short.spaces) + 1):
        for bold in (False, True):
            board.words(at, str(space), SMALL, Ink.BLACK, bold=bold, anchor="mm")


def piece_paints() -> list[tuple[str, Paint]]:
    """Every piece's look the board draws (``draw_cell``, ``draw_map``, ``draw_roster``): the noise badge, the fire
    and malfunction badges, each intruder type with its letter, each character's letter (or "?") in each seat's
    ink and the ``+n`` tags."""
    paints: list[tuple[str, Paint]] = [("noise", paint_noise), FIRE, MALFUNCTION_BADGE]
    paints += [
        (f"{kind} {card.letter}", partial(paint_intruder, kind, card.letter)) for kind, card in CATALOG.intruder.items()
    ]
    letters = [character.letter for character in CATALOG.characters.characters] + ["?"]
    paints += [
        (f"character {letter}", character_paint(letter, seat)) for letter in letters for seat in range(len(SEAT_INKS))
    ]
    paints += [(f"+{n} more", partial(paint_tag, f"+{n}")) for n in range(1, 10)]
    return paints


def character_paint(letter: str, seat: int) -> Paint:
    """A character's disc: its letter in its seat's ink (the map's rooms and the roster draw the same look)."""
    return partial(paint_character, letter, SEAT_INKS[seat % 5])


def hazard_line(fires: int, malfunctions: int, self_destruct: int | None) -> str:
    """The header's first line: the fire and malfunction tracks and the self-destruct."""
    armed = "off" if self_destruct is None else f"armed, {self_destruct} of 6"
    return f"F fire {fires}/8 · X malfunction {malfunctions}/8 · self-destruct {armed}"


def draw_cell(board: Board, view: DerelictView, room: RoomView) -> None:
    x0, y0, _, _ = cell(room.id)
    if not room.explored:  # over the static layer's white frame, its id drawn again (measured there)
        frame(board, room.id, explored=False)
        label(board.draw, id_at(room.id), room.id, SMALL, Ink.CHARCOAL, bold=True, anchor="lm")
    name, size, bold, ink = room_name_words(room)
    board.words((x0 + 6, y0 + NAME_DY), name, size, ink, bold=bold, anchor="lm")
    things: list[tuple[str, Paint]] = []
    if room.fire:
        things.append(FIRE)
    if room.malfunction:
        things.append(MALFUNCTION_BADGE)
    for intruder in room.intruders:
        things.append((f"{intruder.type} {intruder.letter}", partial(paint_intruder, intruder.type, intruder.letter)))
    for seat in room.characters:
        letter = view.seats[seat].letter or "?"
        things.append((f"character {letter}", character_paint(letter, seat)))
    shown = things if len(things) <= PLACES else things[: PLACES - 1]
    for i, (what, paint) in enumerate(shown):
        board.piece(room.id, what, (x0 + PIECE_X + i * PIECE_STEP, y0 + PIECE_DY), paint)
    if len(shown) < len(things):
        more = f"+{len(things) - len(shown)}"
        at = (x0 + PIECE_X + len(shown) * PIECE_STEP, y0 + PIECE_DY)
        board.piece(room.id, f"{more} more", at, partial(paint_tag, more))


def where_words(seat: SeatView, view: DerelictView) -> str:
    """Where a seat's character is, in the room's words, or what became of it."""
    if seat.character is None:
        return "choosing a character"
    if seat.room:
        room = next(r for r in view.rooms if r.id == seat.room)
        return f"{room.id} {room.name}" if room.name else room.id
    return {"hibernating": "in cryo", "pod": "in a pod", "escaped": "escaped", "dead": "dead"}.get(
        seat.status, seat.status
    )


def draw_roster(board: Board, view: DerelictView) -> None:
    """One line a seat: its piece, then who plays it, the character and where it is (the piece's key); at the
    end two lines a seat: its fate, then its task and its infection cards."""
    over = view.phase == "over"
    y = roster_top() + ROSTER_LINE // 2
    for seat in view.seats:
        letter = seat.letter or "?"
        paint = character_paint(letter, seat.seat)
        board.piece(f"seat {seat.seat}", f"character {letter}", (MARGIN + 14, y), paint)
        acting = view.current == seat.seat and not over
        line = roster_line(view, seat, acting, WIDTH - 2 * MARGIN - 34)
        board.words((MARGIN + 34, y), line, SMALL, Ink.BLACK, bold=acting, anchor="lm")
        if over:
            task = view.chosen_tasks.get(seat.seat, "no task")
            words = fitting(f"Task {task} · {infection_words(seat, view)}", WIDTH - 2 * MARGIN - 34, SMALL)
            board.words((MARGIN + 34, y + 25), words, SMALL, Ink.CHARCOAL, anchor="lm")
        y += RESULT_LINE if over else ROSTER_LINE


def roster_line(view: DerelictView, seat: SeatView, bold: bool, width: int) -> str:
    """A seat's roster line in ``width`` pixels: who plays it, the character, where it is, whether it acts;
    the room's name goes first when the line is too long, then the end of the player's name."""
    marks = []
    if view.phase == "over":
        marks = [seat.cause] if seat.cause and seat.status == "dead" else []
    elif view.current == seat.seat:
        marks.append("to act")
    elif seat.passed and view.phase == "play":
        marks.append("passed")
    if view.first == seat.seat and view.phase == "play":
        marks.append("1st")
    character = f" ({seat.name})" if seat.character else ""
    where = where_words(seat, view)
    face = font(SMALL, bold=bold)
    for place in (where, seat.room or where):
        tail = character + "".join(f" · {m}" for m in [place, *marks])
        line = view.seat_name(seat.seat) + tail
        if text_width(line, face) <= width:
            return line
    who = fitting(
        view.seat_name(seat.seat), max(80, width - text_width(tail, face)), SMALL, bold=face is font(SMALL, bold=True)
    )
    return fitting(who + tail, width, SMALL, bold=face is font(SMALL, bold=True))


def infection_words(seat: SeatView, view: DerelictView) -> str:
    """A seat's infection cards as the view tells them: how many, and which are known clean or infected (every
    one once the game is over: the view's ``infection_reveal``; before, those scanned into the discard)."""
    revealed = view.infection_reveal.get(seat.seat)
    if revealed is not None:
        infected, clean = revealed.count("INFECTED"), revealed.count("clean")
    else:
        infected = sum("INFECTED" in card for card in seat.discard)
        clean = sum(card == "infection card (clean)" for card in seat.discard)
    unknown = seat.infection_cards - infected - clean
    parts = [f"{n} {what}" for n, what in ((infected, "INFECTED"), (clean, "clean"), (unknown, "unrevealed")) if n]
    return f"{count(seat.infection_cards, 'infection card')}" + (f": {', '.join(parts)}" if parts else "")


def paint_noise(draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    disc(draw, at, PIECE_R, Ink.YELLOW, "N", Ink.BLACK, outline=Ink.BLACK, size=17)


def paint_badge(letter: str, fill: Ink, ink: Ink, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    x, y = at
    rounded(draw, (x - PIECE_R, y - PIECE_R, x + PIECE_R, y + PIECE_R), fill, Ink.BLACK, radius=5, width=2)
    label(draw, (x, y), letter, 17, ink, bold=True, anchor="mm")


FIRE: tuple[str, Paint] = ("fire F", partial(paint_badge, "F", Ink.VERMILLION, Ink.WHITE))
MALFUNCTION_BADGE: tuple[str, Paint] = ("malfunction X", partial(paint_badge, "X", MALFUNCTION, Ink.WHITE))


def paint_tag(words: str, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    label(draw, (at[0] - PIECE_R + 2, at[1]), words, SMALL, Ink.BLACK, bold=True, anchor="lm")


def paint_character(letter: str, ink: Ink, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    disc(draw, at, PIECE_R, ink, letter, Ink.BLACK, outline=Ink.BLACK, size=17)


SHAPES: dict[str, Callable[[int, int, int], list[tuple[float, float]]]] = {
    "crawler": lambda x, y, r: [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)],
    "hunter": lambda x, y, r: [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)],
    "brooder": lambda x, y, r: [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)],
}


def paint_intruder(kind: str, letter: str, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    """An intruder: a shape per type (larva circle, crawler square, hunter triangle, brooder diamond,
    matriarch star) with its letter. Drawn from plain values (an ``IntruderView`` is not hashable), so the sheet
    measures each look once (``render.core.sheet.drawn``), not every piece of every board."""
    x, y = at
    r = PIECE_R
    if kind == "larva":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=int(Ink.CHARCOAL), outline=int(Ink.BLACK), width=2)
    elif kind in SHAPES:
        polygon(draw, SHAPES[kind](x, y, r), Ink.CHARCOAL, Ink.BLACK, width=2)
    else:
        polygon(draw, star_points((x, y), r + 3, r // 2 + 2), Ink.VERMILLION, Ink.BLACK, width=2)
    label(draw, (x, y + (3 if kind == "hunter" else 1)), letter, 15, Ink.WHITE, bold=True, anchor="mm")
