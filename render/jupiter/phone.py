"""The Jupiter Deep board as a phone shows it: a portrait overview read without zooming (issue 26).

A phone shows an image about 400 px wide, so this board is ``WIDTH`` (720) px wide and prints nothing under
``TEXT`` (22) px (12.2 px on the phone) and no piece under ``PIECE`` (30) px (16.7 px). It keeps what the team
follows the game by: the turn, what the game waits on and the turn's steps; the colony as one hexagon per
tile, each with its id (on an orange tag where creeps rose at the last turn's end, a blue one where Suppressant
held them, and ringed in orange while an invasion is hitting it), how many colonists (blue discs) and creeps
(black stars) stand on it, its super creep and the robots on it (squares with their letter); then the team's
numbers, what the last turns did, the pod, and every robot with its player and the dome it stands on. The
domes, bridges, plants, dishes, module numbers and the robots' cards are one tap away: the **Zoom** on a tile
and its neighbours, or on the team's panel, or the **Full board**.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from engine.jupiter.view import JupiterView, RobotView, TileView
from render.core import Font, Ink, font, new_canvas, rounded, text_width, wrap
from render.core.sheet import Paint, Sheet, Token, say
from render.core.sheet import place as _place

from .panel import card_name, report_sections, track_steps
from .pieces import colonist, creep, robot, super_creep
from .sections import Origin, SectionCache, put_section
from .texts import clip, lines_in

WIDTH = 720
TEXT = 22
"""The smallest font on the overview: 12.2 px on a phone."""
PIECE = 30
"""The smallest piece on the overview: 16.7 px on a phone."""
MARGIN = 12
HEADER_H = 104
TRACK_H = 46
COLONY_TOP = HEADER_H + TRACK_H
MAX_RADIUS = 80
COLONY_MOST = 8 * MAX_RADIUS + 2 * MARGIN  # five rows of tiles at the largest size
LINE = 30  # between two lines of 22-px text
ROBOT_H = 40
SQRT3 = math.sqrt(3)
DEEP = Ink.CHARCOAL

Placement = tuple[str, int, int, int]


@dataclass(frozen=True)
class Grid:
    """Where the tiles' hexagons sit: their circumradius and the pixel of cell ``(0, 0)``, and the colony's
    height."""

    radius: float
    origin: tuple[float, float]
    height: int

    def centre(self, q: int, r: int) -> tuple[int, int]:
        x = self.origin[0] + SQRT3 * self.radius * (q + r / 2)
        y = self.origin[1] + 1.5 * self.radius * r
        return round(x), round(y)

    def hexagon(self, q: int, r: int, inset: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(q, r)
        radius = self.radius - inset
        return [
            (cx + radius * math.cos(math.radians(30 + 60 * i)), cy + radius * math.sin(math.radians(30 + 60 * i)))
            for i in range(6)
        ]


@lru_cache(maxsize=64)
def grid_for(cells: tuple[tuple[int, int], ...]) -> Grid:
    """The largest hexagons (up to ``MAX_RADIUS``) at which every tile fits the image's width, centred."""
    if not cells:
        return Grid(MAX_RADIUS, (WIDTH / 2, COLONY_TOP + MAX_RADIUS), 2 * MAX_RADIUS)
    xs = [SQRT3 * (q + r / 2) for q, r in cells]
    ys = [1.5 * r for _, r in cells]
    span_x = max(xs) - min(xs) + SQRT3  # in radii, a hexagon's width each side
    span_y = max(ys) - min(ys) + 2
    radius = min(MAX_RADIUS, (WIDTH - 2 * MARGIN) / span_x, (COLONY_MOST - 2 * MARGIN) / span_y)
    height = round(span_y * radius + 2 * MARGIN)
    origin = (
        WIDTH / 2 - (min(xs) + max(xs)) / 2 * radius,
        COLONY_TOP + MARGIN + radius - min(ys) * radius,
    )
    return Grid(radius, origin, height)


def grid(view: JupiterView) -> Grid:
    return grid_for(tuple(sorted((t.q, t.r) for t in view.tiles)))


def _robot_rows(view: JupiterView) -> int:
    return len(view.robots)


def panel_top(view: JupiterView) -> int:
    return COLONY_TOP + grid(view).height


REPORT_LINES = 4


NUMBERS_H = 8 + 36 + 2 * LINE
KEY_H = 40
REPORT_H = REPORT_LINES * LINE + 6
POD_H = LINE + 12


def height(view: JupiterView) -> int:
    """Header, track, colony, numbers (two lines), key, report, pod line and one row per robot; at the end, the
    result box under them all (covering nothing)."""
    rows = panel_top(view) + NUMBERS_H + KEY_H + REPORT_H + POD_H + _robot_rows(view) * ROBOT_H + MARGIN
    return rows + result_height(view)


RESULT_LINES = 3
"""The result's own sentence, wrapped to at most this many lines."""


def over(view: JupiterView) -> bool:
    return view.phase in ("won", "lost")


def result_height(view: JupiterView) -> int:
    """The result box: a title, the facts line, the game's own sentence, the lost and destroyed line."""
    return 0 if not over(view) else 12 + (3 + len(result_lines(view))) * LINE + 12 + MARGIN


def result_lines(view: JupiterView) -> list[str]:
    """The game's own sentence on how it ended, wrapped to at most ``RESULT_LINES`` lines."""
    plain, width = font(TEXT), WIDTH - 2 * MARGIN - 12
    said = view.result or ("The colony is saved!" if view.phase == "won" else "The colony is lost.")
    lines = wrap(said, plain, width)
    if len(lines) > RESULT_LINES:
        lines = [*lines[: RESULT_LINES - 1], clip(" ".join(lines[RESULT_LINES - 1 :]), plain, width)]
    return lines


StaticKey = tuple[tuple[tuple[int, int], ...], int]
"""What the static layer depends on: the colony's cells (where its tiles lie) and the image's height."""


def static_key(view: JupiterView) -> StaticKey:
    return tuple(sorted((t.q, t.r) for t in view.tiles)), height(view)


def draw_static(key: StaticKey, sheet: Sheet | None = None) -> Image.Image:
    """What every board of this colony's shape prints the same: the header's and track's grounds, the colony's
    ground and empty tiles, and the key to the tile tags. Drawn once, copied per board (``draw_overview``'s
    ``base``)."""
    cells, tall = key
    image = new_canvas(WIDTH, tall)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=int(Ink.BLACK))
    draw.rectangle((0, HEADER_H, WIDTH, HEADER_H + TRACK_H), fill=int(Ink.MIST))
    where = grid_for(cells)
    draw.rectangle((0, COLONY_TOP, WIDTH, COLONY_TOP + where.height), fill=int(DEEP))
    for q, r in cells:
        draw.polygon(where.hexagon(q, r, inset=2), fill=int(Ink.SLATE_TINT), outline=int(Ink.GREY))
    _key(draw, COLONY_TOP + where.height + NUMBERS_H, sheet)
    return image


def draw_overview(
    view: JupiterView,
    sheet: Sheet | None = None,
    base: Image.Image | None = None,
    sections: SectionCache | None = None,
) -> Image.Image:
    """The phone board for ``view`` on ``base``, a copy of ``draw_static``'s layer for its shape (or on a layer
    drawn now); ``sheet`` (when measuring) notes every text and piece as drawn (the layer's own when it is drawn
    here; ``render.core.layers.LayerSheets`` adds them for a copy). ``sections``: where the header, the track,
    each tile, the report and each robot's row are kept once drawn (``render.jupiter.sections``), pasted when a
    board shows them again; drawn in place without it."""
    image = draw_static(static_key(view), sheet) if base is None else base
    draw = ImageDraw.Draw(image)
    put = partial(put_section, sections, image, draw, sheet)
    # the header, track, report and robots' rows lie on the static layer's bands and paper, nothing under them
    put((0, 0), (0, 0, WIDTH, TITLE_H), partial(_title, view.turn), int(Ink.BLACK))
    waiting = partial(_status, status(view), _header_ink(view))
    put((0, TITLE_H), (0, 0, WIDTH, HEADER_H - TITLE_H), waiting, int(Ink.BLACK))
    put((0, HEADER_H), (0, 0, WIDTH, TRACK_H), partial(_track, tuple(track_steps(view)), over(view)), int(Ink.MIST))
    _colony(draw, view, put)
    y = _numbers(draw, view, panel_top(view) + 8, sheet) + KEY_H  # the key is on the static layer
    y = _report(view, y, put)
    y = _pod(draw, view, y, sheet)
    _robots(view, y, put)
    _result(draw, view, sheet)
    return image


def result_facts(view: JupiterView) -> tuple[str, str]:
    """The result screen's title and the decisive numbers: colonists saved against the target, and how many
    were lost, after how many turns."""
    title = "The colony is saved!" if view.phase == "won" else "The colony is lost"
    facts = f"Saved {view.saved} of {view.needed} · lost {view.lost} · turn {view.turn}"
    return title, facts


def _result(draw: ImageDraw.ImageDraw, view: JupiterView, sheet: Sheet | None) -> None:
    """At the end, under everything (no piece covered): how the game ended, the colonists saved of the target
    and lost, the game's own sentence, and the tiles destroyed."""
    if not over(view):
        return
    bottom = height(view) - MARGIN
    top = bottom - result_height(view) + MARGIN
    rounded(draw, (MARGIN - 6, top, WIDTH - MARGIN + 6, bottom), Ink.WHITE, Ink.BLACK, radius=10, width=3)
    title, facts = result_facts(view)
    bold, face = font(26, bold=True), font(TEXT, bold=True)
    x, y = MARGIN + 6, top + 12 + LINE // 2
    say(draw, sheet, (x, y), title, bold, Ink.GREEN if view.phase == "won" else Ink.VERMILLION, "lm")
    say(draw, sheet, (x, y + LINE), clip(facts, face, WIDTH - 2 * MARGIN - 12), face, Ink.BLACK, "lm")
    plain = font(TEXT)
    lines = result_lines(view)
    for i, line in enumerate(lines):
        say(draw, sheet, (x, y + (2 + i) * LINE), line, plain, Ink.BLACK, "lm")
    gone = "Tiles destroyed: " + (", ".join(view.destroyed) if view.destroyed else "none")
    say(
        draw,
        sheet,
        (x, y + (2 + len(lines)) * LINE),
        clip(gone, plain, WIDTH - 2 * MARGIN - 12),
        plain,
        Ink.CHARCOAL,
        "lm",
    )


# ------------------------------------------------------------------------------------------ header and track


def status(view: JupiterView) -> str:
    """What the game waits on (the engine's own sentence), or how it ended."""
    if view.phase == "won":
        return "The colony is saved!"
    if view.phase == "lost":
        return "The colony is lost" + (f": {view.result}" if view.result else "")
    words = view.waiting_for or ""
    return words[:1].upper() + words[1:]


def _header_ink(view: JupiterView) -> Ink:
    return Ink.YELLOW if view.phase not in ("won", "lost") else (Ink.GREEN if view.phase == "won" else Ink.ORANGE)


TITLE_H = 44
"""The header's title band; what the game waits on is printed under it."""


def _title(turn: int, draw: ImageDraw.ImageDraw, sheet: Sheet | None, at: Origin) -> None:
    """The header's title, on the static layer's black ground (a section drawn from the board's top left
    corner ``at``)."""
    x, y = at
    say(draw, sheet, (x + MARGIN, y + 8), f"Jupiter Deep · Turn {turn}", font(30, bold=True), Ink.WHITE, "la")


def _status(words: str, ink: Ink, draw: ImageDraw.ImageDraw, sheet: Sheet | None, at: Origin) -> None:
    """What the game waits on (``words``) in at most two lines under the title, on the static layer's black
    ground (a section drawn from ``TITLE_H`` above the first line's top: ``at``)."""
    x, y = at
    face = font(TEXT, bold=True)
    for i, line in enumerate(lines_in(words, face, WIDTH - 2 * MARGIN, 2)):
        say(draw, sheet, (x + MARGIN, y - TITLE_H + 46 + i * 28), line, face, ink, "la")


def _track(
    chips: tuple[tuple[str, str], ...], ended: bool, draw: ImageDraw.ImageDraw, sheet: Sheet | None, at: Origin
) -> None:
    """The turn's steps (``chips``, ``panel.track_steps``), the current one lit; done steps greyed (a setback in
    vermillion), every one once the game has ``ended``; on the static layer's ground (a section drawn from the
    track's top left corner ``at``)."""
    left, top = at
    face = font(TEXT, bold=True)
    pad = 12
    widths = [text_width(words, face) + 2 * pad for words, _ in chips]
    gap = max(4, min(12, (WIDTH - 2 * MARGIN - sum(widths)) // max(len(chips) - 1, 1)))
    while sum(widths) + gap * (len(chips) - 1) > WIDTH - 2 * MARGIN and pad > 4:
        pad -= 2
        widths = [text_width(words, face) + 2 * pad for words, _ in chips]
    x = left + MARGIN
    y = top + TRACK_H // 2
    for (words, state), width in zip(chips, widths, strict=True):
        fill, ink, outline = {
            "done": (Ink.MIST, Ink.GREY, Ink.SILVER),
            "now": (Ink.ORANGE, Ink.BLACK, Ink.BLACK),
            "alert": (Ink.VERMILLION, Ink.WHITE, Ink.BLACK),
            "next": (Ink.WHITE, Ink.CHARCOAL, Ink.SILVER),
        }["done" if ended else state]
        if x - left + width > WIDTH - MARGIN:
            break
        rounded(draw, (x, y - 17, x + width, y + 17), fill, outline, radius=8, width=2 if state != "next" else 1)
        say(draw, sheet, (x + width // 2, y), words, face, ink, "mm")
        x += width + gap


# ------------------------------------------------------------------------------------------------ the colony


def _colonist(draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    colonist(draw, at, PIECE // 2)


def _creep(draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    creep(draw, at, PIECE // 2 + 1)


def _super(draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    super_creep(draw, at, PIECE // 2 + 1)


def _robot(draw: ImageDraw.ImageDraw, at: tuple[int, int], *, colour: str, letter: str) -> None:
    robot(draw, at, colour, letter, PIECE // 2)


def piece_words(token: Token) -> str | None:
    """A changed piece in words: "colonist on T08" (a robot's own line: "robot B")."""
    if token.space.startswith("robot "):
        return token.space
    return f"{token.what} on {token.space}"


def robots_on(view: JupiterView, tile: TileView) -> list[RobotView]:
    """The robots standing on ``tile``'s domes, in seat order."""
    seats = {dome.seat for dome in tile.domes if dome.piece == "robot"}
    return [r for r in view.robots if r.seat in seats]


Put = Callable[..., None]
"""Draws a section at an origin (``render.jupiter.sections.put_section`` with the board's image and sheet): the
origin, the box it inks (relative to the origin), its paint, and the ink under it when known."""


def _colony(draw: ImageDraw.ImageDraw, view: JupiterView, put: Put) -> None:
    """The tiles' contents over the static layer's empty colony; a tile an invasion hits is filled again."""
    where = grid(view)
    report = view.this_turn if view.this_turn is not None else view.last_turn
    rose = set(report.invaded) if report is not None else set()
    held = set(report.suppressed) if report is not None else set()
    invading = set(view.invading)
    for tile in view.tiles:
        if tile.id in invading:
            draw.polygon(where.hexagon(tile.q, tile.r, inset=2), fill=int(INVADED_FILL), outline=int(Ink.GREY))
    reach = math.ceil(where.radius) + 1
    for tile in view.tiles:
        tag = "held" if tile.id in held else "rose" if tile.id in rose else ""
        cx, cy = where.centre(tile.q, tile.r)
        lift = cy - round(cy - where.radius * 0.5)  # how far above the centre the id is (rounded on the board)
        paint = partial(_tile, tile.id, where.radius, lift, tag, _contents(view, tile))
        put((cx, cy), (-reach, -reach, reach, reach), paint)


INVADED_FILL = Ink.VERMILLION_TINT
"""A tile an invasion is hitting right now (the report's INVASION line names it too)."""
ROW = 33
"""Between the centres of two rows of a tile's contents."""
ITEM_GAP = 6


def half_width(radius: float, dy: float) -> float:
    """Half the width of a pointy-top hexagon of ``radius`` at ``dy`` from its centre."""
    dy = abs(dy)
    full = SQRT3 * radius / 2
    return full if dy <= radius / 2 else max(0.0, full * (radius - dy) / (radius / 2))


Item = tuple[str, Paint, int | None]
"""A piece on a tile's summary: what it is, how to paint it, and the count printed after it (or ``None``)."""


Contents = tuple[int, int, bool, tuple[tuple[str, str], ...]]
"""What a tile's summary shows: its colonists and creeps counted, its super creep, its robots' looks (colour,
letter) in seat order."""


def _contents(view: JupiterView, tile: TileView) -> Contents:
    colonists = creeps = 0
    seats = set()
    for dome in tile.domes:  # one pass: every tile of every board asks
        piece = dome.piece
        if piece == "colonist":
            colonists += 1
        elif piece == "creep":
            creeps += 1
        elif piece == "robot":
            seats.add(dome.seat)
    robots = tuple((r.colour, r.letter) for r in view.robots if r.seat in seats) if seats else ()
    return colonists, creeps, tile.super_creep, robots


def _items(contents: Contents) -> list[Item]:
    colonists, creeps, super_creep_on, robots = contents
    items: list[Item] = []
    if colonists:
        items.append(("colonist", _colonist, colonists))
    if creeps:
        items.append(("creep", _creep, creeps))
    if super_creep_on:
        items.append(("super creep", _super, None))
    items.extend(("robot", partial(_robot, colour=colour, letter=letter), None) for colour, letter in robots)
    return items


def _item_width(item: Item, face: Font) -> int:
    _, _, count = item
    return PIECE + 4 + (3 + text_width(str(count), face) if count is not None else 0)


def flow(items: list[Item], widths: tuple[int, int], face: Font) -> tuple[list[list[Item]], int]:
    """``items`` over two rows of the given widths, in order; and how many did not fit (counted as ``+n``)."""
    rows: list[list[Item]] = [[], []]
    row, used = 0, 0
    for i, item in enumerate(items):
        width = _item_width(item, face)
        gap = ITEM_GAP if rows[row] else 0
        if row == 0 and used + gap + width > widths[0]:
            row, used, gap = 1, 0, 0
        if used + gap + width > widths[row]:  # the second row is full: the rest is counted, room made for it
            rest = len(items) - i
            while rows[1] and used + text_width(f"+{rest}", face) + ITEM_GAP > widths[1]:
                last = rows[1].pop()
                used -= _item_width(last, face) + (ITEM_GAP if rows[1] else 0)
                rest += 1
            return rows, rest
        rows[row].append(item)
        used += gap + width
    return rows, 0


def _tile(
    tile_id: str,
    radius: float,
    lift: int,
    tag: str,
    contents: Contents,
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    centre: Origin,
) -> None:
    """A tile's id (on a tag where creeps rose, ``tag`` "rose", or Suppressant held them, "held"), then its
    colonists and creeps counted, its super creep and its robots, over two rows (``_tile_rows``: what does not
    fit is counted as ``+n``): a section drawn around the hexagon's ``centre``, ``radius`` its circumradius, the
    id ``lift`` pixels above it."""
    cx, cy = centre
    face = font(TEXT, bold=True)
    id_y = cy - lift
    if tag:
        fill, ink = (Ink.BLUE, Ink.WHITE) if tag == "held" else (Ink.ORANGE, Ink.BLACK)
        half = text_width(tile_id, face) // 2 + 5
        rounded(draw, (cx - half, id_y - 13, cx + half, id_y + 13), fill, Ink.BLACK, radius=5, width=1)
    else:
        ink = Ink.BLACK
    say(draw, sheet, (cx, id_y), tile_id, face, ink, "mm")
    # the rows under the id, kept by what they show whatever tile they are on (``TILE_ROWS``): a new tile section
    # (its count or tag changed) is mostly put together from rows drawn before, not drawn piece by piece
    reach = math.ceil(radius) + 1
    rows = partial(_tile_rows, radius, lift, contents)
    if sheet is None:
        TILE_ROWS.put(None, draw, None, centre, (-reach, -reach, reach, reach), rows)
        return
    found = Sheet(boxes_only=sheet.boxes_only)  # the rows' pieces stand on this tile: their tokens are named so
    TILE_ROWS.put(None, draw, found, centre, (-reach, -reach, reach, reach), rows)
    sheet.marks.extend(found.marks)
    sheet.tokens.extend(Token(tile_id, token.what, token.box, token.pixels) for token in found.tokens)


TILE_ROWS = SectionCache(max_entries=256, max_bytes=2 * 1024 * 1024)
"""A tile's rows of pieces and counts (``_tile_rows``), kept by what they show (a few kilobytes each; 55 in the
bench's five games, for 350 tile sections drawn): shared by every tile and board of the process."""


def _tile_rows(
    radius: float,
    lift: int,
    contents: Contents,
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    centre: Origin,
) -> None:
    """A tile's colonists and creeps counted, its super creep and its robots, over two rows under its id (what
    does not fit is counted as ``+n``): a section drawn around the hexagon's ``centre``, as ``_tile`` places
    them; its pieces are noted as standing on no tile (``_tile`` names the tile)."""
    cx, cy = centre
    face = font(TEXT, bold=True)
    id_y = cy - lift
    ys = (id_y + 30, id_y + 30 + ROW)
    widths = (
        round(2 * half_width(radius, abs(ys[0] - cy) + PIECE // 2 + 2)) - 10,
        round(2 * half_width(radius, abs(ys[1] - cy) + PIECE // 2 + 2)) - 10,
    )
    rows, more = flow(_items(contents), widths, face)
    for r, (row, y) in enumerate(zip(rows, ys, strict=True)):
        extra = text_width(f"+{more}", face) + ITEM_GAP if r == 1 and more else 0
        total = sum(_item_width(item, face) for item in row) + ITEM_GAP * max(len(row) - 1, 0) + extra
        x = cx - total // 2
        for what, paint, count in row:
            _place(draw, sheet, "", what, (x + PIECE // 2 + 2, y), paint)
            if count is not None:
                say(draw, sheet, (x + PIECE + 7, y), str(count), face, Ink.BLACK, "lm")
            x += _item_width((what, paint, count), face) + ITEM_GAP
        if extra:
            say(draw, sheet, (x, y), f"+{more}", face, Ink.BLACK, "lm")


# ------------------------------------------------------------------------------------------------- the panel


def _numbers(draw: ImageDraw.ImageDraw, view: JupiterView, y: int, sheet: Sheet | None) -> int:
    """Saved out of the target and whether it can still be reached; the turn's numbers."""
    savable = view.saved + view.living
    ok = savable >= view.needed
    say(draw, sheet, (MARGIN, y), f"Saved {view.saved} of {view.needed}", font(26, bold=True), Ink.BLACK, "la")
    words = f"still savable {savable} " + ("✓" if ok else "✗")
    say(draw, sheet, (WIDTH - MARGIN, y + 2), words, font(TEXT, bold=True), Ink.BLACK if ok else Ink.VERMILLION, "ra")
    actions = f"{view.actions_left}/{view.actions_per_turn}" if view.phase == "actions" else "–"
    die = str(view.roll) if view.roll is not None else "–"
    lines = (
        f"actions {actions} · hand limit {view.hand_limit} · invasion die {die}",
        f"creeps {view.creeps_on_board}/{view.creep_markers} · deck {view.deck_size} · discard {len(view.discard)}",
    )
    face = font(TEXT)
    for i, line in enumerate(lines):
        say(draw, sheet, (MARGIN, y + 36 + i * LINE), line, face, Ink.CHARCOAL, "la")
    return y + NUMBERS_H - 8


def _key(draw: ImageDraw.ImageDraw, y: int, sheet: Sheet | None) -> int:
    """What the tile tags mean."""
    face, tag_face = font(TEXT), font(TEXT, bold=True)
    x = MARGIN
    cy = y + 16
    for words, fill, ink in (("creeps rose", Ink.ORANGE, Ink.BLACK), ("suppressed", Ink.BLUE, Ink.WHITE)):
        width = text_width("tile", tag_face) + 12
        rounded(draw, (x, cy - 15, x + width, cy + 15), fill, Ink.BLACK, radius=5, width=1)
        say(draw, sheet, (x + width // 2, cy), "tile", tag_face, ink, "mm")
        x += width + 8
        say(draw, sheet, (x, cy), words, face, Ink.CHARCOAL, "lm")
        x += text_width(words, face) + 24
    return y + KEY_H


ReportLine = tuple[str, Ink, Ink, str]
"""A section of the report: its tag, the tag's fill and ink, and its words (``panel.report_sections``)."""


def report_lines(view: JupiterView) -> tuple[ReportLine, ...]:
    """The report's tagged sections, most urgent first: an invasion under way, then ``panel.report_sections``
    (the untagged notes are the full board's: left out)."""
    sections = report_sections(view)
    if view.invading:
        sections.insert(0, ("INVASION", INVADED_FILL, Ink.BLACK, "creeps coming to " + ", ".join(view.invading)))
    return tuple(section for section in sections if section[0])


def _report(view: JupiterView, y: int, put: Put) -> int:
    """The setback, lasting effects, this turn's end and the last one's, most urgent first (``report_lines``),
    in at most ``REPORT_LINES`` lines from ``y`` down (the rest is on the full board and the team's zoom): one
    section each (``_report_section``)."""
    lines = 0
    for tag, fill, ink, words in report_lines(view):
        if lines >= REPORT_LINES:
            break
        shown = len(lines_in(words, _report_face(), _words_width(tag), REPORT_LINES - lines, "lm"))
        # drawn in the lines it takes: a section that fits, moved down a line by a new one above it, is the same
        # drawing (``lines_in`` wraps a text that fits alike whatever room is left), so it is found kept
        paint = partial(_report_section, tag, fill, ink, words, shown)
        put((0, y + lines * LINE), (0, 0, WIDTH, shown * LINE), paint, int(Ink.PAPER))
        lines += shown
    return y + REPORT_H


def _report_face() -> Font:
    """The report's face, asked for as the board's sheet asks for it (``render.core.sheet.say``: size and weight
    by keyword), so a line measured to wrap is the very face and measure the sheet takes of it (kept once)."""
    return font(TEXT, bold=False)


def _words_width(tag: str) -> int:
    """How wide a report section's words may run, right of its tag."""
    return WIDTH - MARGIN - (MARGIN + text_width(tag, font(TEXT, bold=True)) + 10 + 8)


def _report_section(
    tag: str,
    fill: Ink,
    ink: Ink,
    words: str,
    room: int,
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    at: Origin,
) -> None:
    """A report section: its tag (``ink`` on ``fill``), then its words wrapped right of it in at most ``room``
    lines, the last cut to fit. A section drawn from its first line's top left corner ``at``."""
    face, tag_face = _report_face(), font(TEXT, bold=True)
    x0, y = at
    x = x0 + MARGIN
    cy = y + LINE // 2
    width = text_width(tag, tag_face) + 10
    rounded(draw, (x, cy - 14, x + width, cy + 14), fill, Ink.CHARCOAL, radius=5, width=1)
    say(draw, sheet, (x + width // 2, cy), tag, tag_face, ink, "mm")
    left = x + width + 8
    for i, line in enumerate(lines_in(words, face, _words_width(tag), room, "lm")):
        say(draw, sheet, (left, y + i * LINE + LINE // 2), line, face, Ink.BLACK, "lm")


def pod_words(view: JupiterView) -> str:
    pod = view.pod
    load = f"{pod.colonists + len(pod.robots)}/{pod.capacity} aboard"
    if pod.docked_at is None:
        return f"Pod away · {load}"
    return f"Pod docked at {pod.docked_at} · {load}"


def _pod(draw: ImageDraw.ImageDraw, view: JupiterView, y: int, sheet: Sheet | None) -> int:
    say(draw, sheet, (MARGIN, y + LINE // 2), pod_words(view), font(TEXT, bold=True), Ink.BLUE, "lm")
    return y + POD_H


def where_words(info: RobotView) -> str:
    if not info.in_play or info.where is None:
        return "out of play"
    return "in the pod" if info.where == "pod" else f"on {info.where}"


def _robots(view: JupiterView, y: int, put: Put) -> None:
    """One row per robot from ``y`` down (``_robot_row``), the acting one lit."""
    playing = view.phase not in ("won", "lost", "core", "first")
    for i, info in enumerate(view.robots):
        where = where_words(info)
        if info.core is not None:
            where += f" · {card_name(info.core)}" + (" (used)" if info.core_used else "")
        owner = view.seat_name(info.owner if info.owner is not None else info.seat)
        lit = info.seat == view.active and playing
        paint = partial(_robot_row, info.colour, info.letter, where, owner, lit)
        put((0, y + i * ROBOT_H), (0, 0, WIDTH, ROBOT_H), paint, int(Ink.PAPER))


def _robot_row(
    colour: str,
    letter: str,
    where: str,
    owner: str,
    lit: bool,
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    at: Origin,
) -> None:
    """A robot's row: its square, colour, the player who plays it (``owner``), where it stands (``where``);
    lit when it acts. A section drawn from the row's top left corner ``at``."""
    face, bold = font(TEXT), font(TEXT, bold=True)
    x0, top = at
    cy = top + ROBOT_H // 2
    if lit:
        box = (x0 + MARGIN - 6, top + 2, x0 + WIDTH - MARGIN + 6, top + ROBOT_H - 2)
        rounded(draw, box, Ink.YELLOW, None, radius=8)
    paint = partial(_robot, colour=colour, letter=letter)
    _place(draw, sheet, f"robot {letter}", "robot", (x0 + MARGIN + PIECE // 2, cy), paint)
    right = x0 + WIDTH - MARGIN
    where = clip(where, face, 330)
    say(draw, sheet, (right, cy), where, face, Ink.CHARCOAL, "rm")
    left = x0 + MARGIN + PIECE + 10
    words = clip(f"{colour.capitalize()} · {owner}", bold, right - text_width(where, face) - 14 - left)
    say(draw, sheet, (left, cy), words, bold, Ink.BLACK, "lm")
