"""The public board image: both ships, the orders between them, each side's numbers, turn and result.

Drawing happens in two passes. ``draw_static`` makes what is the same for every view with the same ship-deck
cards (hulls, empty deck cells and their names, panel frames and captions, the legend); the renderer keeps
it in a ``LayerCache``. ``draw_board`` copies that layer and adds only what the view says now. Everything
drawn comes from the view, which for the channel is the public one, so nothing hidden can appear.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.abordaje.view import AbordajeView, DeckView, ShipDeckCardView, Side, SideView
from engine.core.words import count as counted
from render.core import (
    Box,
    Ink,
    arrow,
    disc,
    fitted,
    font,
    hatch,
    label,
    new_canvas,
    polygon,
    rounded,
    text,
    text_width,
)
from render.core.sheet import Sheet

from .layout import BAND, BOARD_X0, BOARD_X1, HEADER, HEIGHT, LEGEND, PROW, WIDTH, Column, Layout
from .pieces import (
    SHIP_TINT,
    SIDE_INK,
    SIDE_LETTER,
    SIDE_NAME,
    SIDES,
    captain,
    card_back,
    conquered_face,
    control_marker,
    crew_token,
    order_slot,
)

PHASE_TEXT: dict[str, str] = {
    "assign": "Placing orders",
    "swap": "Swapping tactics",
    "captain": "Captains move",
    "resolve": "Orders resolve",
    "over": "Game over",
}
CONQUESTS_TO_WIN = 2
STAT_CAPTIONS = (("pool", "losses"), ("in play", "conquests"), ("hand", "swap"))


# ---------------------------------------------------------------------------------------------- static layer


def draw_static(layout: Layout) -> Image.Image:
    """Everything that does not depend on the moment: drawn once per set of ship-deck cards."""
    image = new_canvas(WIDTH, HEIGHT, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle(HEADER, fill=int(Ink.CHARCOAL))
    label(draw, (16, HEADER[3] // 2), "¡Abordaje!", 32, Ink.WHITE, bold=True, anchor="lm")
    for ship in SIDES:
        polygon(draw, layout.hull(ship), SHIP_TINT[ship], Ink.CHARCOAL, width=3)
        for col in layout.columns:
            box = col.deck(ship)
            rounded(draw, box, Ink.WHITE, Ink.SILVER, radius=6, width=2)
            code = f"{SIDE_LETTER[ship].lower()}{col.number}"
            label(draw, (box[0] + 8, box[1] + 6), code, 17, Ink.GREY, bold=True)
        _static_panel(draw, layout.panel(ship), ship)
    for side in SIDES:
        crew_token(draw, layout.slot_letter_centre(side), side, radius=15)
    x0, y0, _, _ = layout.turn_panel
    rounded(draw, layout.turn_panel, Ink.WHITE, Ink.SILVER, radius=10, width=2)
    label(draw, (x0 + 12, y0 + 8), "INITIATIVE", 16, Ink.CHARCOAL, bold=True)
    _legend(draw)
    return image


def _static_panel(draw: ImageDraw.ImageDraw, box: Box, side: Side) -> None:
    x0, y0, _, _ = box
    rounded(draw, box, SHIP_TINT[side], Ink.CHARCOAL, radius=10, width=3)
    crew_token(draw, (x0 + 26, y0 + 26), side, radius=17)
    label(draw, (x0 + 52, y0 + 26), SIDE_NAME[side].upper(), 26, Ink.BLACK, bold=True, anchor="lm")
    for row, captions in enumerate(STAT_CAPTIONS):
        for col, caption in enumerate(captions):
            cell = _stat_cell(box, row, col)
            rounded(draw, cell, Ink.WHITE, Ink.SILVER, radius=6, width=1)
            label(draw, (cell[0] + 8, cell[1] + 4), caption, 15, Ink.CHARCOAL)


def _stat_cell(panel: Box, row: int, col: int) -> Box:
    x0, y0, x1, _ = panel
    width = (x1 - x0 - 24) // 2
    left = x0 + 8 + col * (width + 8)
    top = y0 + 52 + row * 62
    return (left, top, left + width, top + 56)


def _legend(draw: ImageDraw.ImageDraw) -> None:
    """One line naming every mark on the board, each with the mark itself."""
    _, y0, _, y1 = LEGEND
    y = (y0 + y1) // 2
    x = 16
    size = 15

    def caption(words: str) -> None:
        nonlocal x
        label(draw, (x, y), words, size, Ink.CHARCOAL, anchor="lm")
        x += _width(words, size) + 18

    for side in SIDES:
        crew_token(draw, (x + 13, y), side, radius=13)
        x += 32
        caption("pirate crew" if side == "pirate" else "Spanish crew")
    captain(draw, (x + 15, y), "pirate", radius=16)
    x += 36
    caption("captain")
    control_marker(draw, (x, y - 13, x + 26, y + 13), "spanish")
    x += 34
    caption("control marker (turns held/2)")
    card_back(draw, (x, y - 14, x + 24, y + 14), radius=4)
    x += 32
    caption("face-down order")
    rounded(draw, (x, y - 13, x + 34, y + 13), Ink.MIST, Ink.GREY, radius=4)
    hatch(draw, (x + 2, y - 11, x + 32, y + 11), Ink.SILVER, step=8)
    x += 42
    caption("conquered")
    caption("s3: Spanish deck of card 3")


def _width(words: str, size: int, *, bold: bool = False) -> int:
    return text_width(words, font(size, bold=bold))


# ---------------------------------------------------------------------------------------------- the moment


def draw_board(view: AbordajeView, layout: Layout, image: Image.Image) -> Image.Image:
    """The board for ``view``, drawn onto ``image`` (a copy of the static layer for ``layout``)."""
    draw = ImageDraw.Draw(image)
    _header(draw, view)
    for card in view.cards:
        col = layout.column(card.number)
        if card.active:
            for ship in SIDES:
                _deck(draw, col.deck(ship), card.decks[ship])
            _slots(draw, view, card, col)
        else:
            _conquered(draw, card, col)
        _card_number(draw, col, card)
    for side in SIDES:
        _panel_values(draw, layout.panel(side), view.sides[side])
    _initiative(draw, layout.turn_panel, view)
    if view.phase == "over" or view.winner is not None or view.tie:
        _result_banner(draw, view)
    return image


def _header(draw: ImageDraw.ImageDraw, view: AbordajeView) -> None:
    y = HEADER[3] // 2
    label(draw, (BOARD_X0, y), f"Turn {view.turn}", 32, Ink.WHITE, bold=True, anchor="lm")
    phase = PHASE_TEXT[view.phase]
    if view.phase == "assign" and view.assigning_card is not None:
        phase += f" · card {view.assigning_card}"
    label(
        draw,
        (BOARD_X0 + 150, y),
        phase,
        26,
        Ink.YELLOW if view.phase != "over" else Ink.WHITE,
        bold=True,
        anchor="lm",
    )
    badge = "BASIC GAME" if view.variant == "basic" else "ADVANCED GAME"
    extra = []
    if view.variant == "advanced":
        extra.append("navy discipline")
        extra.append("handicap ON" if view.handicap else "no handicap")
    right = WIDTH - 14
    if extra:
        label(draw, (right, y + 14), " · ".join(extra), 16, Ink.WHITE, anchor="rm")
        badge_y = y - 12
    else:
        badge_y = y
    width = _width(badge, 20, bold=True) + 20
    rounded(draw, (right - width, badge_y - 13, right, badge_y + 13), Ink.SKY, None, radius=6)
    label(draw, (right - width // 2, badge_y), badge, 20, Ink.BLACK, bold=True, anchor="mm")


def _deck(draw: ImageDraw.ImageDraw, box: Box, deck: DeckView) -> None:
    """Crew counts (pirates on the upper line, Spanish on the lower), each side's captain at the end of its
    line, and an enemy control marker in the top corner with the turns it has been held."""
    x0, y0, x1, _ = box
    rows: tuple[tuple[Side, int, int], ...] = (
        ("pirate", deck.pirate_crew, y0 + 92),
        ("spanish", deck.spanish_crew, y0 + 162),
    )
    for side, count, y in rows:
        if count > 0:
            crew_token(draw, (x0 + 36, y), side, radius=28)
            label(draw, (x0 + 74, y + 2), str(count), 56, Ink.BLACK, bold=True, anchor="lm")
        if side in deck.captains:
            captain(draw, (x1 - 30, y), side, radius=26)
    if deck.control_marker is not None:
        square = (x1 - 48, y0 + 6, x1 - 8, y0 + 46)
        control_marker(draw, square, deck.control_marker)
        label(draw, (x1 - 56, y0 + 26), f"{deck.marker_turns}/2", 22, Ink.BLACK, bold=True, anchor="rm")


def _slots(draw: ImageDraw.ImageDraw, view: AbordajeView, card: ShipDeckCardView, col: Column) -> None:
    now = view.phase == "assign" and view.assigning_card == card.number
    if now:
        rounded(draw, col.band, None, Ink.ORANGE, radius=8, width=4)
    for side in SIDES:
        box = col.slot(side)
        order_slot(draw, box, card.slots[side], now=now)
        swapped = view.sides[side].swapped
        if swapped is not None and card.number in swapped:
            _swap_tag(draw, box)


def _swap_tag(draw: ImageDraw.ImageDraw, slot: Box) -> None:
    """A small "swapped" tag on an order that changed places with another this turn."""
    _, y0, x1, _ = slot
    tag = (x1 - 30, y0 - 8, x1 + 4, y0 + 16)
    rounded(draw, tag, Ink.ORANGE, Ink.BLACK, radius=5, width=1)
    label(draw, ((tag[0] + tag[2]) // 2, (tag[1] + tag[3]) // 2), "⇄", 20, Ink.BLACK, bold=True, anchor="mm")


def _card_number(draw: ImageDraw.ImageDraw, col: Column, card: ShipDeckCardView) -> None:
    fill = Ink.WHITE if card.active else Ink.MIST
    disc(draw, col.number_centre, 20, fill, str(card.number), Ink.BLACK, outline=Ink.BLACK, size=28)


def _conquered(draw: ImageDraw.ImageDraw, card: ShipDeckCardView, col: Column) -> None:
    """A flipped card, out of play: the conquered deck carries the conqueror's marker as a trophy.

    Whatever the view still places on it is drawn too: a captain is left there when the conquest ended the
    game before he returned to his ship (crew always go back to the pools, so a count is drawn only if the
    view has one).
    """
    for ship in SIDES:
        box = col.deck(ship)
        conquered_face(draw, box)
        x0, y0, x1, y1 = box
        code = f"{SIDE_LETTER[ship].lower()}{card.number}"
        left, top, right, bottom = font(17, bold=True).getbbox(code)
        # a knock-out, so the out-of-play stripes do not run through the code a player still reads
        draw.rectangle(
            (x0 + 8 + left - 2, y0 + 6 + top - 2, x0 + 8 + right + 1, y0 + 6 + bottom + 1), fill=int(Ink.MIST)
        )
        label(draw, (x0 + 8, y0 + 6), code, 17, Ink.GREY, bold=True)
        conqueror: Side = "spanish" if ship == "pirate" else "pirate"
        if conqueror in card.conquered_by:
            _conquest_tag(draw, box, conqueror)
        deck = card.decks[ship]
        counts: tuple[tuple[Side, int], ...] = (("pirate", deck.pirate_crew), ("spanish", deck.spanish_crew))
        crew = " ".join(f"{SIDE_LETTER[side]}×{n}" for side, n in counts if n > 0)
        if crew:
            label(draw, (x0 + 10, y1 - 30), crew, 26, Ink.BLACK, bold=True, anchor="lm")
        for i, who in enumerate(deck.captains):
            captain(draw, (x1 - 30 - i * 58, y1 - 30), who, radius=26)
    for side in SIDES:
        conquered_face(draw, col.slot(side))


def _conquest_tag(draw: ImageDraw.ImageDraw, deck: Box, by: Side) -> None:
    x0, y0, x1, _ = deck
    x, y = (x0 + x1) // 2, y0 + 100
    half = min(84, (x1 - x0) // 2 - 8)
    rounded(draw, (x - half, y - 52, x + half, y + 52), Ink.WHITE, Ink.BLACK, radius=8, width=2)
    control_marker(draw, (x - 22, y - 46, x + 22, y - 2), by)
    for words, size, dy in (("CONQUERED", 22, 14), (f"by {SIDE_NAME[by]}", 20, 38)):
        face = fitted(words, 2 * half - 12, size, bold=True)
        text(draw, (x, y + dy), words, face, Ink.BLACK, anchor="mm")


def _panel_values(draw: ImageDraw.ImageDraw, box: Box, info: SideView) -> None:
    """Each side's numbers in the panel's cells, and an orange frame while the game waits on that side."""
    _, y0, x1, _ = box
    if info.waiting:
        rounded(draw, box, None, Ink.ORANGE, radius=10, width=6)
        tag = (x1 - 78, y0 - 10, x1 - 4, y0 + 14)
        rounded(draw, tag, Ink.ORANGE, Ink.BLACK, radius=6, width=1)
        label(
            draw,
            ((tag[0] + tag[2]) // 2, (tag[1] + tag[3]) // 2),
            "to play",
            15,
            Ink.BLACK,
            bold=True,
            anchor="mm",
        )
    if info.swapped is not None:
        swap = f"{info.swapped[0]}⇄{info.swapped[1]}"
    else:
        swap = "yes" if info.can_swap else "no"
    values = (
        (str(info.pool), str(info.losses)),
        (str(info.in_play), f"{info.conquests}/{CONQUESTS_TO_WIN}"),
        (str(info.hand_count), swap),
    )
    for row, pair in enumerate(values):
        for col, value in enumerate(pair):
            cell = _stat_cell(box, row, col)
            face = fitted(value, cell[2] - cell[0] - 12, 32, bold=True, smallest=18)
            text(draw, (cell[2] - 8, cell[3] - 4), value, face, Ink.BLACK, anchor="rd")


def _initiative(draw: ImageDraw.ImageDraw, box: Box, view: AbordajeView) -> None:
    """Who leads this turn and which way the orders are placed (the play direction)."""
    x0, y0, x1, y1 = box
    side = view.initiative
    crew_token(draw, (x0 + 30, y0 + 58), side, radius=20)
    label(draw, (x0 + 58, y0 + 58), SIDE_NAME[side], 30, Ink.BLACK, bold=True, anchor="lm")
    y = y0 + 118
    left, right = (x0 + 70, x1 - 72)
    if view.direction == "prow_to_stern":
        arrow(draw, (left, y), (right, y), Ink.BLACK, width=5)
    else:
        arrow(draw, (right, y), (left, y), Ink.BLACK, width=5)
    label(draw, (x0 + 10, y), "prow", 17, Ink.CHARCOAL, bold=True, anchor="lm")
    label(draw, (x1 - 10, y), "stern", 17, Ink.CHARCOAL, bold=True, anchor="rm")
    words = "orders go prow → stern" if view.direction == "prow_to_stern" else "orders go stern → prow"
    label(draw, ((x0 + x1) // 2, y1 - 18), words, 15, Ink.CHARCOAL, anchor="mm")


def _result_banner(draw: ImageDraw.ImageDraw, view: AbordajeView) -> None:
    """The winner (or a tie) across the middle of the board, with the reason the view lets us tell."""
    top, bottom = BAND
    box = (BOARD_X0 + PROW + 20, top + 30, BOARD_X1 - 30, bottom - 30)
    x0, y0, x1, y1 = box
    if view.winner is not None:
        loser: Side = "spanish" if view.winner == "pirate" else "pirate"
        title = f"THE {SIDE_NAME[view.winner].upper()} WIN"
        if view.sides[view.winner].conquests >= CONQUESTS_TO_WIN:
            reason = f"{view.sides[view.winner].conquests} enemy decks conquered"
        else:
            active = sum(1 for c in view.cards if c.active)
            crew = view.sides[loser].in_play
            cards = counted(active, "active card")
            reason = f"the {SIDE_NAME[loser]} have {crew} crew on board, fewer than the {cards}"
        rounded(draw, box, Ink.GREEN, Ink.BLACK, radius=12, width=4)
        ink = Ink.WHITE
        disc(
            draw,
            (x0 + 50, (y0 + y1) // 2),
            30,
            SIDE_INK[view.winner],
            SIDE_LETTER[view.winner],
            Ink.WHITE,
            outline=Ink.WHITE,
        )
    else:
        title = "THE GAME IS A TIE" if view.tie else "GAME OVER"
        reason = ""
        if view.tie:
            both_conquered = all(view.sides[s].conquests >= CONQUESTS_TO_WIN for s in SIDES)
            reason = (
                "both sides conquered their second deck at once"
                if both_conquered
                else "both sides fell below one crew per active card at once"
            )
        rounded(draw, box, Ink.PURPLE, Ink.BLACK, radius=12, width=4)
        ink = Ink.BLACK
    centre = (x0 + x1) // 2 + 30
    label(draw, (centre, y0 + 38), title, 42, ink, bold=True, anchor="mm")
    if reason:
        label(draw, (centre, y1 - 22), reason, 20, ink, bold=True, anchor="mm")


def board_sheet(view: AbordajeView, layout: Layout) -> Sheet:
    """Each deck's code (``s3``, ``p5``: what a player names to board or move there), as the board prints it."""
    sheet = Sheet()
    for ship in SIDES:
        for col in layout.columns:
            box = col.deck(ship)
            sheet.mark((box[0] + 8, box[1] + 6), f"{SIDE_LETTER[ship].lower()}{col.number}", 17, bold=True)
    return sheet
