"""The Derelict renderer: board and private PNGs from views, with the image and static-layer caches."""

from __future__ import annotations

from engine.core import View
from engine.derelict.view import DerelictView
from render.core import LayerCache, RenderCache, encode_png, view_key
from render.core.sheet import Sheet

from .alt import board_alt
from .board import draw_board, draw_static
from .hand import draw_hand, has_private
from .places import board_sheet


def _derelict(view: View) -> DerelictView:
    if not isinstance(view, DerelictView):
        raise TypeError(f"the Derelict renderer draws a DerelictView, not a {type(view).__name__}")
    return view


class DerelictRenderer:
    """Draws Derelict views; one instance serves every game."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        self.layers = LayerCache()

    def board(self, view: View) -> bytes:
        """The public board; a seat's view is refused (it holds that seat's secrets)."""
        board_view = _derelict(view)
        if board_view.viewer is not None:
            raise ValueError("board() draws the public view (viewer=None) only; a seat's view has secrets")
        key = view_key("derelict.board", board_view)
        return self.cache.get_or_render(key, lambda: self._board(board_view))

    def hand(self, view: View) -> bytes | None:
        private = _derelict(view)
        if not has_private(private):
            return None
        return self.cache.get_or_render(view_key("derelict.hand", private), lambda: encode_png(draw_hand(private)))

    def alt(self, view: View) -> str:
        """What the board (public view, with its intruders, fires and noise) or this seat's private image shows."""
        return board_alt(_derelict(view))

    def layout(self, view: View) -> Sheet:
        """The names a player reads to act and where the pieces stand on the board (``render.core.sheet``)."""
        return board_sheet(_derelict(view))

    def _board(self, view: DerelictView) -> bytes:
        base = self.layers.copy_of("derelict.static", draw_static)
        return encode_png(draw_board(view, base))


RENDERER = DerelictRenderer()
