"""The Cosmic Pioneers board: the ring of sectors as a racetrack, the player strip, round and goal.

The ring runs clockwise along the top row, left to right from the Jumpgate, and back along the bottom row,
right to left, so neighbours on the ring are neighbours on the picture. Each sector's box prints its board
label (``3 Ravan``, the name a player types into ``/act``), its colour and native alien in words, its spots
left to right (green spots drawn with a thick green frame and counted in the header), its adventure table,
the goods on it and the ships in orbit. Colonists are discs with their player's number, aliens squares with
their letter (W S Q L B): never colour alone.

``draw_static`` draws everything fixed for one ring (frames, names, tables, empty spots) once; ``draw_board``
copies it and adds the pieces.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.pioneers.catalog import CATALOG
from engine.pioneers.view import PioneersView, PlayerView, SectorView
from render.core import Ink, dashed_box, disc, fitted, font, hatch, label, new_canvas, rounded, text, wrap
from render.core.fonts import Font
from render.core.sheet import MIN_TEXT, Sheet, say

from .layout import (
    BOX_H,
    BOX_W,
    CELL,
    HEADER,
    HEIGHT,
    INFO_Y,
    PIECES_Y,
    STRIP_Y,
    TABLE_Y,
    WIDTH,
    box_of,
    legend_box,
    spot_xy,
)

COLOUR_INK: dict[str, Ink] = {
    "red": Ink.VERMILLION,
    "yellow": Ink.YELLOW,
    "purple": Ink.PURPLE,
    "blue": Ink.BLUE,
    "green": Ink.GREEN,
}
COLOUR_TEXT: dict[str, Ink] = {
    "red": Ink.WHITE,
    "yellow": Ink.BLACK,
    "purple": Ink.BLACK,
    "blue": Ink.WHITE,
    "green": Ink.WHITE,
}
PLAYER_INK: tuple[Ink, ...] = (Ink.ORANGE, Ink.SKY, Ink.SILVER, Ink.WHITE)
ALIEN_NAME = {"W": "worm", "S": "slime", "Q": "squid", "L": "lizard", "B": "bug"}
GOOD_LETTER = {"red": "R", "yellow": "Y", "purple": "P", "blue": "B", "green": "G", "jumpgate": "J"}
TILE_NAMES = {tile: planet.name for tile, planet in CATALOG.planets.items()}
RingKey = tuple[tuple[str, str | None], ...]


def ring_key(view: PioneersView) -> RingKey:
    """What the static layer depends on: each slot's kind and planet."""
    return tuple((s.kind, s.planet) for s in view.ring)


# ---------------------------------------------------------------------------------------------- static layer
def draw_static(view: PioneersView, sheet: Sheet | None = None) -> Image.Image:
    """The detailed board's fixed layer for one ring; ``sheet`` (when measuring) notes the sectors' texts."""
    image = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    size = len(view.ring)
    for sector in view.ring:
        static_sector(draw, sector, box_of(sector.slot, size), sheet)
    x0, y0, x1, y1 = legend_box(size)
    if x1 - x0 > 100:
        rounded(draw, (x0, y0, x1, y1), Ink.WHITE, Ink.SILVER)
        lines = [
            "Colonist: disc,",
            "player number",
            "Alien: square,",
            "W S Q L B",
            "Green spot:",
            "thick frame",
            "Good: diamond,",
            "origin letter",
            "Ship: arrowhead,",
            "crashed: lying flat",
        ]
        for i, line in enumerate(lines):
            bold = i % 2 == 0
            text(
                draw,
                (x0 + 10, y0 + 12 + 24 * i + (i // 2) * 4),
                line,
                fitted(line, x1 - x0 - 16, 15, bold=bold, smallest=14),
                Ink.CHARCOAL,
            )
    return image


TITLE_LINE = 18
"""The height of a grey sector's title line."""


def title_lines(words: str) -> tuple[Font, list[str]]:
    """A grey sector's label (a belt, a destroyed planet, a slot still to place) shrunk to fit its box, and
    broken over two lines if even the smallest legible size is too wide ("1 Maelstrom (gone)")."""
    face = fitted(words, BOX_W - 14, 16, bold=True, smallest=14)
    return face, wrap(words, face, BOX_W - 14)


def title(draw: ImageDraw.ImageDraw, words: str, box: tuple[int, int, int, int], sheet: Sheet | None = None) -> None:
    """Print a grey sector's label (``title_lines``)."""
    face, lines = title_lines(words)
    for i, line in enumerate(lines):
        say(draw, sheet, (box[0] + 8, box[1] + 8 + TITLE_LINE * i), line, face, Ink.CHARCOAL, "la")


def static_sector(
    draw: ImageDraw.ImageDraw, sector: SectorView, box: tuple[int, int, int, int], sheet: Sheet | None = None
) -> None:
    x0, y0, x1, y1 = box
    if sector.kind == "open":
        dashed_box(draw, box, Ink.GREY)
        title(draw, sector.label, box, sheet)
        return
    if sector.kind in ("belt", "destroyed"):
        rounded(draw, box, Ink.MIST, Ink.SILVER)
        below = y0 + 16 + TITLE_LINE * len(title_lines(sector.label)[1])  # under the title's last line
        hatch(draw, (x0 + 4, below, x1 - 4, y1 - 4), Ink.SILVER)
        title(draw, sector.label, box, sheet)
        if sector.kind == "destroyed":
            centre = ((x0 + x1) // 2, (y0 + y1) // 2)
            face = font(15, bold=True)
            left, top, right, bottom = face.getbbox("asteroid belt", anchor="mm")
            knock_out = (centre[0] + left - 4, centre[1] + top - 4, centre[0] + right + 4, centre[1] + bottom + 4)
            draw.rectangle(knock_out, fill=int(Ink.MIST))  # the hatching stops around the words
            say(draw, sheet, centre, "asteroid belt", face, Ink.BLACK, "mm")
        return
    if sector.kind in ("jumpgate", "trade_post"):
        rounded(draw, box, Ink.SLATE_TINT, Ink.CHARCOAL)
        say(draw, sheet, (x0 + 8, y0 + 8), sector.label, font(16, bold=True), Ink.BLACK, "la")
        notes = ("income, upgrades,", "colonists") if sector.kind == "jumpgate" else ("goods only",)
        for j, note in enumerate(notes):
            face = fitted(note, BOX_W - 16, 14, smallest=14)
            say(draw, sheet, (x0 + 8, y0 + 36 + 18 * j), note, face, Ink.CHARCOAL, "la")
        return
    assert sector.colour is not None
    rounded(draw, box, Ink.WHITE, Ink.CHARCOAL)
    band = (x0, y0, x1, y0 + 30)
    rounded(draw, band, COLOUR_INK[sector.colour], Ink.CHARCOAL)
    face = fitted(sector.label, BOX_W - 12, 16, bold=True, smallest=14)
    say(draw, sheet, (x0 + 6, y0 + 6), sector.label, face, COLOUR_TEXT[sector.colour], "la")
    line = f"{sector.colour}, {sector.native}"
    say(draw, sheet, (x0 + 6, y0 + 34), line, fitted(line, BOX_W - 12, 15, smallest=14), Ink.BLACK, "la")
    say(draw, sheet, (x0 + 6, y0 + 52), f"{sector.green} green", font(14, bold=True), Ink.BLACK, "la")
    for i in range(len(sector.spots)):
        cx, cy = spot_xy(box, i)
        half = CELL // 2
        is_green = i < sector.green
        draw.rectangle(
            (cx - half, cy - half, cx + half, cy + half),
            fill=int(Ink.PAPER),
            outline=int(Ink.GREEN if is_green else Ink.SILVER),
            width=4 if is_green else 1,
        )
        say(draw, sheet, (cx, cy - half - 3), str(i + 1), font(14), Ink.CHARCOAL, "ms")
    table = [f"{roll}:{code}" for roll, code in zip(range(2, 7), sector.adventure, strict=True)]
    rows = ["1:alien " + " ".join(table[:2]), " ".join(table[2:])]
    for j, row in enumerate(rows):
        face = fitted(row, BOX_W - 12, 15, smallest=14)
        say(draw, sheet, (x0 + 6, y0 + TABLE_Y + 20 * j), row, face, Ink.CHARCOAL, "la")


# ------------------------------------------------------------------------------------------------- pieces
def draw_board(view: PioneersView, base: Image.Image, sheet: Sheet | None = None) -> Image.Image:
    """The detailed board (``full``): ``base`` is a copy of the static layer; ``sheet`` notes the pieces' texts."""
    draw = ImageDraw.Draw(base)
    header(draw, view)
    size = len(view.ring)
    for sector in view.ring:
        pieces(draw, view, sector, box_of(sector.slot, size), sheet)
    for player in view.players:
        strip(draw, view, player)
    info(draw, view)
    return base


def info(draw: ImageDraw.ImageDraw, view: PioneersView) -> None:
    """The supply, the discards, who is awaited and (in the draft) the tiles still to place."""
    supply = " ".join(f"{alien[0].upper() if alien != 'squid' else 'Q'}{n}" for alien, n in view.supply.items())
    parts = [f"Alien supply {supply}", f"goods {view.goods_supply}"]
    if view.discards:
        parts.append("discards " + ", ".join(view.discards))
    if view.waiting:
        parts.append("waiting on " + ", ".join(view.seat_name(s) for s in view.waiting))
    if view.pool or view.belts_left:
        names = [TILE_NAMES.get(t, t) for t in view.pool]
        parts.append(f"to place: {', '.join(names)}; belts {view.belts_left}")
    line = " | ".join(parts)
    face = font(15)
    lines = wrap(line, face, WIDTH - 24)
    if len(lines) > 1:  # two lines fit above the bottom edge: at 15 px when one does not do, at 14 when two
        face = font(MIN_TEXT)
        lines = wrap(line, face, WIDTH - 24)
    for i, words in enumerate(lines):
        text(draw, (12, INFO_Y + i * INFO_LINE), words, face, Ink.BLACK)


INFO_LINE = 20
"""Between the lines of the supply line when it takes two (the board is 830 px tall; ``INFO_Y`` is 782)."""


def header(draw: ImageDraw.ImageDraw, view: PioneersView) -> None:
    if view.phase == "over":
        status = "Game over"
    elif view.phase != "play":
        status = {"commander": "Setup: commanders", "upgrade": "Setup: free upgrades", "draft": "Setup: planet draft"}[
            view.phase
        ]
    else:
        status = f"Round {view.round} of {view.rounds}" + (
            f", {view.seat_name(view.active)} to play" if view.active is not None else ""
        )
    title = f"Cosmic Pioneers: {view.scenario_name}. {status}"
    text(draw, (12, 8), title, fitted(title, WIDTH - 24, 22, bold=True), Ink.BLACK)
    goal = (
        f"{view.scenario_text} Event deck {view.deck_size}, "
        f"setup aliens {' and '.join(view.setup_aliens)}, first player {view.seat_name(view.first)}."
    )
    text(draw, (12, 36), goal, fitted(goal, WIDTH - 24, 15, smallest=MIN_TEXT), Ink.CHARCOAL)
    _ = HEADER


def pieces(
    draw: ImageDraw.ImageDraw,
    view: PioneersView,
    sector: SectorView,
    box: tuple[int, int, int, int],
    sheet: Sheet | None = None,
) -> None:
    x0, y0, x1, _ = box
    for i, spot in enumerate(sector.spots):
        if spot is None:
            continue
        cx, cy = spot_xy(box, i)
        if spot.isdigit():
            seat = int(spot)
            disc(draw, (cx, cy), CELL // 2 - 3, PLAYER_INK[seat], str(seat + 1), Ink.BLACK, outline=Ink.BLACK, size=16)
        else:
            half = CELL // 2 - 4
            draw.rectangle((cx - half, cy - half, cx + half, cy + half), fill=int(Ink.BLACK))
            label(draw, (cx, cy), spot, 16, Ink.WHITE, bold=True, anchor="mm")
    if sector.controller is not None:
        # right of "N green", clear of the colour line's descenders: the holder's number (the zoom names them)
        cx, cy = x1 - 16, y0 + 62
        disc(
            draw, (cx, cy), 10, PLAYER_INK[sector.controller], str(sector.controller + 1), Ink.BLACK, outline=Ink.BLACK
        )
        say(draw, sheet, (cx - 14, cy), "held", font(14, bold=True), Ink.BLACK, "rm")
    gx = x0 + 8
    gy = y0 + PIECES_Y
    for origin in sector.goods[:6]:
        draw.polygon(
            [(gx + 10, gy), (gx + 20, gy + 10), (gx + 10, gy + 20), (gx, gy + 10)],
            fill=int(Ink.YELLOW),
            outline=int(Ink.BLACK),
        )
        label(draw, (gx + 10, gy + 10), GOOD_LETTER.get(origin, "?"), 12 + 2, Ink.BLACK, bold=True, anchor="mm")
        gx += 24
    if len(sector.goods) > 6:
        say(draw, sheet, (gx, gy + 2), f"+{len(sector.goods) - 6}", font(14), Ink.BLACK, "la")
    sx = x1 - 6
    for seat in reversed(sector.ships):
        player = view.players[seat]
        active = view.active == seat
        if player.crashed:
            w, h = 40, 22
            draw.rounded_rectangle(
                (sx - w, gy - 2, sx, gy - 2 + h), radius=8, fill=int(PLAYER_INK[seat]), outline=int(Ink.BLACK), width=2
            )
            label(draw, (sx - w // 2, gy + 9), str(seat + 1), 14, Ink.BLACK, bold=True, anchor="mm")
            sx -= w + 4
        else:
            r = 15
            ring = Ink.BLACK if not active else Ink.VERMILLION
            x, y = sx - r, gy + 8
            points = [(x - 16, y - 12), (x + 5, y - 12), (x + 16, y), (x + 5, y + 12), (x - 16, y + 12)]
            draw.polygon(points, fill=int(PLAYER_INK[seat]), outline=int(ring), width=3)  # an arrowhead: a ship
            label(draw, (x - 3, y), str(seat + 1), 16, Ink.BLACK, bold=True, anchor="mm")
            sx -= 2 * r + 6


def strip(draw: ImageDraw.ImageDraw, view: PioneersView, player: PlayerView) -> None:
    y = STRIP_Y + 36 * player.seat
    x = 12
    rounded(draw, (x, y, WIDTH - 12, y + 32), PLAYER_INK[player.seat], Ink.BLACK, radius=6)
    levels = player.levels
    cargo = " ".join(cargo_word(item) for item in player.cargo) or "empty"
    name = player.commander_name or "no commander yet"
    where = view.ring[player.at].label if view.phase in ("play", "over") else "-"
    line = (
        f"{player.seat + 1} {view.seat_name(player.seat)}, {name} | "
        f"weapons {levels['weapons']} cargo {levels['cargo']} bombs {levels['bombs']} "
        f"engines {levels['engines']} | {player.credits} credits | {player.vp} VP, {player.controlled} held | "
        f"reserve {player.reserve} | at {where}{' (crashed)' if player.crashed else ''} | hold: {cargo}"
    )
    text(draw, (x + 8, y + 7), line, fitted(line, WIDTH - 40, 16, bold=True, smallest=MIN_TEXT), Ink.BLACK)


def cargo_word(item: str) -> str:
    if item == "C":
        return "colonist"
    if item.startswith("g-"):
        return f"good({GOOD_LETTER.get(item[2:], '?')})"
    return ALIEN_NAME.get(item, item)


__all__ = ["BOX_H", "draw_board", "draw_static", "ring_key"]


def board_sheet(view: PioneersView) -> Sheet:
    """Each sector's label (what a player names to fly or trade there), as ``static_sector`` prints it."""
    sheet = Sheet()
    size = len(view.ring)
    for sector in view.ring:
        x0, y0, _, _ = box_of(sector.slot, size)
        if sector.kind in ("open", "belt", "destroyed"):
            face, lines = title_lines(sector.label)
            for i, line in enumerate(lines):
                sheet.mark((x0 + 8, y0 + 8 + TITLE_LINE * i), line, int(getattr(face, "size", 0)), bold=True)
            continue
        if sector.kind in ("jumpgate", "trade_post"):
            face, at = fitted(sector.label, 10_000, 16, bold=True), (x0 + 8, y0 + 8)
        else:
            face, at = fitted(sector.label, BOX_W - 12, 16, bold=True, smallest=14), (x0 + 6, y0 + 6)
        sheet.mark(at, sector.label, int(getattr(face, "size", 0)), bold=True)
    return sheet
