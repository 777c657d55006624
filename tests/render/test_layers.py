"""The drawn-once caches every renderer keeps: a new key is drawn by one thread, whoever asks for it meanwhile.

The host draws a board and the acting player's panel (with its close-up) at once, in two threads; both may
need the same new layer. Drawing it twice is what ``LayerCache.redraws`` counts as the cache failing.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from render.core import LayerCache


def test_a_new_layer_asked_for_by_two_threads_at_once_is_drawn_once() -> None:
    cache = LayerCache(max_entries=4)
    started, release = threading.Event(), threading.Event()
    drawings: list[str] = []

    def draw() -> Image.Image:
        drawings.append(threading.current_thread().name)
        started.set()
        release.wait()  # the first drawing is under way while the second thread asks
        return Image.new("P", (4, 4), 1)

    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(cache.get, "frame", draw)
        started.wait()
        second = pool.submit(cache.get, "frame", draw)
        time.sleep(0.05)  # scheduling help only: the second thread reaches the cache while the first draws
        release.set()
        assert first.result() is second.result(), "both threads get the one drawing"
    assert len(drawings) == 1
    assert (cache.draws, cache.redraws) == (1, 0)


def test_a_failed_drawing_leaves_the_key_to_be_drawn_by_the_next_request() -> None:
    cache = LayerCache(max_entries=4)

    def broken() -> Image.Image:
        raise ValueError("no ink")

    with pytest.raises(ValueError, match="no ink"):
        cache.get("frame", broken)
    layer = cache.get("frame", lambda: Image.new("P", (4, 4), 2))
    assert layer.getpixel((0, 0)) == 2
    assert (cache.draws, cache.redraws) == (1, 0)
