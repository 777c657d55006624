"""The Derelict renderer: the phone board, the full board, zooms and private PNGs from views, with caches."""

from __future__ import annotations

from functools import partial
from itertools import islice
from typing import cast

from PIL import Image

from engine.core import View
from engine.derelict.view import DerelictView
from render.core import LayerCache, RenderCache, encode_png, view_key
from render.core.alt import clipped
from render.core.changes import marked_board, plain_board
from render.core.fonts import font
from render.core.glyphs import warm_glyphs
from render.core.layers import LayerSheets
from render.core.sheet import Sheet
from render.core.zoom import Area

from . import phone
from .alt import board_alt
from .board import draw_board, draw_static
from .cells import RoomCells
from .hand import HandParts, draw_hand, hand_key, has_private
from .hand import warm as warm_hand
from .maps import Maps
from .zoom import CREW, areas, draw_crew_zoom, draw_room_zoom, zoom_words

WARM_ACTIONS = 80
"""The actions of the seeded game ``DerelictRenderer.warm`` plays (every tenth board drawn): the first rounds."""


HEADER_KEPT = 64
"""The header's lines kept as drawn (each 600 x 112 px, one byte a pixel: 67 KB; 4.3 MB at most): the hazard, course
and pods lines of the games played lately, which most moves leave as they were."""


def _derelict(view: View) -> DerelictView:
    if not isinstance(view, DerelictView):
        raise TypeError(f"the Derelict renderer draws a DerelictView, not a {type(view).__name__}")
    return view


def _public(view: View) -> DerelictView:
    board_view = _derelict(view)
    if board_view.viewer is not None:
        raise ValueError("the board draws the public view (viewer=None) only; a seat's view has secrets")
    return board_view


class DerelictRenderer:
    """Draws Derelict views; one instance serves every game."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        self.layers = LayerCache()
        self.layer_sheets = LayerSheets()
        self.rooms = RoomCells()
        self.header = RoomCells(HEADER_KEPT)
        self.maps = Maps()
        self.hands = HandParts()

    def warm(self, seats: int = 4) -> None:
        """Draw, once when the process starts, what its first Derelict boards would otherwise pay for in the middle
        of a move: the glyphs new lines are built from (``warm_glyphs``) and their pairs' kernings, the static
        layer, the rooms' looks and the texts every game prints, from eight boards of a seeded game of ``seats``
        drawn on a renderer of their own and thrown away (the process's shared caches keep what they drew); every
        room's name in its face, the header's fire and malfunction lines, every piece's look and every number of the
        time track in both weights, every card's tile and every character's private heading (``phone.warm_texts``,
        ``phone.warm_pieces``, ``hand.warm``): about 0.5 s of CPU."""
        from engine.core import SeatSetup
        from engine.core.playout import random_playout
        from engine.derelict import SPEC, DerelictState

        warm_glyphs(font(size, bold=bold) for size, bold in ((18, False), (18, True), (21, True)))  # roster, header
        phone.warm_texts()
        phone.warm_pieces()
        warm_hand(self.hands)
        options = SPEC.options_model()
        playout = random_playout(SPEC, [SeatSetup() for _ in range(seats)], options, 1)
        steps = [step.after for step in islice(playout, WARM_ACTIONS)]
        scratch = DerelictRenderer()
        for state in steps[::10]:
            scratch._phone(_public(SPEC.view(cast(DerelictState, state), None)), Sheet(boxes_only=True))

    def board(self, view: View) -> bytes:
        """The phone board (portrait: tracks, a schematic ship, who is where); a seat's view is refused."""
        board_view = _public(view)
        return plain_board(self.cache, "derelict.board", board_view, self._phone)

    def marked(self, view: View, previous: View) -> tuple[bytes, list[str]]:
        """The phone board with what changed since ``previous`` ringed (``render.core.changes``): characters,
        intruders, fires, malfunctions and noise that appeared or moved, the time track and the lines that
        changed; and those in words."""
        return marked_board(
            self.cache,
            "derelict.board",
            _public(view),
            _public(previous),
            self._phone,
            steady=phone.TITLE,
            name=phone.piece_words,
            extra=phone.track_changes,
        )

    def full(self, view: View) -> bytes:
        """The detailed board (every room's exits, items and objects, every seat's strip), for a desktop."""
        board_view = _public(view)
        key = view_key("derelict.full", board_view)
        return self.cache.get_or_render(key, lambda: encode_png(self._full(board_view)))

    def areas(self, view: View) -> list[Area]:
        return areas(_derelict(view))

    def zoom(self, view: View, area: str) -> bytes:
        """One room and its corridors (or the crew's strips), enlarged for a phone."""
        board_view = _public(view)
        self._check(board_view, area)
        key = view_key(f"derelict.zoom.{area}", board_view)
        return self.cache.get_or_render(key, lambda: encode_png(self._zoom(board_view, area, None)))

    def zoom_alt(self, view: View, area: str) -> str:
        board_view = _public(view)
        self._check(board_view, area)
        return clipped(zoom_words(board_view, area))

    def zoom_layout(self, view: View, area: str) -> Sheet:
        board_view = _public(view)
        self._check(board_view, area)
        sheet = Sheet()
        self._zoom(board_view, area, sheet)
        return sheet

    def hand(self, view: View) -> bytes | None:
        private = _derelict(view)
        if not has_private(private):
            return None
        return self.cache.get_or_render(hand_key(private), lambda: encode_png(draw_hand(private, None, self.hands)))

    def alt(self, view: View) -> str:
        """What the board (public view, with its intruders, fires and noise) or this seat's private image shows."""
        return board_alt(_derelict(view))

    def layout(self, view: View) -> Sheet:
        """Every text and piece of the phone board, as drawn (``render.core.sheet``)."""
        sheet = Sheet()
        phone.draw_phone(_public(view), sheet)
        return sheet

    def _phone(self, view: DerelictView, sheet: Sheet | None = None) -> Image.Image:
        seats, over = phone.shape(view)
        key = ("derelict.phone", seats, over)
        draw = partial(phone.draw_static, seats, over)
        if sheet is not None and not sheet.boxes_only:  # the legibility tests measure the drawing itself
            base = self.layer_sheets.copy_of(self.layers, key, draw, sheet)
            return phone.draw_phone(view, sheet, base=base)
        static = partial(self.layer_sheets.copy_of, self.layers, key, draw)
        base, layer, mapped = self.maps.board(key, static, view, self.rooms)
        if sheet is not None:
            sheet.marks.extend(layer[0])
            sheet.tokens.extend(layer[1])
        return phone.draw_phone(view, sheet, base=base, rooms=self.rooms, mapped=mapped, header=self.header)

    def _full(self, view: DerelictView) -> Image.Image:
        base = self.layers.copy_of("derelict.static", draw_static)
        return draw_board(view, base)

    def _zoom(self, view: DerelictView, area: str, sheet: Sheet | None) -> Image.Image:
        if area == CREW:
            return draw_crew_zoom(view, sheet)
        return draw_room_zoom(view, area, self.layers.copy_of("derelict.static", draw_static), sheet)

    @staticmethod
    def _check(view: DerelictView, area: str) -> None:
        if area != CREW and all(room.id != area for room in view.rooms):
            raise ValueError(f"Derelict has no area {area!r}")


RENDERER = DerelictRenderer()
