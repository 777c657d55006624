"""The Cosmic Pioneers renderer: the board PNG from the public view, behind the image and layer caches.

Nothing is private between players, so there is no hand image: ``hand`` returns ``None``.
"""

from __future__ import annotations

from engine.core import View
from engine.pioneers.view import PioneersView
from render.core import LayerCache, RenderCache, encode_png, view_key
from render.core.alt import image_alt
from render.core.sheet import Sheet

from .board import board_sheet, draw_board, draw_static, ring_key


def _pioneers(view: View) -> PioneersView:
    if not isinstance(view, PioneersView):
        raise TypeError(f"the Cosmic Pioneers renderer draws a PioneersView, not a {type(view).__name__}")
    return view


class PioneersRenderer:
    """Draws Cosmic Pioneers views; one instance serves every game (the caches are thread-safe)."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        self.layers = LayerCache()

    def board(self, view: View) -> bytes:
        board_view = _pioneers(view)
        key = view_key("pioneers.board", board_view.model_copy(update={"viewer": None}))
        return self.cache.get_or_render(key, lambda: self._board(board_view))

    def hand(self, view: View) -> bytes | None:
        """Nothing is secret between players: no private image."""
        _pioneers(view)
        return None

    def alt(self, view: View) -> str:
        """What the board (public view) or this seat's hand image shows, in words (``render.core.alt``)."""
        return image_alt("Cosmic Pioneers", _pioneers(view))

    def layout(self, view: View) -> Sheet:
        """The texts a player reads to act on the board (``render.core.sheet``); pieces stand in their own boxes."""
        return board_sheet(_pioneers(view))

    def _board(self, view: PioneersView) -> bytes:
        base = self.layers.copy_of(ring_key(view), lambda: draw_static(view))
        return encode_png(draw_board(view, base))


RENDERER = PioneersRenderer()
