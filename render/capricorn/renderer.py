"""The Abandon Capricorn renderer: board and hand PNGs from views, with both caches in front of the drawing.

A board starts from a copy of the static layer for its rotation state (``LayerCache``, keyed by the rings'
counters and the variant's nothing else): the hull, rooms, spaces with codes, doors, and the panel's frame
and legend. Only tokens, pieces and numbers are drawn per view. Whole images are kept by view
(``RenderCache``); the hand is keyed on the hand alone, so a public change does not redraw it.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.capricorn.view import CapricornView
from engine.core import View
from render.core import Ink, LayerCache, RenderCache, encode_png, new_canvas, view_key

from .hand import draw_hand, hand_key, own_characters
from .layout import HEIGHT, WIDTH
from .panel import draw_panel, draw_panel_static, draw_result
from .ship import draw_ship_pieces, draw_ship_static


def _capricorn(view: View) -> CapricornView:
    if not isinstance(view, CapricornView):
        raise TypeError(f"the Abandon Capricorn renderer draws a CapricornView, not a {type(view).__name__}")
    return view


def rotation_key(view: CapricornView) -> tuple[tuple[str, int], ...]:
    """What the static layer depends on: the rings' counters (the open doors follow from them)."""
    return tuple(sorted(view.rotation.items()))


def draw_static(view: CapricornView) -> Image.Image:
    """The ship for the view's rotation and the panel's fixed parts."""
    image = new_canvas(WIDTH, HEIGHT, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    draw_ship_static(draw, view)
    draw_panel_static(draw)
    return image


def draw_board(view: CapricornView, image: Image.Image) -> Image.Image:
    """The board for ``view`` drawn onto ``image`` (a copy of the static layer for its rotation)."""
    draw = ImageDraw.Draw(image)
    draw_ship_pieces(draw, view)
    draw_panel(draw, view)
    draw_result(draw, view)
    return image


class CapricornRenderer:
    """Draws Abandon Capricorn views; one instance serves every game (the caches are thread-safe)."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        self.layers = LayerCache()

    def board(self, view: View) -> bytes:
        """The public board. A seat's view draws the same board (hands are never drawn on it)."""
        board_view = _capricorn(view)
        key = view_key(
            "capricorn.board",
            board_view.model_copy(
                update={
                    "viewer": None,
                    "characters": [c.model_copy(update={"hand": None}) for c in board_view.characters],
                }
            ),
        )
        return self.cache.get_or_render(key, lambda: self._board(board_view))

    def hand(self, view: View) -> bytes | None:
        """The seat's own characters and their cards; ``None`` for the public view (no hand in it)."""
        hand_view = _capricorn(view)
        if hand_view.viewer is None or not own_characters(hand_view):
            return None
        return self.cache.get_or_render(hand_key(hand_view), lambda: encode_png(draw_hand(hand_view)))

    def _board(self, view: CapricornView) -> bytes:
        base = self.layers.copy_of(rotation_key(view), lambda: draw_static(view))
        return encode_png(draw_board(view, base))


RENDERER = CapricornRenderer()
