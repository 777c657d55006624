"""What the host keeps about games, and the one small protocol every storage backend implements.

The host never writes SQL: it calls a ``Store``. SQLite (aiosqlite) is the embedded default; PostgreSQL
(asyncpg) serves several processes. Both must pass the same tests (``tests/store``).

Guarantees every backend gives:

- At most one *live* game (status ``lobby`` or ``active``) per channel: ``insert_game`` raises
  ``Conflict`` otherwise. Finished and ended games stay readable until the channel's next game replaces them.
- Optimistic concurrency: every write names the version it read; a write against another version raises
  ``Conflict`` and changes nothing. A successful write returns the record with ``version + 1``.
- ``record_action`` is one transaction: the action row, the new snapshot and the new version commit together
  (or not at all) before the host tells anybody anything, and with them what the channel and the players must
  be told about it (``DeliveryRecord`` rows) and the link from the interaction that asked (``DeferralRecord``),
  so that a crash right after the commit loses nothing that was promised.
- Timers (``TimerRecord``: reminders, bot turns) are claimed before they fire and marked fired once done.
- Deliveries, deferrals and timers are *claimed* by one process at a time (``claimed_by``/``claimed_at``); a claim
  older than the caller's ``stale_before`` belonged to a process that died and may be taken over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

GameStatus = Literal["lobby", "active", "finished", "ended"]
LIVE_STATUSES: tuple[GameStatus, ...] = ("lobby", "active")


class SeatRecord(BaseModel):
    """A player in a game: their seat index, Discord user, the name shown, and the role they hold."""

    seat: int
    user_id: int
    display_name: str
    role: str | None = None
    bot: str | None = None  # a seat bot's level ("easy", "normal"); ``None``: a person plays this seat

    @property
    def is_bot(self) -> bool:
        """Whether a seat bot plays this seat (it gets no DM, reminder, ping or skip vote)."""
        return self.bot is not None


class GameRecord(BaseModel):
    """One game in one channel, as stored.

    ``snapshot`` is the engine state's JSON after the last action (``None`` in the lobby), so loading never
    replays a long log. ``board_message_id`` is the channel message the host edits for small steps.
    ``narration`` holds the public lines shown on that message. ``waiting_since`` is when the current
    decisions became due (unix seconds).
    """

    id: int | None = None
    guild_id: int | None = None
    channel_id: int
    game_key: str
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    engine_version: str
    status: GameStatus = "lobby"
    version: int = 0
    opener_id: int
    seats: list[SeatRecord] = Field(default_factory=list)
    snapshot: str | None = None
    board_message_id: int | None = None
    narration: list[str] = Field(default_factory=list)
    action_count: int = 0  # length of the action log; record_action sets it to the new action's index + 1
    result: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    waiting_since: float = 0.0
    reminders_sent: int = 0  # reminders posted since ``waiting_since``; the host resets it with the wait
    skip_votes: list[int] = Field(default_factory=list)  # users who voted to skip the current wait; reset with it
    paused_at: float | None = None  # its server removed the bot then (issue 31): nothing acts until ``/board``

    def seat_of(self, user_id: int) -> SeatRecord | None:
        """The seat this user holds, if any."""
        for s in self.seats:
            if s.user_id == user_id:
                return s
        return None

    def user_of(self, seat: int) -> SeatRecord | None:
        """The seat record for seat index ``seat``."""
        for s in self.seats:
            if s.seat == seat:
                return s
        return None


class ActionRecord(BaseModel):
    """One answered prompt in a game's append-only log.

    ``public`` holds the public narration lines it produced (for the game log a spectator may read).
    """

    game_id: int
    index: int  # 0-based position in this game's log
    seat: int
    user_id: int
    prompt_id: str
    choice_id: str
    public: list[str] = Field(default_factory=list)
    at: float = 0.0


class UserPrefs(BaseModel):
    """What the bot remembers about one Discord user across games."""

    user_id: int
    dm_closed: bool = False
    notify_dm: bool = False  # ``/notify dm``: also ping by DM when a decision becomes due


class NoteRecord(BaseModel):
    """A line in a game's public log that no action produced: a moderator's undo, end or seat change, a skip.

    ``after_action`` is the game's ``action_count`` when it was written, so the log can place it between the
    actions it came between.
    """

    game_id: int
    after_action: int
    at: float
    user_id: int
    text: str


DeliveryKind = Literal["board", "dm", "notice", "closing"]


class DeliveryRecord(BaseModel):
    """One thing Discord must be told after a committed action, stored in the action's own transaction.

    A ``board`` delivery brings the channel's board up to the stored version (a new message that pings
    ``pings`` when ``new_post``, an edit otherwise); a ``dm`` delivery sends ``user_id`` their panel with the
    private news ``lines``. What is drawn is worked out again from the stored game when it is delivered, so
    a row holds no image and a late delivery shows the game as it stands. The key is the commit that made it
    (``game_id``, ``version``) and its place in it (``seq``); ``nonce`` is what Discord sees of that key.

    Two kinds carry their own words (``text``), because what they tell may outlive the game (a reset deletes
    it): a ``notice`` is a new channel message pinging ``pings`` (a seat handed to someone, a reset); a
    ``closing`` edits the message ``board_message_id`` to ``text`` and takes its buttons off (the board of a
    game reset, the message of a lobby closed), or posts ``text`` when the game had no message. A ``notice``
    marked ``recap`` is a finished game's recap (``bot.tables.recap``): its ``text`` is the result, and its
    story and animated board are drawn again from the stored game when it is sent.
    """

    game_id: int
    version: int
    seq: int
    channel_id: int
    kind: DeliveryKind
    user_id: int | None = None
    new_post: bool = False
    pings: list[int] = Field(default_factory=list)
    lines: list[str] = Field(default_factory=list)
    created_at: float = 0.0
    board_message_id: int | None = None  # the board when committed: another one since means the post was made
    text: str | None = None  # a notice's or a closing's words
    lobby: bool = False  # a ``board`` row of an open lobby: its message, drawn again from the stored lobby
    recap: bool = False  # a ``notice`` row of a finished game's recap: drawn again from the stored game

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.game_id, self.version, self.seq)

    @property
    def nonce(self) -> str:
        """The message nonce Discord deduplicates on (at most 25 characters): one message per delivery."""
        return f"{self.game_id}.{self.version}.{self.seq}"[-25:]


class DeferralRecord(BaseModel):
    """An interaction the bot acknowledged ("…is thinking") and must still answer.

    Stored before the bot defers, deleted once it answered. The action the interaction led to sets ``game_id``
    and ``action_index`` in the action's transaction, so after a crash the answer can say whether the move was taken.
    Discord accepts an answer for 15 minutes with nothing but ``application_id`` and ``token``.
    """

    interaction_id: int
    application_id: int
    token: str
    channel_id: int
    user_id: int
    deferred_at: float
    game_id: int | None = None
    action_index: int | None = None
    asked: str | None = None  # a command other than a move: what the player asked for ("/join", "Begin")
    said: str | None = None  # what the player is told once it is done ("You are seated.")
    done: bool = False  # the command's commit happened (set in the commit's own transaction)

    @property
    def taken(self) -> bool:
        """Whether the move or command this interaction asked for was committed."""
        return self.action_index is not None or self.done


class TimerRecord(BaseModel):
    """One firing of a timer: a reminder, a bot's turn, anything due at a time rather than on a request.

    ``kind`` says what fires and ``due_key`` which firing of it (a reminder's wait and number, a bot turn's
    game version), so the key names one firing in one game and a second claim of it finds the first. The
    process that claims it does the work, then marks it fired; ``payload`` (JSON) is what another process
    needs to finish the job if the claimant dies.

    A seat bot's move is one too (``kind="bot"``, ``due_key`` the game's version): the commit that leaves a
    bot's decision pending stores it with ``schedule_timer``, held by nobody; every process's bot loop claims
    due ones with ``claim_stale_timers``, and the one that gets it plays the move (its commit is
    version-checked like any other) and calls ``finish_timers``. If it dies first, the same key is claimable
    again once its claim is stale, by the next round of any process.
    """

    game_id: int
    kind: str
    due_key: str
    channel_id: int
    payload: dict[str, Any] = Field(default_factory=dict)
    created_at: float = 0.0

    @property
    def key(self) -> tuple[int, str, str]:
        return (self.game_id, self.kind, self.due_key)


class GuildSettings(BaseModel):
    """A server's own settings (``/settings``); ``None`` means the deployment's default from ``.env``."""

    guild_id: int
    reminder_hours: float | None = None  # 0 turns reminders off for the server
    idle_hours: float | None = None  # after this long the others may vote to skip the idle player
    channels: list[int] = Field(default_factory=list)  # channels where games may be started; empty: any
    skip_to_bot: bool = False  # a successful skip vote hands the idle seat to a bot
    version: int = 0  # bumped by every write: a change read at one version is refused at another (``Conflict``)


class Store(Protocol):
    """The persistence every host needs; see the module docstring for its guarantees."""

    async def open(self) -> None:
        """Connect and bring the schema up to date (numbered migrations)."""

    async def close(self) -> None:
        """Release connections."""

    async def insert_game(
        self,
        game: GameRecord,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
    ) -> GameRecord:
        """Store a new game (``id`` is assigned, ``version`` becomes 1); ``Conflict`` if the channel has a live one.

        ``deliveries`` (the lobby's first message) commit with it, their ``game_id`` set to the new id.

        ``interaction_id`` (here and in every other write of a game): the deferred interaction that asked for
        the change, marked done in the same transaction (``DeferralRecord.done``)."""

    async def live_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in ``lobby`` or ``active`` status, if any."""

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game in any status (a finished game stays readable)."""

    async def get_game(self, game_id: int) -> GameRecord | None:
        """A game by id."""

    async def update_game(
        self,
        game: GameRecord,
        expected_version: int,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
        notes: Sequence[NoteRecord] = (),
    ) -> GameRecord:
        """Write every field of ``game`` if the stored version is ``expected_version``; else ``Conflict``.

        ``deliveries`` (claimed by ``claimed_by``) commit in the same transaction: what a change outside the
        action log (a game begun) owes the channel and the players, as ``record_action`` stores for an action.
        So do ``notes``: the ``/log`` lines saying who made the change (a moderator's step).
        """

    async def record_action(
        self,
        game: GameRecord,
        expected_version: int,
        action: ActionRecord,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
    ) -> GameRecord:
        """Append ``action`` and write ``game``'s row (snapshot, status, narration…) in one transaction, with
        ``deliveries`` (claimed by ``claimed_by``, at the action's time) and the link from the deferred
        interaction ``interaction_id`` to the action.

        Seats are not written here: they change only through ``update_game`` (lobby, moderation).
        """

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The game's log in order."""

    async def undo_action(
        self,
        game: GameRecord,
        expected_version: int,
        index: int,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
        notes: Sequence[NoteRecord] = (),
    ) -> GameRecord:
        """Remove the log's last action (number ``index``) and write ``game``'s row, in one transaction, with
        what the undo owes the channel and the players (``deliveries``, claimed by ``claimed_by``) and the
        ``/log`` line saying who undid it (``notes``).

        ``Conflict`` if the stored version is not ``expected_version`` or ``index`` is not the last action.
        """

    async def add_note(self, note: NoteRecord) -> None:
        """Append a line to a game's public log (a moderator's action, a skip)."""

    async def notes(self, game_id: int) -> list[NoteRecord]:
        """The game's notes in the order they were written."""

    async def games_due_a_reminder(
        self, now: float, idle_seconds: float, max_reminders: int, limit: int = 200
    ) -> list[GameRecord]:
        """Active games due their next reminder at ``now``: waiting ``idle_seconds`` × 2^reminders_sent or
        longer, with fewer than ``max_reminders`` sent; longest waiting first. The reminder loop's one query.

        A server's own ``reminder_hours`` (``GuildSettings``) replaces ``idle_seconds`` for its games; 0 means
        its games are never reminded."""

    async def delete_game(
        self,
        game_id: int,
        expected_version: int | None = None,
        deliveries: Sequence[DeliveryRecord] = (),
        *,
        claimed_by: str = "",
        interaction_id: int | None = None,
    ) -> None:
        """Wipe a game and its log (a moderator's reset, a lobby closed), with what it still owed.

        With ``expected_version``, only the game as the caller read it: ``Conflict`` (nothing deleted) if it
        changed or is gone. ``deliveries`` (what the wipe itself owes: the old board's closing, a notice)
        commit in the same transaction and outlive the game."""

    async def games_of_user(self, user_id: int, guild_id: int | None = None) -> list[GameRecord]:
        """Live games where this user holds a seat (in one guild, or all)."""

    async def games_with_bots(self) -> list[GameRecord]:
        """Running games where a seat bot holds a seat (read once at start-up, to schedule bots' due moves)."""

    async def claim_deliveries(
        self, claimed_by: str, now: float, stale_before: float, limit: int
    ) -> list[DeliveryRecord]:
        """Claim up to ``limit`` undelivered items, oldest first, whose claim is older than ``stale_before``
        (their process died): they are ``claimed_by``'s from ``now``. Two processes never claim one item."""

    async def finish_deliveries(self, keys: Sequence[tuple[int, int, int]]) -> None:
        """Forget delivered items (by ``DeliveryRecord.key``)."""

    async def finish_commit_deliveries(self, game_id: int, version: int) -> None:
        """Forget every item of one commit (the usual path: the process that committed delivered them)."""

    async def claimants(self) -> list[str]:
        """Every process holding a claim on a delivery or a deferral (a handful: rows are deleted once done)."""

    async def release_claims(self, claimants: Sequence[str]) -> None:
        """Make every claim of ``claimants`` stale at once (their processes are known to be dead)."""

    async def add_deferral(self, deferral: DeferralRecord, claimed_by: str) -> None:
        """Remember an interaction about to be deferred, claimed by ``claimed_by``."""

    async def finish_deferral(self, interaction_id: int) -> None:
        """Forget an interaction once it was answered."""

    async def claim_deferrals(
        self, claimed_by: str, now: float, stale_before: float, answerable_after: float, limit: int
    ) -> list[DeferralRecord]:
        """Claim the unanswered interactions deferred after ``answerable_after`` (Discord still takes an
        answer) whose claim is older than ``stale_before``, oldest first; older ones are forgotten."""

    async def claim_timer(self, timer: TimerRecord, claimed_by: str, now: float, stale_before: float) -> bool:
        """Claim one firing before doing it: ``True`` when it is ``claimed_by``'s from ``now``, ``False`` when
        it already fired or another process holds a claim newer than ``stale_before``. Of processes racing for
        one key exactly one wins; a claim left by a dead process is taken over once stale."""

    async def schedule_timer(self, timer: TimerRecord) -> None:
        """Store a firing due at once and held by nobody, for any process's ``claim_stale_timers`` to take
        (a seat bot's move); a firing already stored under its key, fired or not, is left as it is."""

    async def finish_timers(self, keys: Sequence[tuple[int, str, str]], now: float) -> None:
        """Mark firings done (by ``TimerRecord.key``): never claimed again."""

    async def release_timer(self, key: tuple[int, str, str]) -> None:
        """Give up a claimed firing that turned out not to be due (the game moved on): the key may fire later."""

    async def claim_stale_timers(
        self, kind: str, claimed_by: str, now: float, stale_before: float, limit: int, fired_before: float
    ) -> list[TimerRecord]:
        """Claim at most ``limit`` unfired firings of ``kind`` held by nobody (a seat bot's move is stored claimed at
        0) or whose claimant died (claim older than ``stale_before``), oldest first, to finish them; processes
        claiming at once share them, never both holding one. Firings done before ``fired_before`` are forgotten on
        the way."""

    async def user_prefs(self, user_id: int) -> UserPrefs:
        """The user's preferences (defaults if never stored)."""

    async def set_user_prefs(self, prefs: UserPrefs) -> None:
        """Store the user's preferences."""

    async def set_user_pref(self, user_id: int, column: str, value: bool) -> bool:
        """Write one of the user's preferences (``dm_closed`` or ``notify_dm``), never the other: two processes
        changing one each lose neither. ``True`` when this write changed the stored value (or stored the
        user's first row), ``False`` when it already held ``value``: of two writers, one is told it changed."""

    async def users_prefs(self, user_ids: Sequence[int]) -> dict[int, UserPrefs]:
        """Several users' preferences in one query (defaults for those never stored)."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings (all defaults if never stored)."""

    async def set_guild_settings(self, settings: GuildSettings, *, expected_version: int | None = None) -> None:
        """Store the server's settings (their ``version`` goes up by one).

        With ``expected_version`` (the ``version`` the caller read; 0 for a server never stored), only if
        nobody changed them since: ``Conflict`` otherwise, and nothing is written."""

    # ------------------------------------------------------------------ what is kept, and for how long (issue 29)

    async def keep_settings(self, guild_id: int) -> KeepSettings:
        """How long the server keeps finished games and idle lobbies (defaults if it never set them)."""

    async def set_keep_settings(self, settings: KeepSettings, *, expected_version: int) -> None:
        """Store them over the server's settings version the caller read (shared with ``GuildSettings``: a
        change of either refuses the other's stale write with ``Conflict``); nothing else of the row changes."""

    async def prune_finished_games(self, now: float, keep_seconds: float, limit: int) -> list[int]:
        """Delete up to ``limit`` finished or ended games (with their seats, log, notes, deliveries and timers)
        done longer ago (``updated_at``) than their server keeps them: its ``keep_days``, else ``keep_seconds``.
        Oldest first; the ids deleted."""

    async def idle_lobbies(self, now: float, idle_seconds: float, limit: int) -> list[GameRecord]:
        """Lobbies nobody joined, left or changed (``updated_at``) for their server's ``lobby_hours`` (else
        ``idle_seconds``; 0 hours: the server's lobbies never expire), longest idle first."""

    async def forget_expired_deferrals(self, answerable_after: float) -> int:
        """Delete the interactions deferred before ``answerable_after`` (Discord takes no answer to them any
        more: their tokens are dead); how many."""

    async def finished_games(self, guild_id: int, limit: int) -> list[GameRecord]:
        """The server's finished and ended games, most recently done first (a moderator picks one to delete)."""

    async def forget_user(self, user_id: int, names: Sequence[str] = ()) -> int:
        """Forget a person, in one transaction: in every finished or ended game their seat becomes "a former
        player" (``FORMER_PLAYER``) with a placeholder id of its own (``former_player_id``), the log's actions and
        notes and the game's opener lose their id the same way, and their display names (their seats', and
        ``names``) and mentions are taken out of the games' stored texts (result, narration, notes); their
        preferences, unanswered interactions and owed DMs are deleted. Seats in lobbies and running games are
        left as they are (the host refuses to forget someone who holds one). How many seats were forgotten."""

    # ------------------------------------------------------------------ games in threads (migration 13)

    async def threads_setting(self, guild_id: int) -> bool | None:
        """Whether ``/start`` opens each game in a thread of its own on this server; ``None``: never chosen."""

    async def set_threads_setting(self, guild_id: int, threads: bool | None) -> None:
        """Store the server's choice (``None`` forgets it: the bot's permissions decide again)."""

    async def save_thread(self, thread: ThreadRecord) -> None:
        """Store (or replace) what the bot knows of a thread it opened for a game."""

    async def thread(self, thread_id: int) -> ThreadRecord | None:
        """A thread the bot opened for a game, if it is one."""

    async def running_games(self, guild_id: int) -> list[GameRecord]:
        """The server's live games (lobbies and running games), most recently active first."""

    async def recent_games_of_user(self, user_id: int, since: float) -> list[GameRecord]:
        """Games that ended or finished since ``since`` in which this user held a seat, newest first."""

    # ------------------------------------------------------------------ notification choices (migration 11)

    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        """Several users' notification choices (``/notify``) in one query; defaults for those never stored."""

    async def set_notify_prefs(self, user_id: int, changes: dict[str, Any]) -> NotifyPrefs:
        """Write only the columns named in ``changes`` (``NOTIFY_COLUMNS``), leaving the user's other choices as
        stored (two commands at once lose neither); the choices as they stand after the write."""

    async def notify_schedules(self) -> list[NotifyPrefs]:
        """The users with a daily digest or quiet hours: the only ones the digest and quiet-hours rounds visit."""

    async def note_hint(self, user_id: int, kind: str, prompt_key: str) -> int:
        """Count that the decision ``prompt_key`` (a game's prompt) showed ``user_id`` the hint of ``kind``; how
        many decisions of that kind have shown it, this one included. The same decision shown again (a panel
        drawn twice) is not counted twice."""

    async def actions_since(self, game_id: int, first_index: int) -> list[ActionRecord]:
        """The game's log from action number ``first_index`` on, in order (what happened since a point)."""

    # ------------------------------------------------------------------ players away (issue 28, migration 12)

    async def away_of(self, user_id: int, guild_id: int) -> AwayRecord | None:
        """The user's away on this server (0: outside any server), if one is stored (ended or not)."""

    async def aways_among(self, guild_id: int, user_ids: Sequence[int]) -> list[AwayRecord]:
        """The stored aways of these users on this server, in one query (a game's seats, every move)."""

    async def set_away(self, away: AwayRecord) -> None:
        """Store (or replace) the user's away on its server."""

    async def end_away(self, user_id: int, guild_id: int) -> AwayRecord | None:
        """Forget the user's away on this server and return it; ``None`` when there was none (of two processes
        ending it at once, exactly one gets it)."""

    async def aways_over(self, now: float) -> list[AwayRecord]:
        """The stored aways whose ``until`` has passed (``now`` or earlier): the ones a sweep ends."""

    async def away_limit(self, guild_id: int) -> float | None:
        """The server's longest away in days (``/settings away``); ``None``: the default."""

    async def set_away_limit(self, guild_id: int, days: float | None) -> None:
        """Store the server's longest away in days; ``None`` goes back to the default."""

    # ------------------------------------------------------------------ deliveries Discord failed (issue 31)

    async def postpone_deliveries(self, keys: Sequence[tuple[int, int, int]], claimed_by: str, until: float) -> None:
        """Keep items Discord failed (a 5xx, a timeout, a refused post) owed, held by ``claimed_by`` until ``until``:
        their claim is stale, and the catch-up tries them again, ``claim_seconds`` after that."""

    async def resume_channel_deliveries(self, channel_id: int, claimed_by: str, since: float) -> int:
        """Make every item of a channel that ``claimed_by`` holds, claimed after ``since`` (``postpone_deliveries``
        holds them into the future), claimable at once: the channel works again (``/board``, or a post went
        through); how many."""

    async def drop_channel_deliveries(self, channel_ids: Sequence[int]) -> int:
        """Forget every item owed to these channels (deleted, or their server removed the bot); how many."""

    # ------------------------------------------------------------------ a server that removed the bot (migration 16)

    async def pause_guild_games(self, guild_id: int, now: float) -> int:
        """Mark the server's lobbies and running games paused since ``now`` (``GameRecord.paused_at``; those
        paused already keep their time), each one version up; how many were paused."""

    async def resume_game(self, game_id: int, expected_version: int, now: float) -> bool:
        """Take the pause off one game read at ``expected_version`` (one version up, ``updated_at`` now);
        ``False`` when it was not paused or changed since (of two resumers, exactly one resumes it)."""

    # ------------------------------------------------------------- channels left alone after a refusal (migration 16)

    async def refused_channels(self, now: float) -> list[RefusedChannel]:
        """The channels the bot leaves alone at ``now``, or did within a day (their refusals in a row still count):
        what a restarted process starts from."""

    async def save_refused_channel(self, channel: RefusedChannel) -> None:
        """Store (or replace) one channel's refusal schedule."""

    async def clear_refused_channel(self, channel_id: int) -> None:
        """The channel works again: forget its schedule."""

    async def forget_refused_channels(self, now: float) -> int:
        """Forget the schedules over for a day at ``now`` (the hourly clean-up); how many."""


class RefusedChannel(BaseModel):
    """A channel that refused the bot (403): left alone until ``until`` after ``failures`` refusals in a row,
    for want of ``missing`` (``bot.backoff``); stored so that a restart does not post there again at once."""

    channel_id: int
    until: float
    failures: int
    missing: list[str] = Field(default_factory=list)


class KeepSettings(BaseModel):
    """How long a server keeps things (``/settings keep``, ``/settings lobbies``); ``None``: the default.

    Kept in the server's settings row beside ``GuildSettings`` and versioned with it."""

    guild_id: int
    keep_days: float | None = None  # finished and ended games are deleted this long after they ended
    lobby_hours: float | None = None  # a lobby nobody touched this long is closed; 0: never
    version: int = 0


FORMER_PLAYER = "a former player"
"""The name a forgotten person's seat takes (``/forget me``)."""
FORMER_BASE = -(10**12)
"""Placeholder ids of forgotten seats are at or below this: far from Discord's ids (positive) and from seat bots'
(-1, -2…), and one per game and seat (``former_player_id``), so nothing links one forgotten seat to another."""


def former_player_id(game_id: int, seat: int) -> int:
    """The placeholder id a forgotten person's seat ``seat`` of game ``game_id`` takes (written in SQL as
    ``sql.FORGET_SEATS`` computes it; seat 99 stands for "no seat": a note or a game opened by them)."""
    return FORMER_BASE - game_id * 100 - seat


def is_former_player(user_id: int) -> bool:
    """Whether ``user_id`` is a forgotten person's placeholder (no Discord user: never mentioned or pinged)."""
    return user_id <= FORMER_BASE


class ThreadRecord(BaseModel):
    """A public thread the bot opened from a lobby message so that one channel holds many tables.

    ``name`` is the name the game wants (its game and players), ``shown_name`` the one Discord shows: Discord
    allows two renames of a thread per ten minutes, so a rename may wait (the last name wins). ``renamed_at``
    holds the times of the last renames; ``locked``: a moderator locked it, which ended its game."""

    thread_id: int
    guild_id: int | None = None
    parent_id: int
    starter_message_id: int | None = None
    name: str
    shown_name: str
    renamed_at: list[float] = Field(default_factory=list)
    locked: bool = False
    created_at: float = 0.0


NOTIFY_COLUMNS = ("hints", "digest_hour", "quiet_start", "quiet_end", "quiet_since", "time_zone")


class NotifyPrefs(BaseModel):
    """How a player wants to be told (``/notify``): first-time hints, a daily digest instead of a DM per turn,
    quiet hours, and the time zone those hours are in (an IANA name, or a UTC offset like ``+02:00``).
    Hours are the player's local hours, 0-23; ``None`` means not set."""

    user_id: int
    hints: bool = True
    digest_hour: int | None = None
    quiet_start: int | None = None
    quiet_end: int | None = None
    quiet_since: float | None = None  # when the quiet hours were set: only pings held after that are owed
    time_zone: str | None = None


class HandedSeat(BaseModel):
    """A seat a bot plays while its person is away: the game, the seat, the bot's user id, and the log's
    length when the bot took it (its moves since are the summary its person reads on return)."""

    game_id: int
    seat: int
    bot_user_id: int
    from_action: int
    display_name: str = ""  # the person's name, given back with the seat


class AwayRecord(BaseModel):
    """A player who stepped away (``/away``) on one server: no reminders or DMs, skip votes against them wait,
    and, with ``bot``, a seat bot plays their seats (``handed``) until they are back."""

    user_id: int
    guild_id: int  # 0: outside any server
    since: float
    until: float
    reason: str | None = None
    bot: bool = False
    handed: list[HandedSeat] = Field(default_factory=list)
