"""The channel board for a phone: everything a player follows the game by, at 12 px or more on a phone.

A phone shows an image about 400 pixels wide (``render.core.zoom``). The detailed board (``board.py``, 1280
pixels wide) is kept for **Full board** and the zooms; this one is 640 pixels wide and portrait, read top to
bottom like the table turned on its side: prow at the top, one row per ship-deck card, the pirate ship's deck
on the left, the two orders on the card in the middle, the Spanish deck on the right. Every text is at least
20 px (12 at display size), every piece at least 28 px (16 at display size), so nothing needs pinching.
It is drawn with its measure: each text goes through ``say`` and each piece through ``Sheet.token`` when a
sheet is given, so ``layout`` is the drawing itself.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from PIL import Image, ImageDraw
from pydantic import BaseModel

from engine.abordaje.view import AbordajeView, DeckView, ShipDeckCardView, Side, SideView, SlotView
from engine.core.words import count as counted
from render.core import Box, Ink, dashed_box, font, new_canvas, rounded, wrap
from render.core.canvas import shortened
from render.core.sheet import Sheet, _text_box
from render.core.sheet import say_sized as _say

from .pieces import SHIP_TINT, SIDE_LETTER, SIDE_NAME, SIDES, captain, card_back, control_marker, crew_token
from .sections import Put, Sections, put_part

WIDTH, HEIGHT = 640, 970
TEXT = 20
"""The smallest text drawn: 12.5 px on a phone."""
CREW_RADIUS = 14
"""A crew disc is 29 px across: 18 px on a phone."""
CAPTAIN_RADIUS = 16
MARKER = 28

HEADER: Box = (0, 0, WIDTH, 92)
PANEL_TOP, PANEL_BOTTOM = 100, 258
HEADINGS_Y = 276
ROWS_TOP = 294
ROW = 92
DECK_X = {"pirate": (6, 190), "spanish": (450, 634)}
MIDDLE = (196, 444)
PHASE_TEXT: dict[str, str] = {
    "assign": "Placing orders",
    "swap": "Swapping tactics",
    "captain": "Captains move",
    "resolve": "Orders resolve",
    "over": "Game over",
}
ORDER_TEXT: dict[str, str] = {
    "fight": "Fight!",
    "boarding": "Boarding!",
    "fire": "Fire!",
    "repel": "Repel!",
    "take_cover": "Cover!",
    "stand_up": "Stand up!",
}
CONQUESTS_TO_WIN = 2


def _fit(words: str, width: int, size: int = TEXT, *, bold: bool = False) -> str:
    """``words`` cut (with an ellipsis) to ``width`` pixels: a long line shortens, never shrinks."""
    return shortened(words, font(size, bold=bold), width)


def rows_bottom(view: AbordajeView) -> int:
    return ROWS_TOP + ROW * len(view.cards)


def static_key(view: AbordajeView) -> tuple[int, ...]:
    """What the static layer depends on: the ship-deck cards dealt (their numbers, in order)."""
    return tuple(card.number for card in view.cards)


def draw_static(numbers: tuple[int, ...], sheet: Sheet | None = None) -> Image.Image:
    """What every board of these ship-deck cards prints the same: the columns' headings, each deck's box and
    code and each card's middle box (as while the card is in play and not being assigned), and the key under
    the rows. Drawn once, copied per board (``draw_phone``'s ``base``)."""
    image = new_canvas(WIDTH, HEIGHT, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    _headings(draw, sheet)
    for i, number in enumerate(numbers):
        top = ROWS_TOP + i * ROW
        for ship in SIDES:
            x0, x1 = DECK_X[ship]
            _deck_frame(draw, (x0, top + 2, x1, top + ROW - 4), ship, number, active=True, sheet=sheet)
        _middle_frame(draw, top, now=False)
    _key(draw, ROWS_TOP + ROW * len(numbers) + 10, sheet)
    return image


def draw_phone(
    view: AbordajeView,
    sheet: Sheet | None = None,
    base: Image.Image | None = None,
    sections: Sections | None = None,
    pieces: Sections | None = None,
) -> Image.Image:
    """The phone board of ``view`` (the public view) on ``base``, a copy of ``draw_static``'s layer for its
    cards (or on a layer drawn now), noting every text and piece on ``sheet`` if given (the layer's own when it
    is drawn here; ``render.core.layers.LayerSheets`` adds them for a copy). With ``sections`` (and ``base``),
    each panel's frame, each deck and card's orders and the footer's first line are pasted when their look was
    drawn before (``render.abordaje.sections``); with ``pieces`` too, a deck or card's orders drawn anew is made of
    kept smaller parts (a crew's disc and count, an order's slot), kept apart so the big parts never push them out.

    A panel's name and numbers are printed on its pasted frame every time (four stamps): kept whole, a panel was a
    new look on one board in two (its hand count, pool or waiting changes with most moves), and each new one cut
    50 KB into the parts' budget, pushing out the decks, orders and hands' lines that do come back."""
    image = draw_static(static_key(view), sheet) if base is None else base
    draw = ImageDraw.Draw(image)
    put = partial(put_part, sections if base is not None else None, image, draw)
    inner = None if sections is None or pieces is None or base is None else partial(put_part, pieces, image, draw)
    _header(draw, view, sheet, put)
    for i, side in enumerate(SIDES):
        _panel(draw, sheet, view=view, side=side, box=panel_box(i), put=put)
    for i, card in enumerate(view.cards):
        _row(put, view, card, ROWS_TOP + i * ROW, sheet, inner)
    _footer(draw, view, rows_bottom(view) + 10, sheet, put)
    return image


PLAIN: frozenset[type] = frozenset({int, str, bool, float, type(None)})


def frozen(value: object) -> Hashable:
    """A view's part as nested tuples of its values (a section's key: equal exactly when the parts are)."""
    kind = type(value)
    if kind in PLAIN:
        return value
    if kind is list or kind is tuple:
        return tuple(map(frozen, value))  # type: ignore[call-overload]
    if kind is dict:
        return tuple((k, frozen(v)) for k, v in value.items())  # type: ignore[attr-defined]
    if isinstance(value, BaseModel):
        return (kind, *map(frozen, value.__dict__.values()))
    raise TypeError(f"a section's key holds plain values and views, not a {kind.__name__}")


def _headings(draw: ImageDraw.ImageDraw, sheet: Sheet | None) -> None:
    """The three columns' headings over the rows."""
    _say(
        draw,
        sheet,
        ((DECK_X["pirate"][0] + DECK_X["pirate"][1]) // 2, HEADINGS_Y),
        "Pirate ship",
        TEXT,
        Ink.BLACK,
        bold=True,
        anchor="mm",
    )
    _say(draw, sheet, ((MIDDLE[0] + MIDDLE[1]) // 2, HEADINGS_Y), "card: orders", TEXT, Ink.CHARCOAL, anchor="mm")
    _say(
        draw,
        sheet,
        ((DECK_X["spanish"][0] + DECK_X["spanish"][1]) // 2, HEADINGS_Y),
        "Spanish ship",
        TEXT,
        Ink.BLACK,
        bold=True,
        anchor="mm",
    )


def panel_box(i: int) -> Box:
    """The box of the ``i``-th side's panel (pirates first)."""
    return (6 + i * 317, PANEL_TOP, 317 + i * 317, PANEL_BOTTOM)


HEADER_TOP: Box = (0, 0, WIDTH - 1, 46)
"""The header's band with the title and the variant (a part: it changes once a turn, and every game shares it)."""
HEADER_LINE: Box = (0, 47, WIDTH - 1, HEADER[3])
"""The header's band with what the game is doing (a part: its looks come back turn after turn)."""


def _header(draw: ImageDraw.ImageDraw, view: AbordajeView, sheet: Sheet | None, put: Put | None = None) -> None:
    """The title, the variant and what the game is doing. With ``put`` (a board with kept parts), as two parts,
    each its half of the band: the whole header changes on three boards in four, but its title only with the turn
    and its line among a few looks a turn (the same phases, the same players waiting)."""
    over = view.phase == "over" or view.winner is not None or view.tie
    if over:
        line = _result_title(view)
    else:
        line = PHASE_TEXT[view.phase]
        if view.phase == "assign" and view.assigning_card is not None:
            line += f" · card {view.assigning_card}"
        waiting = [view.seat_name(view.sides[s].seat) for s in SIDES if view.sides[s].waiting]
        if waiting:
            line += " · to play: " + " and ".join(waiting)
    title = f"¡Abordaje! · turn {view.turn}"
    variant = "basic" if view.variant == "basic" else "advanced"
    won = view.winner is not None
    line = _fit(line, WIDTH - 28, 22, bold=True)
    if put is None or not _halves_hold(title, line):
        _header_texts(draw, sheet, title=title, variant=variant, line=line, over=over, won=won)
        return
    put(
        HEADER_TOP,
        ("header title", title, variant, won),
        partial(_header_top, title=title, variant=variant, won=won),
        sheet,
    )
    put(HEADER_LINE, ("header line", line, over, won), partial(_header_line, line=line, over=over, won=won), sheet)


def _header_top(draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, title: str, variant: str, won: bool) -> None:
    """The header's upper half (``HEADER_TOP``): its band, the title and the variant, as ``_header_texts``."""
    draw.rectangle(HEADER_TOP, fill=int(Ink.GREEN if won else Ink.CHARCOAL))
    _say(draw, sheet, (14, 26), title, 28, Ink.WHITE, bold=True, anchor="lm")
    _say(draw, sheet, (WIDTH - 14, 26), variant, TEXT, Ink.WHITE, anchor="rm")


def _header_line(draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, line: str, over: bool, won: bool) -> None:
    """The header's lower half (``HEADER_LINE``): its band and what the game is doing, as ``_header_texts``."""
    draw.rectangle(HEADER_LINE, fill=int(Ink.GREEN if won else Ink.CHARCOAL))
    ink = Ink.YELLOW if not over else Ink.WHITE
    _say(draw, sheet, (14, 68), line, 22, ink, bold=True, anchor="lm")


def _halves_hold(title: str, line: str) -> bool:
    """Whether the title's letters stay in the header's upper half and the line's in its lower half, 2 px clear (a
    name of stacked accents or deep descenders may not: such a header is drawn whole, as it always was)."""
    title_bottom = _text_box(title, 28, True, "lm", (14, 26))[3]
    _, line_top, _, line_bottom = _text_box(line, 22, True, "lm", (14, 68))
    return title_bottom <= HEADER_TOP[3] - 2 and HEADER_LINE[1] + 2 <= line_top and line_bottom <= HEADER_LINE[3] - 2


def _header_texts(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, title: str, variant: str, line: str, over: bool, won: bool
) -> None:
    draw.rectangle(HEADER, fill=int(Ink.GREEN if won else Ink.CHARCOAL))
    _say(draw, sheet, (14, 26), title, 28, Ink.WHITE, bold=True, anchor="lm")
    _say(draw, sheet, (WIDTH - 14, 26), variant, TEXT, Ink.WHITE, anchor="rm")
    _say(
        draw,
        sheet,
        (14, 68),
        line,
        22,
        Ink.YELLOW if not over else Ink.WHITE,
        bold=True,
        anchor="lm",
    )


def _result_title(view: AbordajeView) -> str:
    if view.winner is not None:
        return f"The {SIDE_NAME[view.winner]} ({view.seat_name(view.sides[view.winner].seat)}) win"
    return "The game is a tie" if view.tie else "Game over"


def _panel(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, view: AbordajeView, side: Side, box: Box, put: Put
) -> None:
    """One side's name, player and numbers; an orange frame and "to play" while the game waits on it (within
    ``box``). The frame, disc and side's name are a part (``put``), the same for every board while the side waits
    or does not; the player and numbers are printed over it."""
    info = view.sides[side]
    x0, y0, x1, _ = box
    frame = partial(_panel_frame, side=side, box=box, waiting=info.waiting)
    put(box, ("panel frame", side, info.waiting), frame, sheet)
    _say(draw, sheet, (x0 + 12, y0 + 54), _fit(view.seat_name(info.seat), x1 - x0 - 24), TEXT, Ink.BLACK, anchor="lm")
    for i, words in enumerate(panel_lines(info)):
        panel_line(draw, sheet, box, i, words)


def panel_lines(info: SideView) -> tuple[str, str, str]:
    """A side's three lines of numbers in its panel."""
    swap = f"swap {info.swapped[0]}⇄{info.swapped[1]}" if info.swapped else ("can swap" if info.can_swap else "no swap")
    return (
        f"on board {info.in_play} · pool {info.pool}",
        f"lost {info.losses} · decks {info.conquests}/{CONQUESTS_TO_WIN}",
        f"hand {info.hand_count} · {swap}",
    )


def panel_line(draw: ImageDraw.ImageDraw, sheet: Sheet | None, box: Box, i: int, words: str) -> None:
    """The ``i``-th line of numbers in the panel ``box``."""
    x0, y0, x1, _ = box
    _say(draw, sheet, (x0 + 12, y0 + 84 + 27 * i), _fit(words, x1 - x0 - 24), TEXT, Ink.BLACK, anchor="lm")


def _panel_frame(draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, side: Side, box: Box, waiting: bool) -> None:
    """A side's panel before its numbers: its frame (orange while the game waits on it), disc and name."""
    x0, y0, x1, _ = box
    rounded(
        draw,
        box,
        SHIP_TINT[side],
        Ink.ORANGE if waiting else Ink.CHARCOAL,
        radius=10,
        width=5 if waiting else 2,
    )
    centre = (x0 + 24, y0 + 24)
    crew_token(draw, centre, side, radius=CREW_RADIUS)
    if sheet is not None:
        sheet.token(side, f"{side} crew", centre, partial(crew_token, side=side, radius=CREW_RADIUS))
    _say(draw, sheet, (x0 + 46, y0 + 24), SIDE_NAME[side].upper(), 22, Ink.BLACK, bold=True, anchor="lm")
    if waiting:
        _say(draw, sheet, (x1 - 12, y0 + 24), "to play", TEXT, Ink.BLACK, bold=True, anchor="rm")


def _row(
    put: Put, view: AbordajeView, card: ShipDeckCardView, top: int, sheet: Sheet | None, inner: Put | None = None
) -> None:
    """One ship-deck card: its deck on each ship and the two orders placed on it, three parts each within its
    box (over the static layer's frame and code for this card's number, which their keys carry)."""
    now = view.phase == "assign" and view.assigning_card == card.number
    decks, orders = card_looks(card)
    for ship, look in zip(SIDES, decks, strict=True):
        x0, x1 = DECK_X[ship]
        box = (x0, top + 2, x1, top + ROW - 4)
        put(box, look, partial(_deck, box=box, ship=ship, card=card, put=inner), sheet)
    swapped = (_swapped(view, "pirate", card.number), _swapped(view, "spanish", card.number))
    key = (*orders, now, swapped)
    paint = partial(_orders, card=card, top=top, now=now, swapped=swapped, put=inner)
    put((MIDDLE[0], top + 2, MIDDLE[1], top + ROW - 4), key, paint, sheet)


CardLooks = tuple[tuple[Hashable, Hashable], tuple[Hashable, ...]]
LOOKS_KEPT = 1024
_looks: dict[int, tuple[ShipDeckCardView, CardLooks]] = {}


def card_looks(card: ShipDeckCardView) -> CardLooks:
    """The keys of a card's two decks (pirate ship first) and of its orders (less what the board adds: whether it is
    being assigned, whether a side swapped it), remembered by the card's view itself: the engine shares one card
    view between the views of every state in which that card looks the same (``engine.abordaje.rules._card_view``),
    and views are never changed once made, so a card met again (most of a board's, most moves) is keyed without
    walking its decks and slots again. An entry holds its card, so no other card takes its ``id`` while it is kept."""
    kept = _looks.get(id(card))
    if kept is not None and kept[0] is card:
        return kept[1]
    decks = tuple(("deck", ship, card.number, card.active, frozen(card.decks[ship])) for ship in SIDES)
    orders = ("orders", card.number, card.active, frozen(card.conquered_by), frozen(card.slots))
    looks: CardLooks = ((decks[0], decks[1]), orders)
    if len(_looks) >= LOOKS_KEPT:
        _looks.clear()  # a new game's cards fill it again within a board or two
    _looks[id(card)] = (card, looks)
    return looks


def _swapped(view: AbordajeView, side: Side, number: int) -> bool:
    """Whether ``side`` swapped the order on card ``number`` this turn (its slot's tag says so)."""
    swapped = view.sides[side].swapped
    return swapped is not None and number in swapped


def _orders(
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    *,
    card: ShipDeckCardView,
    top: int,
    now: bool,
    swapped: tuple[bool, bool],
    put: Put | None = None,
) -> None:
    """The middle of a card's row: its number, and the order each side placed on it (or who conquered it).

    With ``put`` (a board with kept parts), each slot is a part of its own inside the card's: a card's orders are a
    new look on one board in four (any slot of two changes it), but a slot has 28 looks a side (``warm`` draws
    them ahead), so a new card's look is its number and two pastes. A slot lies on the middle box's white, inside
    its frame (orange or grey: the key says which, as the part's box reaches a pixel past the slot's, where its
    dashes and outline reach), below the card's number: nothing else on the board reaches into it."""
    mx0, mx1 = MIDDLE
    if now:  # framed in orange over the static layer's grey frame
        _middle_frame(draw, top, now=True)
    middle = (mx0 + mx1) // 2
    words = f"card {card.number}" + (" · now" if now else "")
    if not card.active:
        words = f"card {card.number} · out"
    _say(draw, sheet, (middle, top + 18), words, TEXT, Ink.BLACK, bold=True, anchor="mm")
    if card.active:
        for i, side in enumerate(SIDES):
            if put is None:
                _slot(draw, slot_box(top, i), side, card.slots[side], swapped[i], card.number, sheet)
            else:
                put_slot(
                    put, sheet, top=top, i=i, number=card.number, slot=card.slots[side], swapped=swapped[i], now=now
                )
    else:
        who = " and ".join(SIDE_NAME[s] for s in card.conquered_by) or "nobody"
        _say(draw, sheet, (middle, top + 58), _fit(f"won by {who}", mx1 - mx0 - 16), TEXT, Ink.CHARCOAL, anchor="mm")


def _middle_frame(draw: ImageDraw.ImageDraw, top: int, *, now: bool) -> None:
    """The box between a card's two decks, where its orders lie (orange while the card is being assigned)."""
    mx0, mx1 = MIDDLE
    rounded(
        draw,
        (mx0, top + 2, mx1, top + ROW - 4),
        Ink.WHITE,
        Ink.ORANGE if now else Ink.SILVER,
        radius=8,
        width=4 if now else 2,
    )


def slot_box(top: int, i: int) -> Box:
    """Where the ``i``-th side's order lies on the card whose row starts at ``top``."""
    mx0, mx1 = MIDDLE
    left = mx0 + 6 + i * ((mx1 - mx0 - 6) // 2)
    return (left, top + 36, left + (mx1 - mx0 - 18) // 2, top + ROW - 10)


def put_slot(
    put: Put, sheet: Sheet | None, *, top: int, i: int, number: int, slot: SlotView, swapped: bool, now: bool
) -> None:
    """The ``i``-th side's order on card ``number`` as a part of its own (``_orders``; ``warm`` draws them ahead)."""
    side = SIDES[i]
    box = slot_box(top, i)
    look = ("slot", side, number, frozen(slot), swapped, now)
    paint = partial(_slot_part, box=box, side=side, slot=slot, swapped=swapped, number=number)
    put((box[0], box[1], box[2] + 1, box[3] + 1), look, paint, sheet)  # wide lines reach 1 px past the box


def _slot_part(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, box: Box, side: Side, slot: SlotView, swapped: bool, number: int
) -> None:
    _slot(draw, box, side, slot, swapped, number, sheet)


def _slot(
    draw: ImageDraw.ImageDraw,
    box: Box,
    side: Side,
    slot: SlotView,
    swapped: bool,
    number: int,
    sheet: Sheet | None,
) -> None:
    x0, y0, x1, y1 = box
    centre = ((x0 + x1) // 2, (y0 + y1) // 2)
    tag = SIDE_LETTER[side] + ("⇄" if swapped else "")
    if not slot.filled:
        dashed_box(draw, box, Ink.SILVER, width=2)
        _say(draw, sheet, centre, f"{tag}: none", TEXT, Ink.GREY, anchor="mm")
    elif slot.kind is None:
        back = (x0 + 15, centre[1])
        _back(draw, back, y1 - y0)
        if sheet is not None:
            sheet.token(f"{side}{number}", "face-down order", back, partial(_back, height=y1 - y0))
        _say(draw, sheet, (x0 + 38, centre[1]), tag, TEXT, Ink.BLACK, anchor="lm")
    else:
        rounded(
            draw, box, Ink.MIST if slot.spent else Ink.WHITE, Ink.GREY if slot.spent else Ink.BLACK, radius=6, width=2
        )
        words = ORDER_TEXT[slot.kind] + (" ✓" if slot.spent else "")
        _say(
            draw,
            sheet,
            centre,
            _fit(words, x1 - x0 - 8, bold=True),
            TEXT,
            Ink.CHARCOAL if slot.spent else Ink.BLACK,
            bold=True,
            anchor="mm",
        )


def _back(draw: ImageDraw.ImageDraw, at: tuple[int, int], height: int) -> None:
    """A face-down order 30 px wide centred on ``at``."""
    card_back(draw, (at[0] - 15, at[1] - height // 2, at[0] + 15, at[1] - height // 2 + height), radius=6)


def _deck_frame(
    draw: ImageDraw.ImageDraw, box: Box, ship: Side, number: int, *, active: bool, sheet: Sheet | None
) -> None:
    """A deck's box (in its ship's tint while the card is in play, grey once conquered) and its code."""
    x0, y0, _, _ = box
    rounded(
        draw,
        box,
        SHIP_TINT[ship] if active else Ink.MIST,
        Ink.CHARCOAL if active else Ink.GREY,
        radius=8,
        width=2,
    )
    _say(draw, sheet, (x0 + 8, y0 + 18), f"{SIDE_LETTER[ship].lower()}{number}", 22, Ink.BLACK, bold=True, anchor="lm")


def _marker_at(draw: ImageDraw.ImageDraw, at: tuple[int, int], owner: Side) -> None:
    half = MARKER // 2
    control_marker(draw, (at[0] - half, at[1] - half, at[0] + half, at[1] + half), owner)


def _deck(
    draw: ImageDraw.ImageDraw,
    sheet: Sheet | None,
    *,
    box: Box,
    ship: Side,
    card: ShipDeckCardView,
    put: Put | None = None,
) -> None:
    """A deck: its code, the captains and any control marker on the top line, both crews' counts below (its
    box and code are on the static layer; a conquered card's deck is boxed in grey again over it).

    With ``put`` (a board with kept parts), each crew's disc and count is a part of its own inside the deck's: a
    deck is a new look whenever one of its five numbers changes, but a crew's count has some twenty looks a place
    (``warm`` draws them ahead). It lies on the deck's ground (its ship's tint, or grey once conquered: the key
    says which), below the top line's captains and marker: nothing else reaches into it."""
    x0, y0, x1, _ = box
    code = f"{SIDE_LETTER[ship].lower()}{card.number}"
    if not card.active:
        _deck_frame(draw, box, ship, card.number, active=False, sheet=None)
    deck: DeckView = card.decks[ship]
    x = x0 + 62
    for who in deck.captains:
        at = (x, y0 + 18)
        captain(draw, at, who, radius=CAPTAIN_RADIUS)
        if sheet is not None:
            sheet.token(code, f"{who} captain", at, partial(captain, side=who, radius=CAPTAIN_RADIUS))
        x += 2 * CAPTAIN_RADIUS + 6
    if deck.control_marker is not None:
        owner = deck.control_marker
        square = (x1 - 6 - MARKER, y0 + 4, x1 - 6, y0 + 4 + MARKER)
        control_marker(draw, square, owner)
        if sheet is not None:
            sheet.token(
                code,
                f"{owner} control marker",
                (square[0] + MARKER // 2, square[1] + MARKER // 2),
                partial(_marker_at, owner=owner),
            )
        _say(draw, sheet, (square[0] - 4, y0 + 18), f"{deck.marker_turns}/2", TEXT, Ink.BLACK, bold=True, anchor="rm")
    counts: tuple[tuple[Side, int], ...] = (("pirate", deck.pirate_crew), ("spanish", deck.spanish_crew))
    for i, (side, n) in enumerate(counts):
        if n <= 0:
            continue
        if put is None:
            _crew(draw, sheet, at=crew_at(box, i), code=code, side=side, n=n)
        else:
            put_crew(put, sheet, deck=box, i=i, code=code, active=card.active, n=n)


CREW_REACH = 17
"""How far a crew's part reaches around its disc's centre (the disc is 14 px, its count 26 px high)."""


def crew_at(deck: Box, i: int) -> tuple[int, int]:
    """The centre of the ``i``-th side's crew disc (pirates first) in the deck ``deck``."""
    return (deck[0] + 22 + i * 88, deck[3] - 22)


def put_crew(put: Put, sheet: Sheet | None, *, deck: Box, i: int, code: str, active: bool, n: int) -> None:
    """The ``i``-th side's crew of ``n`` on deck ``code`` as a part of its own (``_deck``; ``warm`` draws it ahead)."""
    side = SIDES[i]
    at = crew_at(deck, i)
    box = (at[0] - CREW_REACH, at[1] - CREW_REACH, at[0] + 64, at[1] + CREW_REACH)
    put(box, ("crew", code, active, side, n), partial(_crew, at=at, code=code, side=side, n=n), sheet)


def _crew(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, at: tuple[int, int], code: str, side: Side, n: int
) -> None:
    """A crew's disc at ``at`` on deck ``code`` and its count beside it."""
    crew_token(draw, at, side, radius=CREW_RADIUS)
    if sheet is not None:
        sheet.token(code, f"{side} crew", at, partial(crew_token, side=side, radius=CREW_RADIUS))
    _say(draw, sheet, (at[0] + 20, at[1]), str(n), 26, Ink.BLACK, bold=True, anchor="lm")


def _footer(draw: ImageDraw.ImageDraw, view: AbordajeView, top: int, sheet: Sheet | None, put: Put) -> None:
    """Who has the initiative and which way orders go (a part of its own, above the static layer's key); at the
    end, why the game ended."""
    arrow = "prow → stern" if view.direction == "prow_to_stern" else "stern → prow"
    initiative = f"Initiative: {SIDE_NAME[view.initiative]}, orders go {arrow}"
    paint = partial(_initiative, top=top, words=initiative)
    put((0, top, WIDTH - 1, top + 30), ("initiative", initiative), paint, sheet)
    reason = result_reason(view)
    if reason:
        box = (6, top + 92, WIDTH - 6, HEIGHT - 6)
        rounded(draw, box, Ink.WHITE, Ink.BLACK, radius=10, width=3)
        for i, line in enumerate(wrap(reason, font(TEXT, bold=True), WIDTH - 40)[:3]):
            _say(draw, sheet, (20, top + 112 + 28 * i), line, TEXT, Ink.BLACK, bold=True, anchor="lm")


def _initiative(draw: ImageDraw.ImageDraw, sheet: Sheet | None, *, top: int, words: str) -> None:
    _say(draw, sheet, (14, top + 14), words, TEXT, Ink.BLACK, anchor="lm")


def _key(draw: ImageDraw.ImageDraw, top: int, sheet: Sheet | None) -> None:
    """What the pieces' letters and shapes mean, under the footer's first line (on the static layer)."""
    _say(draw, sheet, (14, top + 44), "P pirate · S Spanish · star: captain", TEXT, Ink.CHARCOAL, anchor="lm")
    _say(draw, sheet, (14, top + 72), "yellow square: control marker (turns/2)", TEXT, Ink.CHARCOAL, anchor="lm")


def result_reason(view: AbordajeView) -> str:
    """Why the game ended, from the public view ("" while it runs)."""
    if view.winner is not None:
        loser: Side = "spanish" if view.winner == "pirate" else "pirate"
        won = view.sides[view.winner]
        if won.conquests >= CONQUESTS_TO_WIN:
            return f"{_result_title(view)}: {won.conquests} enemy decks conquered."
        active = sum(1 for c in view.cards if c.active)
        return (
            f"{_result_title(view)}: the {SIDE_NAME[loser]} have {view.sides[loser].in_play} crew on board, "
            f"fewer than the {counted(active, 'active card')}."
        )
    if view.tie:
        both = all(view.sides[s].conquests >= CONQUESTS_TO_WIN for s in SIDES)
        why = "both conquered their second deck at once" if both else "both fell below one crew per active card"
        return f"A tie: {why}."
    return ""
