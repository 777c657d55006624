"""Remember the PNG bytes of recent views, so an unchanged board is never drawn or encoded twice.

The host re-sends a board after every step and opens panels on demand; most of those requests carry the
same view as the previous one. A view is a pydantic model, so its JSON is a complete, stable description
of everything the image can show: its hash is the key. The cache is bounded by entries and by bytes, and
is safe to use from the threads the bot renders in.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_asking = threading.local()  # ``kept_only``: whether this thread asks the caches only for what they keep


class NotKept(Exception):
    """A ``RenderCache`` asked, inside ``kept_only``, for an image it does not keep: it would have to draw."""


@contextmanager
def kept_only() -> Iterator[None]:
    """Within it, on this thread only, every ``RenderCache`` answers what it keeps and raises ``NotKept`` instead
    of drawing. The host asks a renderer this way on its event loop first (``kept``): an image already drawn
    costs no hop to a worker thread, and one to draw is drawn there as before. Other threads draw as usual."""
    before = getattr(_asking, "kept_only", False)
    _asking.kept_only = True
    try:
        yield
    finally:
        _asking.kept_only = before


def kept(call: Callable[[], T]) -> tuple[bool, T | None]:
    """``(True, call())`` when ``call`` (a renderer's method) is answered from the caches without drawing, else
    ``(False, None)``: the caller then runs it where drawing belongs (a worker thread). A renderer keys its
    images on what they show (a sub-view of the view, its JSON), so asking costs the key, not a drawing."""
    try:
        with kept_only():
            return True, call()
    except NotKept:
        return False, None


def view_key(purpose: str, view: BaseModel) -> str:
    """A key naming what is drawn (``purpose``, e.g. ``"abordaje.board"``) from which exact view."""
    return view_keys(view, purpose)[0]


def view_keys(view: BaseModel, *purposes: str) -> tuple[str, ...]:
    """``view_key`` for several images of one view (a board and its close-up), the view's JSON made once."""
    return keys_of(view, view.model_dump_json(), *purposes)


def keys_of(view: BaseModel, text: str, *purposes: str) -> tuple[str, ...]:
    """``view_keys(view, *purposes)`` from ``text``, ``view``'s JSON, written already."""
    body = text.encode()
    keys = []
    for purpose in purposes:
        digest = hashlib.sha256()
        digest.update(purpose.encode())
        digest.update(b"\0")
        digest.update(type(view).__qualname__.encode())
        digest.update(b"\0")
        digest.update(body)
        keys.append(digest.hexdigest())
    return tuple(keys)


class RenderCache:
    """A least-recently-used map from view keys to PNG bytes, counting hits and renders.

    ``renders`` counts how many times the drawing function actually ran (a draw plus an encode), which is
    what the tests check instead of timings.
    """

    def __init__(self, max_entries: int = 256, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.hits = 0
        self.renders = 0
        self._entries: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get_or_render(self, key: str, render: Callable[[], bytes]) -> bytes:
        """The cached bytes for ``key``, or ``render()``'s result, stored for next time."""
        with self._lock:
            cached = self._entries.get(key)
            if cached is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return cached
        if getattr(_asking, "kept_only", False):
            raise NotKept(key)
        # Drawn outside the lock: two threads racing on one new key both draw, which is harmless.
        data = render()
        with self._lock:
            self.renders += 1
            if key not in self._entries:
                self._entries[key] = data
                self._bytes += len(data)
                self._evict()
        return data

    def clear(self) -> None:
        """Forget every image and reset the counters."""
        with self._lock:
            self._entries.clear()
            self._bytes = 0
            self.hits = 0
            self.renders = 0

    def __len__(self) -> int:
        return len(self._entries)

    def _evict(self) -> None:
        while self._entries and (len(self._entries) > self.max_entries or self._bytes > self.max_bytes):
            _, old = self._entries.popitem(last=False)
            self._bytes -= len(old)
