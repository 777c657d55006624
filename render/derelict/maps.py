"""The phone board's map kept as last drawn, per board shape: a board pastes only the rooms that changed (issue 26).

Most moves change one or two of the twenty rooms. Pasting every room's kept drawing (``render.derelict.cells``)
on a fresh copy of the static layer costs twenty pastes a board; here each board shape keeps one image, the
static layer with every room as the last board of that shape showed it, and the rooms it shows by look. A board
pastes into it the rooms whose look differs (drawing those never drawn, over the static layer's own pixels of
their box, as on a fresh board) and is drawn on a copy of it. The rooms' boxes are apart and a room draws only
inside its box (``tests/render/test_derelict_cells.py``), and the header, the noise badges and the roster are
drawn on the copy afterwards, outside every box or over it: the copy is the board drawn from nothing, up to the
rooms. What each room printed (its marks and tokens, at board places) comes with it, in the order
``phone.draw_map`` would print it.

A shape's image is changed under its lock only (the host draws boards in worker threads); each board gets its own
copy. Only the public view is drawn (``DerelictRenderer`` refuses a seat's view), so a kept map never holds
anything one seat may see and another may not.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from PIL import Image

from engine.derelict.view import DerelictView, RoomView
from render.core.sheet import Mark, Sheet, Token

from .cells import Drawn, Look, RoomCells, look, paste_box
from .phone import Board, cell, draw_cell

MAPS_KEPT = 4
"""Board shapes kept (each a board-sized image, about 0.7 MB, and its copy of the static layer): the seat counts
of the games played lately."""


Printed = tuple[list[Mark], list[Token]]
"""What a part of a board printed (its texts and pieces, at board places), in the order it was drawn."""


@dataclass
class _Map:
    image: Image.Image  # the static layer with every room as last shown; changed under the lock only
    static: Image.Image  # the static layer itself, read only: a box's pixels before its room is drawn
    marks: tuple[Mark, ...]  # what the static layer prints
    tokens: tuple[Token, ...]
    shown: dict[str, tuple[Look, Drawn]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Maps:
    """Per board shape, the map as last drawn (bounded: the least recently used shape is forgotten first)."""

    def __init__(self, size: int = MAPS_KEPT) -> None:
        self.size = size
        self.pasted = 0  # rooms pasted or drawn into a kept map (a test's measure of what was not redone)
        self._kept: OrderedDict[Hashable, _Map] = OrderedDict()
        self._lock = threading.Lock()

    def board(
        self, shape: Hashable, static: Callable[[Sheet], Image.Image], view: DerelictView, rooms: RoomCells
    ) -> tuple[Image.Image, Printed, Printed]:
        """A fresh copy of the static layer (``static(sheet)``: a copy of it, measured on ``sheet``) with every
        room of ``view`` on it, what the layer printed and what the rooms printed."""
        kept = self._map(shape, static)
        printed: Printed = ([], [])
        with kept.lock:
            for room in view.rooms:
                key = look(view, room)
                shown = kept.shown.get(room.id)
                if shown is None or shown[0] != key:
                    shown = (key, self._show(kept, view, room, key, rooms))
                    kept.shown[room.id] = shown
                printed[0].extend(shown[1].marks)
                printed[1].extend(shown[1].tokens)
            return kept.image.copy(), (list(kept.marks), list(kept.tokens)), printed

    def _show(self, kept: _Map, view: DerelictView, room: RoomView, key: Look, rooms: RoomCells) -> Drawn:
        """Put ``room`` on the kept map: pasted when drawn before, else drawn over the static layer's own pixels
        of its box, and kept."""
        self.pasted += 1
        box = cell(room.id)
        drawn = rooms.get(key)
        if drawn is not None:
            kept.image.paste(drawn.image, box[:2])
            return drawn
        kept.image.paste(kept.static.crop(paste_box(box)), box[:2])
        printed = Sheet(boxes_only=True)
        draw_cell(Board(kept.image, printed), view, room)
        return rooms.keep(key, kept.image, box, printed)

    def _map(self, shape: Hashable, static: Callable[[Sheet], Image.Image]) -> _Map:
        with self._lock:
            kept = self._kept.get(shape)
            if kept is not None:
                self._kept.move_to_end(shape)
                return kept
        sheet = Sheet(boxes_only=True)
        image = static(sheet)
        made = _Map(image, image.copy(), tuple(sheet.marks), tuple(sheet.tokens))
        with self._lock:
            kept = self._kept.setdefault(shape, made)  # two threads on a new shape: the first one's is kept
            self._kept.move_to_end(shape)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return kept
