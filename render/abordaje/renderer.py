"""The ¡Abordaje! renderer: board and hand PNGs from views, with both caches in front of the drawing.

An image is drawn only when its view has not been drawn before (``RenderCache``, keyed by the board view's
JSON, or for a hand by exactly the fields the hand image shows), and a board starts from a copy of the static
layer for the game's ship-deck cards (``LayerCache``). Pieces and texts are stamped from drawn-once sprites
and masks (``render.core.stamps``).
"""

from __future__ import annotations

from functools import partial

from PIL import Image

from engine.abordaje.view import AbordajeView
from engine.core import View
from render.core import LayerCache, RenderCache, encode_png, view_key
from render.core.alt import clipped, image_alt
from render.core.changes import marked_board, plain_board
from render.core.layers import LayerSheets
from render.core.sheet import Sheet
from render.core.zoom import Area, enlarge_part, part_box, part_sheet, widest_for

from .board import board_sheet, draw_board, draw_static
from .hand import draw_hand, hand_key, has_private
from .layout import BAND, BOARD_X0, PIRATE_ROW, SPANISH_ROW, Layout, layout_for
from .layout import WIDTH as FULL_WIDTH
from .phone import HEADER, draw_phone, static_key
from .phone import draw_static as draw_phone_static
from .pieces import SIDE_LETTER, SIDE_NAME, SIDES
from .sections import PIECES_BYTES, Sections
from .warm import warm

ZOOM_MARGIN = 8
DECK_CODE = 17
"""The detailed board's smallest text in a zoom (the deck codes): a zoom is at most ``widest_for`` it wide."""


def _abordaje(view: View) -> AbordajeView:
    if not isinstance(view, AbordajeView):
        raise TypeError(f"the ¡Abordaje! renderer draws an AbordajeView, not a {type(view).__name__}")
    return view


def _public(view: View) -> AbordajeView:
    board_view = _abordaje(view)
    if board_view.viewer is not None:
        raise ValueError("the boards draw the public view (viewer=None) only; a seat's view has secrets")
    return board_view


class AbordajeRenderer:
    """Draws ¡Abordaje! views; one instance serves every game (the caches are thread-safe)."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        self.layers = LayerCache()  # the detailed boards' and the phone boards' static layers, by their cards
        self.layer_sheets = LayerSheets()
        self.sections = Sections()  # parts of phone boards and hands (panels, decks, orders…), drawn once per look
        self.pieces = Sections(PIECES_BYTES)  # the smaller parts a new deck or card's orders is made of

    def board(self, view: View) -> bytes:
        """The public board for the channel, drawn for a phone (``render.abordaje.phone``). A seat's view is
        refused: it would show that seat's face-down orders."""
        board_view = _public(view)
        return plain_board(self.cache, "abordaje.board", board_view, self._phone)

    def marked(self, view: View, previous: View) -> tuple[bytes, list[str]]:
        """The phone board with what changed since ``previous`` ringed (``render.core.changes``): crews,
        captains, markers and orders that appeared or moved, the numbers that changed; and those in words."""
        return marked_board(self.cache, "abordaje.board", _public(view), _public(previous), self._phone, steady=HEADER)

    def full(self, view: View) -> bytes:
        """The detailed board (1280 × 800, both ships side by side), for a desktop's **Full board**."""
        board_view = _public(view)
        key = view_key("abordaje.full", board_view)
        return self.cache.get_or_render(key, lambda: encode_png(self._full_image(board_view)))

    def areas(self, view: View) -> list[Area]:
        """One zoom per ship-deck card: both its decks and the orders between them, prow first."""
        board_view = _public(view)
        out = []
        for card in board_view.cards:
            state = "in play" if card.active else "conquered"
            out.append(
                Area(
                    f"card{card.number}",
                    f"Card {card.number}: decks p{card.number} and s{card.number}",
                    f"Both ships' decks on ship-deck card {card.number} ({state}) and the orders placed on it.",
                )
            )
        return out

    def zoom(self, view: View, area: str) -> bytes:
        """One ship-deck card's column of the detailed board, enlarged (``render.core.zoom.enlarge_part``)."""
        board_view = _public(view)
        box = self._zoom_box(board_view, area)
        key = view_key(f"abordaje.zoom.{area}", board_view)
        return self.cache.get_or_render(key, lambda: encode_png(enlarge_part(self._full_image(board_view), box)))

    def zoom_alt(self, view: View, area: str) -> str:
        """What the zoom shows, in words: the card's two decks and orders, from the public view."""
        board_view = _public(view)
        number = self._zoom_number(board_view, area)
        card = next(c for c in board_view.cards if c.number == number)
        parts = [f"A close-up of the ¡Abordaje! board: ship-deck card {number}"]
        if not card.active:
            who = " and ".join(SIDE_NAME[s] for s in card.conquered_by) or "nobody"
            parts.append(f"conquered (by {who}), out of play")
        for ship in SIDES:
            code = SIDE_LETTER[ship].lower()
            deck = card.decks[ship]
            words = (
                f"deck {code}{number} of the {SIDE_NAME[ship]} ship: {deck.pirate_crew} pirate and "
                f"{deck.spanish_crew} Spanish crew"
            )
            if deck.captains:
                words += ", captain of the " + " and ".join(SIDE_NAME[c] for c in deck.captains)
            if deck.control_marker is not None:
                words += f", {SIDE_NAME[deck.control_marker]} control marker held {deck.marker_turns}/2"
            parts.append(words)
        for side in SIDES:
            slot = card.slots[side]
            if slot.filled:
                shown = "face down" if slot.kind is None else slot.kind.replace("_", " ")
                parts.append(f"the {SIDE_NAME[side]} order: {shown}{' (spent)' if slot.spent else ''}")
        return clipped("; ".join(parts) + ".")

    def zoom_layout(self, view: View, area: str) -> Sheet:
        """The zoom's texts and pieces (the detailed board's, cut and enlarged as the image is)."""
        board_view = _public(view)
        return part_sheet(self.full_layout(board_view), self._zoom_box(board_view, area))

    def full_layout(self, view: View) -> Sheet:
        """The detailed board's texts a player reads (the deck codes)."""
        board_view = _abordaje(view)
        return board_sheet(board_view, layout_for(tuple(card.number for card in board_view.cards)))

    def _zoom_number(self, view: AbordajeView, area: str) -> int:
        numbers = {f"card{card.number}": card.number for card in view.cards}
        if area not in numbers:
            raise KeyError(f"the ¡Abordaje! board has no area {area!r}")
        return numbers[area]

    def _zoom_box(self, view: AbordajeView, area: str) -> tuple[int, int, int, int]:
        layout: Layout = layout_for(tuple(card.number for card in view.cards))
        col = layout.column(self._zoom_number(view, area))
        points = [(col.pirate_deck[0], PIRATE_ROW[0]), (col.pirate_deck[2], SPANISH_ROW[1]), (col.band[0], BAND[0])]
        return part_box(points, (BOARD_X0, 0, FULL_WIDTH, SPANISH_ROW[1] + 4), ZOOM_MARGIN, widest_for(DECK_CODE))

    def _phone(self, view: AbordajeView, sheet: Sheet | None = None) -> Image.Image:
        """The phone board over a copy of its static layer for the cards dealt (headings, decks' boxes, key)."""
        numbers = static_key(view)
        key = ("phone", numbers)
        base = self.layer_sheets.copy_of(self.layers, key, partial(draw_phone_static, numbers), sheet)
        return draw_phone(view, sheet, base, self.sections, self.pieces)

    def _full_image(self, view: AbordajeView) -> Image.Image:
        layout = layout_for(tuple(card.number for card in view.cards))
        base = self.layers.copy_of(layout.numbers, lambda: draw_static(layout))
        return draw_board(view, layout, base)

    def warm(self) -> None:
        """Draw ahead what a new process would otherwise draw during players' first actions: static layers, card
        faces, texts that name no player (``render.abordaje.warm``; about 0.5 s of CPU, 7 MB). For the bot to
        call once when it loads the games; nothing depends on it."""
        warm(self)

    def hand(self, view: View) -> bytes | None:
        """The seat's hand, placed orders and passed cards; ``None`` for the public view or an empty hand."""
        hand_view = _abordaje(view)
        if not has_private(hand_view):
            return None
        # Keyed on what the hand image shows, not on the whole seat view (which changes with the board).
        draw = partial(draw_hand, hand_view, None, self.sections)
        return self.cache.get_or_render(hand_key(hand_view), lambda: encode_png(draw()))

    def hand_layout(self, view: View) -> Sheet:
        """Every text of the seat's hand image, as drawn (measured by tests/render/test_legibility)."""
        sheet = Sheet()
        hand_view = _abordaje(view)
        if has_private(hand_view):
            draw_hand(hand_view, sheet)
        return sheet

    def alt(self, view: View) -> str:
        """What the board (public view) or this seat's hand image shows, in words (``render.core.alt``)."""
        return image_alt("¡Abordaje!", _abordaje(view))

    def layout(self, view: View) -> Sheet:
        """Every text and piece of the phone board (``render.abordaje.phone``), as drawn."""
        sheet = Sheet()
        draw_phone(_abordaje(view), sheet)
        return sheet


RENDERER = AbordajeRenderer()
