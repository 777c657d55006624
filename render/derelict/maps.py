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

The noise badges are kept on the map too (``_Map.noise``), drawn over the rooms as ``phone.draw_map`` draws them: a
board draws only the badges that appeared, and those a room pasted under them cut into (a badge in the gap between
two rooms reaches into their boxes; no two badges meet: ``tests/render/test_derelict_maps.py``). A badge gone is
wiped to the static layer's pixels of its box, with the rooms it reached into pasted again (and their other badges
drawn again). Twelve badges late in a game cost a quarter of a millisecond a board to stamp and note.

A shape's image is changed under its lock only (the host draws boards in worker threads); each board gets its own
copy. Only the public view is drawn (``DerelictRenderer`` refuses a seat's view), so a kept map never holds
anything one seat may see and another may not.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache

from PIL import Image, ImageDraw

from engine.derelict.catalog import CATALOG
from engine.derelict.view import DerelictView, RoomView
from render.core.sheet import Mark, Sheet, Token, drawn

from .cells import Drawn, Look, RoomCells, look, paste_box
from .phone import Board, cell, draw_cell, noise_at, paint_noise

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
    noise: frozenset[str] = frozenset()  # the noise badges drawn on ``image``
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
        room and noise badge of ``view`` on it, what the layer printed and what the rooms and badges printed."""
        kept = self._map(shape, static)
        printed: Printed = ([], [])
        with kept.lock:
            pasted = set()
            for room in view.rooms:
                key = look(view, room)
                shown = kept.shown.get(room.id)
                if shown is None or shown[0] != key:
                    shown = (key, self._show(kept, view, room, key, rooms))
                    kept.shown[room.id] = shown
                    pasted.add(room.id)
                printed[0].extend(shown[1].marks)
                printed[1].extend(shown[1].tokens)
            self._noise(kept, view.noise, pasted)
            printed[1].extend(noise_token(key) for key in view.noise)
            return kept.image.copy(), (list(kept.marks), list(kept.tokens)), printed

    @staticmethod
    def _noise(kept: _Map, noise: list[str], pasted: set[str]) -> None:
        """Put the badges ``noise`` on the kept map, over its rooms (``pasted``: the rooms pasted for this board):
        wipe those gone (their box to the static layer, the rooms they reached into pasted again), then draw those
        new and those a pasted room cut into."""
        wanted = frozenset(noise)
        for key in kept.noise - wanted:
            box = noise_token(key).box
            kept.image.paste(kept.static.crop(box), box[:2])
            for room in reached(key):
                shown = kept.shown.get(room)
                if shown is not None:
                    kept.image.paste(shown[1].image, cell(room)[:2])
                    pasted.add(room)
        draw = None
        for key in noise:
            if key not in kept.noise or not pasted.isdisjoint(reached(key)):
                draw = draw or ImageDraw.Draw(kept.image)
                paint_noise(draw, noise_at(key))
        kept.noise = wanted

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


@cache
def noise_token(key: str) -> Token:
    """What a noise badge on ``key`` (a corridor ``A|B`` or a duct) prints, as ``phone.draw_map`` notes it: its box
    (its ink's, right and bottom excluded) and pixels; the same for every board."""
    at = noise_at(key)
    box, pixels = drawn(paint_noise, at)
    return Token(key, "noise", box, pixels)


@cache
def reached(key: str) -> tuple[str, ...]:
    """The rooms whose boxes a noise badge on ``key`` reaches into (a badge in a narrow gap: both rooms beside it)."""
    x0, y0, x1, y1 = noise_token(key).box
    out = []
    for room in CATALOG.map_order:
        a0, b0, a1, b1 = paste_box(cell(room))
        if x0 < a1 and a0 < x1 and y0 < b1 and b0 < y1:
            out.append(room)
    return tuple(out)
