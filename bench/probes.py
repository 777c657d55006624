"""Timing probes put *around* the calls the host makes, so one real ``act`` is split into its parts.

The host is not changed and not copied: it receives a spec, a store and a renderer that delegate to the real
ones and add the time each call took to a ``Probe``. ``encode_png`` is timed by rebinding the name in every
``render`` module that imported it (restored afterwards), which separates drawing from encoding inside a
renderer's ``board``/``hand`` without knowing how a particular renderer is written. A renderer that does not
encode through ``render.core.encode_png`` is reported as "encode not separable", never silently as zero.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from engine.core import View

# The spec functions the host calls; all of them are engine work (rules, views, parsing the snapshot).
ENGINE_CALLS = frozenset({"setup", "prompts", "apply", "view", "outcome", "load_state", "parse_options"})
COMMIT_CALLS = frozenset({"record_action"})


@dataclass
class Probe:
    """Seconds spent per category since the last ``reset``, plus what the renderer produced.

    Categories: ``engine``, ``store.commit`` (``record_action``), ``store.other`` (every other store call),
    ``render.board``/``render.hand`` (the renderer's method, encode included) and ``encode.board``/
    ``encode.hand`` (the ``encode_png`` calls inside them; ``encode_cpu.*`` is their threads' CPU time).
    Counts say how many images were really encoded.
    """

    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    counts: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))
    last_board_image: Image.Image | None = None
    board_sizes: list[int] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    _local: threading.local = field(default_factory=threading.local)

    def reset(self) -> None:
        self.seconds.clear()
        self.counts.clear()

    def add(self, category: str, seconds: float) -> None:
        self.seconds[category] += seconds
        self.counts[category] += 1

    @property
    def kind(self) -> str:
        """What the renderer is drawing on this thread (``board``/``hand``), so an encode is attributed."""
        return str(getattr(self._local, "kind", "other"))

    @contextmanager
    def drawing(self, kind: str) -> Iterator[None]:
        self._local.kind = kind
        try:
            yield
        finally:
            self._local.kind = "other"


class TimedSpec:
    """A ``GameSpec`` stand-in: every attribute is the real spec's, engine calls are timed."""

    def __init__(self, spec: Any, probe: Probe) -> None:
        self._spec = spec
        self._probe = probe

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._spec, name)
        if name not in ENGINE_CALLS:
            return value
        probe = self._probe

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return value(*args, **kwargs)
            finally:
                took = time.perf_counter() - start
                probe.add("engine", took)
                probe.add(f"engine.{name}", took)

        return timed


class TimedStore:
    """A ``Store`` stand-in: each coroutine method is timed as ``store.commit`` or ``store.other``."""

    def __init__(self, store: Any, probe: Probe) -> None:
        self._store = store
        self._probe = probe

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if not callable(value) or name.startswith("_"):
            return value
        category = "store.commit" if name in COMMIT_CALLS else "store.other"
        probe = self._probe

        async def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await value(*args, **kwargs)
            finally:
                probe.add(category, time.perf_counter() - start)

        return timed

    def __repr__(self) -> str:
        return f"TimedStore({self._store!r})"


class TimedRenderer:
    """A ``Renderer`` stand-in timing ``board`` and ``hand`` (in the worker thread the host runs them in).

    A close-up (a ``CloseUp`` renderer's ``closeup``, sent with the acting player's panel and DM like a hand
    image) is timed as a hand image; a renderer without one still has none here, so the host sees it as it is.
    """

    def __init__(self, renderer: Any, probe: Probe) -> None:
        self._renderer = renderer
        self._probe = probe

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._renderer, name)
        if name == "marked":  # a board ringing what changed since the last one: timed as a board
            return self._marked(value)
        if name != "closeup":
            return value

        def closeup(view: View) -> bytes | None:
            with self._probe.drawing("hand"):
                data: bytes | None = self._timed("render.hand", lambda: value(view))
            if data is not None:
                self._probe.hand_sizes.append(len(data))
            return data

        return closeup

    def _marked(self, marked: Callable[[View, View], tuple[bytes, list[str]]]) -> Callable[..., Any]:
        def timed(view: View, previous: View) -> tuple[bytes, list[str]]:
            with self._probe.drawing("board"):
                data, words = self._timed("render.board", lambda: marked(view, previous))
            self._probe.board_sizes.append(len(data))
            return data, words

        return timed

    def board(self, view: View) -> bytes:
        with self._probe.drawing("board"):
            data: bytes = self._timed("render.board", lambda: self._renderer.board(view))
        self._probe.board_sizes.append(len(data))
        return data

    def hand(self, view: View) -> bytes | None:
        with self._probe.drawing("hand"):
            data: bytes | None = self._timed("render.hand", lambda: self._renderer.hand(view))
        if data is not None:
            self._probe.hand_sizes.append(len(data))
        return data

    def _timed(self, category: str, call: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        try:
            return call()
        finally:
            self._probe.add(category, time.perf_counter() - start)


@contextmanager
def timed_encode(probe: Probe) -> Iterator[Callable[[Image.Image], bytes]]:
    """Rebind ``encode_png`` in every loaded ``render`` module to a timed one; yields the original."""
    import render.core.png as png

    original = png.encode_png

    def encode_png(image: Image.Image) -> bytes:
        kind = probe.kind
        start, cpu = time.perf_counter(), time.thread_time()
        data = original(image)
        probe.add(f"encode.{kind}", time.perf_counter() - start)
        probe.seconds[f"encode_cpu.{kind}"] += time.thread_time() - cpu  # this thread's CPU: waits excluded
        if kind == "board":
            probe.last_board_image = image
        return data

    patched = []
    for name, module in list(sys.modules.items()):
        if (name == "render" or name.startswith("render.")) and getattr(module, "encode_png", None) is original:
            setattr(module, "encode_png", encode_png)  # noqa: B010 - rebinding a module global on purpose
            patched.append(module)
    try:
        yield original
    finally:
        for module in patched:
            setattr(module, "encode_png", original)  # noqa: B010


# The host's own parts of an action (what the bench's "other" residual was), each timed on the event loop's
# thread: its CPU time there is the host's Python work for that part, whatever the machine's load (the store's
# statements and the images run in other threads; their hops are counted apart, ``counted_hops``). Parts nest
# (the panel's news and hints are inside a panel), so they are reported side by side, never summed.
HOST_METHODS = {
    "_owed": "owed",  # who is told what: preferences, aways, quiet hours (its store reads included)
    "_since_lines": "since",  # the panel's "since your last move" lines
    "_hint_lines": "hints",  # the panel's first-time hints
    "board_text": "board_text",  # the channel message's words
    "_panel": "panels",  # each private panel, whole (view, texts, news, hints, its image hops)
    "_board_post": "board",  # the board post, whole (view, text, what-changed bookkeeping, its image hop)
    "_after_action": "answer",  # everything the answer draws after the commit, once (board and panels overlap)
}
NAMING = ("named_view", "for_images", "images_named")  # the views named for panels and images (``bot.tables.names``)


class HostParts:
    """Times the host's parts of one action (``HOST_METHODS``, the views' naming, the what-changed bookkeeping,
    the take-back check) by wrapping them on one host instance and in the modules that imported them."""

    def __init__(self, probe: Probe) -> None:
        self._probe = probe

    def _add(self, part: str, wall: float, cpu: float) -> None:
        self._probe.add(f"host.{part}", wall)
        self._probe.seconds[f"host_cpu.{part}"] += cpu

    def _sync(self, part: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start, cpu = time.perf_counter(), time.thread_time()
            try:
                return call(*args, **kwargs)
            finally:
                self._add(part, time.perf_counter() - start, time.thread_time() - cpu)

        return timed

    def _async(self, part: str, call: Callable[..., Any]) -> Callable[..., Any]:
        async def timed(*args: Any, **kwargs: Any) -> Any:
            # Only this action's task runs while the bench awaits it: the loop thread's CPU is this part's.
            start, cpu = time.perf_counter(), time.thread_time()
            try:
                return await call(*args, **kwargs)
            finally:
                self._add(part, time.perf_counter() - start, time.thread_time() - cpu)

        return timed

    def wrap(self, host: Any) -> None:
        """Time ``host``'s parts from now on (instance attributes shadow the class's methods; ``super()``
        calls inside them are not wrapped twice)."""
        import inspect

        for name, part in HOST_METHODS.items():
            method = getattr(host, name)
            wrapper = self._async if inspect.iscoroutinefunction(method) else self._sync
            setattr(host, name, wrapper(part, method))
        host.shown.since = self._sync("changes", host.shown.since)  # what the board frames as changed

    def spec(self, spec: Any) -> Any:
        """``spec`` (a ``TimedSpec``) with its ``unseen`` timed as the take-back check."""
        unseen = spec.unseen
        if unseen is not None:
            spec.__dict__["unseen"] = self._sync("takeback", unseen)
        return spec

    @contextmanager
    def naming(self) -> Iterator[None]:
        """Rebind ``named_view``/``for_images`` in every ``bot.tables`` module that imported them."""
        import bot.tables.names as names

        originals = {name: getattr(names, name) for name in NAMING}
        patched: list[tuple[Any, str]] = []
        for module_name, module in list(sys.modules.items()):
            if not module_name.startswith("bot.tables.") or module is names:
                continue
            for name, original in originals.items():
                if getattr(module, name, None) is original:
                    setattr(module, name, self._sync("naming", original))
                    patched.append((module, name))
        try:
            yield
        finally:
            for module, name in patched:
                setattr(module, name, originals[name])


@contextmanager
def counted_hops(probe: Probe) -> Iterator[bool]:
    """Count the hops to other threads: each aiosqlite statement (``hops.store``; yields ``False`` when this
    aiosqlite hides them) and each ``asyncio.to_thread`` (``hops.thread``: the images, cached or not)."""
    import asyncio

    from aiosqlite.core import Connection

    execute = getattr(Connection, "_execute", None)  # its one way to its thread (private: may change)
    to_thread = asyncio.to_thread

    async def hop_store(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        probe.counts["hops.store"] += 1
        return await execute(self, fn, *args, **kwargs)  # type: ignore[misc]

    async def hop_thread(fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        probe.counts["hops.thread"] += 1
        return await to_thread(fn, *args, **kwargs)

    if execute is not None:
        Connection._execute = hop_store  # type: ignore[method-assign]
    asyncio.to_thread = hop_thread  # type: ignore[assignment]
    try:
        yield execute is not None
    finally:
        if execute is not None:
            Connection._execute = execute  # type: ignore[method-assign]
        asyncio.to_thread = to_thread
