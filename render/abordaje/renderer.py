"""The ¡Abordaje! renderer: board and hand PNGs from views, with both caches in front of the drawing.

An image is drawn only when its view has not been drawn before (``RenderCache``, keyed by the board view's
JSON, or for a hand by exactly the fields the hand image shows), and a board starts from a copy of the static
layer for the game's ship-deck cards (``LayerCache``). Pieces and texts are stamped from drawn-once sprites
and masks (``render.core.stamps``).
"""

from __future__ import annotations

from engine.abordaje.view import AbordajeView
from engine.core import View
from render.core import LayerCache, RenderCache, encode_png, view_key
from render.core.alt import image_alt
from render.core.sheet import Sheet

from .board import board_sheet, draw_board, draw_static
from .hand import draw_hand, hand_key, has_private
from .layout import layout_for


def _abordaje(view: View) -> AbordajeView:
    if not isinstance(view, AbordajeView):
        raise TypeError(f"the ¡Abordaje! renderer draws an AbordajeView, not a {type(view).__name__}")
    return view


class AbordajeRenderer:
    """Draws ¡Abordaje! views; one instance serves every game (the caches are thread-safe)."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        self.layers = LayerCache()

    def board(self, view: View) -> bytes:
        """The public board. A seat's view is refused: it would show that seat's face-down orders."""
        board_view = _abordaje(view)
        if board_view.viewer is not None:
            raise ValueError("board() draws the public view (viewer=None) only; a seat's view has secrets")
        key = view_key("abordaje.board", board_view)
        return self.cache.get_or_render(key, lambda: self._board(board_view))

    def hand(self, view: View) -> bytes | None:
        """The seat's hand, placed orders and passed cards; ``None`` for the public view or an empty hand."""
        hand_view = _abordaje(view)
        if not has_private(hand_view):
            return None
        # Keyed on what the hand image shows, not on the whole seat view (which changes with the board).
        return self.cache.get_or_render(hand_key(hand_view), lambda: encode_png(draw_hand(hand_view)))

    def alt(self, view: View) -> str:
        """What the board (public view) or this seat's hand image shows, in words (``render.core.alt``)."""
        return image_alt("¡Abordaje!", _abordaje(view))

    def layout(self, view: View) -> Sheet:
        """The texts a player reads to act on the board (``render.core.sheet``); pieces stand in their own cells."""
        board_view = _abordaje(view)
        return board_sheet(board_view, layout_for(tuple(card.number for card in board_view.cards)))

    def _board(self, view: AbordajeView) -> bytes:
        layout = layout_for(tuple(card.number for card in view.cards))
        base = self.layers.copy_of(layout.numbers, lambda: draw_static(layout))
        return encode_png(draw_board(view, layout, base))


RENDERER = AbordajeRenderer()
