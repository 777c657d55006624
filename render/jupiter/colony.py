"""The colony: tiles, bridges and named domes (the static layer), then the pieces and the pod on top.

``draw_colony_static`` draws what only the tile placements decide: the hexes with their ids and module
numbers (the invasion die's faces), the exposed rim, bridges, plants and dishes, and every dome with its
typeable name (``T07.NE``) printed small under it. ``draw_colony_pieces`` adds what the view says now:
colonists, creeps, super creeps, robots, the docked pod and its load, and the tiles an invasion is hitting.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from engine.jupiter.view import DomeView, JupiterView, PodView, RobotView, TileView
from render.core import Ink, font, label, rounded, text, text_width
from render.core.sheet import Sheet
from render.core.stamps import TRANSPARENT

from .layout import COLONY, POD_RADIUS, SIDE_NAMES, Layout, side_index, tag_above, unit
from .pieces import active_ring, colonist, creep, die, empty_place, power_plant, radar_dish, robot, super_creep

DEEP = Ink.CHARCOAL
TILE_FILL = Ink.SLATE_TINT
BRIDGE = Ink.GREY
NAME_SIZE = 14
TILE_ID_SIZE = 15


def _tile_by_id(view: JupiterView) -> dict[str, TileView]:
    return {tile.id: tile for tile in view.tiles}


def _domes(view: JupiterView) -> dict[str, DomeView]:
    return {dome.name: dome for tile in view.tiles for dome in tile.domes}


# ---------------------------------------------------------------------------------------------- static layer


def draw_colony_static(draw: ImageDraw.ImageDraw, view: JupiterView, layout: Layout, *, names: bool = True) -> None:
    """The empty colony for this layout (every input here is fixed by the tile placements); without the domes'
    names when asked (a zoom pastes every name over the finished drawing: ``render.jupiter.zoom.tile_names``)."""
    draw.rectangle(COLONY, fill=int(DEEP))
    step = layout.step
    _hexagons(draw, [layout.hexagon(tile.q, tile.r) for tile in view.tiles], TILE_FILL, Ink.GREY, 2)
    # The rim, bridges and domes, a few hundred lines and rings, through the core's own calls with their inks
    # taken once: exactly the calls ``ImageDraw.line`` and ``ImageDraw.ellipse`` make (a line of ``width``; a
    # ring filled, then its outline), without their checks on every call (a third of a tile's first close-up).
    core = draw.draw
    rim = core.draw_ink(int(Ink.WHITE))
    for tile in view.tiles:
        for side in tile.exposed_sides:
            core.draw_lines(list(layout.side_segment(tile.q, tile.r, side_index(side))), rim, 4)
    domes = _domes(view)
    width = max(4, round(step * 0.2))
    bridge = core.draw_ink(int(BRIDGE))
    for a, b in view.bridges:
        if a in domes and b in domes:
            core.draw_lines([layout.xy(domes[a].point), layout.xy(domes[b].point)], bridge, width)
    radius = layout.dome_radius
    inside, ring = core.draw_ink(int(Ink.WHITE)), core.draw_ink(int(Ink.CHARCOAL))
    for tile in view.tiles:
        cx, cy = layout.centre(tile.q, tile.r)
        half = round(step * 0.36)
        if tile.centre == "power_plant":
            power_plant(draw, (cx, cy), half)
        elif tile.centre == "radar_dish":
            radar_dish(draw, (cx, cy), half)
        for dome in tile.domes:
            x, y = layout.xy(dome.point)
            dome_box = (x - radius, y - radius, x + radius, y + radius)
            core.draw_ellipse(dome_box, inside, 1)
            core.draw_ellipse(dome_box, ring, 0, 2)
    for tile in view.tiles:
        if names:
            _names(draw, tile, layout)
        _tile_marks(draw, tile, layout)
    if not names_fit(layout):
        draw_dome_key(draw, dome_key_corner(view, layout))


def _hexagons(
    draw: ImageDraw.ImageDraw, hexagons: list[list[tuple[float, float]]], fill: Ink, outline: Ink, width: int
) -> None:
    """Each of ``hexagons`` filled and outlined in turn, exactly as ``ImageDraw.polygon`` draws one (its fill,
    then its outline kept inside the fill by a mask of it), through the core's own calls: with one mask for all
    of them, each hexagon's fill cleared from it after use, where Pillow makes a mask the size of the image for
    every polygon (a tile's first close-up draws a dozen)."""
    core = draw.draw
    fill_ink, ink = core.draw_ink(int(fill)), core.draw_ink(int(outline))
    mask = Image.new("1", draw.im.size)
    cover = ImageDraw.Draw(mask).draw
    inside, clear = cover.draw_ink(1), cover.draw_ink(0)
    for points in hexagons:
        core.draw_polygon(points, fill_ink, 1)
        cover.draw_polygon(points, inside, 1)
        core.draw_polygon(points, ink, 0, width * 2 - 1, mask.im)
        cover.draw_polygon(points, clear, 1)  # the same pixels set back: the mask is empty again


def names_fit(layout: Layout) -> bool:
    """Whether each dome's whole name fits under it at ``NAME_SIZE`` without reaching its neighbour's: only for a
    colony of few tiles, drawn large. Otherwise the dome key (``draw_dome_key``) says how names are made."""
    return layout.sides_only or text_width("T00.NW", font(NAME_SIZE)) + 6 <= layout.step


def name_y(y: int, layout: Layout) -> int:
    """Where a dome's name starts under a dome centred at height ``y``: clear of its rim by a text's halo."""
    return y + layout.dome_radius + 3


def dome_label(dome: DomeView, layout: Layout) -> str:
    """What is printed under a dome: its whole name (``T07.NE``), or only its side (``NE``) on a layout that
    prints sides (a zoom: the tile's id above says the rest)."""
    return dome.name.rsplit(".", 1)[-1] if layout.sides_only else dome.name


def draw_names(draw: ImageDraw.ImageDraw, view: JupiterView, layout: Layout) -> None:
    """Every dome's name again, on top of the pieces: a zoom's names stay whole where a creep's points or a
    robot's corner reach under a dome (the knock-out nicks the piece instead)."""
    for tile in view.tiles:
        _names(draw, tile, layout)


def _names(draw: ImageDraw.ImageDraw, tile: TileView, layout: Layout) -> None:
    """Each dome's typeable name under it, on a knock-out so a bridge passing under does not cut the letters."""
    if not names_fit(layout):
        return
    for dome in tile.domes:
        _name(draw, dome, layout)


def _name(draw: ImageDraw.ImageDraw, dome: DomeView, layout: Layout) -> None:
    if not names_fit(layout):
        return
    x, y = layout.xy(dome.point)
    words = dome_label(dome, layout)
    if layout.sides_only:  # a zoom's: a few sides (``NE``), each drawn once and pasted under every dome
        look = _side_look(words, layout.dome_radius)
        if look is not None:
            part, mask, (left, top, right, bottom) = look
            draw.im.paste(part, (x + left, y + top, x + right, y + bottom), mask)
            return
    _name_drawing(words, layout.dome_radius, draw, (x, y))


def _name_drawing(words: str, radius: int, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    """A dome's name ``words`` under the dome of ``radius`` centred at ``at``, on its knock-out."""
    face = font(NAME_SIZE)
    x, y = at
    half = text_width(words, face) // 2 + 1
    # the knock-out reaches past the letters by their halo (``render.core.sheet.HALO``): a bridge passes by
    # and starts below the dome's rim by the same halo: the letters' tops sit at ``name_y``
    top = y + radius + 3  # ``name_y``
    draw.rectangle((x - half - 3, y + radius + 1, x + half + 3, top + NAME_SIZE + 2), fill=int(TILE_FILL))
    text(draw, (x, top), words, face, Ink.BLACK, anchor="mt")


SideLook = tuple[Any, Any, tuple[int, int, int, int]]
"""A name drawn once: the cores of its pixels and of the mask of those it set, and their box from the dome's
centre (right and bottom exclusive)."""


@lru_cache(maxsize=64)
def _side_look(words: str, radius: int) -> SideLook | None:
    """``_name_drawing``'s name ``words`` under a dome of ``radius``, drawn once on a transparent canvas and cut
    to what it set: a palette drawing only sets pixels, so pasting them through their mask is drawing it there
    (``None`` if it reached the canvas's edge: then it is drawn in place)."""
    reach = text_width(words, font(NAME_SIZE)) // 2 + 12
    width, height = 2 * reach, radius + 3 * NAME_SIZE
    canvas = Image.new("P", (width, height), TRANSPARENT)
    _name_drawing(words, radius, ImageDraw.Draw(canvas), (reach, 0))
    mask = canvas._new(canvas.im.point(_SET, "L"))  # the core's lookup, as ``render.jupiter.sections`` does
    box = mask.getbbox()
    if box is None or box[0] == 0 or box[1] == 0 or box[2] == width or box[3] == height:
        return None
    part, cut = canvas.crop(box), mask.crop(box).convert("1", dither=Image.Dither.NONE)
    return part.im, cut.im, (box[0] - reach, box[1], box[2] - reach, box[3])


_SET = bytes(0 if value == TRANSPARENT else 255 for value in range(256))
"""The lookup table that turns a name's transparent canvas into the mask of the pixels it set."""


def _tile_marks(draw: ImageDraw.ImageDraw, tile: TileView, layout: Layout) -> None:
    """The tile id by the top corner and its module number (the die face that invades it) by the bottom one."""
    cx, cy = layout.centre(tile.q, tile.r)
    step = layout.step
    _plain_id(draw, tile, layout)
    die(draw, (cx, round(cy + step * 1.5)), tile.module, 8)


# ---------------------------------------------------------------------------------------------- the moment


TilePiece = tuple[tuple[int, int], str, str, str]
"""A piece on a dome: where, from the tile's centre; what (colonist, creep, robot); a robot's colour and letter."""


def _tile_pieces(
    super_size: int | None,
    radius: int,
    pieces: tuple[TilePiece, ...],
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    centre: tuple[int, int],
) -> None:
    """A tile's super creep (``super_size`` wide, if any) and the pieces on its domes (``radius``: a dome's), a
    section drawn around the tile's ``centre`` (``render.jupiter.sections``)."""
    cx, cy = centre
    if super_size is not None:
        super_creep(draw, centre, super_size)
    for (dx, dy), what, colour, letter in pieces:
        at = (cx + dx, cy + dy)
        if what == "colonist":
            colonist(draw, at, radius - 2)
        elif what == "creep":
            creep(draw, at, radius + 2)
        else:
            robot(draw, at, colour, letter, radius)


def _pieces_box(super_size: int | None, radius: int, pieces: list[TilePiece]) -> tuple[int, int, int, int]:
    """What ``_tile_pieces`` inks, from the tile's centre: each piece's box (a creep reaches ``radius + 2`` from
    its dome, a super creep ``super_size + 3`` from the centre), a few pixels more. A box too small is seen and
    the section drawn in place (``render.jupiter.sections``)."""
    reach = radius + 6
    xs = [dx for (dx, _), _, _, _ in pieces] + [0]
    ys = [dy for (_, dy), _, _, _ in pieces] + [0]
    around = max(reach, super_size + 5) if super_size is not None else reach
    return (min(xs) - around, min(ys) - around, max(xs) + around + 1, max(ys) + around + 1)


def draw_colony_pieces(
    draw: ImageDraw.ImageDraw,
    view: JupiterView,
    layout: Layout,
    put: Callable[..., None] | None = None,
    *,
    names: bool = True,
) -> None:
    """Everything on the colony that changes: invasion marks, super creeps, pieces, the pod, the active robot.

    ``put``: draws a section at an origin (``render.jupiter.sections.put_section`` bound to the image): each tile's
    pieces are then pasted from a drawing kept by where they stand on the tile (drawn in place without it).
    ``names``: whether an outlined tile's dome names are drawn again over its outline; a zoom that pastes every
    name over the finished drawing (``render.jupiter.zoom.tile_names``) leaves them to that paste."""
    step = layout.step
    robots = {r.seat: r for r in view.robots}
    invading = set(view.invading)
    rose, suppressed = recent_marks(view)
    for tile in view.tiles:
        if tile.id in invading or tile.id in suppressed:
            # An outline only: the tile's bridges, domes and names in the static layer stay as they are.
            ink = Ink.ORANGE if tile.id in invading else Ink.BLUE
            draw.polygon(layout.hexagon(tile.q, tile.r, inset=5), outline=int(ink), width=6)
            if names:
                _names(draw, tile, layout)
            _tile_marks(draw, tile, layout)
        if tile.id in suppressed or tile.id in rose:  # ``_tile_id`` draws nothing else over the static layer
            _tile_id(draw, tile, layout, rose, suppressed, plain=False)
    _pod_bridge(draw, view, layout)  # under the pieces, so a robot on the docking dome stays whole
    radius = layout.dome_radius
    pad = 9
    active_at: tuple[int, int] | None = None
    for tile in view.tiles:
        # most domes are empty: a dome's pixel is looked up only for the pieces (a close-up walks a dozen tiles)
        placed = [dome for dome in tile.domes if dome.piece is not None]
        if not placed and not tile.super_creep:
            continue
        centre = cx, cy = layout.centre(tile.q, tile.r)
        pieces: list[TilePiece] = []
        for dome in placed:
            piece = dome.piece
            if piece == "colonist" or piece == "creep":
                at = layout.xy(dome.point)
                pieces.append(((at[0] - cx, at[1] - cy), piece, "", ""))
            elif piece == "robot" and dome.seat is not None and dome.seat in robots:
                at = layout.xy(dome.point)
                info = robots[dome.seat]
                pieces.append(((at[0] - cx, at[1] - cy), "robot", info.colour, info.letter))
                if dome.seat == view.active and is_playing(view):
                    active_at = at
        if not pieces and not tile.super_creep:
            continue
        size = round(step * 0.5) if tile.super_creep else None
        paint = partial(_tile_pieces, size, radius, tuple(pieces))
        if put is None:
            paint(draw, None, centre)
        else:
            put(centre, _pieces_box(size, radius, pieces), paint)
    if view.pod.docked_at is not None:
        aboard = _pod(draw, view, layout, robots, put)
    else:
        aboard = _pod_away(draw, view, robots, put)
    if view.active in aboard and is_playing(view):
        active_at = aboard[view.active]
        radius, pad = pod_slot(round(step * POD_RADIUS)) + 1, 5
    if active_at is not None:
        active_ring(draw, active_at, radius, pad=pad)
        for tile in view.tiles:  # a robot on a northern dome: its ring reaches the id, which stays on top
            if math.dist(active_at, tile_id_point(tile, layout)) < radius + pad + 30:
                _tile_id(draw, tile, layout, rose, suppressed)


def recent_marks(view: JupiterView) -> tuple[set[str], set[str]]:
    """Tiles where creeps rose and tiles Suppressant protected at the latest end of a turn: this turn's once it
    has begun, else the last turn's (what a player coming back needs to see on the map; the panel says which)."""
    report = view.this_turn if view.this_turn is not None else view.last_turn
    if report is None:
        return set(), set()
    return set(report.invaded), set(report.suppressed)


def _tile_id(
    draw: ImageDraw.ImageDraw,
    tile: TileView,
    layout: Layout,
    rose: set[str],
    suppressed: set[str],
    *,
    plain: bool = True,
) -> None:
    """The tile's id as this turn shows it: on a blue tag (Suppressant), an orange one (creeps rose) or plain."""
    if tile.id in suppressed:
        _id_tag(draw, tile, layout, Ink.BLUE, Ink.WHITE)
    elif tile.id in rose:
        _id_tag(draw, tile, layout, Ink.ORANGE, Ink.BLACK)
    elif plain:
        _plain_id(draw, tile, layout)


def _plain_id(draw: ImageDraw.ImageDraw, tile: TileView, layout: Layout) -> None:
    x, y = tile_id_point(tile, layout)
    left, top, right, bottom = font(TILE_ID_SIZE, bold=True).getbbox(tile.id, anchor="mm")
    # on a knock-out: the id sits on the tile's top corner, where its edges and the bridges above meet
    draw.rectangle((x + left - 2, y + top - 2, x + right + 1, y + bottom + 1), fill=int(TILE_FILL))
    label(draw, (x, y), tile.id, TILE_ID_SIZE, Ink.BLACK, bold=True, anchor="mm")


def _id_tag(draw: ImageDraw.ImageDraw, tile: TileView, layout: Layout, fill: Ink, ink: Ink) -> None:
    """The tile id on a coloured tag: orange where creeps rose, blue where Suppressant protected it."""
    cx, y = tile_id_point(tile, layout)
    half = text_width(tile.id, font(TILE_ID_SIZE, bold=True)) // 2 + 6
    rounded(draw, (cx - half, y - 11, cx + half, y + 11), fill, Ink.BLACK, radius=4, width=1)
    label(draw, (cx, y), tile.id, TILE_ID_SIZE, ink, bold=True, anchor="mm")


def tile_id_point(tile: TileView, layout: Layout) -> tuple[int, int]:
    """Where a tile's id is printed: by its top corner, above its two northern domes."""
    cx, cy = layout.centre(tile.q, tile.r)
    return cx, round(cy - layout.step * 1.4)


def is_playing(view: JupiterView) -> bool:
    """Whether the game is being played (not set up, not over): the active robot is ringed only then."""
    return view.phase not in ("won", "lost", "core", "first")


def setting_up(view: JupiterView) -> bool:
    """Whether the game is still being set up: the away pod then "docks before turn 1" (``_pod_away``)."""
    return view.phase in ("core", "first", "dock")


def pod_at(view: JupiterView, layout: Layout) -> tuple[int, int] | None:
    """The centre of the docked pod on the board (beside its docking side), or ``None`` while it is not docked."""
    pod = view.pod
    if pod.docked_at is None or pod.dock_tile is None or pod.dock_side is None:
        return None
    tile = _tile_by_id(view).get(pod.dock_tile)
    if tile is None:
        return None
    return layout.pod_centre(tile.q, tile.r, side_index(pod.dock_side))


def _pod_bridge(draw: ImageDraw.ImageDraw, view: JupiterView, layout: Layout) -> None:
    """The docked pod's one bridge, from its docking dome out to the pod."""
    centre = pod_at(view, layout)
    dock = _domes(view).get(view.pod.docked_at or "")
    if centre is not None and dock is not None:
        draw.line([layout.xy(dock.point), centre], fill=int(Ink.WHITE), width=max(4, round(layout.step * 0.2)))


def _pod(
    draw: ImageDraw.ImageDraw,
    view: JupiterView,
    layout: Layout,
    robots: dict[int, RobotView],
    put: Callable[..., None] | None = None,
) -> dict[int, tuple[int, int]]:
    """The docked pod beyond its side, bridged to its docking dome, with seven places showing its load.

    The docking dome's name goes on top last: the bridge leaves through it, and below a SW or SE side the pod's
    ring passes by its last letter. Returns where each robot aboard was drawn (so the active robot's halo can
    go round it).
    """
    centre = pod_at(view, layout)
    pod = view.pod
    tile = _tile_by_id(view).get(pod.dock_tile or "")
    dock = _domes(view).get(pod.docked_at or "")
    if centre is None or tile is None or dock is None or pod.dock_side is None:
        return {}
    side = side_index(pod.dock_side)
    above = tag_above({(t.q, t.r) for t in view.tiles}, (tile.q, tile.r), side)
    drawn = draw_pod(draw, centre, round(layout.step * POD_RADIUS), pod, robots, above=above, put=put)
    _name(draw, dock, layout)
    return drawn


def _pod_away(
    draw: ImageDraw.ImageDraw, view: JupiterView, robots: dict[int, RobotView], put: Callable[..., None] | None = None
) -> dict[int, tuple[int, int]]:
    """The pod while it is away (or not docked yet at setup): in the deep's top-left corner, with its load and
    who docks it next."""
    x0, y0, _, _ = COLONY
    centre = (x0 + 68, y0 + 110)
    pod = view.pod
    if pod.launched_by is not None and pod.launched_by in robots:
        caption = f"docks on {robots[pod.launched_by].colour}'s turn"
    elif setting_up(view):
        caption = "docks before turn 1"
    else:
        caption = "waiting to dock"
    label(draw, (x0 + 14, y0 + 22), "POD AWAY", 18, Ink.WHITE, bold=True, anchor="lm")
    label(draw, (x0 + 14, y0 + 44), caption, 14, Ink.WHITE, anchor="lm")
    return draw_pod(draw, centre, 50, pod, robots, above=False, put=put)


def pod_slot(radius: int) -> int:
    """The radius of one of the seven places in a pod drawn ``radius`` pixels wide."""
    return max(7, round(radius * 0.24))


def _pod_places(centre: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    """The pod's seven places: its centre, then round it from the top left."""
    x, y = centre
    spread = radius * 0.6
    return [centre] + [(round(x + spread * unit(k)[0]), round(y + spread * unit(k)[1])) for k in (2, 1, 0, 5, 4, 3)]


def draw_pod(
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    radius: int,
    pod: PodView,
    robots: dict[int, RobotView],
    *,
    above: bool = False,
    put: Callable[..., None] | None = None,
) -> dict[int, tuple[int, int]]:
    """The pod as a ringed capsule of seven places (robots first, then colonists, then empty places) and a
    tag with its load out of its capacity. Returns where each robot aboard was drawn.

    ``put``: as ``draw_colony_pieces``'s: the pod is then pasted from a drawing kept by what it shows."""
    places = _pod_places(centre, radius)
    aboard: list[tuple[str, str]] = []
    drawn: dict[int, tuple[int, int]] = {}
    for seat in pod.robots:
        if len(aboard) < len(places) and seat in robots:
            info = robots[seat]
            drawn[seat] = places[len(aboard)]
            aboard.append((info.colour, info.letter))
    load = pod.colonists + len(pod.robots)
    paint = partial(_pod_drawing, radius, tuple(aboard), pod.colonists, pod.capacity, load, above)
    if put is None:
        paint(draw, None, centre)
    else:
        reach = max(radius, 38) + 4  # the ring (and its outline) or the tag, whichever is wider
        put(centre, (-reach, -radius - 16, reach + 1, radius + 17), paint)
    return drawn


def _pod_drawing(
    radius: int,
    aboard: tuple[tuple[str, str], ...],
    colonists: int,
    capacity: int,
    load: int,
    above: bool,
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    centre: tuple[int, int],
) -> None:
    """``draw_pod``'s drawing: the robots ``aboard`` (colour, letter), then ``colonists``, then empty places up to
    ``capacity``, and the tag saying ``load``; a section drawn around the pod's ``centre``."""
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=int(Ink.MIST), outline=int(Ink.BLUE), width=5)
    slot = pod_slot(radius)
    places = _pod_places(centre, radius)
    filled = 0
    for colour, letter in aboard:
        robot(draw, places[filled], colour, letter, slot + 1)
        filled += 1
    for _ in range(colonists):
        if filled < len(places):
            colonist(draw, places[filled], slot)
            filled += 1
    for place in places[filled:capacity]:
        empty_place(draw, place, slot - 2)
    words = f"POD {load}/{capacity}"
    tag_y = y - radius - 2 if above else y + radius + 2
    rounded(draw, (x - 38, tag_y - 10, x + 38, tag_y + 10), Ink.BLUE, Ink.WHITE, radius=6, width=2)
    label(draw, (x, tag_y), words, 14, Ink.WHITE, bold=True, anchor="mm")


# ---------------------------------------------------------------------------------------------- the dome key

KEY_SPREAD = 44
"""Pixels between two neighbouring side names in the dome key (a 14-px name is about 26 px wide)."""
KEY_HALF = (100, 82)
"""Half the key's width and height: the seven side names, a title above and an example below."""


def key_places(corner: tuple[int, int]) -> list[tuple[str, tuple[int, int]]]:
    """Where the dome key prints each side name (``C`` in the middle), laid out as a tile's domes lie."""
    x, y = corner
    places = [("C", (x, y))]
    for k, name in enumerate(SIDE_NAMES):
        ux, uy = unit(k)
        places.append((name, (round(x + ux * KEY_SPREAD), round(y + uy * KEY_SPREAD))))
    return places


def dome_key_corner(view: JupiterView, layout: Layout) -> tuple[int, int]:
    """The centre of the dome key: the first corner of the deep whose key box meets no tile and no docked pod."""
    x0, y0, x1, y1 = COLONY
    hx, hy = KEY_HALF
    corners = [(x1 - hx - 8, y1 - hy - 8), (x0 + hx + 8, y1 - hy - 8), (x1 - hx - 8, y0 + hy + 8)]
    reach = layout.step * 1.8  # a tile's corner from its centre, and some
    pod_reach = layout.step * (POD_RADIUS + 0.8)
    pod = pod_at(view, layout)
    for cx, cy in corners:
        box = (cx - hx, cy - hy, cx + hx, cy + hy)
        tiles_clear = all(not _near(box, layout.centre(t.q, t.r), reach) for t in view.tiles)
        if tiles_clear and (pod is None or not _near(box, pod, pod_reach)):
            return cx, cy
    return corners[0]


def _near(box: tuple[int, int, int, int], point: tuple[int, int], distance: float) -> bool:
    nearest = (min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3]))
    return math.dist(nearest, point) < distance


def draw_dome_key(draw: ImageDraw.ImageDraw, corner: tuple[int, int]) -> None:
    """How a dome is named, for a colony drawn too small to print every name: a tile's seven domes by side."""
    x, y = corner
    hx, hy = KEY_HALF
    rounded(draw, (x - hx, y - hy, x + hx, y + hy), Ink.WHITE, Ink.GREY, radius=8, width=2)
    label(draw, (x, y - hy + 14), "dome names", NAME_SIZE, Ink.BLACK, bold=True, anchor="mm")
    for name, at in key_places(corner):
        label(draw, at, name, NAME_SIZE, Ink.BLACK, bold=True, anchor="mm")
    label(draw, (x, y + hy - 14), "T07 + NE = T07.NE", NAME_SIZE, Ink.CHARCOAL, anchor="mm")


def colony_sheet(view: JupiterView, layout: Layout) -> Sheet:
    """The tile ids, dome names (or the dome key) and pieces of the colony, as this module draws them."""
    sheet = Sheet()
    for tile in view.tiles:
        sheet.mark(tile_id_point(tile, layout), tile.id, TILE_ID_SIZE, bold=True, anchor="mm")
    if names_fit(layout):
        for tile in view.tiles:
            for dome in tile.domes:
                x, y = layout.xy(dome.point)
                sheet.mark((x, name_y(y, layout)), dome_label(dome, layout), NAME_SIZE, anchor="mt")
    else:
        corner = dome_key_corner(view, layout)
        for name, at in key_places(corner):
            sheet.mark(at, name, NAME_SIZE, bold=True, anchor="mm")
    robots = {r.seat: r for r in view.robots}
    radius = layout.dome_radius
    for tile in view.tiles:
        for dome in tile.domes:
            at = layout.xy(dome.point)
            if dome.piece == "colonist":
                sheet.token(dome.name, "colonist", at, partial(colonist, radius=radius - 2))
            elif dome.piece == "creep":
                sheet.token(dome.name, "creep", at, partial(creep, radius=radius + 2))
            elif dome.piece == "robot" and dome.seat is not None and dome.seat in robots:
                info = robots[dome.seat]
                sheet.token(dome.name, "robot", at, partial(robot, colour=info.colour, letter=info.letter, half=radius))
    return sheet
