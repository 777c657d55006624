"""Zooms: one tile and its neighbours, or the team's panel, drawn for a phone (issue 26).

A tile's zoom draws the colony again at ``ZOOM_STEP`` (large enough to print each dome's side, ``NW``, under it
and the tile ids above) around that tile, on an image only ``ZOOM_WIDTH`` px wide, so its 14-px texts show at
12 px or more on a phone: the tile, its four diagonal neighbours whole and the two beside it mostly. The
team's zoom cuts the full board's panel (the numbers, the turn reports, every robot's cards: 466 px wide,
14-px text). A phone shows either at 400 px, so neither is enlarged (``SCALE`` 1: a quarter of the pixels to
encode, which the close-up sent with every action needs). Both are drawn from the public view.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from engine.jupiter.colony import STEPS
from engine.jupiter.view import JupiterView, RobotView, TileView
from render.core import Box, Ink, new_canvas
from render.core.sheet import Mark, Sheet
from render.core.stamps import TRANSPARENT
from render.core.zoom import Area, moved_mark

from .colony import (
    DEEP,
    colony_sheet,
    draw_colony_pieces,
    draw_colony_static,
    draw_names,
    is_playing,
    recent_marks,
    setting_up,
)
from .layout import PANEL, SQRT3, Layout, lattice
from .panel import card_name, draw_panel
from .sections import SectionCache, put_section

SCALE = 1
ZOOM_STEP = 62.0
"""Lattice step of a tile's zoom: dome names fit under their domes (``colony.names_fit``)."""
ZOOM_WIDTH, ZOOM_HEIGHT = 466, 540
"""A tile's zoom before enlarging: 14 px × 400 / 466 = 12.0 px on a phone."""
OFFSET = 200
"""Where the zoom's cut starts across its scratch canvas: right of the corner where the pod is drawn while away
(``colony._pod_away``, at the colony area's top left)."""
TEAM = "team"
TEAM_BOX: Box = (PANEL[0] - 1, PANEL[1] - 4, PANEL[2] + 1, PANEL[3] + 4)
"""The full board's panel and a pixel either side: 466 px wide, so its 14-px texts show at 12.0 px on a phone."""


def neighbours(view: JupiterView, tile: TileView) -> list[TileView]:
    """The tiles next to ``tile`` (one step of the hexagonal grid), in side order E, NE, NW, W, SW, SE."""
    cells = {(t.q, t.r): t for t in view.tiles}
    return [cells[(tile.q + dq, tile.r + dr)] for dq, dr in STEPS if (tile.q + dq, tile.r + dr) in cells]


def tile_of(view: JupiterView, key: str) -> TileView | None:
    """The tile a zoom key names, ``None`` for the team's zoom; ``KeyError`` for an unknown key."""
    if key == TEAM:
        return None
    for tile in view.tiles:
        if tile.id == key:
            return tile
    raise KeyError(key)


def areas(view: JupiterView) -> list[Area]:
    """The team's panel first, then every tile in id order (at most 20: the select holds 25)."""
    out = [Area(TEAM, "The team: numbers, turn reports, every robot's cards", "")]
    for tile in sorted(view.tiles, key=lambda t: t.id):
        out.append(Area(tile.id, f"Tile {tile.id} and its neighbours", tile_summary(view, tile)[:100]))
    return out


def zoom_layout_for(view: JupiterView, tile: TileView) -> Layout:
    """The colony's layout at ``ZOOM_STEP`` with ``tile`` in the cut: in its middle, or moved toward the colony
    when the tile lies on its rim (so the cut shows tiles rather than the empty deep), never cutting it off."""
    return _zoom_layout(tuple((t.q, t.r) for t in view.tiles), (tile.q, tile.r))


@lru_cache(maxsize=256)
def _zoom_layout(cells: tuple[tuple[int, int], ...], cell: tuple[int, int]) -> Layout:
    """``zoom_layout_for`` from what it reads: where the tiles lie and which is zoomed (kept: a close-up and its
    key ask for it several times a move, and the colony changes shape only when a tile goes or moves)."""
    x, y = lattice((3 * cell[0], 3 * cell[1]))
    half_w, half_h = 1.5, SQRT3  # a tile's half width and half height, in lattice steps
    xs = [lattice((3 * q, 3 * r))[0] for q, r in cells]
    ys = [lattice((3 * q, 3 * r))[1] for q, r in cells]
    room_x, room_y = ZOOM_WIDTH / 2 / ZOOM_STEP, ZOOM_HEIGHT / 2 / ZOOM_STEP
    cx = _within(x, min(xs) - half_w + room_x, max(xs) + half_w - room_x, x - room_x + half_w, x + room_x - half_w)
    cy = _within(y, min(ys) - half_h + room_y, max(ys) + half_h - room_y, y - room_y + half_h, y + room_y - half_h)
    origin = (OFFSET + ZOOM_WIDTH / 2 - cx * ZOOM_STEP, ZOOM_HEIGHT / 2 - cy * ZOOM_STEP)
    return Layout(placements=(), step=ZOOM_STEP, origin=origin, sides_only=True)


def _within(value: float, low: float, high: float, least: float, most: float) -> float:
    """``value`` moved into ``[low, high]`` (when that is not empty), then kept in ``[least, most]``."""
    if low <= high:
        value = min(max(value, low), high)
    return min(max(value, least), most)


def cut(tile: TileView | None) -> Box:
    if tile is None:
        return TEAM_BOX
    return (OFFSET, 0, OFFSET + ZOOM_WIDTH, ZOOM_HEIGHT)


def in_cut(view: JupiterView, tile: TileView) -> JupiterView:
    """``view`` with only the tiles the zoom on ``tile`` shows (and the pod's dock): drawn in a third of the
    time of the whole colony."""
    cells = tuple((t.q, t.r) for t in view.tiles)
    dock = next((k for k, t in enumerate(view.tiles) if t.id == view.pod.dock_tile), None)
    kept = _kept(cells, (tile.q, tile.r), dock)
    return view.model_copy(update={"tiles": [view.tiles[k] for k in kept]})


@lru_cache(maxsize=256)
def _kept(cells: tuple[tuple[int, int], ...], cell: tuple[int, int], dock: int | None) -> tuple[int, ...]:
    """Which tiles (by their index in ``cells``) the zoom on ``cell`` draws: those near the cut, and the one
    the pod is docked at (``dock``), in colony order."""
    layout = _zoom_layout(cells, cell)
    x0, y0, x1, y1 = OFFSET, 0, OFFSET + ZOOM_WIDTH, ZOOM_HEIGHT  # ``cut`` of a tile
    reach = 1.2 * SQRT3 * ZOOM_STEP
    kept = []
    for k, (q, r) in enumerate(cells):
        x, y = layout.centre(q, r)
        if (x0 - reach <= x <= x1 + reach and y0 - reach <= y <= y1 + reach) or k == dock:
            kept.append(k)
    return tuple(kept)


def tile_static(view: JupiterView, tile: TileView, *, names: bool = True) -> Image.Image:
    """The empty colony around ``tile`` at ``ZOOM_STEP`` (only the tile placements decide it: cached); without
    the domes' names for a zoom that pastes them last (``tile_names``: they cover whatever this layer has there)."""
    canvas = new_canvas(ZOOM_WIDTH + OFFSET, ZOOM_HEIGHT, DEEP)
    draw_colony_static(ImageDraw.Draw(canvas), in_cut(view, tile), zoom_layout_for(view, tile), names=names)
    return canvas


def shown_key(view: JupiterView, tile: TileView) -> str:
    """What ``tile``'s zoom shows, as a render-cache key: two views with the same key draw the same image.

    A zoom draws the colony's empty shape around the tile (the tile placements decide it, and where the cut
    lies), then, on the tiles in the cut (``in_cut``), their pieces, super creeps, invasion and Suppressant
    marks, the pod (docked or away, its load, who docks it next: whether the game is still being set up), the
    active robot's ring (while the game is played: ``colony.is_playing``), and the robots' colours and letters.
    Everything else a view holds (numbers, cards, reports, the tiles out of the cut, the phase beyond those two
    questions) leaves the image alone, so a move elsewhere on the colony, a card drawn, a turn report or the
    turn's end stepping from phase to phase finds the zoom drawn before instead of drawing and encoding it
    again.
    """
    local = in_cut(view, tile)
    ids = {t.id for t in local.tiles}
    rose, suppressed = recent_marks(local)
    playing = is_playing(view)
    shown = (
        [(t.id, t.q, t.r, t.rotation) for t in view.tiles],
        tile.id,
        # the phase as the drawing reads it, not the phase itself: a turn's end steps through phases that all
        # draw the same zoom (27 of 221 zooms in the bench's play were drawn again only for that)
        playing,  # the active robot's ring is drawn while the game is played
        view.active if playing else None,
        setting_up(view),  # the away pod's caption: "docks before turn 1"
        view.pod.model_dump(mode="json"),
        [(r.seat, r.colour, r.letter) for r in view.robots],
        [(t.id, t.super_creep, [(d.name, d.piece, d.seat) for d in t.domes]) for t in local.tiles],
        sorted(ids.intersection(view.invading)),
        sorted(ids & rose),
        sorted(ids & suppressed),
    )
    digest = hashlib.blake2b(json.dumps(shown, separators=(",", ":")).encode(), digest_size=20).hexdigest()
    return f"jupiter.tilezoom:{digest}"


class ShownKeys:
    """``shown_key`` from memory when asked again for a view made of the same objects (as ``render.core.changes``
    ``BoardKeys`` does for the board's keys): the host asks for the acting robot's close-up and zoom several times
    a move, each time of a fresh public copy of one view. The view's parts are held with the key, so their ids
    are not reused while it is remembered; a view changed anywhere is a copy with a new part, keyed anew."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, tuple[tuple[object, ...], str]] = OrderedDict()
        self._lock = threading.Lock()

    def key(self, view: JupiterView, tile: TileView) -> str:
        parts = tuple(view.__dict__.values())
        known = (tile.id, tuple(map(id, parts)))
        with self._lock:
            kept = self._kept.get(known)
            if kept is not None:
                self._kept.move_to_end(known)
                return kept[1]
        key = shown_key(view, tile)
        with self._lock:
            self._kept[known] = (parts, key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return key


SHOWN = ShownKeys()
"""The process's remembered zoom keys (``ShownKeys``)."""


Names = tuple[Image.Image, Image.Image]
"""Every dome name of a tile's zoom as drawn over anything (``tile_names``) and the mask of the pixels they set."""


def tile_names(view: JupiterView, tile: TileView) -> Names:
    """The dome names of ``tile``'s zoom, drawn in order on a transparent canvas cut as the zoom is, and the
    mask of what they cover (only the tile placements decide them: cached). The names are drawn last, over the
    pieces, each knock-out and its letters setting the same pixels whatever lies under them, so pasting this
    through its mask gives exactly the pixels drawing them again would."""
    names = Image.new("P", (ZOOM_WIDTH + OFFSET, ZOOM_HEIGHT), TRANSPARENT)
    draw_names(ImageDraw.Draw(names), in_cut(view, tile), zoom_layout_for(view, tile))
    names = names.crop(cut(tile))  # what the zoom shows (pasted after the cut)
    return names, covered_by(names)


def covered_by(names: Image.Image) -> Image.Image:
    """The mask of the pixels ``tile_names`` set on its transparent canvas: its palette indices read as they are
    through ``COVERED`` by the core's own lookup (no bytes through Python, no table made per call)."""
    names.load()
    return names._new(names.im.point(COVERED, "L"))


COVERED = bytes(0 if value == TRANSPARENT else 255 for value in range(256))
"""The lookup table that turns ``tile_names``' canvas into the mask of what the names cover."""


def tile_image(
    view: JupiterView,
    tile: TileView,
    static: Callable[[], Image.Image] | None = None,
    names: Callable[[], Names] | None = None,
    sections: SectionCache | None = None,
) -> Image.Image:
    """The colony around ``tile`` at ``ZOOM_STEP``, cut to the zoom (not yet enlarged); ``static`` gives a copy
    of ``tile_static`` for it and ``names`` its ``tile_names`` (each drawn here when not given); ``sections``
    keeps each tile's pieces once drawn (``render.jupiter.sections``)."""
    layout = zoom_layout_for(view, tile)
    canvas = static() if static is not None else tile_static(view, tile)
    local = in_cut(view, tile)
    draw = ImageDraw.Draw(canvas)
    put = None if sections is None else partial(put_section, sections, canvas, draw, None)
    # the names pasted last cover those an invaded tile's outline draws again: they are not drawn twice
    draw_colony_pieces(draw, local, layout, put, names=names is None)
    if names is None:
        draw_names(draw, local, layout)
        return canvas.crop(cut(tile))
    part = canvas.crop(cut(tile))
    drawn, covered = names()
    # the core's own paste (``Image.paste``'s checks cost more than the copy): the names are cut as the zoom is
    part.im.paste(drawn.im, (0, 0, *part.size), covered.im)
    return part


def zoom_image(
    view: JupiterView,
    key: str,
    full: Callable[[], Image.Image] | None,
    static: Callable[[TileView], Image.Image] | None = None,
    names: Callable[[TileView], Names] | None = None,
    sections: SectionCache | None = None,
) -> Image.Image:
    """The zoom ``key``: a tile drawn large (on a copy of ``static(tile)``, its cached ``tile_static``, and with
    ``names(tile)``, its cached ``tile_names``, when given), or the panel cut from ``full()`` (the full board of
    ``view``, drawn only for the team's zoom, which needs it)."""
    tile = tile_of(view, key)
    if tile is None:
        if full is None:
            raise ValueError("the team's zoom is cut from the full board: give it")
        part = full().crop(TEAM_BOX)
    else:
        part = tile_image(
            view,
            tile,
            None if static is None else lambda: static(tile),
            None if names is None else lambda: names(tile),
            sections,
        )
    if SCALE == 1:
        return part
    return part.resize((part.width * SCALE, part.height * SCALE), Image.Resampling.NEAREST)


def zoom_sheet(view: JupiterView, key: str) -> Sheet:
    """The zoom's texts as drawn (the colony's names and ids, or the panel's texts), inside the cut, enlarged."""
    tile = tile_of(view, key)
    if tile is None:
        found = Sheet()
        draw_panel(ImageDraw.Draw(new_canvas(1400, 900, Ink.PAPER)), view, found)
    else:
        found = colony_sheet(view, zoom_layout_for(view, tile))
    x0, y0, x1, y1 = cut(tile)
    sheet = Sheet()
    sheet.marks = [
        enlarged(m, x0, y0)
        for m in found.marks
        if m.reach[0] >= x0 and m.reach[1] >= y0 and m.reach[2] <= x1 and m.reach[3] <= y1
    ]
    return sheet


def enlarged(mark: Mark, dx: int, dy: int) -> Mark:
    """``mark`` as this game's zoom draws it (``SCALE``)."""
    return moved_mark(mark, dx, dy, SCALE)


def tile_summary(view: JupiterView, tile: TileView) -> str:
    """A tile in a few words: colonists, creeps, super creep, robots."""
    colonists = sum(1 for d in tile.domes if d.piece == "colonist")
    creeps = sum(1 for d in tile.domes if d.piece == "creep")
    robots = {r.seat: r for r in view.robots}
    parts = [f"{colonists} colonist{'s' if colonists != 1 else ''}", f"{creeps} creep{'s' if creeps != 1 else ''}"]
    if tile.super_creep:
        parts.append("a super creep")
    for dome in tile.domes:
        if dome.piece == "robot" and dome.seat in robots:
            parts.append(f"{robots[dome.seat].colour} robot")
    return ", ".join(parts)


def player_of(view: JupiterView, info: RobotView) -> str:
    """The name of the player who plays robot ``info``."""
    return view.seat_name(info.owner if info.owner is not None else info.seat)


def tile_words(view: JupiterView, tile: TileView) -> str:
    """What stands on each dome of ``tile`` (empty domes left out), and its centre."""
    robots = {r.seat: r for r in view.robots}
    pieces = []
    for dome in tile.domes:
        if dome.piece == "robot" and dome.seat in robots:
            info = robots[dome.seat]
            pieces.append(f"{dome.name} the {info.colour} robot ({player_of(view, info)})")
        elif dome.piece is not None:
            pieces.append(f"{dome.name} {dome.piece.replace('_', ' ')}")
    centre = {"power_plant": "a power plant", "radar_dish": "a radar dish"}.get(tile.centre, "")
    head = (
        f"tile {tile.id} (module {tile.module}"
        + (f", {centre}" if centre else "")
        + (", super creep" if tile.super_creep else "")
        + ")"
    )
    return head + (": " + ", ".join(pieces) if pieces else ": empty")


def alt(view: JupiterView, key: str) -> str:
    """The zoom in words, all public."""
    tile = tile_of(view, key)
    if tile is None:
        return (
            f"A zoom on the Jupiter Deep team panel: saved {view.saved} of {view.needed}, "
            f"{view.creeps_on_board} creeps on the colony, deck {view.deck_size}; "
            + "; ".join(
                f"{r.colour} robot: {', '.join(card_name(k) for k in r.hand) or 'no cards'}" for r in view.robots
            )
        )
    around = neighbours(view, tile)
    pod = view.pod
    docked = f" The pod is docked at {pod.docked_at}." if pod.dock_tile in {tile.id, *(t.id for t in around)} else ""
    near = "; ".join(tile_words(view, t) for t in around)
    return f"A zoom on the Jupiter Deep board, {tile_words(view, tile)}. Next to it: {near or 'no tile'}.{docked}"
