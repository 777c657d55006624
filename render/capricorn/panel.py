"""The right-hand panel: who acts, the threat track, repairs, Mothers, the bag, the crew, a legend, the result.

Numbers a player weighs every turn (threat, repairs done vs required, Mothers' health, aliens left in the
bag) sit at fixed places with large digits, so they read at a quarter of the image's size.
"""

from __future__ import annotations

from PIL import ImageDraw

from engine.capricorn.catalog import CATALOG
from engine.capricorn.terms import POD
from engine.capricorn.view import CapricornView
from render.core import Ink, fitted, label, rounded, text

from .layout import HEIGHT, PANEL_LEFT, WIDTH
from .pieces import alien, crew, mother

LEFT = PANEL_LEFT + 10
RIGHT = WIDTH - 12


def draw_panel_static(draw: ImageDraw.ImageDraw) -> None:
    """The panel's frame, headings and legend (the same for every board)."""
    draw.rectangle((PANEL_LEFT, 0, WIDTH, HEIGHT), fill=int(Ink.PAPER))
    draw.line([(PANEL_LEFT, 0), (PANEL_LEFT, HEIGHT)], fill=int(Ink.CHARCOAL), width=3)
    label(draw, (LEFT, 10), "ABANDON CAPRICORN", 22, Ink.BLACK, bold=True)
    label(draw, (LEFT, 96), "Threat", 15, Ink.CHARCOAL, bold=True)
    label(draw, (LEFT, 200), "Mothers", 15, Ink.CHARCOAL, bold=True)
    label(draw, (LEFT + 250, 200), "Bag", 15, Ink.CHARCOAL, bold=True)
    label(draw, (LEFT, 300), "Crew", 15, Ink.CHARCOAL, bold=True)
    _legend(draw, 700)


def _legend(draw: ImageDraw.ImageDraw, top: int) -> None:
    label(draw, (LEFT, top), "Key", 15, Ink.CHARCOAL, bold=True)
    y = top + 32
    x = LEFT + 14
    for color, name in (("yellow", "T tough"), ("blue", "F fast"), ("red", "A aggressive")):
        letter = name[0]
        alien(draw, (x, y), color, letter, False)
        label(draw, (x + 20, y), name, 13, Ink.BLACK, anchor="lm")
        x += 140
    y += 34
    mother(draw, (LEFT + 14, y), "green", 10, r=15)
    label(draw, (LEFT + 36, y), "Mother, health", 13, Ink.BLACK, anchor="lm")
    crew(draw, (LEFT + 210, y), "S", 10, hiding=False, active=True)
    label(draw, (LEFT + 236, y), "active crew", 13, Ink.BLACK, anchor="lm")
    crew(draw, (LEFT + 360, y), "M", 7, hiding=True, active=False)
    label(draw, (LEFT + 386, y), "hidden", 13, Ink.BLACK, anchor="lm")
    y += 34
    draw.rectangle((LEFT + 6, y - 8, LEFT + 22, y + 8), fill=int(Ink.MIST), outline=int(Ink.SILVER))
    label(draw, (LEFT + 14, y), "i3", 10, Ink.BLACK, bold=True, anchor="mm")
    label(draw, (LEFT + 30, y), "hiding place", 13, Ink.BLACK, anchor="lm")
    draw.rectangle((LEFT + 140, y - 8, LEFT + 156, y + 8), outline=int(Ink.GREEN), width=3)
    label(draw, (LEFT + 164, y), "repair space", 13, Ink.BLACK, anchor="lm")
    draw.rectangle((LEFT + 274, y - 6, LEFT + 286, y + 6), fill=int(Ink.VERMILLION))
    label(draw, (LEFT + 280, y), "1", 10, Ink.WHITE, bold=True, anchor="mm")
    label(draw, (LEFT + 294, y), "breach", 13, Ink.BLACK, anchor="lm")
    draw.ellipse((LEFT + 372, y - 3, LEFT + 378, y + 3), fill=int(Ink.BLACK))
    label(draw, (LEFT + 386, y), "search dot", 13, Ink.BLACK, anchor="lm")
    y += 30
    draw.rectangle((LEFT + 6, y - 6, LEFT + 22, y + 6), fill=int(Ink.ORANGE), outline=int(Ink.BLACK))
    label(draw, (LEFT + 30, y), "open door", 13, Ink.BLACK, anchor="lm")
    draw.ellipse((LEFT + 140, y - 6, LEFT + 152, y + 6), fill=int(Ink.GREY), outline=int(Ink.BLACK))
    label(draw, (LEFT + 160, y), "searched", 13, Ink.BLACK, anchor="lm")
    draw.rectangle((LEFT + 274, y - 7, LEFT + 288, y + 7), fill=int(Ink.PURPLE), outline=int(Ink.BLACK))
    label(draw, (LEFT + 281, y), "C", 11, Ink.BLACK, bold=True, anchor="mm")
    label(draw, (LEFT + 294, y), "chemistry cube", 13, Ink.BLACK, anchor="lm")
    y += 26
    label(draw, (LEFT, y), "Type a space as ROOM.code, e.g. LAB.o3", 13, Ink.CHARCOAL, bold=True)


def draw_panel(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    """Everything on the panel that changes with the view."""
    me = view.characters[view.active]
    label(
        draw,
        (LEFT, 40),
        f"{view.setting()} · turn {view.turn} · rings "
        + " ".join(f"{r[0].upper()}{n}" for r, n in view.rotation.items()),
        14,
        Ink.CHARCOAL,
    )
    rounded(draw, (LEFT, 62, RIGHT, 90), Ink.ORANGE, None, radius=6)
    text(
        draw,
        (LEFT + 8, 76),
        f"Acting: {me.letter} {me.name}",
        fitted(f"Acting: {me.letter} {me.name}", RIGHT - LEFT - 16, 17, bold=True),
        Ink.BLACK,
        anchor="lm",
    )
    _threat(draw, view)
    _repairs(draw, view)
    _mothers_and_bag(draw, view)
    _crew(draw, view)


def _threat(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    label(draw, (RIGHT, 98), f"alien die {view.die_faces()}", 13, Ink.CHARCOAL, anchor="ra")
    top = 118
    cells = CATALOG.rules.threat_max + 1
    width = (RIGHT - LEFT) // cells
    for i in range(cells):
        x0 = LEFT + i * width
        now = i == view.threat
        fill = Ink.VERMILLION if now else Ink.VERMILLION_TINT if i < view.threat else Ink.WHITE
        draw.rectangle((x0, top, x0 + width - 4, top + 30), fill=int(fill), outline=int(Ink.BLACK), width=2)
        label(
            draw, (x0 + width // 2 - 2, top + 15), str(i), 16, Ink.WHITE if now else Ink.BLACK, bold=True, anchor="mm"
        )


def _repairs(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    y = 158
    done = len(view.repairs_done)
    msg = f"Repairs {done}/{view.repairs_required}"
    if view.repair_room:
        msg += f" · repairing {view.repair_room}"
    msg += f" · parts {len(view.parts_found)}"
    if view.end_game:
        msg = f"END GAME: all to the POD! Repairs {done}/{view.repairs_required}"
    text(draw, (LEFT, y), msg, fitted(msg, RIGHT - LEFT, 17, bold=True), Ink.GREEN if view.end_game else Ink.BLACK)


def _mothers_and_bag(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    y = 246
    x = LEFT + 18
    for m in view.mothers:
        if m.status == "absent":
            continue
        mother(draw, (x, y), m.color, m.health, r=17)
        where = {"waiting": "waiting", "on_map": m.space or "", "dead": "DEAD"}[m.status]
        label(draw, (x + 24, y - 8), m.color, 12, Ink.BLACK, bold=True, anchor="lm")
        label(draw, (x + 24, y + 8), where, 12, Ink.CHARCOAL, anchor="lm")
        x += 115
    bx = LEFT + 264
    for color in ("yellow", "blue", "red"):
        letter = CATALOG.rules.aliens[color].letter
        alien(draw, (bx, y), color, letter, False)
        label(draw, (bx, y + 24), str(view.bag.get(color, 0)), 14, Ink.BLACK, bold=True, anchor="mm")
        bx += 42
    draw.ellipse((bx - 11, y - 11, bx + 11, y + 11), fill=int(Ink.BLACK))
    label(draw, (bx, y + 24), str(view.bag.get("black", 0)), 14, Ink.BLACK, bold=True, anchor="mm")
    label(draw, (bx + 24, y - 8), f"left {sum(view.bag.values())}", 12, Ink.BLACK, bold=True, anchor="lm")
    label(draw, (bx + 24, y + 8), f"killed {sum(view.killed.values())}", 12, Ink.CHARCOAL, anchor="lm")


def _crew(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    y = 326
    row = 62
    for index, c in enumerate(view.characters):
        top = y + index * row
        if index == view.active:
            rounded(draw, (LEFT - 4, top - 4, RIGHT, top + row - 6), Ink.VERMILLION_TINT, Ink.ORANGE, radius=6)
        crew(draw, (LEFT + 16, top + 24), c.letter, c.health, hiding=c.hiding, active=index == view.active)
        where = "POD" if c.space == POD else c.space
        head = f"{c.name} · {where}" + (" · hiding" if c.hiding else "")
        if c.seat in view.waiting_seats:
            head += " · to answer"
        text(draw, (LEFT + 44, top), head, fitted(head, RIGHT - LEFT - 50, 15, bold=True), Ink.BLACK)
        max_hp = CATALOG.rules.character_health
        for i in range(max_hp):
            x0 = LEFT + 44 + i * 13
            fill = Ink.GREEN if i < c.health else Ink.MIST
            draw.rectangle((x0, top + 21, x0 + 10, top + 31), fill=int(fill), outline=int(Ink.CHARCOAL))
        hp = f"{c.health}/{max_hp}"
        label(draw, (LEFT + 44 + max_hp * 13 + 6, top + 26), hp, 13, Ink.BLACK, bold=True, anchor="lm")
        pack = ", ".join(CATALOG.card_name(x) for x in c.backpack) or "empty"
        used = f"used {len(c.used)}" + (f" ({CATALOG.card_name(c.used[-1])})" if c.used else "")
        info = f"hand {c.hand_size} · deck {c.stack_size} · {used} · backpack: {pack}"
        text(draw, (LEFT + 44, top + 36), info, fitted(info, RIGHT - LEFT - 50, 13), Ink.CHARCOAL)
    _decks(draw, view, y + 5 * row + 2)


def event_name(card_id: str) -> str:
    """An event card's name as printed in the data ("Hull Breach: Lab"), for the last card drawn."""
    event = CATALOG.events.get(card_id)
    return card_id if event is None else event.name


def _decks(draw: ImageDraw.ImageDraw, view: CapricornView, top: int) -> None:
    """Pile sizes and the newest face-up cards: what is left to draw and what was last played or flipped."""
    events = f"events {view.event_deck_size}" + (
        f" (last: {event_name(view.event_discard[-1])})" if view.event_discard else ""
    )
    repair = f"repair {view.repair_deck_size}, flipped {len(view.repair_flipped)}"
    first = f"Decks: {events} · {repair} · discard {len(view.discard)}"
    text(draw, (LEFT, top), first, fitted(first, RIGHT - LEFT, 13), Ink.CHARCOAL)
    rooms = " ".join(f"{room} {n}" for room, n in view.room_deck_sizes.items())
    killed = " ".join(
        f"{CATALOG.rules.aliens[k].letter if k in CATALOG.rules.aliens else k}{n}" for k, n in view.killed.items()
    )
    second = f"Room decks: {rooms} · killed {killed}"
    text(draw, (LEFT, top + 18), second, fitted(second, RIGHT - LEFT, 13), Ink.CHARCOAL)


def draw_result(draw: ImageDraw.ImageDraw, view: CapricornView) -> None:
    """A banner across the ship once the game is over: green when the crew escaped, vermillion when lost."""
    if view.result is None:
        return
    won = view.result == "win"
    fill = Ink.GREEN if won else Ink.VERMILLION
    rounded(draw, (170, 610, 730, 730), fill, Ink.BLACK, radius=14, width=4)
    label(draw, (450, 645), "ESCAPED!" if won else "LOST", 34, Ink.WHITE, bold=True, anchor="mm")
    summary = view.summary or ("The crew got away." if won else "The Capricorn is lost.")
    text(draw, (450, 700), summary, fitted(summary, 530, 16, bold=True), Ink.WHITE, anchor="mm")
