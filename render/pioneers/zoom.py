"""A sector enlarged: the Zoom a player opens from the board message (issue 26).

The zoom cuts one sector's box out of the detailed board (``full``), so it shows nothing that board does not,
adds a line naming the captains whose numbers stand in it, and enlarges it ``SCALE`` times with
nearest-neighbour scaling (the palette and sharp edges stay). A sector box is ``BOX_W`` (153) px wide and its
smallest text 14 px, so its texts show at about 33 px on a phone.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.pioneers.view import PioneersView, SectorView
from render.core import Box, Ink, fitted, new_canvas
from render.core.canvas import shortened as clip
from render.core.sheet import Mark, Sheet, say
from render.core.zoom import Area, moved_mark

from .board import ALIEN_NAME, GOOD_LETTER
from .layout import BOX_W, box_of

SCALE = 2
PAD = 8
KEY_LINE = 20


def area_key(sector: SectorView) -> str:
    """A sector's zoom key: its slot, stable for the game."""
    return f"sector-{sector.slot}"


def sector_of(view: PioneersView, key: str) -> SectorView:
    """The sector a zoom key names (``KeyError`` with the key for an unknown one)."""
    for sector in view.ring:
        if area_key(sector) == key:
            return sector
    raise KeyError(key)


def captains_in(view: PioneersView, sector: SectorView) -> list[int]:
    """The captains whose number shows in the sector: colonists, ships in orbit, its holder."""
    seats = {int(s) for s in sector.spots if s is not None and s.isdigit()} | set(sector.ships)
    if sector.controller is not None:
        seats.add(sector.controller)
    return sorted(seats)


def areas(view: PioneersView) -> list[Area]:
    """Every sector of the ring, in ring order from the Jumpgate."""
    return [Area(area_key(s), f"Sector {s.label}", describe(view, s)[:100]) for s in view.ring]


def crop_box(view: PioneersView, sector: SectorView) -> Box:
    x0, y0, x1, y1 = box_of(sector.slot, len(view.ring))
    return (x0 - PAD // 2, y0 - PAD // 2, x1 + PAD // 2, y1 + PAD // 2)


def zoom_image(view: PioneersView, full: Image.Image, key: str, sheet: Sheet | None = None) -> Image.Image:
    """The sector ``key`` cut from ``full`` (the detailed board of ``view``), with its captains' key, enlarged.

    ``sheet`` receives the key's texts in the cut's own pixels (before enlarging)."""
    sector = sector_of(view, key)
    box = crop_box(view, sector)
    seats = captains_in(view, sector)
    width, height = box[2] - box[0], box[3] - box[1]
    canvas = new_canvas(width, height + len(seats) * KEY_LINE + (PAD if seats else 0))
    canvas.paste(full.crop(box), (0, 0))
    draw_key(ImageDraw.Draw(canvas), view, seats, (width, height), sheet)
    return canvas.resize((canvas.width * SCALE, canvas.height * SCALE), Image.Resampling.NEAREST)


def draw_key(
    draw: ImageDraw.ImageDraw, view: PioneersView, seats: list[int], size: tuple[int, int], sheet: Sheet | None
) -> None:
    """Under the cut, each captain's number and name: a zoom shows numbers on pieces, not the board's strip."""
    width, height = size
    for i, seat in enumerate(seats):
        words = f"{seat + 1} = {view.seat_name(seat)}"
        face = fitted(words, width - 2 * PAD, 14, bold=True, smallest=14)
        words = clip(words, face, width - 2 * PAD)
        say(draw, sheet, (PAD, height + PAD // 2 + i * KEY_LINE), words, face, Ink.BLACK, "la")


def zoom_sheet(view: PioneersView, full_sheet: Sheet, key: str) -> Sheet:
    """The zoom's texts: the detailed board's texts inside the cut, and the captains' key, all enlarged."""
    sector = sector_of(view, key)
    x0, y0, x1, y1 = crop_box(view, sector)
    inside = [
        m for m in full_sheet.marks if m.reach[0] >= x0 and m.reach[1] >= y0 and m.reach[2] <= x1 and m.reach[3] <= y1
    ]
    keyed = Sheet()
    scratch = ImageDraw.Draw(new_canvas(x1 - x0, y1 - y0 + 200))
    draw_key(scratch, view, captains_in(view, sector), (x1 - x0, y1 - y0), keyed)
    sheet = Sheet()
    sheet.marks = [enlarged(m, x0, y0) for m in inside] + [enlarged(m, 0, 0) for m in keyed.marks]
    return sheet


def enlarged(mark: Mark, dx: int, dy: int) -> Mark:
    """``mark`` as this game's zoom draws it (``SCALE``)."""
    return moved_mark(mark, dx, dy, SCALE)


def describe(view: PioneersView, sector: SectorView) -> str:
    """The sector in words, all public: kind, colour and native, spots, holder, ships and goods."""
    parts: list[str] = []
    if sector.kind == "planet" and sector.colour:
        parts.append(f"{sector.colour} planet, native {sector.native}, {sector.green} green spots")
    else:
        parts.append(
            {"jumpgate": "the Jumpgate", "trade_post": "the Trade Post", "belt": "an asteroid belt"}.get(
                sector.kind, sector.kind.replace("_", " ")
            )
        )
    spots = []
    for i, spot in enumerate(sector.spots):
        if spot is None:
            continue
        who = f"{view.seat_name(int(spot))}'s colonist" if spot.isdigit() else f"a {ALIEN_NAME.get(spot, spot)}"
        spots.append(f"{i + 1} {who}")
    if sector.spots:
        free = sum(1 for s in sector.spots if s is None)
        parts.append(("spots " + ", ".join(spots) + f"; {free} free") if spots else f"{free} free spots")
    if sector.controller is not None:
        parts.append(f"held by {view.seat_name(sector.controller)}")
    if sector.ships:
        parts.append("ships in orbit: " + ", ".join(view.seat_name(s) for s in sector.ships))
    if sector.goods:
        parts.append("goods " + " ".join(GOOD_LETTER.get(g, "?") for g in sector.goods))
    return "; ".join(parts)


__all__ = ["BOX_W", "areas", "describe", "zoom_image", "zoom_sheet"]
