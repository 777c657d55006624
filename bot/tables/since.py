"""What happened since you last looked: the few lines a player's private panel opens with.

A game runs for weeks; a player who opens their panel (or gets it by DM) after a day away should see at once
what the others did since their own last decision: the public narration of every action since then (stored
with each action) and their own private news (what they drew, what was passed to them). Private news is never
stored as text (``bot/history.py`` says why), so it is rebuilt by replaying the log through the engine, which
is deterministic, keeping only the events that seat may read: never another seat's. The replay is done once per
game in a process (in a worker thread, like ``/log private``) and then carried forward one action at a time, so
a panel costs one small query for the actions since the last one replayed.

Only a few lines are shown, the latest; the rest is in ``/log``. The offline table (a game outside a server,
``bot/local.py``) prints its own news for each seat, so it gets none of these.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Event, GameError, GameSpec, State

from ..replay import first_state
from ..store import ActionRecord, GameRecord, SeatRecord
from .common import Loaded
from .core import HostCore
from .names import in_private

log = logging.getLogger(__name__)

SINCE_LINES = 5
"""Lines of news a panel opens with at most (the latest); the rest are counted and left to ``/log``."""
REPLAYED_GAMES = 64  # games whose replayed log a process keeps (the most recently used), like PARSED_GAMES
PRIVATE_MARK = "🔒 "  # a line only this player was told


@dataclass(frozen=True)
class Step:
    """One action of the log: who took it, the channel's lines about it, and the private events it made."""

    seat: int
    public: tuple[str, ...]
    private: tuple[Event, ...]


@dataclass
class Replayed:
    """A game's log as far as this process replayed it: each action's ``Step``, the state after the last one (to
    go on from; ``None`` when the log cannot be replayed, e.g. a game begun under older rules: then only public
    lines are known), and the last action's identity, to notice an undo that changed the log."""

    steps: list[Step] = field(default_factory=list)
    state: State | None = None
    last: tuple[str, str, float] | None = None
    version: int | None = None  # the game's stored version this replay is known to match (no query needed)


def _identity(action: ActionRecord) -> tuple[str, str, float]:
    return (action.prompt_id, action.choice_id, action.at)


def _carry(spec: GameSpec[Any, Any], replayed: Replayed, actions: Sequence[ActionRecord]) -> Replayed:
    """``replayed`` with ``actions`` (the next ones of the log) applied."""
    state = replayed.state
    for action in actions:
        events: list[Event] = []
        if state is not None:
            try:
                state, events = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
            except GameError:  # a log that no longer replays: public lines only from here on
                state = None
        private = tuple(e for e in events if not e.is_public)
        replayed.steps.append(Step(action.seat, tuple(action.public), private))
        replayed.last = _identity(action)
    replayed.state = state
    return replayed


def _from_the_start(spec: GameSpec[Any, Any], record: GameRecord, actions: Sequence[ActionRecord]) -> Replayed:
    try:
        state: State | None = first_state(spec, record)
    except GameError:
        state = None
    return _carry(spec, Replayed(state=state), actions)


def news_since(record: GameRecord, steps: Sequence[Step], seat: int) -> tuple[bool, list[str]]:
    """Whether ``seat`` has taken a decision yet, and the lines since its last one, oldest first: the channel's
    lines of every action since, and the private events of those actions that ``seat`` may read (never any
    other seat's)."""
    # looked for from the newest step back: the seat's last decision is most often one of the last few
    last = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].seat == seat), None)
    lines: list[str] = []
    for step in steps[(last + 1 if last is not None else 0) :]:
        lines.extend(in_private(line, record) for line in step.public)
        lines.extend(PRIVATE_MARK + in_private(e.text, record) for e in step.private if e.readable_by(seat))
    return last is not None, lines


def since_block(acted: bool, lines: Sequence[str], told: Sequence[str]) -> list[str]:
    """The panel's opening lines: a title, the latest few lines (less what the panel tells anyway: ``told``),
    and how many more ``/log`` holds."""
    known = set(told)
    fresh = [line for line in lines if line.removeprefix(PRIVATE_MARK) not in known]
    if not fresh:
        return []
    shown = fresh[-SINCE_LINES:]
    title = "**Since your last move:**" if acted else "**Since the game began:**"
    block = [title, *(f"• {line}" for line in shown)]
    if len(fresh) > len(shown):
        block.append(f"… and {len(fresh) - len(shown)} more: `/log` (and `/log private`).")
    return block


class SinceHost(HostCore):
    """Opens each private panel with what happened since the player's last decision."""

    @property
    def _replays(self) -> OrderedDict[int, Replayed]:
        cache: OrderedDict[int, Replayed] | None = self.__dict__.get("_replayed_games")
        if cache is None:
            cache = self.__dict__["_replayed_games"] = OrderedDict()
        return cache

    async def _replayed(self, record: GameRecord, spec: GameSpec[Any, Any]) -> Replayed:
        """The game's log replayed up to its stored end: carried forward from what this process replayed before
        when its last action is still the log's, else replayed from the start (in a worker thread)."""
        assert record.id is not None
        cached = self._replays.get(record.id)
        current = self._current(record)
        if current is not None:
            return current  # carried forward by this process's own commit of the game as it stands
        if cached is not None and len(cached.steps) <= record.action_count:
            known = len(cached.steps)
            first = max(known - 1, 0)
            newer = (await self.store.actions_since(record.id, first))[: record.action_count - first]
            if known == 0 or (newer and _identity(newer[0]) == cached.last):
                replayed = _carry(spec, cached, newer[1:] if known else newer)
                replayed.version = record.version
                self._replays.move_to_end(record.id)
                return replayed
        actions = (await self.store.actions(record.id))[: record.action_count]
        replayed = await asyncio.to_thread(_from_the_start, spec, record, actions)
        replayed.version = record.version
        self._replays[record.id] = replayed
        while len(self._replays) > REPLAYED_GAMES:
            self._replays.popitem(last=False)
        return replayed

    def _current(self, record: GameRecord) -> Replayed | None:
        """This process's replay of the game when it stands exactly where ``record`` does (most panels: carried
        forward by the commit they follow), else ``None``."""
        assert record.id is not None
        cached = self._replays.get(record.id)
        if cached is not None and cached.version == record.version and len(cached.steps) == record.action_count:
            self._replays.move_to_end(record.id)
            return cached
        return None

    def _logged(self, record: GameRecord, action: ActionRecord, state: State, events: Sequence[Event]) -> None:
        """Carry this process's replay of the game forward with the move it just committed (its state and events
        are in hand), so the panels that follow need neither a query nor a second ``apply``."""
        super()._logged(record, action, state, events)
        cached = self._replays.get(action.game_id)
        if cached is None or cached.state is None or len(cached.steps) != action.index:
            return
        cached.steps.append(Step(action.seat, tuple(action.public), tuple(e for e in events if not e.is_public)))
        cached.last, cached.state, cached.version = _identity(action), state, record.version

    async def _since_lines(self, loaded: Loaded, seat: SeatRecord, told: Sequence[str]) -> list[str]:
        record = loaded.record
        if record.guild_id is None or record.id is None or record.status == "lobby" or record.action_count == 0:
            return []
        try:
            current = self._current(record)
            if current is not None:  # nothing to wait on, so no lock to take (making one costs more than the news)
                acted, lines = news_since(record, current.steps, seat.seat)
            else:
                async with self._replay_lock(record.id):
                    replayed = await self._replayed(record, loaded.spec)
                    acted, lines = news_since(record, replayed.steps, seat.seat)
        except Exception:  # the news is a courtesy: a panel without it beats no panel (the game is untouched)
            log.exception("since-your-last-move lines failed channel=%s id=%s", record.channel_id, record.id)
            self._replays.pop(record.id, None)
            return []
        return since_block(acted, lines, told)

    def _replay_lock(self, game_id: int) -> asyncio.Lock:
        """One replay of a game at a time in a process (the panels of one action are drawn at once)."""
        locks: weakref.WeakValueDictionary[int, asyncio.Lock] = self.__dict__.setdefault(
            "_replay_locks", weakref.WeakValueDictionary()
        )
        lock = locks.get(game_id)
        if lock is None:
            lock = locks[game_id] = asyncio.Lock()
        return lock
