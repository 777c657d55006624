"""The host's shared ground: loading a channel's game, saving it, and drawing what players see.

Every part of the host (lobby, play, moderation, reminders) builds on these: the per-channel lock, the
parsed-state cache, the board post and the private panel.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from engine.core import Event, GameSpec, LobbyError, NoGameHere, Prompt, State, View
from engine.core.handed import handing
from engine.core.words import count, name_seats
from engine.registry import GAMES
from render.core.alt import described_as
from render.core.cache import kept
from render.core.changes import KEYS, changed_alt
from render.registry import RENDERERS, CloseUp, MarksChanges, Renderer

from ..outbox import Attachment, ChannelPost, DirectMessage, Outbox, Panel, PostKind
from ..store import ActionRecord, DeliveryRecord, GameRecord, GuildSettings, NoteRecord, SeatRecord, Store, UserPrefs
from .beside import both, by_a_drawing, waiting_on_thread
from .common import (
    MESSAGE_LIMIT,
    Committed,
    Loaded,
    Owed,
    Telling,
    asking,
    clip,
    duration,
    mention,
    option_text,
    relative_time,
    seat_name,
)
from .lastdrawn import LastDrawn, digest
from .liveboard import CALL_TO_ACTION, WAITING, ShownBoards, board_key, shows_of
from .lookfirst import LookFirst, after_the_answer, unhurried
from .names import (
    channel_names,
    display_names,
    for_images,
    image_names,
    images_named,
    in_private,
    named_prompts,
    named_view,
)
from .recap import finishing_recap, recap_owed
from .recent import Recent
from .viewtext import VIEW_TEXT

log = logging.getLogger(__name__)

T = TypeVar("T")

PARSED_GAMES = 64
"""Games whose parsed state the host keeps between requests: the most recently used ones.

A parsed state is several times its JSON (a Capricorn snapshot is about 5 KB as text and 43 KB parsed, a
Jupiter one 3 KB and 46 KB), and the JSON comes with the game's record on every request anyway (the host
reads the record to see its version), so a game outside these few is simply parsed again when it is next
used: 0.08-0.15 ms, and its pending prompts worked out again (the bench's ``cache`` row measures both). Kept
for 512 games this cache was a quarter of the process with a thousand games running."""


LATER_DMS = 256
"""Others' DMs of recent actions kept to be drawn after the answer (``HostCore.drawn_later``): a deliverer
draws each within moments; one never asked for (a caller that drops ``Outbox.later``) is let go past these."""


CLAIM_SECONDS = 30.0
"""How long a process's claim on a stored delivery or interaction holds. A process delivers what it committed
within a second or two; a claim older than this belonged to a process that died, and another takes it over.
A process of this machine that is gone is known at once (``DeliveriesHost.release_dead_claims``)."""


def owed_records(
    record: GameRecord, version: int, owed: Owed, actor_seat: SeatRecord | None, now: float
) -> list[DeliveryRecord]:
    """The rows ``owed`` is stored as, for the commit that makes ``record`` version ``version``: the board
    first (sequence 0), then each DM in order, the actor's last (a commit with no actor, a game begun, has
    no ``actor_dm``). Their order gives each its nonce."""
    assert record.id is not None
    key = {"game_id": record.id, "version": version, "channel_id": record.channel_id, "created_at": now}
    pings = [s.user_id for s in record.seats if s.seat in owed.ping_seats and not s.is_bot]
    board = record.board_message_id
    rows = [DeliveryRecord(seq=0, kind="board", new_post=owed.new_post, pings=pings, board_message_id=board, **key)]
    dms = [(seat.user_id, lines) for seat, lines in owed.told]
    if owed.actor_dm:
        assert actor_seat is not None, "only an action has an actor to tell"
        dms.append((actor_seat.user_id, owed.actor_lines))
    for user_id, lines in dms:
        rows.append(DeliveryRecord(seq=len(rows), kind="dm", user_id=user_id, lines=list(lines), **key))
    return rows


def posts_owed(
    record: GameRecord, version: int, posts: Sequence[ChannelPost], now: float, first_seq: int
) -> list[DeliveryRecord]:
    """The rows notices and closings are stored as (``DeliveryRecord``: ``notice``, ``closing``; a moderator's
    step, a skip vote, the lobby message a deal closes), numbered from ``first_seq`` after the commit's other
    rows: each carries its own words, so it can be delivered after the game is gone (a reset)."""
    assert record.id is not None
    rows = []
    for seq, post in enumerate(posts, first_seq):
        closing = post.is_edit and not post.live
        rows.append(
            DeliveryRecord(
                game_id=record.id,
                version=version,
                seq=seq,
                channel_id=record.channel_id,
                kind="closing" if closing else "notice",
                pings=list(post.pings),
                board_message_id=post.edit_message_id if closing else None,
                text=post.text,
                created_at=now,
            )
        )
    return rows


def with_nonces(posts: Sequence[ChannelPost], rows: Sequence[DeliveryRecord]) -> list[ChannelPost]:
    """``posts`` each carrying the nonce of the stored row it is (``posts_owed``, same order)."""
    return [replace(post, nonce=row.nonce) for post, row in zip(posts, rows, strict=True)]


def waited_people(record: GameRecord, prompts: Sequence[Prompt]) -> set[int]:
    """The people (never a bot) ``prompts`` wait on, by user id."""
    seats = {p.seat for p in prompts}
    return {s.user_id for s in record.seats if s.seat in seats and not s.is_bot}


def newly_waited(record: GameRecord, before: Sequence[Prompt], after: Sequence[Prompt]) -> frozenset[int]:
    """The seats of the people the game waits on after a step and did not before it: each is pinged once.
    Someone who stays waited on (the next link of their own chain, an order still owed) is not pinged again."""
    joining = waited_people(record, after) - waited_people(record, before)
    return frozenset(s.seat for s in record.seats if s.user_id in joining)


async def drawn(draw: Callable[[], T], *, new: bool = False) -> T:
    """What ``draw`` (a renderer's call) returns: answered on the event loop when the renderer's caches keep it
    (``render.core.cache.kept``: the cost of its key, no hop), else run in a worker thread, where drawing and
    encoding belong (the loop answers other channels meanwhile).

    ``new``: the caller knows the image is almost surely not drawn yet (a board whose view it never gave an image:
    the renderer's key names that very view): asked of the worker thread at once, which makes its key and finds it
    kept as well, rather than on the loop first (a miss there costs the loop the key, its copies of the views and
    the miss: 0.1-0.3 ms a new board, while what waits beside it could run)."""
    if not new:
        found, value = kept(draw)
        if found:
            return value  # type: ignore[return-value]  # kept() returned draw()'s own value
    waiting_on_thread()  # what waits to run beside this drawing starts now (``bot.tables.beside``)
    return await asyncio.to_thread(draw)


def hand_alt(renderer: Renderer, view: View, described: str | None) -> str:
    """``renderer.alt(view)``, written from ``described`` (``view.describe()``, when the caller has it)."""
    if described is None:
        return renderer.alt(view)
    with described_as(view, described):
        return renderer.alt(view)


@dataclass
class Cached:
    """A parsed state kept for one stored version, with its pending prompts once someone asked for them."""

    version: int
    state: State
    prompts: list[Prompt] | None = None
    # The public view named for images, with its JSON, and the names it was named with: every board of this
    # version and every board's **Zoom** (``public_view``, at each board's delivery) draw from it.
    public: tuple[dict[int, str], View, str] | None = None


class HostCore:
    """The host's state (store, games, renderers, clock, caches) and the pieces every request uses."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameSpec[Any, Any]] | None = None,
        renderers: Mapping[str, Renderer] | None = None,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
        idle_hours: float = 72.0,
        reminder_hours: float = 24.0,
    ) -> None:
        """``clock`` and ``seeds`` (each new game's seed: its deal and every die) are the host's only
        sources of change; tests pass fixed ones so that a failing game can be played again exactly.
        ``idle_hours`` is how long a decision waits before the others may vote to skip it, for servers that
        have not set their own (``/settings``); ``reminder_hours`` likewise for reminders (0: none)."""
        self.seeds = seeds
        self.idle_hours = idle_hours
        self.reminder_hours = reminder_hours
        self.store = store
        self.games = dict(GAMES if games is None else games)
        self.renderers = dict(RENDERERS if renderers is None else renderers)
        self.clock = clock
        # A channel's lock lives while a request holds or waits on it: one per channel ever asked (5,000 refused
        # /join in as many channels) would only grow.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._states: OrderedDict[int, Cached] = OrderedDict()
        self.cache_size = PARSED_GAMES  # parsed states kept (tests and the bench change it)
        # Which process claimed a stored delivery or interaction (the host name and pid say whose; the random
        # part tells a restarted process from the one it replaces), and how long a claim holds.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.claim_seconds = CLAIM_SECONDS
        self.shown = ShownBoards(PARSED_GAMES)  # what each game's last boards showed: the next frames what changed
        self.kept_dm_choices: Recent[int, UserPrefs] = Recent()  # people's DM choices, as every move reads them
        # An action's DMs to the others, kept to be drawn after the answer (``_after_action``, ``drawn_later``).
        self._later_dms: OrderedDict[tuple[int, int, int], tuple[Loaded, SeatRecord, tuple[str, ...], list[Prompt]]]
        self._later_dms = OrderedDict()
        # The images each board and each seat's panel were last given, by the view they were drawn from: a move
        # that changes no picture gives them again without asking the renderer (``bot.tables.lastdrawn``).
        self.boards_drawn: LastDrawn[Attachment] = LastDrawn(PARSED_GAMES)
        self.panels_drawn: LastDrawn[tuple[Attachment | None, Attachment | None]] = LastDrawn(4 * PARSED_GAMES)
        self.panels_described: LastDrawn[str] = LastDrawn(4 * PARSED_GAMES)  # each seat's view in words, likewise
        self.look_first = LookFirst()  # whether a panel's images beside a board's drawing are looked up first
        self._kinds: dict[tuple[str, type], bool] = {}  # whether a game's renderer is a MarksChanges, a CloseUp

    @staticmethod
    def seat_cap(spec: GameSpec[Any, Any], record: GameRecord) -> int:
        """How many players the record's lobby seats: the game's maximum, unless its options ask for fewer."""
        return spec.max_seats(spec.parse_options(record.options))

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock that serialises every request on one channel."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    def spec(self, key: str) -> GameSpec[Any, Any]:
        """The game spec for a key, or a sentence naming the games that exist."""
        try:
            return self.games[key]
        except KeyError:
            names = ", ".join(sorted(self.games))
            raise NoGameHere(f"There is no game called {key!r}; the games here are: {names}.") from None

    def _state_of(self, record: GameRecord, spec: GameSpec[Any, Any]) -> State | None:
        """The record's state, parsed once per version and kept while the game is among the most recently
        used (``cache_size``); the store's record stays the truth, so a game let go is parsed again on use."""
        if record.snapshot is None or record.id is None:
            return None
        cached = self._states.get(record.id)
        if cached is not None and cached.version == record.version:
            self._states.move_to_end(record.id)
            return cached.state
        state: State = spec.load_state(record.snapshot)
        self._remember(record, state)
        return state

    def _remember(self, record: GameRecord, state: State, prompts: list[Prompt] | None = None) -> None:
        assert record.id is not None
        self._states[record.id] = Cached(record.version, state, prompts)
        self._states.move_to_end(record.id)
        while len(self._states) > self.cache_size:
            self._states.popitem(last=False)

    def pending(self, record: GameRecord, spec: GameSpec[Any, Any], state: State) -> list[Prompt]:
        """The decisions ``state`` waits on, computed once per stored version (every request, every
        autocomplete keystroke and the panel after an action ask for them)."""
        cached = self._states.get(record.id) if record.id is not None else None
        if cached is None or cached.version != record.version or cached.state is not state:
            return spec.prompts(state)
        if cached.prompts is None:
            cached.prompts = spec.prompts(state)
        return cached.prompts

    async def _load(self, channel_id: int, *, live_only: bool = True) -> Loaded:
        record = await self.store.live_game(channel_id)
        if record is None and not live_only:
            record = await self.store.latest_game(channel_id)
        if record is None:
            raise NoGameHere("There is no game in this channel. Start one with `/start`.")
        spec = self.spec(record.game_key)
        return Loaded(record, spec, self._state_of(record, spec))

    async def _load_running(self, channel_id: int) -> Loaded:
        record = await self.store.live_game(channel_id)
        if record is None:
            latest = await self.store.latest_game(channel_id)
            if latest is not None:
                raise NoGameHere("This channel's game is over; nothing is waiting on anyone.")
            raise NoGameHere("There is no game in this channel. Start one with `/start`.")
        if record.status == "lobby":
            raise NoGameHere("The game has not begun yet: it is still in its lobby.")
        spec = self.spec(record.game_key)
        return Loaded(record, spec, self._state_of(record, spec))

    async def _save(
        self,
        record: GameRecord,
        expected_version: int,
        deliveries: Sequence[DeliveryRecord] = (),
        notes: Sequence[NoteRecord] = (),
    ) -> GameRecord:
        record = await self.store.update_game(
            record, expected_version, deliveries, claimed_by=self.owner, interaction_id=asking(), notes=notes
        )
        await self._schedule_bots(record)
        return record

    async def _schedule_bots(self, record: GameRecord, prompts: Sequence[Prompt] | None = None) -> None:
        """After every commit: store the move a bot seat now owes, if any (``SeatBotsHost``; nothing here)."""

    async def _commit(
        self,
        loaded: Loaded,
        seat: int,
        user_id: int,
        prompt_id: str,
        choice_id: str,
        tell: Telling | None = None,
    ) -> Committed:
        """Apply one answer and commit it with the new snapshot in one transaction; nothing is told before.

        When the commit is to be told (``tell``), what it owes the channel and the players is decided first and
        stored in the same transaction (``DeliveryRecord`` rows), with the link from the interaction waiting
        for the answer: a crash after the commit leaves a record of everything still to say.
        A new set of pending decisions restarts the wait (reminders, skip votes).
        """
        record, spec, state = loaded.record, loaded.spec, loaded.state
        assert state is not None
        before = self.pending(record, spec, state)
        with handing(state, before) as hand:  # each state's prompts worked out once (``engine.core.handed``)
            state, events = spec.apply(state, seat, prompt_id, choice_id)
        after = hand.after(state)
        if after is None:
            after = spec.prompts(state)
        outcome = spec.outcome(state)
        now = self.clock()
        public = [e.text for e in events if e.is_public]
        headline = any(e.headline and e.is_public for e in events) or outcome is not None
        version = record.version
        record.snapshot = state.model_dump_json()
        record.updated_at = now
        if {p.id for p in after} != {p.id for p in before}:
            record.waiting_since = now
            record.reminders_sent = 0
            record.skip_votes = []
        record.narration = public if headline else [*record.narration, *public]
        if outcome is not None:
            record.status = "finished"
            played = f"{count(state.turn, 'turn')} in {duration(now - record.created_at)}"
            record.result = (
                f"{in_private(outcome.summary, record)} ({played}, {count(record.action_count + 1, 'decision')})"
            )
            if outcome.scores:  # the game keeps score: who made what, best first
                board = sorted(outcome.scores.items(), key=lambda item: -item[1])
                names = display_names(record)
                record.result += " Scores: " + ", ".join(f"{names.get(s, 'a player')} {v}" for s, v in board) + "."
        action = ActionRecord(
            game_id=record.id or 0,
            index=record.action_count,
            seat=seat,
            user_id=user_id,
            prompt_id=prompt_id,
            choice_id=choice_id,
            public=public,
            at=now,
        )
        owed: Owed | None = None
        deliveries: list[DeliveryRecord] = []
        if tell is not None:
            told_before = before if tell.before is None else list(tell.before)
            told_events = [*tell.events, *events]
            owed = await self._owed(record, told_before, after, told_events, headline or tell.headline, tell.actor_seat)
            deliveries = owed_records(record, version + 1, owed, tell.actor_seat, now)
            if outcome is not None:  # the game's recap, owed from its last move's commit (``bot.tables.recap``)
                deliveries += recap_owed(spec, record, version + 1, now, len(deliveries))
            deliveries += posts_owed(record, version + 1, tell.notices, now, len(deliveries))
        record.action_count += 1
        record = await self.store.record_action(
            record,
            version,
            action,
            deliveries,
            claimed_by=self.owner,
            interaction_id=tell.interaction_id if tell is not None and tell.interaction_id is not None else asking(),
        )
        self._remember(record, state, after)
        self._logged(record, action, state, events)
        await self._schedule_bots(record, after)
        log.info("action channel=%s id=%s v=%s seat=%s", record.channel_id, record.id, record.version, seat)
        return Committed(Loaded(record, spec, state), events, before, after, headline, owed)

    def _logged(self, record: GameRecord, action: ActionRecord, state: State, events: Sequence[Event]) -> None:
        """A move was just committed (``record`` as stored after it): a hook for what keeps a replay of the log
        (``SinceHost``); nothing here."""

    async def _owed(
        self,
        record: GameRecord,
        before: Sequence[Prompt],
        after: Sequence[Prompt],
        events: Sequence[Event],
        headline: bool,
        actor_seat: SeatRecord,
    ) -> Owed:
        """What an action owes: a new board when it opens a new stage, when no board exists or when a person
        joins those the game waits on (it pings them: Discord notifies nobody of a mention an edit adds), else
        an edit; private news always by DM; a decision falling due by DM only to those who asked
        (``/notify dm``). Preferences are read here, before the commit, so that the record stored with it
        names exactly the DMs that will be sent."""
        before_ids = {p.id for p in before}
        newly_due = {p.seat for p in after if p.id not in before_ids}
        joining = newly_waited(record, before, after)
        new_post = headline or record.board_message_id is None or bool(joining)
        prefs = await self._dm_choices([s.user_id for s in record.seats])
        told: list[tuple[SeatRecord, tuple[str, ...]]] = []
        for seat in record.seats:
            if seat.user_id == actor_seat.user_id or seat.is_bot or prefs[seat.user_id].dm_closed:
                continue
            private = tuple(e.text for e in events if not e.is_public and e.readable_by(seat.seat))
            if private or (prefs[seat.user_id].notify_dm and seat.seat in newly_due):
                told.append((seat, private))
        mine = prefs[actor_seat.user_id]
        return Owed(
            new_post=new_post,
            ping_seats=joining,
            told=tuple(told),
            actor_dm=mine.notify_dm and not mine.dm_closed and actor_seat.seat in newly_due and not actor_seat.is_bot,
            actor_lines=tuple(e.text for e in events if not e.is_public and e.readable_by(actor_seat.seat)),
        )

    async def _dm_choices(self, user_ids: Sequence[int]) -> dict[int, UserPrefs]:
        """People's DM choices (``/notify dm``, DMs found closed) as every move reads them: kept a few seconds
        (``recent``), one query for those not kept. This process forgets what it changes (``_set_dm_choice``);
        a change made by another process is seen within those seconds."""
        kept = self.kept_dm_choices
        found = {uid: prefs for uid in user_ids if (prefs := kept.get(uid)) is not None}
        missing = [uid for uid in user_ids if uid not in found]
        if missing:
            for uid, prefs in (await self.store.users_prefs(missing)).items():
                kept.put(uid, prefs)
                found[uid] = prefs
        return found

    async def _set_dm_choice(self, user_id: int, column: str, value: bool) -> bool:
        """``Store.set_user_pref``, forgetting what this process kept of the person's choices."""
        try:
            return await self.store.set_user_pref(user_id, column, value)
        finally:
            self.kept_dm_choices.forget(user_id)

    async def _note(self, record: GameRecord, user_id: int, text: str) -> None:
        """Write a line into the game's public log (``/log``) that no action produced, on its own: prefer
        ``_noted``, written with the change it tells of (``_changed``, ``_save``)."""
        await self.store.add_note(self._noted(record, user_id, text))

    def _noted(self, record: GameRecord, user_id: int, text: str) -> NoteRecord:
        """A line for the game's public log (``/log``) that no action produced (who did what), to be written in
        the transaction of the change it tells of: a change refused writes no line, and no line is lost."""
        assert record.id is not None
        return NoteRecord(
            game_id=record.id, after_action=record.action_count, at=self.clock(), user_id=user_id, text=text
        )

    async def _settings(self, guild_id: int | None) -> GuildSettings:
        """The server's settings; a game outside a server (a DM, the local table) has the defaults."""
        if guild_id is None:
            return GuildSettings(guild_id=0)
        return await self.store.guild_settings(guild_id)

    async def check_channel(self, guild_id: int | None, channel_id: int) -> None:
        """Refuse a new game where the server has not allowed games (a sentence names where it has)."""
        allowed = (await self._settings(guild_id)).channels
        if allowed and channel_id not in allowed:
            where = ", ".join(f"<#{c}>" for c in allowed)
            raise LobbyError(f"Games on this server are played in {where}; start one there.")

    async def idle_seconds(self, guild_id: int | None) -> float:
        """How long a decision waits before the others may vote to skip it, on this server."""
        hours = (await self._settings(guild_id)).idle_hours
        return (self.idle_hours if hours is None else hours) * 3600

    @staticmethod
    def _role_label(spec: GameSpec[Any, Any], role: str | None) -> str | None:
        for r in spec.roles:
            if r.key == role:
                return r.label
        return role

    def _roster(self, record: GameRecord, spec: GameSpec[Any, Any]) -> str:
        parts = []
        for s in record.seats:
            role = self._role_label(spec, s.role)
            parts.append(f"{role}: {seat_name(s)}" if role else seat_name(s))
        return " · ".join(parts)

    def _lobby_outbox(self, record: GameRecord, spec: GameSpec[Any, Any], *, new: bool = False) -> Outbox:
        out = Outbox(record.channel_id)
        out.posts.append(
            ChannelPost(
                kind="lobby",
                text=self.lobby_text(record, spec),
                edit_message_id=None if new or record.board_message_id is None else record.board_message_id,
                game_id=record.id,
                game_key=record.game_key,
            )
        )
        return out

    def lobby_text(self, record: GameRecord, spec: GameSpec[Any, Any]) -> str:
        """The lobby message: game, options, seats with their roles, and what is needed to begin."""
        # An option left unset (None) takes the game's default, which the rules page names: not shown as "None".
        options = ", ".join(f"{k}: {option_text(v)}" for k, v in record.options.items() if v is not None)
        title = f"**{spec.name}** — lobby opened by {mention(record.opener_id)}"
        lines = [title + (f" ({options})" if options else "")]
        if spec.blurb:
            lines.append(f"_{spec.blurb}_")
        lines.append(f"Players ({len(record.seats)}/{self.seat_cap(spec, record)}):")
        for s in record.seats:
            role = self._role_label(spec, s.role)
            lines.append(f"• {seat_name(s)}" + (f" — {role}" if role else ""))
        if spec.roles:
            taken = {s.role for s in record.seats}
            free = [r.label for r in spec.roles if r.key not in taken]
            if free:
                lines.append("Free: " + ", ".join(free))
            lines.append("Roles were dealt at random; pick another with the menu (you swap with its holder).")
        if len(record.seats) < spec.min_players:
            lines.append(f"Join to play: {spec.min_players - len(record.seats)} more needed.")
        else:
            lines.append(f"Ready: {mention(record.opener_id)} can press **Begin**.")
        return "\n".join(lines)

    async def _close_lobby(self, record: GameRecord, spec: GameSpec[Any, Any], why: str) -> Outbox:
        """Delete the lobby as read (``Conflict`` if it changed since) with its message's closing stored."""
        return await self._wipe(record, [self._closing(record, f"**{spec.name}** lobby closed. {why}", "lobby")])

    async def _wipe(self, record: GameRecord, posts: Sequence[ChannelPost]) -> Outbox:
        """Delete the game as read (``Conflict`` if another process changed it since) and, in the same
        transaction, store ``posts`` (its closing, a notice), which outlive it: a crash loses none."""
        assert record.id is not None
        rows = posts_owed(record, record.version + 1, posts, self.clock(), 0)
        await self.store.delete_game(record.id, record.version, rows, claimed_by=self.owner, interaction_id=asking())
        self._states.pop(record.id, None)
        log.info("game deleted channel=%s id=%s status=%s", record.channel_id, record.id, record.status)
        return Outbox(record.channel_id, posts=with_nonces(posts, rows), owed=[row.key for row in rows])

    @staticmethod
    def _closing(record: GameRecord, text: str, kind: PostKind = "board") -> ChannelPost:
        """The last edit of a game's message: ``text``, and no buttons (posted when there is no message)."""
        return ChannelPost(
            kind=kind,
            text=text,
            edit_message_id=record.board_message_id,
            live=False,
            game_id=record.id,
            game_key=record.game_key,
        )

    async def _owed_outbox(
        self, loaded: Loaded, prompts: Sequence[Prompt], owed: Owed, rows: Sequence[DeliveryRecord]
    ) -> Outbox:
        """The board and DMs of a commit with no acting player (a deal, a moderator's step), stored as ``rows``
        (``owed_records``'s, which come first): the board, then each DM (its lines first). A caller that stored
        notices too (``posts_owed``, after these rows) adds them with their nonces (``with_nonces``)."""
        record = loaded.record
        out = Outbox(record.channel_id, owed=[row.key for row in rows])
        board = await self._board_post(loaded, prompts, new=owed.new_post, ping_seats=set(owed.ping_seats))
        out.posts.append(replace(board, nonce=rows[0].nonce))
        for (seat, lines), row in zip(owed.told, rows[1:], strict=False):
            panel = await self._panel(loaded, seat, lines, pending=prompts)
            out.dms.append(DirectMessage(seat.user_id, record.channel_id, panel, row.nonce))
        return out

    async def _after_action(self, done: Committed, actor_seat: SeatRecord) -> Outbox:
        """The messages a told commit owes (``done.owed``), drawn from the game after it: the board, the others'
        DMs and the actor's panel. Each carries its stored delivery's nonce; the outbox names them (``owed``).

        Whoever acted waits for the board and their own panel only: the others' DMs go to ``Outbox.later``, drawn
        from this same game after the answer (``drawn_later``) and sent after the board, each with its row's nonce;
        their rows stay owed until then, so a crash in between leaves them to the catch-up, which sends each once.
        Every deliverer draws ``Outbox.later`` (the bot's ``Delivery``, the local table, the bench, the tests'
        ``drain``): one path, the same panels whoever delivers."""
        assert done.owed is not None
        loaded, owed, after = done.loaded, done.owed, done.after
        record = loaded.record
        assert record.id is not None
        out = Outbox(record.channel_id)
        rows = owed_records(record, record.version, owed, actor_seat, self.clock())
        nonces = [row.nonce for row in rows]
        # The actor's panel is worked out while the board waits on a drawing, each image in its own thread
        # (encoding releases the lock): the acting player waits for the longer of them rather than their sum. A
        # board drawing nothing new waits on nothing: the panel follows it in this task (``bot.tables.beside``).
        board_post = self._board_post(loaded, after, new=owed.new_post, ping_seats=set(owed.ping_seats))
        if actor_seat.is_bot:  # a bot reads no panel: none is drawn for it
            board, actor_panel = await board_post, None
        else:
            board, actor_panel = await both(
                board_post, self._panel(loaded, actor_seat, owed.actor_lines, pending=after)
            )
        out.posts.append(replace(board, nonce=nonces[0]))
        out.reply = actor_panel
        if owed.actor_dm and actor_panel is not None:
            out.dms.append(DirectMessage(actor_seat.user_id, record.channel_id, actor_panel, nonces[-1]))
        others = rows[1 : 1 + len(owed.told)]  # the others' DMs: drawn after the answer
        for (seat, lines), row in zip(owed.told, others, strict=True):
            self._keep_later(row, (loaded, seat, tuple(lines), list(after)))
        out.owed = [row.key for row in (rows[0], *rows[1 + len(others) :])]  # the board, then the actor's DM
        out.later = [*others, *finishing_recap(loaded, len(rows))]  # the recap is stored after the DMs: drawn last
        return out

    def _keep_later(
        self, row: DeliveryRecord, drawing: tuple[Loaded, SeatRecord, tuple[str, ...], list[Prompt]]
    ) -> None:
        """Keep what a DM drawn after the answer is drawn from (``drawn_later``), for the ``LATER_DMS`` newest."""
        self._later_dms[row.key] = drawing
        while len(self._later_dms) > LATER_DMS:
            self._later_dms.popitem(last=False)

    async def drawn_later(self, item: DeliveryRecord) -> Outbox | None:
        """The DM ``item`` (a row ``_after_action`` left to ``Outbox.later``), drawn now from the game as the action
        left it, exactly as it would have been drawn with the answer; ``None`` when this process does not keep it
        (the deliverer then draws it from the stored game: ``DeliveriesHost.redeliver``, the catch-up's path)."""
        drawing = self._later_dms.pop(item.key, None)
        if drawing is None:
            return None
        loaded, seat, lines, after = drawing
        with after_the_answer():  # nobody waits on its images but the loop (``bot.tables.lookfirst``)
            panel = await self._panel(loaded, seat, lines, pending=after)
        dm = DirectMessage(seat.user_id, loaded.record.channel_id, panel, item.nonce)
        return Outbox(loaded.record.channel_id, dms=[dm], owed=[item.key])

    async def _changed(
        self,
        loaded: Loaded,
        owed: Owed,
        notices: Sequence[ChannelPost] = (),
        undone: int | None = None,
        notes: Sequence[NoteRecord] = (),
    ) -> Outbox:
        """Write a change outside the action log (a moderator's step, a reposted board) to ``loaded.record``,
        over the version it was read at (``Conflict`` otherwise), with everything it owes stored in the same
        transaction as a move's is: the board and DMs of ``owed``, then ``notices``. ``undone``: the change
        is the undo of that action, which leaves the log. The outbox carries each message with its row's
        nonce (the notices first, then the board, then the DMs). ``notes`` (``_noted``: who made the change)
        commit with it."""
        record, spec = loaded.record, loaded.spec
        version, now = record.version, self.clock()
        record.updated_at = now  # also the stored rows' claim: this process delivers them from now
        rows = owed_records(record, version + 1, owed, None, now)
        rows += posts_owed(record, version + 1, notices, now, len(rows))
        if undone is None:
            record = await self._save(record, version, rows, notes)
        else:
            record = await self.store.undo_action(
                record, version, undone, rows, claimed_by=self.owner, interaction_id=asking(), notes=notes
            )
            await self._schedule_bots(record)  # an undo may hand the decision back to a bot seat
        loaded = Loaded(record, spec, loaded.state)
        if loaded.state is not None:
            self._remember(record, loaded.state)
        prompts = [] if record.status != "active" or loaded.state is None else self.pending(record, spec, loaded.state)
        out = await self._owed_outbox(loaded, prompts, owed, rows)
        out.posts[:0] = with_nonces(notices, rows[len(rows) - len(notices) :])
        return out

    async def _dm_open(self, seat: SeatRecord) -> bool:
        """Whether ``seat`` is a person whose DMs are not known to be closed (who may be sent a panel)."""
        return not seat.is_bot and not (await self.store.user_prefs(seat.user_id)).dm_closed

    async def _board_post(
        self, loaded: Loaded, prompts: Sequence[Prompt], *, new: bool, ping_seats: set[int]
    ) -> ChannelPost:
        record = loaded.record
        text = self.board_text(loaded, prompts)
        image = await self._board_image(loaded)
        pings = tuple(s.user_id for s in record.seats if s.seat in ping_seats and not s.is_bot)
        return ChannelPost(
            kind="board",
            text=text,
            image=image,
            edit_message_id=None if new else record.board_message_id,
            pings=pings,
            live=record.status == "active",
            game_id=record.id,
            game_key=record.game_key,
            supersedes=record.board_message_id if new else None,
            drawn=board_key(record),
        )

    async def _board_image(self, loaded: Loaded) -> Attachment | None:
        """The board image, framing what changed since the last board this process drew (``ShownBoards``) and
        saying so in its alt text; a finished game's result screen frames nothing. The message's text stays
        ``board_text`` (its story says what happened in words), the same whichever process draws it."""
        renderer = self.renderers.get(loaded.spec.key)
        if renderer is None or loaded.state is None:
            return None
        record, key = loaded.record, loaded.spec.key
        view, text = self._public_named(record, loaded.spec, loaded.state)  # its JSON written once
        shows = shows_of(text)
        previous = self.shown.since(record.id, record.version, view, shows) if record.id is not None else None
        marking = previous is not None and record.status == "active" and self._is(key, renderer, MarksChanges)
        against = previous if marking else None
        given = self.boards_drawn.get(record.id, (key, shows), against)
        if given is not None:  # the same view (and the same board before it) as the last board: the same image
            return given
        # A view this game's board never had draws (or is found kept) in the worker thread, its words with it.
        if marking:
            marks, before = cast(MarksChanges, renderer), previous
            assert before is not None
            data, changed, words = await drawn(lambda: (*marks.marked(view, before), renderer.alt(view)), new=True)
        else:
            data, words = await drawn(lambda: (renderer.board(view), renderer.alt(view)), new=True)
            changed = []
        alt = name_seats(words, view.names)
        image = Attachment(f"{key}-board.png", data, changed_alt(alt, changed))
        self.boards_drawn.put(record.id, (key, shows), image, against)
        return image

    def _is(self, key: str, renderer: Renderer, kind: type) -> bool:
        """Whether the game's renderer is a ``kind`` (``MarksChanges``, ``CloseUp``), asked once: a protocol's
        ``isinstance`` looks up each of its methods (0.1 ms a move)."""
        found = self._kinds.get((key, kind))
        if found is None:
            found = self._kinds[(key, kind)] = isinstance(renderer, kind)
        return found

    async def public_view(self, channel_id: int) -> tuple[GameRecord, View]:
        """The channel's running or latest game as everybody sees it, named for drawing (the zoom and the full
        board draw from it); a sentence when there is none or it is still a lobby."""
        record = await self.store.live_game(channel_id) or await self.store.latest_game(channel_id)
        if record is None:
            raise NoGameHere("There is no game in this channel. Start one with `/start`.")
        spec = self.spec(record.game_key)
        state = self._state_of(record, spec) if record.status != "lobby" else None
        if state is None:
            raise NoGameHere("The game has not begun yet: it is still in its lobby.")
        return record, self._public_named(record, spec, state)[0]

    def _public_named(self, record: GameRecord, spec: GameSpec[Any, Any], state: State) -> tuple[View, str]:
        """The public view named for images and its JSON (``images_named``), worked out once per stored version
        and names: the board draws from it, and so does the board's **Zoom** at each board's delivery."""
        names = image_names(record)
        cached = self._states.get(record.id) if record.id is not None else None
        if cached is None or cached.version != record.version or cached.state is not state:
            view, text = images_named(spec.view(state, None), record)
            KEYS.know(view, text)  # a renderer's key of this view (a copy) is made from this JSON
            return view, text
        if cached.public is None or cached.public[0] != names:
            view, text = images_named(spec.view(state, None), record)
            KEYS.know(view, text)
            cached.public = (names, view, text)
        return cached.public[1], cached.public[2]

    def board_text(self, loaded: Loaded, prompts: Sequence[Prompt]) -> str:
        """The channel message: title, narration of the current stage, and who must decide what."""
        record, spec = loaded.record, loaded.spec
        assert loaded.state is not None
        header = f"**{spec.name}** · turn {loaded.state.turn} · {self._roster(record, spec)}"
        lines = [header]
        names = channel_names(record)  # worked out once for every line of the story
        narration = [name_seats(line, names) for line in record.narration]
        body = "\n".join(narration)
        while narration and len(body) > MESSAGE_LIMIT - 400:
            narration.pop(0)
            body = "…\n" + "\n".join(narration)
        if body:
            lines.append(body)
        if record.status == "finished":
            lines.append(f"🏁 **Game over.** {record.result or ''}".rstrip())
        elif record.status == "ended":
            lines.append(f"🛑 **Game ended.** {record.result or ''}".rstrip())
        else:
            lines.append(self._waiting_line(record, prompts))
        return "\n".join(lines)

    def _waiting_line(self, record: GameRecord, prompts: Sequence[Prompt]) -> str:
        if not prompts:
            return "Nothing is waiting on anyone."
        parts = []
        names = channel_names(record)
        for p in prompts:
            seat = record.user_of(p.seat)
            who = seat_name(seat) if seat else "a player"
            parts.append(f"{who}: {name_seats(p.question, names)}")
        since = relative_time(record.waiting_since)
        # A call to action only where someone can answer it: a bot's decision needs no button pressed.
        call = f" {CALL_TO_ACTION}" if waited_people(record, prompts) else ""
        return WAITING + "; ".join(parts) + f" (since {since})." + call

    async def _panel(
        self,
        loaded: Loaded,
        seat: SeatRecord,
        private_lines: Sequence[str],
        intro: str | None = None,
        pending: Sequence[Prompt] | None = None,
    ) -> Panel:
        """One seat's private view, what just happened to them, and their pending prompts (``pending``: the
        state's prompts when the caller has them, as after an action)."""
        spec, state = loaded.spec, loaded.state
        assert state is not None
        record = loaded.record
        seen = spec.view(state, seat.seat)
        shown = self._seen_json(record, state, seen)  # written once: the marker check of both namings, the digest
        marked = "⟦" in shown[-1]  # a field holding a marker is never one the board's named view shares
        seen_digest = digest(*shown)
        if pending is None:
            pending = self.pending(record, spec, state)
        prompts = named_prompts(tuple(p for p in pending if p.seat == seat.seat), record)
        lines = []
        if intro:
            lines.append(intro)
        told = [in_private(line, record) for line in private_lines]
        lines.extend(await self._since_lines(loaded, seat, told))
        lines.extend(told)
        names = display_names(record)
        described = self._described(record, spec.key, seat.seat, seen, seen_digest, marked, names)
        if described:
            lines.append(name_seats(described, names))
        if prompts:
            lines.extend(f"**{p.question}**" for p in prompts)
            lines.extend(await self._hint_lines(loaded, seat, prompts))
        elif loaded.record.status == "active":
            lines.append("Nothing is waiting on you right now.")
        pictured_names = image_names(record)
        drawn_from = (spec.key, bool(prompts), seen_digest, tuple(pictured_names.items()))
        images = self.panels_drawn.get((record.id, seat.seat), drawn_from)
        if images is None:  # the seat's view changed since its last panel: its images asked of the renderer
            pictured = self._for_images(record, state, seen, marked)
            # The image names everyone as the panel does: its view is the very view the panel's words describe, so
            # its hand's alt text is written from those words, not described again (unless they mark a seat, which
            # the alt text names only after it is cut to length).
            same = pictured_names == names and "⟦" not in described
            words = described if same else None
            images = await self._panel_images(spec, pictured, closeup=bool(prompts), described=words)
            self.panels_drawn.put((record.id, seat.seat), drawn_from, images)
        image, closeup = images
        return Panel(text=clip("\n".join(lines)), prompts=prompts, image=image, closeup=closeup, game_id=record.id)

    def _for_images(self, record: GameRecord, state: State, seen: View, marked: bool) -> View:
        """``for_images(seen, record)``; when the board's named view of this version is kept and names the seats
        the same, named with its very names: a renderer's copy of the public part of ``seen`` (Jupiter's close-up)
        is then made of the board view's objects, and keyed from the JSON the board wrote (``KEYS.know``)."""
        cached = self._states.get(record.id) if record.id is not None else None
        same = cached is not None and cached.version == record.version and cached.state is state
        public = cached.public if same and cached is not None else None
        if not marked and public is not None and public[0] == image_names(record):
            return seen.model_copy(update={"names": public[1].names})
        return for_images(seen, record, marked=marked)

    def _described(
        self,
        record: GameRecord,
        key: str,
        seat: int,
        seen: View,
        seen_digest: bytes,
        marked: bool,
        names: dict[int, str],
    ) -> str:
        """The seat's view in words for its panel (``View.describe`` of the view named with ``names``, the panel's
        ``display_names``; a seat marker it writes itself is the caller's to name), kept per seat with the digest of
        the view it was written from (``_seen_json``'s) and the names it used, like the panel's images: a view's
        words are worked out from its fields and names alone (0.1 ms for Jupiter's)."""
        written_from = (key, seen_digest, tuple(names.items()))
        described = self.panels_described.get((record.id, seat), written_from)
        if described is None:
            view = named_view(seen, record, names, marked=marked)  # its texts name people as the panel does
            described = view.describe()
            self.panels_described.put((record.id, seat), written_from, described)
        return described

    def _seen_json(self, record: GameRecord, state: State, seen: View) -> tuple[str, ...]:
        """What a seat's view shows, as JSON that tells it apart from any other view (the panel's images' digest
        and its marker check): the view's JSON, or, when most of its fields are the very objects of the board's
        public view kept for this version (an engine that builds the public part once per state: Jupiter, Cosmic
        Pioneers), that view's JSON, already written, with the JSON of the fields that differ.
        Views are never changed once made, so a field that is the same object shows the same."""
        cached = self._states.get(record.id) if record.id is not None else None
        if cached is not None and cached.version == record.version and cached.state is state and cached.public:
            public, text = cached.public[1], cached.public[2]
            if type(public) is type(seen):
                theirs = public.__dict__
                differ = {k for k, v in seen.__dict__.items() if v is not theirs.get(k)}
                if len(differ) * 2 < len(theirs):
                    return ("seen beside the board", text, seen.model_dump_json(include=differ))
        # A seat's view that does not share the board's (Derelict, ¡Abordaje!, Capricorn) may still hold the very
        # models the board's view was written with (Derelict's rooms): their JSON is spliced in, the same text.
        return (VIEW_TEXT.text(seen),)

    async def _since_lines(self, loaded: Loaded, seat: SeatRecord, told: Sequence[str]) -> list[str]:
        """The lines a panel opens with: what happened since the seat's last decision, less ``told`` (the news the
        panel carries anyway). Nothing here; ``SinceHost`` (``bot/tables/since.py``) writes them."""
        return []

    async def _hint_lines(self, loaded: Loaded, seat: SeatRecord, prompts: Sequence[Prompt]) -> list[str]:
        """First-time hints on the decisions at hand. Nothing here; ``NotifyHost`` (``bot/tables/notify.py``)."""
        return []

    async def _panel_images(
        self, spec: GameSpec[Any, Any], view: View, *, closeup: bool, described: str | None = None
    ) -> tuple[Attachment | None, Attachment | None]:
        """A panel's hand image and, when asked and the renderer draws one, its close-up of where the seat's
        choices are: both looked up on the loop when already drawn (most moves: a hop to a thread and back costs
        about 0.1 ms of CPU), else both drawn in one worker thread, one after the other (``drawn``), their alt
        texts with them; beside a board's drawing or after the answer, straight in the thread when the look-up
        costs more (``bot.tables.lookfirst``). ``described``: ``view.describe()``, when the caller wrote it already (the
        panel's words): the hand's alt text is written from it (``render.core.alt.described_as``)."""
        renderer = self.renderers.get(spec.key)
        if renderer is None:
            return None, None
        near = cast(CloseUp, renderer) if closeup and self._is(spec.key, renderer, CloseUp) else None

        def draw() -> tuple[Attachment | None, Attachment | None]:
            """Both images with their alt texts, written where they are drawn (a worker thread, when they are)."""
            hand = renderer.hand(view)
            shown = None if near is None else near.closeup(view)
            return (
                None
                if hand is None
                else Attachment(
                    f"{spec.key}-hand.png", hand, name_seats(hand_alt(renderer, view, described), view.names)
                ),
                None
                if shown is None or near is None
                else Attachment(f"{spec.key}-closeup.png", shown, name_seats(near.closeup_alt(view), view.names)),
            )

        if not by_a_drawing() and not unhurried():
            return await drawn(draw)
        if self.look_first.worth(spec.key):  # beside a board's drawing or after the answer: looked up first if cheap
            start = time.thread_time()
            found, value = kept(draw)
            self.look_first.took(spec.key, time.thread_time() - start)
            if found and value is not None:
                return value
        # A key that costs the loop more than a hop (or an image not kept): asked of the thread.
        return await drawn(draw, new=True)

    async def status(self, channel_id: int) -> str:
        """Whose decision the game waits on, what it is and since when."""
        loaded = await self._load(channel_id, live_only=False)
        record, spec = loaded.record, loaded.spec
        if record.status == "lobby":
            seats = self.seat_cap(spec, record)
            return (
                f"A lobby of **{spec.name}** is open ({len(record.seats)}/{seats} players, "
                f"{spec.min_players} needed) since {relative_time(record.created_at)}."
            )
        assert loaded.state is not None
        if record.status == "finished":
            return f"The game of **{spec.name}** is over. {record.result or ''}".rstrip()
        if record.status == "ended":
            return f"The game of **{spec.name}** was ended. {record.result or ''}".rstrip()
        prompts = self.pending(record, spec, loaded.state)
        return f"**{spec.name}**, turn {loaded.state.turn}. " + self._waiting_line(record, prompts)
