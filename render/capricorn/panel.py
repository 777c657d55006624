"""The right-hand panel: who acts, the threat track, repairs, Mothers, the bag, the crew, a legend, the result.

Numbers a player weighs every turn (threat, repairs done vs required, Mothers' health, aliens left in the
bag) sit at fixed places with large digits, so they read at a quarter of the image's size.
"""

from __future__ import annotations

from PIL import ImageDraw

from engine.capricorn.catalog import CATALOG
from engine.capricorn.terms import POD
from engine.capricorn.view import CapricornView
from render.core import Ink, fitted, font, label, rounded, text, text_width, wrap
from render.core.sheet import MIN_TEXT, Sheet, say

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
    draw_legend(draw)


LEGEND_TOP = 722
"""Below the crew and four lines of decks (``_decks``)."""


def draw_legend(draw: ImageDraw.ImageDraw, sheet: Sheet | None = None) -> None:
    """What each mark on the ship means, each caption beside its mark (noted on ``sheet`` when measuring)."""
    top = LEGEND_TOP
    face = font(MIN_TEXT)

    def caption(xy: tuple[int, int], words: str) -> None:
        say(draw, sheet, xy, words, face, Ink.BLACK, "lm")

    label(draw, (LEFT, top), "Key", 15, Ink.CHARCOAL, bold=True)
    y = top + 30
    x = LEFT + 14
    for color, name in (("yellow", "T tough"), ("blue", "F fast"), ("red", "A aggressive")):
        letter = name[0]
        alien(draw, (x, y), color, letter, False)
        caption((x + 20, y), name)
        x += 140
    y += 34
    mother(draw, (LEFT + 14, y), "green", 10, r=15)
    caption((LEFT + 36, y), "Mother, health")
    crew(draw, (LEFT + 210, y), "S", 10, hiding=False, active=True)
    caption((LEFT + 236, y), "active crew")
    crew(draw, (LEFT + 352, y), "M", 7, hiding=True, active=False)
    caption((LEFT + 392, y), "hidden")
    y += 32
    draw.rectangle((LEFT + 6, y - 8, LEFT + 22, y + 8), fill=int(Ink.MIST), outline=int(Ink.SILVER))
    label(draw, (LEFT + 14, y), "i3", 10, Ink.BLACK, bold=True, anchor="mm")
    caption((LEFT + 30, y), "hiding place")
    draw.rectangle((LEFT + 140, y - 8, LEFT + 156, y + 8), outline=int(Ink.GREEN), width=3)
    caption((LEFT + 164, y), "repair space")
    draw.rectangle((LEFT + 274, y - 6, LEFT + 286, y + 6), fill=int(Ink.VERMILLION))
    label(draw, (LEFT + 280, y), "1", 10, Ink.WHITE, bold=True, anchor="mm")
    caption((LEFT + 294, y), "breach")
    draw.ellipse((LEFT + 372, y - 3, LEFT + 378, y + 3), fill=int(Ink.BLACK))
    caption((LEFT + 386, y), "search dot")
    y += 28
    draw.rectangle((LEFT + 6, y - 6, LEFT + 22, y + 6), fill=int(Ink.ORANGE), outline=int(Ink.BLACK))
    caption((LEFT + 30, y), "open door")
    draw.ellipse((LEFT + 140, y - 6, LEFT + 152, y + 6), fill=int(Ink.GREY), outline=int(Ink.BLACK))
    caption((LEFT + 160, y), "searched")
    draw.rectangle((LEFT + 274, y - 7, LEFT + 288, y + 7), fill=int(Ink.PURPLE), outline=int(Ink.BLACK))
    label(draw, (LEFT + 281, y), "C", 11, Ink.BLACK, bold=True, anchor="mm")
    caption((LEFT + 294, y), "chemistry cube")
    y += 26
    say(draw, sheet, (LEFT, y), "Type a space as ROOM.code, e.g. LAB.o3", font(MIN_TEXT, bold=True), Ink.CHARCOAL, "la")


def draw_panel(draw: ImageDraw.ImageDraw, view: CapricornView, sheet: Sheet | None = None) -> None:
    """Everything on the panel that changes with the view (its small texts noted on ``sheet`` when measuring)."""
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
    _threat(draw, view, sheet)
    _repairs(draw, view)
    _mothers_and_bag(draw, view, sheet)
    _crew(draw, view, sheet)


def _threat(draw: ImageDraw.ImageDraw, view: CapricornView, sheet: Sheet | None) -> None:
    say(draw, sheet, (RIGHT, 97), f"alien die {view.die_faces()}", font(MIN_TEXT), Ink.CHARCOAL, "ra")
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


PANEL_MOTHER = 16
"""The size (radius) the panel draws each Mother at, beside her colour and where she is."""


def _mothers_and_bag(draw: ImageDraw.ImageDraw, view: CapricornView, sheet: Sheet | None) -> None:
    """The Mothers one under the other (colour and where on one line: a space code is too long to share a row
    with the other Mother at 14 px), and the bag's counts beside them."""
    y = 246
    row = 236
    for m in view.mothers:
        if m.status == "absent":
            continue
        mother(draw, (LEFT + 18, row), m.color, m.health, r=PANEL_MOTHER)
        where = {"waiting": "waiting", "on_map": m.space or "", "dead": "DEAD"}[m.status]
        bold = font(MIN_TEXT, bold=True)
        say(draw, sheet, (LEFT + 42, row), m.color, bold, Ink.BLACK, "lm")
        say(draw, sheet, (LEFT + 48 + text_width(m.color, bold), row), where, font(MIN_TEXT), Ink.CHARCOAL, "lm")
        row += 36
    bx = LEFT + 258
    for color in ("yellow", "blue", "red"):
        letter = CATALOG.rules.aliens[color].letter
        alien(draw, (bx, y), color, letter, False)
        label(draw, (bx, y + 24), str(view.bag.get(color, 0)), 14, Ink.BLACK, bold=True, anchor="mm")
        bx += 42
    draw.ellipse((bx - 11, y - 11, bx + 11, y + 11), fill=int(Ink.BLACK))
    label(draw, (bx, y + 24), str(view.bag.get("black", 0)), 14, Ink.BLACK, bold=True, anchor="mm")
    say(draw, sheet, (bx + 20, y - 9), f"left {sum(view.bag.values())}", font(MIN_TEXT, bold=True), Ink.BLACK, "lm")
    killed = f"killed {sum(view.killed.values())}"
    say(draw, sheet, (bx + 20, y + 10), killed, font(MIN_TEXT), Ink.CHARCOAL, "lm")


def _crew(draw: ImageDraw.ImageDraw, view: CapricornView, sheet: Sheet | None) -> None:
    """A row per character: name, where and what they are waiting for; health with hand and deck; what they
    used last and carry (at ``MIN_TEXT`` at least: a longer line runs smaller only down to it)."""
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
        face = fitted(head, RIGHT - LEFT - 62, 15, bold=True)
        say(draw, sheet, (LEFT + 56, top - 2), head, face, Ink.BLACK, "la")  # clear of the health badge
        max_hp = CATALOG.rules.character_health
        for i in range(max_hp):
            x0 = LEFT + 44 + i * 13
            fill = Ink.GREEN if i < c.health else Ink.MIST
            draw.rectangle((x0, top + 21, x0 + 10, top + 31), fill=int(fill), outline=int(Ink.CHARCOAL))
        hp = f"{c.health}/{max_hp}"
        x = LEFT + 44 + max_hp * 13 + 6
        say(draw, sheet, (x, top + 27), hp, font(MIN_TEXT, bold=True), Ink.BLACK, "lm")
        x += text_width(hp, font(MIN_TEXT, bold=True)) + 10
        cards = f"hand {c.hand_size} · deck {c.stack_size} · used {len(c.used)}"
        say(draw, sheet, (x, top + 27), cards, font(MIN_TEXT), Ink.CHARCOAL, "lm")
        pack = ", ".join(CATALOG.card_name(x) for x in c.backpack) or "empty"
        info = (f"last used {CATALOG.card_name(c.used[-1])} · " if c.used else "") + f"backpack: {pack}"
        say(draw, sheet, (LEFT + 44, top + 37), info, font(MIN_TEXT), Ink.CHARCOAL, "la")
    _decks(draw, view, y + 5 * row + 2, sheet)


def event_name(card_id: str) -> str:
    """An event card's name as printed in the data ("Hull Breach: Lab"), for the last card drawn."""
    event = CATALOG.events.get(card_id)
    return card_id if event is None else event.name


def _decks(draw: ImageDraw.ImageDraw, view: CapricornView, top: int, sheet: Sheet | None) -> None:
    """Pile sizes and the newest face-up cards: what is left to draw and what was last played or flipped,
    wrapped over as many lines as they take above the key."""
    events = f"events {view.event_deck_size}" + (
        f" (last: {event_name(view.event_discard[-1])})" if view.event_discard else ""
    )
    repair = f"repair {view.repair_deck_size}, flipped {len(view.repair_flipped)}"
    first = f"Decks: {events} · {repair} · discard {len(view.discard)}"
    rooms = " ".join(f"{room} {n}" for room, n in view.room_deck_sizes.items())
    killed = " ".join(
        f"{CATALOG.rules.aliens[k].letter if k in CATALOG.rules.aliens else k}{n}" for k, n in view.killed.items()
    )
    second = f"Room decks: {rooms} · killed {killed}"
    lines = wrap(f"{first} · {second}", font(MIN_TEXT), RIGHT - LEFT)
    for i, line in enumerate(lines):
        say(draw, sheet, (LEFT, top + i * DECK_LINE), line, font(MIN_TEXT), Ink.CHARCOAL, "la")


DECK_LINE = 20


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
