"""Derelict's zooms: one room of the detailed board and its corridors, or the crew's strips (issue 26).

A room's zoom is its part of the full board (the room, its exit numbers, the corridors half-way to the next
room and any noise on them), beside a panel saying where each exit leads and who stands there, in the table's
names. The image is 400 px wide, so the full board's smallest text (a room's objects, 12 px) shows at 12 px
on a phone. The crew zoom is every seat's strip, one under another, at the width of a phone.
Drawn from the public view only, like the board.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.core.words import count
from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, RoomView
from render.core import Box, Font, Ink, font, new_canvas
from render.core.sheet import Sheet, say
from render.core.zoom import Area

from . import places
from .alt import intruder_words
from .board import draw_room, draw_strip, pod_words, room_words, strip_height
from .layout import room_box
from .phone import where_words
from .places import exit_numbers, noise_point, paint_noise, room_pieces, wrapped

ZOOM_WIDTH = 400
CROP_X, CROP_Y = 22, 28  # around a room: half its corridors and the noise on them
PANEL_X = 176 + 2 * CROP_X + 8
PANEL_W = ZOOM_WIDTH - PANEL_X - 6
LINE = 19
CREW = "crew"


def areas(view: DerelictView) -> list[Area]:
    """Every room (in the map's order) and the crew: 21 areas, within a select's 25."""
    out = []
    for room in view.rooms:
        name = room.name or "unexplored"
        here = [view.seats[s].name for s in room.characters] + [i.type for i in room.intruders]
        described = f"Here: {', '.join(here)}" if here else ""
        out.append(Area(room.id, f"{room.id} {name} and its corridors", described[:100]))
    out.append(Area(CREW, "The crew and the ship", "Wounds, cards, held things; pods, weaknesses, tracks"))
    return out


def crop_box(room: str) -> Box:
    x0, y0, x1, y1 = room_box(room)
    return (x0 - CROP_X, y0 - CROP_Y, x1 + CROP_X, y1 + CROP_Y)


def lead_words(view: DerelictView, room: RoomView) -> list[tuple[str, bool]]:
    """The panel's lines (text, bold): the room, where each exit leads (and its noise), who and what is here."""
    rooms = {r.id: r for r in view.rooms}
    lines = [(f"{room.id} {room.name or 'unexplored'}", True), ("Exits:", True)]
    for n, target in enumerate(CATALOG.exits[room.id], start=1):
        if target in ("DU", "DD"):
            where = f"{target} {next(d.name for d in CATALOG.map.ducts if d.id == target)}"
            noisy = target in view.noise
        else:
            where = f"{target} {rooms[target].name or 'unexplored'}"
            noisy = "|".join(sorted((room.id, target))) in view.noise
        lines.append((f"{n} to {where}{', noise' if noisy else ''}", False))
    here = [f"{view.seats[s].letter or '?'}: {view.seat_name(s)} ({view.seats[s].name})" for s in room.characters] + [
        f"{i.letter}: {intruder_words(i)}" for i in room.intruders
    ]
    if room.fire:
        here.append("on fire")
    if room.malfunction:
        here.append("malfunctioning")
    lines.append(("Here:", True))
    lines.extend((line, False) for line in here or ["nobody"])
    return lines


def draw_room_zoom(view: DerelictView, room_id: str, base: Image.Image, sheet: Sheet | None) -> Image.Image:
    """The room's part of the full board, drawn on ``base`` (a copy of the full board's static layer) with
    only what lies in that part (the room and the noise beside it), and the panel beside it."""
    room = next(r for r in view.rooms if r.id == room_id)
    box = crop_box(room_id)
    draw = ImageDraw.Draw(base)
    draw_room(draw, room)
    noise = [(key, noise_point(key)) for key in view.noise]
    near = [
        (key, at) for key, at in noise if box[0] - 12 <= at[0] <= box[2] + 12 and box[1] - 12 <= at[1] <= box[3] + 12
    ]
    for _, at in near:
        paint_noise(draw, at)
    for piece in room_pieces(view, room):
        piece.paint(draw, piece.at)
    lines = [(part, bold) for words, bold in lead_words(view, room) for part in wrapped(words, face(bold), PANEL_W)]
    height = max(box[3] - box[1], 12 + LINE * len(lines) + 8)
    image = new_canvas(ZOOM_WIDTH, height)
    image.paste(base.crop(box), (0, 0))
    if sheet is not None:
        dx, dy = -box[0], -box[1]
        for words in [places.room_id(room_id), *exit_numbers(room_id), *room_words(room)]:
            x, y = words.xy
            sheet.mark((x + dx, y + dy), words.words, words.size, bold=words.bold, anchor=words.anchor)
        for key, at in near:
            if box[0] + 10 <= at[0] <= box[2] - 10 and box[1] + 10 <= at[1] <= box[3] - 10:
                sheet.token(key, "noise", (at[0] + dx, at[1] + dy), paint_noise)
        for piece in room_pieces(view, room):
            sheet.token(piece.space, piece.what, (piece.at[0] + dx, piece.at[1] + dy), piece.paint)
    draw = ImageDraw.Draw(image)
    y = 12 + LINE // 2
    for line, bold in lines:
        say(draw, sheet, (PANEL_X, y), line, face(bold), Ink.BLACK, "lm")
        y += LINE
    return image


def face(bold: bool) -> Font:
    """The panel's face: 14 px, bold for its headings."""
    return font(14, bold=bold)


def ship_lines(view: DerelictView) -> list[str]:
    """The ship's tracks and finds the full board's header shows, for the crew zoom."""
    armed = "off" if view.self_destruct is None else f"armed, space {view.self_destruct} of 6"
    found = " · ".join(f"{kind}: {name}" for kind, name in view.weaknesses.items())
    return [
        f"Round {view.round} · time {view.time} of {view.time_spaces} · cryo from {view.cryo_open}",
        f"Self-destruct {armed} · course {view.course}",
        f"Fire {view.fires}/8 · malfunction {view.malfunctions}/8 · intruder bag {view.bag_size}",
        *map(pod_words, view.pods),
        f"Weaknesses found: {found}" if found else "No weakness found yet",
    ]


def draw_crew_zoom(view: DerelictView, sheet: Sheet | None) -> Image.Image:
    """The ship's tracks, then every seat's strip, one under another, 400 px wide."""
    width = ZOOM_WIDTH - 16
    lines = [part for line in ship_lines(view) for part in wrapped(line, face(False), width)]
    heights = [strip_height(view, seat, width) for seat in view.seats]
    top = 8 + LINE * len(lines) + 8
    image = new_canvas(ZOOM_WIDTH, top + sum(h + 8 for h in heights))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        say(draw, sheet, (8, 8 + LINE // 2 + i * LINE), line, face(False), Ink.BLACK, "lm")
    y = top
    for seat, h in zip(view.seats, heights, strict=True):
        draw_strip(draw, view, seat, (8, y, 8 + width, y + h), sheet)
        y += h + 8
    return image


def zoom_words(view: DerelictView, area: str) -> str:
    """What the zoom of ``area`` shows, for its alt text (public words only)."""
    if area == CREW:
        seats = "; ".join(
            f"{view.seat_name(s.seat)} as {s.name}: {where_words(s, view)}, hand {s.hand_size}, "
            f"{count(s.infection_cards, 'infection card')}, {count(s.light_wounds, 'light wound')}, "
            f"{count(len(s.serious_wounds), 'serious wound')}"
            for s in view.seats
        )
        return f"A close-up of the Derelict crew and ship: {'; '.join(ship_lines(view))}; {seats}."
    room = next(r for r in view.rooms if r.id == area)
    lines = [words for words, bold in lead_words(view, room) if not bold]
    objects = f" Objects: {', '.join(room.objects)}." if room.objects else ""
    return (
        f"A close-up of the Derelict board: room {room.id} {room.name or 'unexplored'} and its corridors. "
        f"Exits: {'; '.join(lines[:4])}. Here: {'; '.join(lines[4:])}.{objects}"
    )
