"""The Cosmic Pioneers renderer: the phone board, the detailed board and its zooms, behind the caches.

``board`` is the portrait overview a phone reads without zooming (``render.pioneers.phone``); ``full`` is the
detailed racetrack board for a desktop (``render.pioneers.board``); ``zoom`` one sector of it enlarged
(``render.pioneers.zoom``). Nothing is private between players, so there is no hand image.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
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
    CELL_REGIONS,
    HEADER_H,
    WIDTH,
    BoardPart,
    draw_overview,
    draw_placed,
    draw_result,
    every_title,
    height,
    layer_key,
    parts,
    piece_words,
    result_height,
    static_key,
    warm_pairs,
    warm_titles,
)
from .phone import draw_static as draw_phone_static
from .phone import ground as phone_ground


def _pioneers(view: View) -> PioneersView:
    if not isinstance(view, PioneersView):
        raise TypeError(f"the Cosmic Pioneers renderer draws a PioneersView, not a {type(view).__name__}")
    return view


def _public(view: View) -> PioneersView:
    """The view as the channel sees it: every seat's view draws the same (nothing is private)."""
    return _pioneers(view).model_copy(update={"viewer": None})


CELLS_KEPT = 96
"""Parts kept (``Sections``: sector cells, 31 KB each, the header's, captains' and footer's line parts, 8-27 KB;
about 3 MB when full): the looks a game shows again (a captain's line or a ship as their turn comes back). A board
starts from the game's last one (``LAST_KEPT``), so only parts that changed are looked up: five seeded games
drew 991 parts with 256 kept, 1,143 with 96 (8.9 MB against 3.3 MB)."""


LAST_KEPT = 6
"""Boards kept as starts (0.6 MB each), about one per game being played: a game's next board starts from the
one most like it (``PioneersRenderer._start``), its own last board, and takes its place."""


Shown = tuple[Hashable, Hashable]
"""What a board's part shows: its look and what is stamped over it (``BoardPart.look``, ``BoardPart.over_look``)."""

Geometry = tuple[int, int, int]
"""A board of play's sectors, captains and height: boards of one geometry have their parts in the same boxes."""


class LastBoard(NamedTuple):
    """A board drawn lately (read only), its geometry and the look and part of each of its boxes."""

    geometry: Geometry
    image: Image.Image
    parts: dict[Box, tuple[Shown, Part]]


class PioneersRenderer:
    """Draws Cosmic Pioneers views; one instance serves every game (the caches are thread-safe)."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        # The detailed boards' and the phone boards' static layers, by their rings (0.3 MB each): a detailed board
        # (the zooms) draws one per ring dealt so far; a phone board only when its letters are measured (``layout``:
        # the others are parts pasted over a board drawn before, ``_over_last``).
        self.layers = LayerCache(max_entries=64)
        self.layer_sheets = LayerSheets()
        self.boards = LayerCache(max_entries=BOARDS_KEPT)  # detailed boards, which the zooms are cut from
        # The phone boards' parts by place and look (``phone.parts``): a move changes a cell or two and a line,
        # drawn once per look; the rest of the board is the game's last board, copied (``_phone_over_last``).
        self.cells = Sections(max_entries=CELLS_KEPT)
        self._last: list[LastBoard] = []  # the boards a next board starts from, the least recently drawn first
        self._last_lock = threading.Lock()
        self._lent = threading.local()  # in ``marked`` or ``board``: the boards to keep once they return

    def board(self, view: View) -> bytes:
        """The phone board: round, whose turn, the captains' numbers and the ring with every piece."""
        board_view = _public(view)
        with self._lending():
            return plain_board(self.cache, "pioneers.board", board_view, self._phone)

    def marked(self, view: View, previous: View) -> tuple[bytes, list[str]]:
        """The phone board with what changed since ``previous`` ringed (``render.core.changes``): colonists,
        ships, aliens and goods that appeared or moved, the points and credits that changed; and in words."""
        with self._lending():
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
        process cost about 43 ms of CPU without it, the first board of play and the first result 15-20 ms.
        Then every scenario's titles (``phone.every_title``: the set-up's and each round's, 130), measured and
        stamped: about 25 ms of CPU and 1.3 MB of letters, so a round's first board, the slowest of a game (its
        alien event's cells, the captains' numbers and the footer are new too), pastes a title already stamped.
        And the letter pairs around the numbers those boards print anew (``phone.warm_pairs``: 30-40 ms)."""
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
        # Every scenario's titles, the set-up's and each round's: a round's first board (the tail of the new-board
        # actions: its alien event's cells, the numbers and the footer are new too) then only pastes its title.
        warm_titles(every_title())
        warm_pairs(font(size, bold=bold) for size, bold in ((20, False), (22, False)))  # the footer, the numbers

    def _phone(self, view: PioneersView, sheet: Sheet | None = None) -> Image.Image:
        """The phone board: over a copy of the most alike board drawn lately (``_over_last``); when a sheet
        measures letters (the legibility tests' ``layout``), every part drawn in place over a copy of its static
        layer for the ring (the sectors' boxes and bands; during the set-up, the open ring's, with the sectors
        placed so far drawn over it: ``phone.layer_key``)."""
        if sheet is None or sheet.boxes_only:
            return self._over_last(view, sheet)
        shape = static_key(view)
        layer = layer_key(shape)  # during the set-up, the ring of open slots: the sectors placed go on top
        base = self.layer_sheets.copy_of(self.layers, ("phone", layer), partial(draw_phone_static, layer), sheet)
        return draw_overview(view, sheet, base if layer == shape else draw_placed(base, shape), self.cells)

    def _over_last(self, view: PioneersView, sheet: Sheet | None) -> Image.Image:
        """The board on a copy of the kept board of its size that shows most of its parts (``_start``: that game's
        last board, most often; nothing kept: blank paper), with only the parts whose look differs pasted
        (``phone.parts``: a cell or two, a captain's line...), each drawn when new over what every layer holds in
        its box (``phone.ground``: its sector's frame, or paper), and a cell's ships stamped over it
        (``BoardPart.over``: a ship's move or outline pastes a kept cell). Every part covers its box whole and
        the boxes cover every pixel a layer does not leave blank, so the pixels are those of a board pasted part
        by part on its ring's layer: during the set-up as in play (a sector placed is a cell whose look changed).
        The result screen is the last board of play on a taller canvas, its standings drawn below the footer, and
        is not kept (a game shows it once).
        The board returned is the caller's; it is kept as the next board's start (``_keep``)."""
        found = parts(view, cut_lines=True)
        tall = height(view)
        geometry = (len(view.ring), len(view.players), tall - result_height(view))
        last, same = self._start(geometry, found)
        if view.phase == "over":
            image = new_canvas(WIDTH, tall)
            if last is not None:
                image.paste(last.image, (0, 0))
        else:
            image = new_canvas(WIDTH, tall) if last is None else last.image.copy()
        kept = self._paste_parts(image, last, found, sheet)
        if view.phase == "over":
            draw_result(ImageDraw.Draw(image), view, sheet)
        else:
            # It takes the place of the board it started from if that showed most of it (the same game's last
            # board), not another game's, which stays that game's start.
            self._keep(LastBoard(geometry, image, kept), last if 2 * same >= len(found) else None)
        return image

    def _start(self, geometry: Geometry, found: list[BoardPart]) -> tuple[LastBoard | None, int]:
        """The kept board of ``geometry`` whose boxes show the most of ``found``'s looks (a game's own last board
        shows all but the few parts a move changed; another game's, its paper and little else), and how many."""
        with self._last_lock:
            candidates = [last for last in self._last if last.geometry == geometry]
        best, most = None, -1
        for last in candidates:
            shown = last.parts
            same = 0
            for part in found:
                before = shown.get(part.box)
                if before is not None and before[0] == (part.look, part.over_look):
                    same += 1
            if same > most:
                best, most = last, same
        return best, most

    def _keep(self, board: LastBoard, replaced: LastBoard | None) -> None:
        """Keep ``board`` (in place of ``replaced``, the board it was drawn over) as a start for the next ones.
        Inside ``marked`` or ``board`` (``_lending``) it is kept as it is once they return: the what-changed rings
        are drawn on it and taken off before (``DrawnBoards.lent``), and another thread composing a board
        meanwhile must not start from it. Elsewhere (a caller may draw on the board it is handed), a copy."""
        pending: list[tuple[LastBoard, LastBoard | None]] | None = getattr(self._lent, "pending", None)
        if pending is not None:
            pending.append((board, replaced))
        else:
            self._promote([(board._replace(image=board.image.copy()), replaced)])

    def _promote(self, boards: list[tuple[LastBoard, LastBoard | None]]) -> None:
        with self._last_lock:
            for board, replaced in boards:
                # By identity: ``list.remove`` compares with ``==``, and two boards' images compare by their bytes.
                self._last[:] = [last for last in self._last if last is not replaced]
                self._last.append(board)
            del self._last[: max(0, len(self._last) - LAST_KEPT)]  # the least recently drawn first

    @contextmanager
    def _lending(self) -> Iterator[None]:
        """Around ``marked`` and ``board``: the boards composed meanwhile in this thread are kept (``_keep``)
        without a copy once the call returns, when nothing draws on them any more (the images ``render.core.changes``
        keeps are read only); none when it fails."""
        pending: list[tuple[LastBoard, LastBoard | None]] = []
        outer = getattr(self._lent, "pending", None)
        self._lent.pending = pending
        try:
            yield
        finally:
            self._lent.pending = outer
        # Only the first: a board drawn after it in the same call is the previous view's (its layout measured
        # again after a restart), which the board just drawn supersedes.
        self._promote(pending[:1])

    def _paste_parts(
        self, image: Image.Image, last: LastBoard | None, found: list[BoardPart], sheet: Sheet | None
    ) -> dict[Box, tuple[Shown, Part]]:
        """Paste on ``image`` (a copy of ``last``'s image) the parts ``found`` whose look is not the one ``last``
        shows there, each drawn over its ``ground`` when new (a cell whose band is the one ``last`` shows: made from
        that cell, only its changed spots and goods drawn again, ``phone.cell_patch``); the look and part of every
        box."""
        draw = ImageDraw.Draw(image)
        kept: dict[Box, tuple[Shown, Part]] = {}
        shown_before = {} if last is None else last.parts
        for found_part in found:
            box = found_part.box
            shown = (found_part.look, found_part.over_look)
            before = shown_before.get(box)
            if before is not None and before[0] == shown:
                part = before[1]  # already on the board: what it prints goes on the sheet
                if sheet is not None:
                    sheet.marks.extend(part.marks)
                    sheet.tokens.extend(part.tokens)
            else:
                ground = phone_ground(found_part)
                pasted = None
                if before is not None and found_part.patch is not None and before[0][0] != found_part.look:
                    # A cell whose spots or goods changed: the last board's cell with those regions drawn again.
                    base = before[0][0]
                    patch = found_part.patch(base)
                    if patch is not None:
                        look = found_part.look
                        pasted = self.cells.patched(image, box, look, base, patch, CELL_REGIONS, ground, sheet)
                if pasted is None:
                    pasted = self.cells.paste(image, box, found_part.look, found_part.paint, sheet, ground=ground)
                assert pasted is not None  # only a sheet measuring letters gets a part drawn in place
                part = pasted
                over = found_part.over
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
