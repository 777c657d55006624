"""The images each board and each seat's panel were last given, by what they were drawn from.

Most moves change nothing a picture shows: the channel board and the acting player's panel are the same images
as the last time (a step of a chain, a card placed face down). Asking the renderer again costs its keys (each
a JSON dump of a view and a hash: 0.1-0.3 ms apiece, three or four a move for Jupiter) and the alt text, on the
event loop. So the host keeps, per board and per seat, the images it last sent with a digest of the view it drew
them from (its JSON, which the host writes anyway: the what-changed bookkeeping, the marker check): the same
digest gives the same images. A renderer draws a view, nothing else, so nothing a player receives changes.

Bounded like the host's other per-game memories (``PARSED_GAMES`` games' worth); the images are the renderer's
own bytes (its ``RenderCache`` holds the same objects), so a kept entry costs its references, until the renderer
lets its copy go.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


def digest(*parts: str) -> bytes:
    """A digest of ``parts`` (views' JSON, names): equal for equal parts, kept small."""
    hashed = hashlib.blake2b(digest_size=16)
    for part in parts:
        hashed.update(part.encode())
        hashed.update(b"\0")
    return hashed.digest()


class LastDrawn(Generic[T]):
    """Per key (a game's board, a seat's panel), the last images given and what they were drawn from.

    ``drawn_from`` is compared by value (a digest, a game key) and ``against`` by identity: a board marking what
    changed depends on the previous board's view too, the very object ``ShownBoards`` keeps, held here so that
    its identity means the same view while the entry lives."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, tuple[Hashable, object, T]] = OrderedDict()

    def get(self, key: Hashable, drawn_from: Hashable, against: object = None) -> T | None:
        """What ``key`` was last given, if it was drawn from the same (``drawn_from``, ``against``)."""
        kept = self._kept.get(key)
        if kept is None or kept[0] != drawn_from or kept[1] is not against:
            return None
        self._kept.move_to_end(key)
        return kept[2]

    def put(self, key: Hashable, drawn_from: Hashable, value: T, against: object = None) -> None:
        self._kept[key] = (drawn_from, against, value)
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
