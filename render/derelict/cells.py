"""The phone board's rooms drawn once per look and pasted (issue 26: a board draws only what changed).

A room's box on the phone board (``phone.cell``) shows its frame, id, name and up to four pieces, all drawn
inside the box over the static layer, which is the same there for every shape of board (the shape changes the
roster below the map only). Nothing else is drawn into a room's box before it (the header is above the map,
noise badges and the roster after it, the what-changed rings last). So a room drawn once can be cut out of
the board with what it printed (its ``Sheet`` entries, at their places on the board) and pasted on a later
board whose room looks the same: the same pixels, the same layout, for the cost of a paste.

A room's look is everything ``phone.draw_cell`` reads (``look``): its id, whether it is explored, its name,
fire, malfunction, its intruders' types and letters in order, and its characters' letters and colours in
order. The header's time track is kept the same way (by the track's length, the time and where cryo opens).
Only the public view is drawn (``DerelictRenderer`` refuses a seat's view), so a kept room never
holds anything one seat may see and another may not.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine.core.recent import Recent
from engine.derelict.view import DerelictView, RoomView
from render.core import Box
from render.core.sheet import Mark, Sheet, Token

ROOMS_KEPT = 400
"""Room looks kept (each about 11 KB of pixels: 173 x 63, one byte a pixel; 4.4 MB at most): the twenty rooms of
every game drawn lately, most of which look the same from one board to the next."""

Look = tuple[object, ...]


@dataclass(frozen=True)
class Drawn:
    """A room as drawn: its box's pixels and what it printed there (texts and pieces, at board places)."""

    image: Image.Image
    marks: tuple[Mark, ...]
    tokens: tuple[Token, ...]


def look(view: DerelictView, room: RoomView) -> Look:
    """Everything ``phone.draw_cell`` draws ``room`` from: two rooms of one look are the same pixels."""
    intruders = tuple((intruder.type, intruder.letter) for intruder in room.intruders) if room.intruders else ()
    seats = view.seats
    characters = tuple((seat % 5, seats[seat].letter) for seat in room.characters) if room.characters else ()
    return (room.id, room.explored, room.name, room.fire, room.malfunction, intruders, characters)


def paste_box(box: Box) -> Box:
    """The pixels a room's box covers: ``rounded`` draws its right and bottom edges inclusive."""
    x0, y0, x1, y1 = box
    return (x0, y0, x1 + 1, y1 + 1)


class RoomCells:
    """Rooms drawn lately, by look (``engine.core.recent.Recent``: bounded, least recently used first out, safe
    across threads). The images kept are read only (pasted)."""

    def __init__(self, size: int = ROOMS_KEPT) -> None:
        self.draws = 0
        self._kept: Recent[Look, Drawn] = Recent(size)

    def get(self, key: Look) -> Drawn | None:
        return self._kept.get(key)

    def keep(self, key: Look, image: Image.Image, box: Box, printed: Sheet) -> Drawn:
        """Keep the room just drawn on ``image`` in ``box`` with what it printed (``printed``); what is kept."""
        drawn = Drawn(image.crop(paste_box(box)), tuple(printed.marks), tuple(printed.tokens))
        self._kept.put(key, drawn)
        self.draws += 1
        return drawn

    def __len__(self) -> int:
        return len(self._kept)
