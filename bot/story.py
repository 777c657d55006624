"""The story of a game, rebuilt from its log: the public board after each turn, and its decisive moments.

The engine is deterministic, so a game's seed and log are the game: replaying them gives every state it went
through. Of those the story keeps the boards a spectator saw at each turn's end (``Frame``) and the public
headline events that were not routine (``moments``). ``/replay`` pages through the frames, the recap animates
them (``bot.tables.recap``), and both draw only the public view (``viewer`` ``None``): nothing private can reach
a frame, whoever asks.

Replaying a long game takes a while (a 300-decision Capricorn game: about half a second), so it runs in a
worker thread and the story is kept (``StoryCache``): a click on **Next** draws one board and replays nothing,
and a running game that moved on is told further from where its kept story stopped, not from its start.
"""

from __future__ import annotations

import asyncio
import re
import weakref
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core import GameError, GameSpec, NoGameHere, State
from engine.core.words import count, name_seats
from render.registry import Renderer

from .outbox import Attachment
from .replay import first_state
from .store import ActionRecord, GameRecord, Store

ROUTINE = 3
"""A headline seen this often (its numbers and names aside) marks a turn passing ("End of turn 4."), not a
decisive moment: it is left out of the moments, whichever game it is."""

MAX_MOMENTS = 5
"""The decisive moments a recap names: the last ones, which decided the game."""

KEPT_STORIES = 8
"""Stories kept per store: the games someone is paging through right now."""


@dataclass(frozen=True)
class Frame:
    """The public board as it stood at one point of the game.

    ``turn`` is the turn it closes (``0`` for the start), or the turn the game was at when it ended or now is
    (the last frame); ``actions`` is how many decisions had been made.
    """

    turn: int
    label: str
    actions: int
    state: State


@dataclass
class Story:
    """A game's frames and decisive moments as far as ``actions`` decisions; ``broken`` when its log stopped
    replaying there (a game whose rules changed under it), which the reader is told."""

    game_id: int
    actions: int
    frames: list[Frame]
    moments: list[str]
    headlines: Counter[str] = field(default_factory=Counter)
    last: State | None = None  # the state after ``actions`` decisions, where a longer log goes on from
    broken: bool = False

    def index_of_turn(self, turn: int) -> int:
        """The frame that shows the board after ``turn`` (the last one for a turn not over yet)."""
        for i, frame in enumerate(self.frames):
            if frame.turn >= turn:
                return i
        return len(self.frames) - 1

    def decisive(self) -> list[str]:
        """The moments that were not routine (see ``ROUTINE``), the last ``MAX_MOMENTS`` of them."""
        kept = [m for m in self.moments if self.headlines[_shape(m)] < ROUTINE]
        return kept[-MAX_MOMENTS:]


def _shape(text: str) -> str:
    """A headline with its numbers (turns, seats, counts) blanked: the same shape means the same kind of line."""
    return re.sub(r"\d+", "#", text)


def tell(
    spec: GameSpec[Any, Any], record: GameRecord, actions: Sequence[ActionRecord], since: Story | None = None
) -> Story:
    """The story of ``record`` told as far as ``actions``; from ``since`` on when it told the start of the same
    log already. The last frame is the board as the log leaves it: "the end", or "now" while the game runs."""
    assert record.id is not None
    if since is not None and since.last is not None and not since.broken and since.actions <= len(actions):
        frames = [f for f in since.frames if not _last_label(f)]
        story = Story(record.id, since.actions, frames, list(since.moments), Counter(since.headlines), since.last)
    else:
        start = first_state(spec, record)
        story = Story(record.id, 0, [Frame(0, "The start", 0, start)], [], Counter(), start)
    state = story.last
    assert state is not None
    try:
        for action in actions[story.actions :]:
            turn = state.turn
            state, events = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
            story.actions += 1
            story.last = state
            for event in events:
                if event.is_public and event.headline:
                    story.moments.append(event.text)
                    story.headlines[_shape(event.text)] += 1
            if state.turn != turn:
                story.frames.append(Frame(turn, f"After turn {turn}", story.actions, state))
    except GameError:  # a log that no longer replays: the story stops where it could be told
        story.broken = True
    _close(story, record, state)
    return story


LAST_LABELS = ("The end", "Now")


def _last_label(frame: Frame) -> bool:
    """Whether ``frame`` is a story's closing frame (told again each time the story goes on)."""
    return frame.label.startswith(LAST_LABELS)


def _close(story: Story, record: GameRecord, state: State) -> None:
    """Add the board as the log leaves it, unless the last turn's end already shows it."""
    over = record.status in ("finished", "ended") and not story.broken
    label = f"The end (turn {state.turn})" if over else f"Now (turn {state.turn})"
    last = story.frames[-1]
    if last.actions == story.actions and story.actions > 0:
        if over:
            story.frames[-1] = Frame(last.turn, f"The end (after turn {last.turn})", last.actions, last.state)
        return
    if story.actions > 0:
        story.frames.append(Frame(state.turn, label, story.actions, state))


class Shelf(Protocol):
    """What reading a story needs of the host: its store, games and renderers (``bot.tables.Host`` has them)."""

    store: Store
    games: dict[str, GameSpec[Any, Any]]
    renderers: dict[str, Renderer]


class StoryCache:
    """The stories of the games read most recently, by game: the newest told, told further when the log grew."""

    def __init__(self, size: int = KEPT_STORIES) -> None:
        self.size = size
        self._stories: OrderedDict[int, tuple[str, Story]] = OrderedDict()
        self.told = 0  # how many times a log was replayed (tests and the bench read it)

    async def story(self, spec: GameSpec[Any, Any], record: GameRecord, actions: Sequence[ActionRecord]) -> Story:
        """``record``'s story as far as ``actions``: the kept one if it is that far already, else told (further)
        in a worker thread, so every other channel is answered meanwhile."""
        assert record.id is not None
        kept = self._stories.get(record.id)
        since = kept[1] if kept is not None and kept[0] == record.engine_version else None
        if since is not None and since.actions == len(actions) and kept is not None and _closed_as(since, record):
            self._stories.move_to_end(record.id)
            return since
        story = await asyncio.to_thread(tell, spec, record, actions, since)
        self.told += 1
        self._stories[record.id] = (record.engine_version, story)
        self._stories.move_to_end(record.id)
        while len(self._stories) > self.size:
            self._stories.popitem(last=False)
        return story


def _closed_as(story: Story, record: GameRecord) -> bool:
    """Whether the story's last frame says what the record's status says (a game ended by a moderator has no
    new decision, but its last frame becomes "The end")."""
    over = record.status in ("finished", "ended")
    return story.broken or story.frames[-1].label.startswith("The end") == over or story.actions == 0


_CACHES: weakref.WeakKeyDictionary[Store, StoryCache] = weakref.WeakKeyDictionary()


def stories_of(store: Store) -> StoryCache:
    """The story cache of one store (game ids are unique within a store): made on first use."""
    cache = _CACHES.get(store)
    if cache is None:
        cache = _CACHES[store] = StoryCache()
    return cache


@dataclass(frozen=True)
class ReplayPage:
    """One frame of a game's replay as its reader sees it: where it is, the board's text and its image."""

    channel_id: int
    game_id: int
    index: int
    count: int
    text: str
    image: Attachment | None


class Storyteller:
    """Reads stories for ``/replay``, the recap and ``/export``; it never changes anything."""

    def __init__(self, shelf: Shelf) -> None:
        self.store = shelf.store
        self.games = shelf.games
        self.renderers = shelf.renderers

    async def game(self, channel_id: int, game_id: int | None = None) -> GameRecord:
        """The game ``game_id`` of this channel, or the channel's running or latest game; a sentence if none."""
        if game_id is not None:
            record = await self.store.get_game(game_id)
            if record is None or record.channel_id != channel_id:
                raise NoGameHere("That game is no longer stored; `/replay` shows this channel's latest game.")
        else:
            record = await self.store.live_game(channel_id) or await self.store.latest_game(channel_id)
            if record is None:
                raise NoGameHere("There is no game in this channel yet. Start one with `/start`.")
        if record.status == "lobby" or record.id is None:
            raise NoGameHere("The game has not begun yet: it is still in its lobby.")
        return record

    async def story(self, record: GameRecord) -> Story:
        """``record``'s story as far as its stored log goes (a game begun under older rules: a sentence)."""
        assert record.id is not None
        spec = self._spec(record)
        actions = (await self.store.actions(record.id))[: record.action_count]
        return await stories_of(self.store).story(spec, record, actions)

    def _spec(self, record: GameRecord) -> GameSpec[Any, Any]:
        spec = self.games.get(record.game_key)
        if spec is None:
            raise NoGameHere("This game is not hosted here any more, so its replay cannot be shown.")
        if record.engine_version != spec.engine_version:
            raise NoGameHere("This game was begun under an older version of its rules, so it cannot be replayed.")
        return spec

    async def page(
        self, channel_id: int, *, turn: int | None = None, index: int | None = None, game_id: int | None = None
    ) -> ReplayPage:
        """The public board after ``turn`` (or frame ``index``; neither: the board as it stands now)."""
        record = await self.game(channel_id, game_id)
        assert record.id is not None
        story = await self.story(record)
        if index is None:
            index = len(story.frames) - 1 if turn is None else story.index_of_turn(turn)
        index = min(max(0, index), len(story.frames) - 1)
        frame = story.frames[index]
        spec = self._spec(record)
        from .tables.names import in_private, named_view  # here: ``bot.tables`` imports this module's readers

        view = named_view(spec.view(frame.state, None), record)
        where = f"board {index + 1} of {len(story.frames)}"
        lines = [
            f"⏪ **{spec.name}** — {frame.label.lower() if index else 'the start'} ({where}, "
            f"{count(frame.actions, 'decision')} made)",
            in_private(view.describe(), record),
        ]
        if story.broken and index == len(story.frames) - 1:
            lines.append("(the rest of this game could not be rebuilt)")
        image = await self.board_image(record, frame.state)
        return ReplayPage(channel_id, record.id, index, len(story.frames), "\n".join(lines), image)

    async def board_image(self, record: GameRecord, state: State) -> Attachment | None:
        """The public board of ``state`` as the channel would have seen it, drawn in a worker thread."""
        renderer = self.renderers.get(record.game_key)
        if renderer is None:
            return None
        spec = self._spec(record)
        from .tables.names import for_images

        view = for_images(spec.view(state, None), record)
        data = await asyncio.to_thread(renderer.board, view)
        return Attachment(f"{record.game_key}-replay.png", data, name_seats(renderer.alt(view), view.names))
