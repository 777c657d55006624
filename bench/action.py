"""One action through the real host over a real SQLite file, split into engine, store, render and encode.

A scripted game is played the way the bot plays it: a lobby is opened, joined and begun through the ``Host``;
then at every step each player's ``/act`` autocomplete is asked (``choices_for``, timed), one player with
something to decide picks a random offered choice (seeded) and submits it with ``act_typed`` (timed end to
end); a new board post is acknowledged with ``board_posted`` as the delivery layer does. Around the same
calls the host makes, probes time the spec (engine), the store (commit and other reads) and the renderer
(drawing and ``encode_png``). "other" is what is left of the end-to-end time: the host's own bookkeeping,
the snapshot's JSON, message text, and the hops to the render threads. The host draws the board and the panels
and reads the players' preferences at once, so those parts can overlap, and "other" can then fall below zero.

The floor is the bare ``encode_png`` of the final board image, timed alone: an action cannot be cheaper
than encoding the picture it posts.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from bot.collector import automatic, between_answers, settle
from bot.outbox import Outbox
from bot.store.factory import open_store
from bot.tables import Actor, Host
from bot.warmup import warm_renderers
from engine.core import GameSpec
from render.core import LayerCache
from render.registry import Renderer

from .probes import HostParts, Probe, TimedRenderer, TimedSpec, TimedStore, counted_hops, timed_encode
from .stats import Dist

GUILD = 1


@dataclass(frozen=True)
class ActionSample:
    """One ``act_typed`` call: its end-to-end time and the parts the probes saw, in milliseconds."""

    total: float
    cpu: float  # CPU time of the whole process (every thread) during the call: what an idle machine approaches
    engine: float
    commit: float
    store_other: float
    draw_board: float
    draw_hand: float
    encode_board: float
    encode_hand: float
    boards_encoded: int
    hands_encoded: int
    engine_calls: dict[str, tuple[int, float]] = field(default_factory=dict)  # spec function -> (calls, ms)
    encode_cpu: float = 0.0  # CPU time of the encodes (their threads'), to take out of ``cpu``
    host_cpu: dict[str, float] = field(default_factory=dict)  # host part -> its CPU ms on the loop's thread
    hops: dict[str, int] = field(default_factory=dict)  # ``store`` statements and ``thread`` calls made

    @property
    def draw(self) -> float:
        return self.draw_board + self.draw_hand

    @property
    def encode(self) -> float:
        return self.encode_board + self.encode_hand

    @property
    def other(self) -> float:
        return self.total - self.engine - self.commit - self.store_other - self.draw - self.encode

    @property
    def image_kind(self) -> str:
        """``board`` if a new board image was drawn, ``hand`` if only a private image, else ``none``."""
        if self.boards_encoded:
            return "board"
        return "hand" if self.hands_encoded else "none"


@dataclass
class ActionResult:
    """Everything measured while playing the scripted games of one game key."""

    key: str
    has_renderer: bool
    games: int = 0
    finished: int = 0
    samples: list[ActionSample] = field(default_factory=list)
    autocomplete: list[float] = field(default_factory=list)
    floor_ms: float = float("nan")
    floor_repeats: int = 0
    final_board_bytes: int = 0
    max_board_bytes: int = 0
    max_hand_bytes: int = 0
    encode_separable: bool = True
    unchanged_reencodes: int | None = None  # board images encoded by repeated /board of an unchanged game
    layer_draws: int | None = None  # static layers drawn (None: the renderer exposes no LayerCache)
    layer_redraws: int | None = None  # of those, layers drawn again after being evicted (the cache failing)
    layer_bytes: int = 0  # pixel bytes the renderer's layer caches hold at the end
    layer_other: dict[str, int] = field(default_factory=dict)  # other layer caches (e.g. compositions): built
    cold: list[ActionSample] = field(default_factory=list)  # the first game replayed, no parsed state kept
    hot: list[ActionSample] = field(default_factory=list)  # the first game replayed again, parsed states kept
    collected: list[float] = field(default_factory=list)  # ms of cycle collection after each action's delivery
    notes: list[str] = field(default_factory=list)

    def dist(self, part: str, kind: str | None = None) -> Dist:
        chosen = [s for s in self.samples if kind is None or s.image_kind == kind]
        return Dist.of([float(getattr(s, part)) for s in chosen])

    def count(self, kind: str) -> int:
        return sum(1 for s in self.samples if s.image_kind == kind)

    def thin_kinds(self, least: int) -> list[str]:
        """The kinds of action met fewer than ``least`` times (never met: not thin, the game has none)."""
        return [kind for kind in ("board", "hand", "none") if 0 < self.count(kind) < least]


def players_for(spec: GameSpec[Any, Any]) -> list[Actor]:
    """The fewest players the game needs (the default table size in most servers)."""
    return [Actor(10_000 + i, f"player{i}") for i in range(spec.min_players)]


async def _begin_seeded(host: Host, channel: int, spec: GameSpec[Any, Any], players: list[Actor], seed: int) -> None:
    """Open, fill and begin a lobby whose seed (and roles) are fixed, so the scripted game is reproducible.

    ``Host.start`` draws the game seed from ``secrets``; the bench rewrites the lobby's seed and roles through
    the store before ``begin``, exactly the fields ``begin`` reads.
    """
    await host.start(GUILD, channel, players[0], spec.key, {})
    for actor in players[1:]:
        await host.join(channel, actor)
    record = await host.store.live_game(channel)
    assert record is not None
    record.seed = seed
    roles = [r.key for r in spec.roles]
    if roles:
        record.seats = [s.model_copy(update={"role": roles[i % len(roles)]}) for i, s in enumerate(record.seats)]
    await host.store.update_game(record, record.version)
    out = await host.begin(channel, players[0])
    await _delivered(host, channel, out, [1])


async def _delivered(host: Host, channel: int, out: Outbox, next_id: list[int]) -> None:
    """Play the delivery layer: a new board message gets an id the host will edit from then on, and the
    stored deliveries the outbox carried are forgotten once it is delivered; what it leaves to draw after the
    answer (``Outbox.later``: the others' DMs, a recap) is drawn and forgotten the same way, untimed (nobody
    waits for it; the recap has its own row)."""
    for post in out.posts:
        if post.kind == "board" and post.edit_message_id is None:
            next_id[0] += 1
            await host.board_posted(channel, post.game_id, next_id[0])
    await host.delivered(out)
    for item in out.later:
        if item.kind == "dm":
            await host.delivered(await host.drawn_later(item) or await host.redeliver(item))
        else:
            await host.delivered(Outbox(channel, owed=[item.key]))  # a recap: measured by its own row


async def measure_actions(
    spec: GameSpec[Any, Any],
    renderer: Renderer | None,
    folder: Path,
    seeds: list[int],
    max_actions: int,
    floor_repeats: int,
    row_samples: int = 0,
    max_games: int = 0,
) -> ActionResult:
    """Play one scripted game per seed (at most ``max_actions`` actions in all) and time every action.

    A kind of action the scripted games give fewer than ``row_samples`` of (yet some) is too thin a sample
    to judge its p95: more seeded games follow, up to ``max_games`` in all, until every kind met has enough.
    """
    result = ActionResult(spec.key, has_renderer=renderer is not None)
    if renderer is None:
        result.notes.append("no renderer registered: render, encode, floor and PNG size are not measured")
    probe = Probe()
    parts = HostParts(probe)
    store = await open_store(str(folder / f"actions-{spec.key}.db"))
    try:
        host = Host(
            cast(Any, TimedStore(store, probe)),
            games={spec.key: cast(Any, parts.spec(TimedSpec(spec, probe)))},
            renderers={} if renderer is None else {spec.key: cast(Any, TimedRenderer(renderer, probe))},
        )
        parts.wrap(host)
        if renderer is not None:  # as the bot does once started (``bot.warmup``): drawn ahead, then settled
            warm_renderers({spec.key: renderer})
        settle()
        players = players_for(spec)
        with timed_encode(probe) as bare_encode, parts.naming(), counted_hops(probe) as countable:
            if not countable:
                result.notes.append("this aiosqlite hides its statements: store hops are not counted")
            before = _layer_counts(renderer)
            for index, seed in enumerate(_seeds(seeds, max_games, result, row_samples)):
                if len(result.samples) >= max_actions:
                    break
                channel = 100 + index
                await _begin_seeded(host, channel, spec, players, seed)
                result.games += 1
                if await _play(host, channel, players, seed, max_actions, result, probe):
                    result.finished += 1
            after = _layer_counts(renderer)
            if "layers" in before and "layers" in after:
                result.layer_draws = after["layers"][0] - before["layers"][0]
                result.layer_redraws = after["layers"][1] - before["layers"][1]
            result.layer_other = {k: v[0] - before.get(k, (0, 0))[0] for k, v in after.items() if k != "layers"}
            result.layer_bytes = _layer_bytes(renderer)
            if renderer is not None and result.games:
                await _check_unchanged(host, 100 + result.games - 1, probe, result)
                _floor(probe, bare_encode, floor_repeats, result)
            if seeds and result.samples:
                channel = 100 + result.games  # past every scripted game's channel
                first = (spec, players, seeds[0], max_actions, result, probe)
                await _replay(host, channel, *first, cache_size=0, into=result.cold)
                await _replay(host, channel + 1, *first, cache_size=host.cache_size, into=result.hot)
    finally:
        automatic()  # the bench's other sections keep CPython's own collection schedule
        await store.close()
    return result


def _seeds(seeds: list[int], max_games: int, result: ActionResult, row_samples: int) -> Iterator[int]:
    """The scripted seeds, then further ones (up to ``max_games`` games) while a kind of action met is thin."""
    yield from seeds
    extra = max(seeds, default=0)
    while result.games < max_games and result.thin_kinds(row_samples):
        extra += 1
        yield extra


async def _replay(
    host: Host,
    channel: int,
    spec: GameSpec[Any, Any],
    players: list[Actor],
    seed: int,
    max_actions: int,
    result: ActionResult,
    probe: Probe,
    *,
    cache_size: int,
    into: list[ActionSample],
) -> None:
    """The first scripted game once more, on a new channel, with the host keeping ``cache_size`` parsed
    states. With none, every request parses the snapshot again and works out its prompts again, as for a game
    that other games pushed out of the cache (``bot.tables.core.PARSED_GAMES``); against the same replay with
    the cache on (both after the scripted games, so the engine's own caches are as warm), that is its cost."""
    kept = host.cache_size
    host.cache_size = cache_size
    try:
        await _begin_seeded(host, channel, spec, players, seed)
        await _play(host, channel, players, seed, max_actions, result, probe, into)
    finally:
        host.cache_size = kept


async def _play(
    host: Host,
    channel: int,
    players: list[Actor],
    seed: int,
    max_actions: int,
    result: ActionResult,
    probe: Probe,
    samples: list[ActionSample] | None = None,
) -> bool:
    """Play random offered choices until nothing is offered (the game is over) or the action budget is spent;
    each action's sample goes to ``samples`` (the result's own, and its autocomplete times, by default)."""
    chooser = random.Random(seed)
    next_id = [1000]
    own = samples is None
    into = result.samples if samples is None else samples
    while len(into) < max_actions:
        waiting = []
        for actor in players:
            start = time.perf_counter()
            offered = await host.choices_for(channel, actor.user_id)
            if own:
                result.autocomplete.append((time.perf_counter() - start) * 1000)
            if offered:
                waiting.append((actor, offered))
        if not waiting:
            return True
        actor, offered = chooser.choice(waiting)
        _, value = chooser.choice(offered)
        probe.reset()
        start, cpu = time.perf_counter(), time.process_time()
        out = await host.act_typed(channel, actor, value)
        took, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
        into.append(_sample(probe, took, cpu))
        await _delivered(host, channel, out, next_id)
        start = time.perf_counter()
        between_answers()  # as ``SpaceBot.deliver`` does once an outbox is out: nobody waits on it any more
        if own:
            result.collected.append((time.perf_counter() - start) * 1000)
    return False


def _sample(probe: Probe, total: float, cpu: float) -> ActionSample:
    s = probe.seconds
    return ActionSample(
        total=total,
        cpu=cpu,
        engine=s["engine"] * 1000,
        commit=s["store.commit"] * 1000,
        store_other=s["store.other"] * 1000,
        draw_board=(s["render.board"] - s["encode.board"]) * 1000,
        draw_hand=(s["render.hand"] - s["encode.hand"]) * 1000,
        encode_board=s["encode.board"] * 1000,
        encode_hand=s["encode.hand"] * 1000,
        boards_encoded=probe.counts["encode.board"],
        hands_encoded=probe.counts["encode.hand"],
        encode_cpu=(s["encode_cpu.board"] + s["encode_cpu.hand"]) * 1000,
        engine_calls={
            name.removeprefix("engine."): (probe.counts[name], s[name] * 1000)
            for name in list(s)
            if name.startswith("engine.")
        },
        host_cpu={name.removeprefix("host_cpu."): s[name] * 1000 for name in list(s) if name.startswith("host_cpu.")},
        hops={name.removeprefix("hops."): n for name, n in list(probe.counts.items()) if name.startswith("hops.")},
    )


def _layer_caches(renderer: Renderer | None) -> dict[str, LayerCache]:
    """The renderer's ``LayerCache`` attributes by name (``layers`` is what is drawn; others compose)."""
    found = vars(renderer) if renderer is not None and hasattr(renderer, "__dict__") else {}
    return {name: value for name, value in found.items() if isinstance(value, LayerCache)}


def _layer_counts(renderer: Renderer | None) -> dict[str, tuple[int, int]]:
    return {name: (cache.draws, cache.redraws) for name, cache in _layer_caches(renderer).items()}


def _layer_bytes(renderer: Renderer | None) -> int:
    return sum(cache.nbytes() for cache in _layer_caches(renderer).values())


async def _check_unchanged(host: Host, channel: int, probe: Probe, result: ActionResult) -> None:
    """Ask for the same, unchanged board three times (``/board``): none of them may encode an image."""
    probe.reset()
    renders = 0
    for _ in range(3):
        await host.board(channel)
        renders += probe.counts["render.board"]
    result.unchanged_reencodes = probe.counts["encode.board"]
    if renders and not probe.counts["encode.board"] and not probe.board_sizes:
        result.notes.append("the renderer returned boards without encode_png; re-encodes not observable")


def _floor(probe: Probe, bare_encode: Any, repeats: int, result: ActionResult) -> None:
    """Time the bare encode of the last board image drawn: the floor an action with a new board approaches."""
    if probe.board_sizes:
        result.max_board_bytes = max(probe.board_sizes)
        result.final_board_bytes = probe.board_sizes[-1]
    if probe.hand_sizes:
        result.max_hand_bytes = max(probe.hand_sizes)
    image = probe.last_board_image
    if image is None:
        result.encode_separable = False
        result.notes.append("the renderer never called render.core.encode_png: encode is counted in draw")
        return
    times = []
    data = b""
    for _ in range(repeats):
        start = time.perf_counter()
        data = bare_encode(image)
        times.append((time.perf_counter() - start) * 1000)
    result.floor_ms = Dist.of(times).median
    result.floor_repeats = repeats
    result.final_board_bytes = len(data)
