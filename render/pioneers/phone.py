"""The Cosmic Pioneers board as a phone shows it: a portrait overview read without zooming (issue 26).

A phone shows an image about 400 px wide, so this board is ``WIDTH`` (640) px wide and prints nothing under
``TEXT`` (20) px (12.5 px on the phone) and no piece under ``PIECE`` (26) px (16 px). It keeps what a captain
follows the game by: the round and whose turn it is, each captain's number, name, points, credits and where
they hold; the ring as two columns read as a racetrack (down the left, up the right, so neighbours on the
ring are neighbours on the picture), each sector with its typeable label, its colour band, its spots (a
colonist is a disc with its captain's number, an alien a black square with its letter, an empty green spot a
thick green frame), who holds it, the ships in orbit (discs with the number; a crashed ship lies flat) and
its goods (diamonds). The adventure tables, natives, spot numbers and captains' upgrades and holds are one
tap away: the **Zoom** on a sector, or the **Full board**.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache, partial
from typing import NamedTuple, TypeVar

from PIL import Image, ImageDraw, ImageFont

from engine.core.words import count
from engine.pioneers.catalog import CATALOG
from engine.pioneers.view import PioneersView, SectorView
from render.core import Box, Ink, disc, fitted, font, new_canvas, rounded, text_width
from render.core.canvas import shortened as clip
from render.core.fonts import Font
from render.core.glyphs import glyph_face
from render.core.sheet import Sheet, Token, say
from render.core.sheet import place as _place
from render.core.sheet import say as say_line  # new lines built from kept glyphs (render.core.glyphs)
from render.core.stamps import SPRITES

from .board import COLOUR_INK, COLOUR_TEXT, GOOD_LETTER, PLAYER_INK
from .parts import DrawPart, Regions, Sections

L = TypeVar("L", bound=tuple[object, ...])

WIDTH = 640
TEXT = 20
"""The smallest font on the overview: 12.5 px on a phone."""
PIECE = 26
"""The smallest piece on the overview: 16.25 px on a phone."""
MARGIN = 10
GAP = 6
HEADER_H = 78
PLAYER_H = 38
CELL_H = 100
CELL_W = (WIDTH - 2 * MARGIN - GAP) // 2
BAND_H = 32
SPOT = 33  # between two spots' centres
RADIUS = PIECE // 2 + 1
FOOTER_H = 94


def rows(view: PioneersView) -> int:
    """Sector rows: the ring in two columns."""
    return (len(view.ring) + 1) // 2


def height(view: PioneersView) -> int:
    """The overview's height: header, captains, ring, footer (fixed for a game: its ring and captains), and the
    result's standings once the game is over."""
    return ring_top(view) + rows(view) * (CELL_H + GAP) + FOOTER_H + result_height(view)


def result_height(view: PioneersView) -> int:
    """The standings box under the footer at the end: a title, a line a captain, the deciding fact."""
    return 0 if view.phase != "over" else RESULT_PAD + (len(view.players) + 2) * RESULT_LINE + RESULT_PAD


RESULT_LINE = 30
RESULT_PAD = 14


def ring_top(view: PioneersView) -> int:
    return HEADER_H + len(view.players) * PLAYER_H + GAP


def cell_box(view: PioneersView, slot: int) -> tuple[int, int, int, int]:
    """Slot ``slot``'s cell: down the left column from the Jumpgate, then up the right one."""
    return _cell_box(len(view.ring), len(view.players), slot)


def _cell_box(sectors: int, players: int, slot: int) -> tuple[int, int, int, int]:
    n = (sectors + 1) // 2
    column, row = (0, slot) if slot < n else (1, sectors - 1 - slot)
    x0 = MARGIN + column * (CELL_W + GAP)
    y0 = HEADER_H + players * PLAYER_H + GAP + row * (CELL_H + GAP)
    return x0, y0, x0 + CELL_W, y0 + CELL_H


def status(view: PioneersView) -> str:
    """Whose turn it is, in words, naming the captain."""
    if view.phase == "over":
        return winners_words(view)
    if view.phase != "play":
        return {
            "commander": "Setup: commanders",
            "upgrade": "Setup: free upgrades",
            "draft": "Setup: planet draft",
        }.get(view.phase, view.phase)
    if view.active is not None:
        return f"{view.seat_name(view.active)} to play"
    if view.waiting:
        return "Waiting on " + ", ".join(view.seat_name(s) for s in view.waiting)
    return ""


Sectors = tuple[tuple[int, str, str | None], ...]
StaticKey = tuple[Sectors, int, int]
"""What the static layer depends on: each sector's slot, kind and colour; the captains; the image's height."""


def static_key(view: PioneersView) -> StaticKey:
    return tuple((s.slot, s.kind, s.colour) for s in view.ring), len(view.players), height(view)


def draw_static(key: StaticKey, sheet: Sheet | None = None) -> Image.Image:
    """What every board of this ring prints the same: each sector's box and colour band (drawn once, copied
    per board: ``draw_overview``'s ``base``). ``sheet`` is for the measuring signature: the layer prints no text."""
    sectors, players, tall = key
    image = new_canvas(WIDTH, tall)
    for slot, kind, colour in sectors:
        image.paste(_frame(kind, colour), _cell_box(len(sectors), players, slot)[:2])
    return image


@lru_cache(maxsize=64)
def _frame(kind: str, colour: str | None) -> Image.Image:
    """A sector's box and band (``_cell_frame``) drawn once per look on the paper a layer is drawn on, and pasted
    there (read only): the same pixels, the corners outside the rounded frame included, for a paste of a small
    image where stamping the box's inks over the layer cost about half a millisecond a sector."""
    image = new_canvas(CELL_W + 1, CELL_H + 1)
    _cell_frame(ImageDraw.Draw(image), kind, colour, (0, 0, CELL_W, CELL_H))
    return image


def layer_key(key: StaticKey) -> StaticKey:
    """The static layer a board of ``key``'s ring is drawn over: its own, once the ring is complete; during the
    set-up (a slot still ``open``), the ring with every slot open, the same for every board of the set-up and of
    every game of that size (``draw_placed`` adds the sectors placed so far). Each pick of the draft places a
    sector, so a layer per placed sector would serve a board or two and be drawn again in each game's set-up;
    this way a game draws one layer for its set-up (shared with other games of its size) and one for its ring."""
    sectors, players, tall = key
    if all(kind != "open" for _, kind, _ in sectors):
        return key
    return tuple((slot, "open", None) for slot, _, _ in sectors), players, tall


def draw_placed(image: Image.Image, key: StaticKey) -> Image.Image:
    """The sectors of ``key`` already placed, drawn over a copy of its set-up layer (``layer_key``): each covers
    the open slot's box whole (``_frame``: the same box, corners and paper), so the pixels are those of
    ``draw_static(key)``."""
    sectors, players, _ = key
    for slot, kind, colour in sectors:
        if kind != "open":
            image.paste(_frame(kind, colour), _cell_box(len(sectors), players, slot)[:2])
    return image


def draw_overview(
    view: PioneersView, sheet: Sheet | None = None, base: Image.Image | None = None, sections: Sections | None = None
) -> Image.Image:
    """The phone board for ``view`` on ``base``, a copy of ``draw_static``'s layer for its ring (or on a layer
    drawn now); ``sheet`` (when measuring) notes every text and piece as drawn. With ``sections``, each sector's
    cell is pasted from the one kept for what it shows (``cell_look``), drawn only when new (the same pixels:
    a cell draws only inside its box, over its frame on the layer, and nothing else draws there)."""
    image = draw_static(static_key(view), sheet) if base is None else base
    draw = ImageDraw.Draw(image)
    for part in parts(view):
        if sections is None:
            part.paint(draw, part.box, sheet)
        else:
            sections.paste(image, part.box, part.look, part.paint, sheet)
        if part.over is not None:
            part.over(draw, part.box, sheet)
    draw_result(draw, view, sheet)
    return image


class BoardPart(NamedTuple):
    """A part of the board: its box, its look (what ``paint`` shows there: the key its image is kept by), how it
    is drawn in its box, and what is drawn over it once pasted (``over``, shown as ``over_look``; a sector's
    ships, stamped, so a cell is kept by its planet's spots and goods and a ship coming or going, or changing its
    outline when its captain's turn comes, pastes the kept cell and stamps the ships again)."""

    box: Box
    look: Hashable
    paint: DrawPart
    over_look: Hashable = None
    over: DrawPart | None = None
    frame: tuple[str, str | None] | None = None
    """A cell's sector kind and colour: the frame every layer holds in its box (``ground``); a strip: none."""
    patch: Callable[[Hashable], CellPatch | None] | None = None
    """A cell's ``cell_patch``: the regions to draw again over the cell of another look (``before``) of its sector."""


def ground(part: BoardPart) -> Image.Image:
    """What every layer of the board's size holds in ``part``'s box (read only): a cell's sector frame
    (``draw_static`` pastes it there, the set-up's open slots included), a strip's paper. A part drawn over it is
    the part drawn over any of those layers, so a board's parts can be drawn and pasted with no layer at all."""
    if part.frame is not None:
        return _frame(*part.frame)
    x0, y0, x1, y1 = part.box
    return _paper(x1 - x0 + 1, y1 - y0 + 1)


@lru_cache(maxsize=16)
def _paper(width: int, height: int) -> Image.Image:
    """A blank strip of paper (read only), what a layer holds outside the sectors' frames."""
    return new_canvas(width, height)


def parts(view: PioneersView, *, cut_lines: bool = False) -> list[BoardPart]:
    """The board's parts in the order they are drawn, each with its box, its look (what it shows: the key it is
    kept by) and how it is drawn in a box: the header (its title and status strips, or one: ``header_splits``),
    each captain's line (with ``cut_lines``, in two parts where it can be: ``captain_split``; their highlight
    spans both, so they are drawn apart, each on its own canvas, never in place), each sector's cell (its ships
    over it), the footer. They lie side by side (no two boxes meet); only the result's standings, at the end, are
    drawn apart. Made for every board, so kept lean: the cells' boxes are made once per ring size."""
    found: list[BoardPart] = []

    def strip(top: int, tall: int, look: L, paint: Callable[[ImageDraw.ImageDraw, L, int, Sheet | None], None]) -> None:
        found.append(BoardPart((0, top, WIDTH - 1, top + tall - 1), look, partial(_strip_part, paint, look)))

    look = header_look(view)
    if header_splits(look[1], look[2]):
        strip(0, TITLE_H, ("title", look[1]), _title)
        strip(TITLE_H, HEADER_H - TITLE_H, ("status", look[2]), _status)
    else:
        strip(0, HEADER_H, look, _header)
    players = view.players
    for player in players:
        top = HEADER_H + player.seat * PLAYER_H
        line = captain_look(view, player.seat)
        split = captain_split(line[2], line[3]) if cut_lines else None
        if split is None:
            strip(top, PLAYER_H, line, _captain)
        else:
            cut, shown, size = split
            bottom = top + PLAYER_H - 1
            named = ("captain", line[1], shown, size, line[4])  # the disc, the name as printed, the highlight
            found.append(BoardPart((0, top, cut - 1, bottom), named, partial(_captain_side, line, cut, True)))
            found.append(BoardPart((cut, top, WIDTH - 1, bottom), line[3:], partial(_captain_side, line, cut, False)))
    boxes = _cell_boxes(len(view.ring), len(players))
    playing = view.active if view.phase == "play" else None
    for sector in view.ring:
        ships = tuple((seat, players[seat].crashed, seat == playing) for seat in sector.ships)  # ``ships_look``
        cell = cell_look_of(sector)
        found.append(
            BoardPart(
                boxes[sector.slot],
                cell,
                partial(_cell_part, view, sector),
                ships,
                partial(_ships_part, ships, sector.label) if ships else None,
                (sector.kind, sector.colour),
                partial(cell_patch, sector, cell),
            )
        )
    top, footer = footer_top(view), footer_look(view)
    lines = footer_splits(footer[1])
    if lines is None:
        strip(top, FOOTER_H, footer, _footer)
    else:
        for index, (start, end) in enumerate(lines):
            strip(top + start, end - start, ("footer line", index, footer[1][index]), _footer_line)
    return found


@lru_cache(maxsize=16)
def _cell_boxes(sectors: int, players: int) -> tuple[Box, ...]:
    """Every slot's cell box on a board of ``sectors`` and ``players`` (``cell_box``), by slot."""
    return tuple(_cell_box(sectors, players, slot) for slot in range(sectors))


def _strip_part(
    paint: Callable[[ImageDraw.ImageDraw, L, int, Sheet | None], None],
    look: L,
    draw: ImageDraw.ImageDraw,
    box: Box,
    sheet: Sheet | None,
) -> None:
    """A strip across the board (the header, a captain's line, the footer) drawn by ``paint`` from ``look``, what
    it shows, from the top of ``box`` (over the layer's paper, inside its strip)."""
    paint(draw, look, box[1], sheet)


def standing(view: PioneersView, seat: int) -> tuple[int, int, int, int]:
    """What decides the winner, in order: points, then planets held, then colonists on planets, then credits."""
    player = view.players[seat]
    return player.vp, player.controlled, player.colonists, player.credits


TIE_BREAKS = ("points", "planets held", "colonists on planets", "credits")


def winners(view: PioneersView) -> list[int]:
    best = max(standing(view, p.seat) for p in view.players)
    return [p.seat for p in view.players if standing(view, p.seat) == best]


def winners_words(view: PioneersView) -> str:
    """Who won, by name: "Alice wins", "Alice and Cy share the win", "Everybody ties"."""
    won = winners(view)
    if len(won) == len(view.players) > 1:
        return "Game over · everybody ties"
    names = " and ".join(view.seat_name(seat) for seat in won)
    return f"{names} {'share the win' if len(won) > 1 else 'wins'}"


def deciding_words(view: PioneersView) -> str:
    """The decisive fact: by what the winner beat the runner-up (points, or the tie-break that split them)."""
    ranked = sorted(view.players, key=lambda p: standing(view, p.seat), reverse=True)
    if len(ranked) < 2:
        return ""
    first, second = standing(view, ranked[0].seat), standing(view, ranked[1].seat)
    if first == second:
        return "Level on points, planets, colonists and credits: the win is shared."
    which = next(i for i in range(len(TIE_BREAKS)) if first[i] != second[i])
    if which == 0:
        return f"Won by {first[0] - second[0]} VP over {view.seat_name(ranked[1].seat)}."
    return f"Decided by {TIE_BREAKS[which]}: level on VP with {view.seat_name(ranked[1].seat)}."


def draw_result(draw: ImageDraw.ImageDraw, view: PioneersView, sheet: Sheet | None) -> None:
    """The result screen's standings, under the footer (no piece is covered): each captain's place, points,
    planets held, colonists and credits, best first, and what decided the win."""
    if view.phase != "over":
        return
    top = height(view) - result_height(view)
    rounded(draw, (MARGIN - 4, top, WIDTH - MARGIN + 4, height(view) - 6), Ink.WHITE, Ink.BLACK, width=3)
    bold, face = font(TEXT, bold=True), font(TEXT)
    y = top + RESULT_PAD + RESULT_LINE // 2
    say_line(
        draw, sheet, (MARGIN + 6, y), clip(f"Result: {winners_words(view)}", bold, WIDTH - 40), bold, Ink.BLACK, "lm"
    )
    won = set(winners(view))
    ranked = sorted(view.players, key=lambda p: standing(view, p.seat), reverse=True)
    for place, player in enumerate(ranked, start=1):
        y += RESULT_LINE
        vp, held, colonists, credits = standing(view, player.seat)
        tail = f"{vp} VP · {count(held, 'planet')} · {count(colonists, 'colonist')} · {credits} cr"
        tail_w = text_width(tail, face)
        say_line(draw, sheet, (WIDTH - MARGIN - 6, y), tail, face, Ink.BLACK, "rm")
        head = clip(f"{place}. {view.seat_name(player.seat)}", bold, WIDTH - 2 * MARGIN - 24 - tail_w)
        say_line(draw, sheet, (MARGIN + 6, y), head, bold if player.seat in won else face, Ink.BLACK, "lm")
    y += RESULT_LINE
    decided = deciding_words(view)
    if decided:
        say_line(draw, sheet, (MARGIN + 6, y), clip(decided, face, WIDTH - 40), face, Ink.CHARCOAL, "lm")


HeaderLook = tuple[str, str, str]
"""The header as drawn: ``"header"``, the title (scenario and round) and whose turn it is."""


def header_look(view: PioneersView) -> HeaderLook:
    return (
        "header",
        title_words(view.scenario_name, view.round if view.phase in ("play", "over") else None, view.rounds),
        status(view),
    )


def title_words(scenario: str, round_: int | None, rounds: int) -> str:
    """The header's title: the scenario and the round (``None``: the set-up)."""
    return f"{scenario} · {'Setup' if round_ is None else f'Round {round_} of {rounds}'}"


def every_title() -> list[str]:
    """Every title a board can print (``title_words``): each scenario's set-up and rounds."""
    rounds = CATALOG.components.rounds
    return [
        title_words(scenario.name, round_, rounds)
        for scenario in CATALOG.scenarios.values()
        for round_ in (None, *range(1, rounds + 1))
    ]


NUMBERS = string.digits + " ·" + "BLPQSVW"
"""The characters around the numbers a board prints anew (the captains' numbers and the footer's supply line:
``12 VP · 3 cr · 2 held``, ``Aliens left W6 L6 S14 Q8 B13 · goods 12``), whose pairs ``warm_pairs`` reads."""


def number_pairs() -> list[str]:
    """The letter pairs of the new lines a board prints that ``render.core.glyphs.warm_glyphs`` does not read ahead
    (it reads lower-case letters' and spaces'): every pair of ``NUMBERS``, and ``Al`` (``Aliens left``)."""
    return [*(a + b for a in NUMBERS for b in NUMBERS), "Al"]


def warm_pairs(faces: Iterable[Font]) -> None:
    """Read the kerning of ``number_pairs`` in ``faces`` now (each first met in a move costs 20-60 µs, and a new
    line of numbers meets several): the faces' kept glyphs (``render.core.glyphs``), a few bytes a pair."""
    pairs = number_pairs()
    for face in faces:
        if isinstance(face, ImageFont.FreeTypeFont):
            kept = glyph_face(face)
            for pair in pairs:
                kept.kerning(pair[0], pair[1])


def warm_titles(titles: Iterable[str]) -> None:
    """Measure and stamp ``titles`` now (``title_words``), as a new round's board would: the title's face, its
    box and its letters are kept in ``render.core``'s shared caches (about 10 KB of letters a title)."""
    strip = _paper(WIDTH, TITLE_H).copy()
    draw = ImageDraw.Draw(strip)
    for title in titles:
        _title(draw, ("title", title), 0, Sheet(boxes_only=True))


def _header(draw: ImageDraw.ImageDraw, look: HeaderLook, top: int, sheet: Sheet | None) -> None:
    _, title, words = look
    _title(draw, ("title", title), top, sheet)
    _status(draw, ("status", words), top + TITLE_H, sheet)


TITLE_H = 43
"""The header's title strip: the title's letters end above it (``header_splits``), the status's start below."""
TITLE_Y = 8
STATUS_Y = 44


def _title(draw: ImageDraw.ImageDraw, look: tuple[str, str], top: int, sheet: Sheet | None) -> None:
    """The scenario and the round, in the header's title strip."""
    title = look[1]
    say_line(draw, sheet, (MARGIN, top + TITLE_Y), title, _title_face(title), Ink.BLACK, "la")


def _status(draw: ImageDraw.ImageDraw, look: tuple[str, str], top: int, sheet: Sheet | None) -> None:
    """Whose turn it is, under the title strip (``top`` is the strip's)."""
    words = look[1]
    if words:
        say_line(draw, sheet, (MARGIN, top + STATUS_Y - TITLE_H), words, _status_face(words), Ink.VERMILLION, "la")


def _title_face(title: str) -> Font:
    return fitted(title, WIDTH - 2 * MARGIN, 28, bold=True, smallest=TEXT)


def _status_face(words: str) -> Font:
    return fitted(words, WIDTH - 2 * MARGIN, 24, bold=True, smallest=TEXT)


@lru_cache(maxsize=256)
def header_splits(title: str, words: str) -> bool:
    """Whether the header can be two parts, the title's strip above ``TITLE_H`` and the status's below: when the
    title's letters end at least a pixel above it and the status's start a pixel below (FreeType's boxes, which
    hold the 1-bit letters; a name's stacked accents may reach higher, and the header is then one part). The
    title changes once a round and the status with every turn: two parts draw each once, not every pair."""
    bottom = TITLE_Y + _title_face(title).getbbox(title, anchor="la")[3]
    top = STATUS_Y + _status_face(words).getbbox(words, anchor="la")[1] if words else HEADER_H
    return bottom < TITLE_H and top > TITLE_H


CaptainLook = tuple[str, int, str, str, bool]
"""A captain's line as drawn: ``"captain"``, the seat, the name, the numbers and whether they are to play."""


def captain_look(view: PioneersView, seat: int) -> CaptainLook:
    player = view.players[seat]
    numbers = f"{player.vp} VP · {player.credits} cr · {player.controlled} held" + (
        " · crashed" if player.crashed else ""
    )
    return "captain", seat, view.seat_name(seat), numbers, view.active == seat and view.phase == "play"


def _captain(draw: ImageDraw.ImageDraw, look: CaptainLook, y: int, sheet: Sheet | None) -> None:
    """One captain's line: their number disc (as on their pieces), name, points, credits and sectors held."""
    _captain_drawn(draw, look, 0, y, sheet)


def _captain_drawn(
    draw: ImageDraw.ImageDraw,
    look: CaptainLook,
    x: int,
    y: int,
    sheet: Sheet | None,
    *,
    name: bool = True,
    numbers: bool = True,
) -> None:
    """A captain's line with the board's left edge at ``x`` and its strip's top at ``y``: its highlight when they
    are to play, and its disc and name (``name``), its numbers (``numbers``) or both."""
    _, seat, shown, line, active = look
    cy = y + PLAYER_H // 2
    if active:
        rounded(draw, (x + MARGIN - 4, y + 1, x + WIDTH - MARGIN + 4, y + PLAYER_H - 1), Ink.YELLOW, None, radius=8)
    right, right_w = _numbers_face(line)
    if name:
        paint = partial(_colonist_paint, seat=seat)
        paint(draw, (x + MARGIN + RADIUS, cy))
        if sheet is not None:
            sheet.token(f"captain {seat + 1}", "captain", (x + MARGIN + RADIUS, cy), paint)
        face, shown = _name_face(shown, right_w)
        say(draw, sheet, (x + NAME_X, cy), shown, face, Ink.BLACK, "lm")
    if numbers:
        say_line(draw, sheet, (x + WIDTH - MARGIN, cy), line, right, Ink.BLACK, "rm")


NAME_X = MARGIN + 2 * RADIUS + 10
"""Where a captain's name starts, right of their disc."""


def _numbers_face(numbers: str) -> tuple[Font, int]:
    """A captain's numbers' face and width (measures kept by ``render.core``)."""
    right = fitted(numbers, 300, 22, smallest=TEXT)
    return right, text_width(numbers, right)


def _name_face(name: str, right_w: int) -> tuple[Font, str]:
    """A captain's name's face and the name as printed (shortened if need be) left of numbers ``right_w`` wide."""
    room = WIDTH - MARGIN - right_w - 16 - NAME_X
    face = fitted(name, room, 22, bold=True, smallest=TEXT)
    return face, clip(name, face, room)


@lru_cache(maxsize=1024)
def captain_split(name: str, numbers: str) -> tuple[int, str, int] | None:
    """Where a captain's line can be cut in two parts, the disc and name left of it and the numbers right of it
    (both over the highlight, drawn in each): a pixel past the name's letters, when the numbers' start further
    right (FreeType's boxes, which hold the 1-bit letters); with the name as printed and its size, which with the
    cut are all the left part shows. ``None`` when there is no such gap. The numbers change with a move and the
    highlight with every turn; the name's part, at a place that moves only with the name, is drawn once per
    highlight."""
    right, right_w = _numbers_face(numbers)
    face, shown = _name_face(name, right_w)
    cut = NAME_X + math.ceil(face.getbbox(shown, anchor="lm")[2]) + 1
    numbers_left = WIDTH - MARGIN + right.getbbox(numbers, anchor="rm")[0]
    if not isinstance(face, ImageFont.FreeTypeFont) or cut >= numbers_left:
        return None
    return cut, shown, round(face.size)


def _captain_side(
    look: CaptainLook, cut: int, name: bool, draw: ImageDraw.ImageDraw, box: Box, sheet: Sheet | None
) -> None:
    """The left (``name``: disc and name) or right (numbers) side of a captain's line cut at ``cut``
    (``captain_split``), drawn in ``box``: the side's own part of the line, the highlight clipped at the box."""
    x = box[0] - (0 if name else cut)  # where the board's left edge lies
    _captain_drawn(draw, look, x, box[1], sheet, name=name, numbers=not name)


def _colonist_paint(draw: ImageDraw.ImageDraw, at: tuple[int, int], *, seat: int) -> None:
    disc(draw, at, RADIUS, PLAYER_INK[seat], str(seat + 1), Ink.BLACK, outline=Ink.BLACK, size=20)


def _ship_paint(draw: ImageDraw.ImageDraw, at: tuple[int, int], *, seat: int, active: bool) -> None:
    """A ship: an arrowhead pointing along the ring (a colonist is a disc), with its captain's number.

    Stamped from the sprite cache (``render.core.stamps``): Pillow draws a polygon's outline wider than a pixel
    through a mask the size of the whole image (a 640 x 1000 canvas made and filled per ship, about 0.5 ms),
    where a stamp costs microseconds; the sprite is that very drawing on a small canvas, so the same pixels."""
    look = partial(_ship_drawn, seat=seat, active=active)
    SPRITES.stamp(draw, at, ("pioneers ship", seat, active), SHIP_EXTENT, look)


SHIP_EXTENT = (-20, -17, 20, 17)
"""What a ship's drawing can reach from its centre (its arrowhead spans -16..17 by -13..13)."""


def _ship_drawn(draw: ImageDraw.ImageDraw, at: tuple[int, int], *, seat: int, active: bool) -> None:
    x, y = at
    outline = Ink.VERMILLION if active else Ink.BLACK
    points = [(x - 16, y - 13), (x + 6, y - 13), (x + 17, y), (x + 6, y + 13), (x - 16, y + 13)]
    draw.polygon(points, fill=int(PLAYER_INK[seat]), outline=int(outline), width=3)
    say(draw, None, (x - 3, y), str(seat + 1), font(20, bold=True), Ink.BLACK, "mm")


def _crashed_paint(draw: ImageDraw.ImageDraw, at: tuple[int, int], *, seat: int) -> None:
    x, y = at
    rounded(draw, (x - 17, y - 10, x + 17, y + 10), PLAYER_INK[seat], Ink.BLACK, radius=8)
    say(draw, None, (x, y), str(seat + 1), font(18, bold=True), Ink.BLACK, "mm")


def _alien_paint(draw: ImageDraw.ImageDraw, at: tuple[int, int], *, letter: str) -> None:
    x, y = at
    half = PIECE // 2
    draw.rectangle((x - half, y - half, x + half, y + half), fill=int(Ink.BLACK))
    say(draw, None, (x, y), letter, font(20, bold=True), Ink.WHITE, "mm")


def _good_paint(draw: ImageDraw.ImageDraw, at: tuple[int, int], *, letter: str) -> None:
    x, y = at
    half = PIECE // 2 + 1
    draw.polygon(
        [(x, y - half), (x + half, y), (x, y + half), (x - half, y)], fill=int(Ink.YELLOW), outline=int(Ink.BLACK)
    )
    say(draw, None, (x, y), letter, font(16, bold=True), Ink.BLACK, "mm")


Ships = tuple[tuple[int, bool, bool], ...]
"""A sector's ships in orbit as drawn (``ships_look``)."""
CellLook = tuple[str, str | None, str, int | None, tuple[str | None, ...], int, tuple[str, ...]]
"""Everything a sector's cell shows but its ships, its frame included: kind, colour, label, holder, spots, green
spots and goods."""


def cell_look(view: PioneersView, sector: SectorView) -> CellLook:
    """What ``_cell`` draws for ``sector`` but the ships (and ``_cell_frame`` under it), as a key: two sectors
    with the same look at the same place draw the same pixels and the same sheet (``ships_look``: the rest)."""
    return cell_look_of(sector)


def cell_look_of(sector: SectorView) -> CellLook:
    """``cell_look`` (which needs only the sector)."""
    return (
        sector.kind,
        sector.colour,
        sector.label,
        sector.controller,
        tuple(sector.spots),
        sector.green,
        tuple(sector.goods),
    )


def ships_look(view: PioneersView, sector: SectorView) -> Ships:
    """The ships ``_ships`` draws in ``sector``'s cell, as a key: each ship's captain, whether it crashed and
    whether its captain is the one to play (its outline)."""
    playing = view.active if view.phase == "play" else None
    return tuple((seat, view.players[seat].crashed, seat == playing) for seat in sector.ships)


def _cell_part(
    view: PioneersView, sector: SectorView, draw: ImageDraw.ImageDraw, box: Box, sheet: Sheet | None
) -> None:
    _cell(draw, view, sector, box, sheet, ships=False)


def _cell(
    draw: ImageDraw.ImageDraw,
    view: PioneersView,
    sector: SectorView,
    box: tuple[int, int, int, int],
    sheet: Sheet | None,
    *,
    ships: bool = True,
) -> None:
    """One sector: its label on its colour band (box and band on the static layer), who holds it, its spots,
    its goods and (unless told not to: ``BoardPart.over``) its ships in orbit, drawn last. The band, each spot
    and the goods keep to their own region of the cell (``cell_regions``), so a cell can be patched region by
    region from another look of the same sector (``cell_patch``)."""
    _band(draw, sector, box, sheet)
    for i in range(len(sector.spots)):
        _spot(draw, sector, i, box, sheet)
    _goods(draw, sector, box, sheet)
    if ships:
        _ships(draw, sector.label, ships_look(view, sector), box, sheet)


def _band(draw: ImageDraw.ImageDraw, sector: SectorView, box: Box, sheet: Sheet | None) -> None:
    """The cell's label and who holds it, on its band (above ``SPOTS_TOP``)."""
    x0, y0, x1, _ = box
    planet = sector.kind == "planet" and sector.colour is not None
    text_ink = COLOUR_TEXT[sector.colour] if planet and sector.colour else Ink.BLACK
    holder_w = 0
    if sector.controller is not None:
        holder_w = 2 * RADIUS + 70
        cx = x1 - 6 - RADIUS
        paint = partial(_colonist_paint, seat=sector.controller)
        _place(draw, sheet, sector.label, "holder", (cx, y0 + BAND_H // 2), paint)
        say(draw, sheet, (cx - RADIUS - 4, y0 + BAND_H // 2), "held by", font(TEXT), text_ink, "rm")
    words = sector.label
    face = fitted(words, CELL_W - 12 - holder_w, 22, bold=True, smallest=TEXT)
    words = clip(words, face, CELL_W - 12 - holder_w)
    say(draw, sheet, (x0 + 6, y0 + BAND_H // 2), words, face, text_ink, "lm")


SPOTS_Y = BAND_H + 4 + PIECE // 2 + 1
"""The spots' centres below the cell's top."""
SPOTS_TOP = SPOTS_Y - SPOT // 2
"""The spots' row's top below the cell's top (the band's letters and the holder's disc end above it)."""
GOODS_TOP = SPOTS_TOP + SPOT + 1
"""The goods' row's top below the cell's top (the spots end above it; the goods and ``+n`` start below)."""


def _spot_x(i: int) -> int:
    """Spot ``i``'s centre right of the cell's left edge."""
    return 8 + PIECE // 2 + 1 + i * SPOT


def _spot(draw: ImageDraw.ImageDraw, sector: SectorView, i: int, box: Box, sheet: Sheet | None) -> None:
    """Spot ``i``: a colonist, an alien, or an empty square (a thick green frame when it is green), inside its own
    ``SPOT``-wide square of the spots' row."""
    cx, spots_y = box[0] + _spot_x(i), box[1] + SPOTS_Y
    spot = sector.spots[i]
    space = f"{sector.label}.{i + 1}"
    if spot is None:
        green = i < sector.green
        half = PIECE // 2
        draw.rectangle(
            (cx - half, spots_y - half, cx + half, spots_y + half),
            fill=int(Ink.PAPER),
            outline=int(Ink.GREEN if green else Ink.SILVER),
            width=4 if green else 1,
        )
    elif spot.isdigit():
        _place(draw, sheet, space, "colonist", (cx, spots_y), partial(_colonist_paint, seat=int(spot)))
    else:
        _place(draw, sheet, space, "alien", (cx, spots_y), partial(_alien_paint, letter=spot))


def _goods(draw: ImageDraw.ImageDraw, sector: SectorView, box: Box, sheet: Sheet | None) -> None:
    """The sector's goods (at most four diamonds, then ``+n``), in the goods' row (from ``GOODS_TOP`` down)."""
    x0, _, _, y1 = box
    row_y = y1 - 4 - PIECE // 2 - 1
    gx = x0 + 8 + PIECE // 2 + 1
    shown = sector.goods[:4]
    for i, origin in enumerate(shown):
        paint = partial(_good_paint, letter=GOOD_LETTER.get(origin, "?"))
        _place(draw, sheet, f"{sector.label} goods {i + 1}", "good", (gx, row_y), paint)
        gx += PIECE + 6
    if len(sector.goods) > len(shown):
        say(draw, sheet, (gx - PIECE // 2, row_y), f"+{len(sector.goods) - len(shown)}", font(TEXT), Ink.BLACK, "lm")


def cell_region(rank: int) -> Box:
    """The region of a cell (inclusive, from the cell's top-left corner) that rank ``rank`` draws in: ``0`` the
    band (what lies above the spots' row: the frame's top included), ``1 + i`` spot ``i``'s square of the
    spots' row, ``GOODS`` the goods' row (the frame's bottom included). Each draws only inside its region."""
    if rank == 0:
        return (0, 0, CELL_W, SPOTS_TOP - 1)
    if rank == GOODS:
        return (0, GOODS_TOP, CELL_W, CELL_H)
    left = _spot_x(rank - 1) - SPOT // 2
    return (left, SPOTS_TOP, left + SPOT - 1, GOODS_TOP - 1)


GOODS = 99
"""The goods' row's rank (``cell_region``): after every spot's."""


def cell_rank(box: Box) -> int:
    """The rank of the region (``cell_region``) a text or piece drawn in a cell lies in, from its box (from the
    cell's top-left corner): its middle's row and, in the spots' row, column."""
    y = (box[1] + box[3]) // 2
    if y < SPOTS_TOP:
        return 0
    if y >= GOODS_TOP:
        return GOODS
    return 1 + ((box[0] + box[2]) // 2 - _spot_x(0) + SPOT // 2) // SPOT


CELL_REGIONS = Regions(cell_region, cell_rank)
"""A cell cut in its band, spots and goods' row (``Sections.patched``)."""

CellPatch = list[tuple[int, DrawPart]]
"""The regions of a cell to draw again (``cell_patch``): each one's rank (``cell_region``) and its drawing."""


def cell_patch(sector: SectorView, look: CellLook, before: Hashable) -> CellPatch | None:
    """What to draw again to turn ``before``'s cell (another look of this sector at the same place) into this
    sector's (``look``): the spots that changed and the goods' row if they did; ``None`` when the band (kind,
    colour, label, holder) or the number of spots differs, or a spot would pass the cell (drawn whole)."""
    if not isinstance(before, tuple) or len(before) != len(look) or before[:4] != look[:4]:
        return None
    spots, green, goods = look[4], look[5], look[6]
    old_spots, old_green, old_goods = before[4], before[5], before[6]
    if len(old_spots) != len(spots) or cell_region(len(spots))[2] > CELL_W:
        return None
    patch: CellPatch = []
    for i, spot in enumerate(spots):
        if spot != old_spots[i] or (spot is None and (i < green) != (i < old_green)):
            patch.append((1 + i, partial(_spot_part, sector, i)))
    if goods != old_goods:
        patch.append((GOODS, partial(_goods_part, sector)))
    return patch


def _spot_part(sector: SectorView, i: int, draw: ImageDraw.ImageDraw, box: Box, sheet: Sheet | None) -> None:
    _spot(draw, sector, i, box, sheet)


def _goods_part(sector: SectorView, draw: ImageDraw.ImageDraw, box: Box, sheet: Sheet | None) -> None:
    _goods(draw, sector, box, sheet)


def _ships_part(look: Ships, label: str, draw: ImageDraw.ImageDraw, box: Box, sheet: Sheet | None) -> None:
    _ships(draw, label, look, box, sheet)


def _ships(draw: ImageDraw.ImageDraw, label: str, look: Ships, box: Box, sheet: Sheet | None) -> None:
    """A sector's ships in orbit (``ships_look``), from the right of its bottom row leftwards, over its goods:
    stamped sprites, drawn inside the cell's box (``SHIP_EXTENT``)."""
    row_y = box[3] - 4 - PIECE // 2 - 1
    sx = box[2] - 6 - RADIUS
    space = f"{label} orbit"
    for seat, crashed, active in reversed(look):
        if crashed:
            _place(draw, sheet, space, "crashed ship", (sx - 2, row_y), partial(_crashed_paint, seat=seat))
        else:
            _place(draw, sheet, space, "ship", (sx, row_y), partial(_ship_paint, seat=seat, active=active))
        sx -= 40


def _cell_frame(draw: ImageDraw.ImageDraw, kind: str, colour: str | None, box: tuple[int, int, int, int]) -> None:
    """A sector's box and the band its label is printed on, in the planet's colour (an open sector: no band)."""
    x0, y0, x1, _ = box
    planet = kind == "planet" and colour is not None
    if kind == "open":
        rounded(draw, box, Ink.PAPER, Ink.GREY)
        return
    rounded(draw, box, Ink.WHITE if planet else Ink.MIST, Ink.CHARCOAL)
    band_ink = COLOUR_INK[colour] if planet and colour else Ink.SLATE_TINT
    rounded(draw, (x0, y0, x1, y0 + BAND_H), band_ink, Ink.CHARCOAL)


FooterLook = tuple[str, tuple[str, ...]]
"""The footer as drawn: ``"footer"`` and its lines."""


def footer_look(view: PioneersView) -> FooterLook:
    """The alien supply, the goods left and the event deck; the draft's tiles while it runs; the pieces' key."""
    supply = " ".join(f"{'Q' if alien == 'squid' else alien[0].upper()}{n}" for alien, n in view.supply.items())
    line = f"Aliens left {supply} · goods {view.goods_supply} · event deck {view.deck_size}"
    if view.pool or view.belts_left:
        line += f" · to place {len(view.pool)} planets, {view.belts_left} belts"
    return "footer", (*wrapped(line, font(TEXT), WIDTH - 2 * MARGIN)[:2], KEY)[-3:]


def footer_top(view: PioneersView) -> int:
    return height(view) - result_height(view) - FOOTER_H


FOOTER_Y = 4
FOOTER_LINE = 28


def _footer(draw: ImageDraw.ImageDraw, look: FooterLook, top: int, sheet: Sheet | None) -> None:
    face = font(TEXT)
    for i, words in enumerate(look[1]):
        say_line(draw, sheet, (MARGIN, top + FOOTER_Y + i * FOOTER_LINE), words, face, Ink.CHARCOAL, "la")


def _footer_line(draw: ImageDraw.ImageDraw, look: tuple[str, int, str], top: int, sheet: Sheet | None) -> None:
    """One line of the footer in its own strip (``footer_splits``): ``top`` is the strip's."""
    _, index, words = look
    start = _line_starts(index)
    say_line(draw, sheet, (MARGIN, top + FOOTER_Y + index * FOOTER_LINE - start), words, font(TEXT), Ink.CHARCOAL, "la")


def _line_starts(index: int) -> int:
    """Where the footer's line ``index``'s strip starts, below the footer's top: two pixels above the line's
    top (the face's ascender), four below the last one's letters (its descender)."""
    return 0 if index == 0 else FOOTER_Y + index * FOOTER_LINE - 2


@lru_cache(maxsize=256)
def footer_splits(lines: tuple[str, ...]) -> tuple[tuple[int, int], ...] | None:
    """The footer's lines as strips, one a line (start and end below the footer's top, end exclusive), when each
    line's letters keep to their strip (FreeType's boxes); ``None`` when one does not, and the footer is one part.
    The supply line changes with many moves, the pieces' key never: it is then not drawn again."""
    face = font(TEXT)
    strips = []
    for index, words in enumerate(lines):
        start = _line_starts(index)
        end = _line_starts(index + 1) if index + 1 < len(lines) else FOOTER_H
        y = FOOTER_Y + index * FOOTER_LINE
        _, top, _, bottom = face.getbbox(words, anchor="la")
        if not start <= y + top or not y + bottom <= end:
            return None
        strips.append((start, end))
    return tuple(strips)


@lru_cache(maxsize=1024)
def wrapped(text: str, face: Font, width: int) -> tuple[str, ...]:
    """``render.core.wrap``'s lines (greedy, at spaces), measured fewer times: the footer's line changes with
    every alien, good and event taken, and ``wrap`` measures it once per word (a dozen text layouts, 1 ms).

    A line's width only grows as words are added (FreeType's box of a text holds its every prefix's), so the
    greedy line, the words up to the first that no longer fits, is the longest run of words that fits: found by
    measuring the rest whole first (it usually fits), then by halving. The first word of a line is taken even
    when it alone does not fit, as ``wrap`` does."""
    words = text.split()
    lines: list[str] = []
    start = 0
    while start < len(words):
        if text_width(" ".join(words[start:]), face) <= width:
            lines.append(" ".join(words[start:]))
            break
        fits, over = start + 1, len(words)  # words[start:fits] is taken; words[start:over] does not fit
        while over - fits > 1:
            middle = (fits + over) // 2
            if text_width(" ".join(words[start:middle]), face) <= width:
                fits = middle
            else:
                over = middle
        lines.append(" ".join(words[start:fits]))
        start = fits
    return tuple(lines)


def piece_words(token: Token) -> str | None:
    """A changed piece in words: "ship at 13 Pyra", "colonist on 13 Pyra" (a captain's own disc: not named)."""
    if token.space.startswith("captain "):
        return None
    sector = token.space.split(".")[0].removesuffix(" orbit").split(" goods ")[0]
    if token.what == "holder":
        return f"{sector} held"
    return f"{token.what} {'at' if token.what.endswith('ship') else 'on'} {sector}"


KEY = "disc: colonist · arrow: ship · square: alien · diamond: good"
"""The pieces' shapes in words (each also carries its captain's number or its letter)."""
