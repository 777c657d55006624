"""The Cosmic Pioneers renderer: the phone board, the detailed board and its zooms, behind the caches.

``board`` is the portrait overview a phone reads without zooming (``render.pioneers.phone``); ``full`` is the
detailed racetrack board for a desktop (``render.pioneers.board``); ``zoom`` one sector of it enlarged
(``render.pioneers.zoom``). Nothing is private between players, so there is no hand image.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from functools import partial
from typing import NamedTuple, cast

from PIL import Image, ImageDraw

from engine.core import View
from engine.pioneers.view import PioneersView
from render.core import Box, LayerCache, RenderCache, encode_png, new_canvas, view_key
from render.core.alt import clipped, image_alt
from render.core.changes import marked_board, plain_board
from render.core.closeup import BOARDS_KEPT
from render.core.fonts import font
from render.core.glyphs import warm_glyphs
from render.core.layers import LayerSheets
from render.core.sheet import Sheet
from render.core.zoom import Area

from . import zoom as zooms
from .board import draw_board, draw_static, ring_key
from .parts import Part, Sections
from .phone import (
    HEADER_H,
    WIDTH,
    StaticKey,
    draw_overview,
    draw_placed,
    draw_result,
    layer_key,
    parts,
    piece_words,
    result_height,
    static_key,
)
from .phone import draw_static as draw_phone_static


def _pioneers(view: View) -> PioneersView:
    if not isinstance(view, PioneersView):
        raise TypeError(f"the Cosmic Pioneers renderer draws a PioneersView, not a {type(view).__name__}")
    return view


def _public(view: View) -> PioneersView:
    """The view as the channel sees it: every seat's view draws the same (nothing is private)."""
    return _pioneers(view).model_copy(update={"viewer": None})


CELLS_KEPT = 96
"""Parts kept (``Sections``: sector cells, 31 KB each, and the header, captains' and footer strips, 24-60 KB; about
3.3 MB when full): the looks a game shows again (a captain's line or a ship as their turn comes back). A board
starts from the game's last one (``LAST_KEPT``), so only parts that changed are looked up: five seeded games
drew 991 parts with 256 kept, 1,143 with 96 (8.9 MB against 3.3 MB)."""

LAST_KEPT = 6
"""Last boards kept, one per ring being played (0.6 MB each): the next board of that game starts from it."""


class LastBoard(NamedTuple):
    """The last board drawn over a ring's layer, and the look and part of each of its boxes."""

    image: Image.Image
    parts: dict[Box, tuple[Hashable, Part]]


class PioneersRenderer:
    """Draws Cosmic Pioneers views; one instance serves every game (the caches are thread-safe)."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        # The detailed boards' and the phone boards' static layers, by their rings (0.3 MB each): a game's phone
        # boards draw one for its set-up, shared by the games of its size (``phone.layer_key``), and one for its
        # ring (another for its result screen); a detailed board (the zooms) one per ring dealt so far.
        self.layers = LayerCache(max_entries=64)
        self.layer_sheets = LayerSheets()
        self.boards = LayerCache(max_entries=BOARDS_KEPT)  # detailed boards, which the zooms are cut from
        # The phone boards' parts by place and look (``phone.parts``): a move changes a cell or two and a line,
        # drawn once per look; the rest of the board is the game's last board, copied (``_phone_over_last``).
        self.cells = Sections(max_entries=CELLS_KEPT)
        self._last: OrderedDict[StaticKey, LastBoard] = OrderedDict()  # by ring: its last board and parts
        self._last_lock = threading.Lock()

    def board(self, view: View) -> bytes:
        """The phone board: round, whose turn, the captains' numbers and the ring with every piece."""
        board_view = _public(view)
        return plain_board(self.cache, "pioneers.board", board_view, self._phone)

    def marked(self, view: View, previous: View) -> tuple[bytes, list[str]]:
        """The phone board with what changed since ``previous`` ringed (``render.core.changes``): colonists,
        ships, aliens and goods that appeared or moved, the points and credits that changed; and in words."""
        return marked_board(
            self.cache,
            "pioneers.board",
            _public(view),
            _public(previous),
            self._phone,
            steady=(0, 0, WIDTH, HEADER_H),
            name=piece_words,
        )

    def full(self, view: View) -> bytes:
        """The detailed board for a desktop: every sector's table, spot numbers and each captain's strip."""
        board_view = _public(view)
        key = view_key("pioneers.full", board_view)
        return self.cache.get_or_render(key, lambda: encode_png(self._full(key, board_view)))

    def hand(self, view: View) -> bytes | None:
        """Nothing is secret between players: no private image."""
        _pioneers(view)
        return None

    def alt(self, view: View) -> str:
        """What the board (public view) or this seat's hand image shows, in words (``render.core.alt``)."""
        return image_alt("Cosmic Pioneers", _pioneers(view))

    def layout(self, view: View) -> Sheet:
        """Every text and piece of the phone board as drawn (``render.core.sheet``)."""
        sheet = Sheet()
        draw_overview(_public(view), sheet)
        return sheet

    def areas(self, view: View) -> list[Area]:
        """Each sector of the ring, from the Jumpgate on."""
        return zooms.areas(_pioneers(view))

    def zoom(self, view: View, area: str) -> bytes:
        """One sector cut from the detailed board and enlarged, with its captains' names."""
        board_view = _public(view)
        zooms.sector_of(board_view, area)
        full_key = view_key("pioneers.full", board_view)
        key = f"{view_key('pioneers.zoom', board_view)}:{area}"
        return self.cache.get_or_render(
            key, lambda: encode_png(zooms.zoom_image(board_view, self._full(full_key, board_view), area))
        )

    def zoom_alt(self, view: View, area: str) -> str:
        """The sector in words: what the zoom shows, all public."""
        board_view = _pioneers(view)
        sector = zooms.sector_of(board_view, area)
        return clipped(
            f"A zoom on sector {sector.label} of the Cosmic Pioneers board: {zooms.describe(board_view, sector)}."
        )

    def zoom_layout(self, view: View, area: str) -> Sheet:
        """The zoom's texts as drawn, measured like ``layout``."""
        board_view = _public(view)
        sheet = Sheet()
        draw_board(board_view, draw_static(board_view, sheet), sheet)
        return zooms.zoom_sheet(board_view, sheet, area)

    def warm(self, seats: int = 2) -> None:
        """Draw, once when the process starts, what its first Cosmic Pioneers boards would otherwise pay for in
        the middle of a move: the faces at the board's sizes, the pieces' sprites, the sectors' frames and the
        texts every board prints (the key, "held by", a set-up's statuses, the sectors' labels): the process's
        shared caches (``render.core``), not this renderer's. One seeded game of ``seats`` captains is played and
        a few of its boards drawn on a renderer of their own, thrown away (the first, the first of play, one
        mid-game, the result): about 0.2 s of CPU, and under 1 MB kept in those caches. The first board of a
        process cost about 43 ms of CPU without it, the first board of play and the first result 15-20 ms."""
        from engine.core import SeatSetup
        from engine.core.playout import random_playout
        from engine.pioneers import SPEC, PioneersState

        options = SPEC.options_model()
        steps = [step.after for step in random_playout(SPEC, [SeatSetup() for _ in range(seats)], options, 1)]
        views = [_public(SPEC.view(cast(PioneersState, state), None)) for state in steps]
        playing = [i for i, view in enumerate(views) if view.phase == "play"]
        scratch = PioneersRenderer()
        for index in {0, *playing[:1], *playing[len(playing) // 2 : len(playing) // 2 + 1], len(views) - 1}:
            scratch._phone(views[index], Sheet(boxes_only=True))
        warm_glyphs(font(size, bold=bold) for size, bold in ((20, False), (22, False), (28, True)))  # footer, captains

    def _phone(self, view: PioneersView, sheet: Sheet | None = None) -> Image.Image:
        """The phone board over a copy of its static layer for the ring (the sectors' boxes and bands; during the
        set-up, the open ring's, with the sectors placed so far drawn over it: ``phone.layer_key``); while the
        game is played, over a copy of the last board drawn over that layer (``_phone_over_last``); its result
        screen over a taller copy of the last board of play (``_result_over_last``)."""
        shape = static_key(view)
        layer = layer_key(shape)  # during the set-up, the ring of open slots: the sectors placed go on top
        if layer == shape and (sheet is None or sheet.boxes_only):
            if view.phase != "over":
                return self._phone_over_last(view, shape, sheet)
            result = self._result_over_last(view, shape, sheet)
            if result is not None:
                return result
        base = self.layer_sheets.copy_of(self.layers, ("phone", layer), partial(draw_phone_static, layer), sheet)
        return draw_overview(view, sheet, base if layer == shape else draw_placed(base, shape), self.cells)

    def _result_over_last(self, view: PioneersView, shape: StaticKey, sheet: Sheet | None) -> Image.Image | None:
        """The result screen over a copy of the game's last board of play (``None`` when none is kept: a restart),
        on a canvas as tall as the result's layer: that layer is the ring's own with paper below the footer (the
        sectors' frames lie where they lie on the ring's layer), so only the parts that changed are pasted and the
        standings drawn, and no layer is drawn for a screen shown once a game (10-14 ms a game's last move)."""
        sectors, players, tall = shape
        played = (sectors, players, tall - result_height(view))
        with self._last_lock:
            last = self._last.get(played)
        if last is None:
            return None
        under = self.layers.get(("phone", played), partial(draw_phone_static, played))  # it prints no text
        image = new_canvas(WIDTH, tall)
        image.paste(last.image, (0, 0))
        self._paste_parts(image, under, last, view, sheet)
        draw_result(ImageDraw.Draw(image), view, sheet)
        return image

    def _phone_over_last(self, view: PioneersView, shape: StaticKey, sheet: Sheet | None) -> Image.Image:
        """The board of a ring being played, on a copy of the last board drawn over the same layer (that game's
        last board, most often), with only the parts whose look changed pasted (``phone.parts``: a cell or two,
        a captain's line...), each drawn over the layer itself when new (``Sections.paste``'s ``under``), and a
        cell's ships stamped over it (``BoardPart.over``: a ship's move or outline pastes a kept cell). Every
        part covers its box whole and nothing else is drawn while a game is played (the result's standings are
        drawn below the footer, ``_result_over_last``), so the pixels are those of a board pasted part by part on
        the layer.
        The board returned is the caller's: the one kept as the next board's start is a copy of it."""
        under = self.layers.get(("phone", shape), partial(draw_phone_static, shape))  # it prints no text
        with self._last_lock:
            last = self._last.get(shape)
        image = (under if last is None else last.image).copy()
        kept = self._paste_parts(image, under, last, view, sheet)
        # The board handed out may be drawn on before it is put back as it was (the rings, ``DrawnBoards.lent``),
        # while another game on the same ring starts from the last board in another thread: that one is a copy.
        with self._last_lock:
            self._last[shape] = LastBoard(image.copy(), kept)
            self._last.move_to_end(shape)
            while len(self._last) > LAST_KEPT:
                self._last.popitem(last=False)
        return image

    def _paste_parts(
        self, image: Image.Image, under: Image.Image, last: LastBoard | None, view: PioneersView, sheet: Sheet | None
    ) -> dict[Box, tuple[Hashable, Part]]:
        """Paste on ``image`` (a copy of ``last``'s image) the parts of ``view`` whose look is not the one ``last``
        shows there, each drawn over ``under`` (the ring's layer) when new; the look and part of every box."""
        draw = ImageDraw.Draw(image)
        kept: dict[Box, tuple[Hashable, Part]] = {}
        for box, look, paint, over_look, over in parts(view):
            shown = (look, over_look)
            before = None if last is None else last.parts.get(box)
            if before is not None and before[0] == shown:
                part = before[1]  # already on the board: what it prints goes on the sheet
                if sheet is not None:
                    sheet.marks.extend(part.marks)
                    sheet.tokens.extend(part.tokens)
            else:
                pasted = self.cells.paste(image, box, look, paint, sheet, under=under)
                assert pasted is not None  # only a sheet measuring letters gets a part drawn in place
                part = pasted
                if over is not None:  # a cell's ships, stamped over the kept cell: kept with the part's sheet
                    above = Sheet(boxes_only=True)
                    over(draw, box, above)
                    if sheet is not None:
                        sheet.marks.extend(above.marks)
                        sheet.tokens.extend(above.tokens)
                    part = Part(part.image, part.marks + tuple(above.marks), part.tokens + tuple(above.tokens))
            kept[box] = (shown, part)
        return kept

    def _full(self, key: str, view: PioneersView) -> Image.Image:
        """The detailed board image (drawn once for the full board and its zooms alike)."""
        return self.boards.get(
            key, lambda: draw_board(view, self.layers.copy_of(ring_key(view), lambda: draw_static(view)))
        )


RENDERER = PioneersRenderer()
