"""Numbered schema migrations, one list for both backends.

Each migration has a number, a name and its DDL for SQLite and for PostgreSQL (the dialects differ in types
and in how ids are generated). A database records the migrations it has in ``schema_version``; opening it
applies every later one, each in its own transaction, so a database written by an older release opens in a
newer one. Never edit a released migration: append a new one.

A database newer than this code (a downgrade) is refused, because the old code would misread it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """One step of the schema: statements run in order inside one transaction."""

    number: int
    name: str
    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]


SCHEMA_VERSION_SQLITE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at REAL NOT NULL
)"""

SCHEMA_VERSION_POSTGRES = """
CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)"""

# A game's live-ness is its status; the partial index is what makes "one live game per channel" hold even
# between two processes racing to open a lobby.
_ONE_LIVE_GAME = (
    "CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active')"
)


def _timers(integer: str, real: str) -> tuple[str, ...]:
    """Migration 7 in one dialect. One row per firing of a timer (``kind`` and ``due_key`` name it within its
    game): claimed before it fires, marked ``fired_at`` once done, so two processes never fire one twice and a
    claim whose process died goes stale and is taken over."""
    return (
        f"""
        CREATE TABLE timers (
            game_id {integer} NOT NULL,
            kind TEXT NOT NULL,
            due_key TEXT NOT NULL,
            channel_id {integer} NOT NULL,
            payload TEXT NOT NULL,
            created_at {real} NOT NULL,
            claimed_by TEXT NOT NULL,
            claimed_at {real} NOT NULL,
            fired_at {real},
            PRIMARY KEY (game_id, kind, due_key)
        )""",
        "CREATE INDEX timers_unfired ON timers (claimed_at) WHERE fired_at IS NULL",
    )


_DELIVERY_KINDS_8 = "('board', 'dm', 'notice', 'closing')"
_DELIVERY_COLUMNS_5 = "game_id, version, seq, channel_id, kind, user_id, payload, created_at, claimed_by, claimed_at"


def _moderation_sqlite() -> tuple[str, ...]:
    """Migration 8 for SQLite, which cannot change a CHECK in place: the deliveries table is copied into one
    that also takes the kinds a moderator's step owes (its rows are few: only what is still undelivered)."""
    return (
        "ALTER TABLE guild_settings ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        f"""
        CREATE TABLE deliveries_8 (
            game_id INTEGER NOT NULL,
            version INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN {_DELIVERY_KINDS_8}),
            user_id INTEGER,
            payload TEXT NOT NULL,
            created_at REAL NOT NULL,
            claimed_by TEXT NOT NULL,
            claimed_at REAL NOT NULL,
            PRIMARY KEY (game_id, version, seq)
        )""",
        f"INSERT INTO deliveries_8 ({_DELIVERY_COLUMNS_5}) SELECT {_DELIVERY_COLUMNS_5} FROM deliveries",
        "DROP TABLE deliveries",
        "ALTER TABLE deliveries_8 RENAME TO deliveries",
        "CREATE INDEX deliveries_oldest ON deliveries (created_at)",
    )


_GAMES_BY_CHANNEL = "CREATE INDEX games_by_channel ON games (channel_id, id)"


def _deliveries(integer: str, real: str) -> tuple[str, ...]:
    """Migration 5 in one dialect: only the integer and float types differ."""
    return (
        f"""
        CREATE TABLE deliveries (
            game_id {integer} NOT NULL,
            version {integer} NOT NULL,
            seq INTEGER NOT NULL,
            channel_id {integer} NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('board', 'dm')),
            user_id {integer},
            payload TEXT NOT NULL,
            created_at {real} NOT NULL,
            claimed_by TEXT NOT NULL,
            claimed_at {real} NOT NULL,
            PRIMARY KEY (game_id, version, seq)
        )""",
        "CREATE INDEX deliveries_oldest ON deliveries (created_at)",
        f"""
        CREATE TABLE deferrals (
            interaction_id {integer} PRIMARY KEY,
            application_id {integer} NOT NULL,
            token TEXT NOT NULL,
            channel_id {integer} NOT NULL,
            user_id {integer} NOT NULL,
            deferred_at {real} NOT NULL,
            game_id {integer},
            action_index {integer},
            claimed_by TEXT NOT NULL,
            claimed_at {real} NOT NULL
        )""",
        "CREATE INDEX deferrals_oldest ON deferrals (deferred_at)",
    )


def _notify(integer: str, real: str, flag_on: str) -> tuple[str, ...]:
    """Migration 11 in one dialect. ``notify_prefs``: one row per user who changed a choice (none: the defaults);
    hours are the player's local hours (0-23), NULL when unset; ``quiet_since`` is when the quiet hours were set
    (a ping held by quiet hours is one sent after that). ``hint_counts``: how many decisions of one kind
    (``game:kind``) showed the player its hint, and the last one counted, so a panel drawn again for the same
    decision does not count twice."""
    return (
        f"""
        CREATE TABLE notify_prefs (
            user_id {integer} PRIMARY KEY,
            hints {flag_on},
            digest_hour INTEGER,
            quiet_start INTEGER,
            quiet_end INTEGER,
            quiet_since {real},
            time_zone TEXT
        )""",
        f"""
        CREATE TABLE hint_counts (
            user_id {integer} NOT NULL,
            kind TEXT NOT NULL,
            shown INTEGER NOT NULL,
            last_prompt TEXT NOT NULL,
            PRIMARY KEY (user_id, kind)
        )""",
    )


# JSON (options, narration, public lines) is stored as TEXT in both backends: it round-trips byte for byte
# (JSONB would reorder keys) and nothing queries inside it.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, seats and the action log",
        sqlite=(
            """
            CREATE TABLE games (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                guild_id INTEGER,
                channel_id INTEGER NOT NULL,
                game_key TEXT NOT NULL,
                options TEXT NOT NULL,
                seed INTEGER NOT NULL,
                engine_version TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
                version INTEGER NOT NULL,
                opener_id INTEGER NOT NULL,
                snapshot TEXT,
                board_message_id INTEGER,
                narration TEXT NOT NULL,
                action_count INTEGER NOT NULL,
                result TEXT,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                waiting_since REAL NOT NULL
            )""",
            """
            CREATE TABLE seats (
                game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                display_name TEXT NOT NULL,
                role TEXT,
                PRIMARY KEY (game_id, position)
            )""",
            """
            CREATE TABLE actions (
                game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                idx INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                prompt_id TEXT NOT NULL,
                choice_id TEXT NOT NULL,
                public TEXT NOT NULL,
                at REAL NOT NULL,
                PRIMARY KEY (game_id, idx)
            )""",
            _ONE_LIVE_GAME,
            _GAMES_BY_CHANNEL,
        ),
        postgres=(
            """
            CREATE TABLE games (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                guild_id BIGINT,
                channel_id BIGINT NOT NULL,
                game_key TEXT NOT NULL,
                options TEXT NOT NULL,
                seed BIGINT NOT NULL,
                engine_version TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
                version BIGINT NOT NULL,
                opener_id BIGINT NOT NULL,
                snapshot TEXT,
                board_message_id BIGINT,
                narration TEXT NOT NULL,
                action_count BIGINT NOT NULL,
                result TEXT,
                created_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                waiting_since DOUBLE PRECISION NOT NULL
            )""",
            """
            CREATE TABLE seats (
                game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                user_id BIGINT NOT NULL,
                display_name TEXT NOT NULL,
                role TEXT,
                PRIMARY KEY (game_id, position)
            )""",
            """
            CREATE TABLE actions (
                game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                idx BIGINT NOT NULL,
                seat INTEGER NOT NULL,
                user_id BIGINT NOT NULL,
                prompt_id TEXT NOT NULL,
                choice_id TEXT NOT NULL,
                public TEXT NOT NULL,
                at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (game_id, idx)
            )""",
            _ONE_LIVE_GAME,
            _GAMES_BY_CHANNEL,
        ),
    ),
    Migration(
        2,
        "users' preferences; seats found by user",
        sqlite=(
            """
            CREATE TABLE user_prefs (
                user_id INTEGER PRIMARY KEY,
                dm_closed INTEGER NOT NULL DEFAULT 0
            )""",
            "CREATE INDEX seats_by_user ON seats (user_id)",
        ),
        postgres=(
            """
            CREATE TABLE user_prefs (
                user_id BIGINT PRIMARY KEY,
                dm_closed BOOLEAN NOT NULL DEFAULT FALSE
            )""",
            "CREATE INDEX seats_by_user ON seats (user_id)",
        ),
    ),
    Migration(
        3,
        "reminders: how many were sent for the current wait; games found by how long they wait",
        sqlite=(
            "ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX games_waiting ON games (status, waiting_since)",
        ),
        postgres=(
            "ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX games_waiting ON games (status, waiting_since)",
        ),
    ),
    # Notes get their own id so the log lists them in the order they were written, even when several share
    # an ``after_action``. Settings rows exist only for servers that changed something: a missing row (or a
    # NULL hours column) means the deployment's default, which the reminder query reads through a LEFT JOIN.
    Migration(
        4,
        "skip votes, DM notifications, game notes and per-server settings",
        sqlite=(
            "ALTER TABLE games ADD COLUMN skip_votes TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE user_prefs ADD COLUMN notify_dm INTEGER NOT NULL DEFAULT 0",
            """
            CREATE TABLE game_notes (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                after_action INTEGER NOT NULL,
                at REAL NOT NULL,
                user_id INTEGER NOT NULL,
                text TEXT NOT NULL
            )""",
            "CREATE INDEX game_notes_by_game ON game_notes (game_id, id)",
            """
            CREATE TABLE guild_settings (
                guild_id INTEGER PRIMARY KEY,
                reminder_hours REAL,
                idle_hours REAL,
                channels TEXT NOT NULL DEFAULT '[]'
            )""",
        ),
        postgres=(
            "ALTER TABLE games ADD COLUMN skip_votes TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE user_prefs ADD COLUMN notify_dm BOOLEAN NOT NULL DEFAULT FALSE",
            """
            CREATE TABLE game_notes (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                after_action BIGINT NOT NULL,
                at DOUBLE PRECISION NOT NULL,
                user_id BIGINT NOT NULL,
                text TEXT NOT NULL
            )""",
            "CREATE INDEX game_notes_by_game ON game_notes (game_id, id)",
            """
            CREATE TABLE guild_settings (
                guild_id BIGINT PRIMARY KEY,
                reminder_hours DOUBLE PRECISION,
                idle_hours DOUBLE PRECISION,
                channels TEXT NOT NULL DEFAULT '[]'
            )""",
        ),
    ),
    # Deliveries and deferrals hold only what is still owed: a row is deleted once done, so start-up reads a
    # few rows, never a history. No foreign key on deliveries: deleting a game deletes its rows explicitly.
    Migration(
        5,
        "deliveries owed after a commit, and interactions still to answer",
        sqlite=_deliveries("INTEGER", "REAL"),
        postgres=_deliveries("BIGINT", "DOUBLE PRECISION"),
    ),
    # A seat bot's level on its seat (NULL: a person), and the server's choice to hand a skipped seat to a bot.
    Migration(
        6,
        "seat bots, and skipped seats handed to a bot",
        sqlite=(
            "ALTER TABLE seats ADD COLUMN bot TEXT",
            "ALTER TABLE guild_settings ADD COLUMN skip_to_bot INTEGER NOT NULL DEFAULT 0",
        ),
        postgres=(
            "ALTER TABLE seats ADD COLUMN bot TEXT",
            "ALTER TABLE guild_settings ADD COLUMN skip_to_bot BOOLEAN NOT NULL DEFAULT FALSE",
        ),
    ),
    # Touches no table of migration 6: a database that got 7 first (the two were built side by side) gets 6 too.
    Migration(
        7,
        "timers claimed by one process at a time (reminders, bot turns)",
        sqlite=_timers("INTEGER", "REAL"),
        postgres=_timers("BIGINT", "DOUBLE PRECISION"),
    ),
    # A server's settings get a version, so two processes changing them at once cannot lose either change; a
    # moderator's step (reset, end, undo, a seat handed over) stores what it owes like a move: a notice, and
    # the closing of a board whose game is gone.
    Migration(
        8,
        "versioned server settings, and what a moderator's step owes stored with it",
        sqlite=_moderation_sqlite(),
        postgres=(
            "ALTER TABLE guild_settings ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check",
            f"ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind IN {_DELIVERY_KINDS_8})",
        ),
    ),
    # A command other than a move (a lobby step, a moderator's step, /skip, /board) is stored before its defer
    # with what it asked and what to say once done; its commit marks it done in the same transaction, so the
    # catch-up can tell a player whose answer was cut off whether it was taken.
    Migration(
        10,
        "interactions of every command, with what they asked and whether it was done",
        sqlite=(
            "ALTER TABLE deferrals ADD COLUMN asked TEXT",
            "ALTER TABLE deferrals ADD COLUMN said TEXT",
            "ALTER TABLE deferrals ADD COLUMN done INTEGER NOT NULL DEFAULT 0",
        ),
        postgres=(
            "ALTER TABLE deferrals ADD COLUMN asked TEXT",
            "ALTER TABLE deferrals ADD COLUMN said TEXT",
            "ALTER TABLE deferrals ADD COLUMN done BOOLEAN NOT NULL DEFAULT FALSE",
        ),
    ),
    # A player's notification choices (``/notify``), in a table of their own so that columns other work adds to
    # ``user_prefs`` never meet these: first-time hints (on/off, and how often each kind was shown), the daily
    # digest's hour, quiet hours and the time zone both are read in.
    Migration(
        11,
        "notification choices: hints, daily digest, quiet hours, time zone",
        sqlite=_notify("INTEGER", "REAL", "INTEGER NOT NULL DEFAULT 1"),
        postgres=_notify("BIGINT", "DOUBLE PRECISION", "BOOLEAN NOT NULL DEFAULT TRUE"),
    ),
    # /away (issue 28): who stepped away on which server until when, and the seats a bot plays meanwhile; and
    # each server's longest away (``/settings away``).
    Migration(
        12,
        "players away, and each server's longest away",
        sqlite=(
            """
            CREATE TABLE away (
                user_id INTEGER NOT NULL,
                guild_id INTEGER NOT NULL,
                since REAL NOT NULL,
                until REAL NOT NULL,
                reason TEXT,
                bot INTEGER NOT NULL DEFAULT 0,
                handed TEXT NOT NULL DEFAULT '[]',
                PRIMARY KEY (user_id, guild_id)
            )""",
            "CREATE INDEX away_by_until ON away (until)",
            "CREATE TABLE away_limits (guild_id INTEGER PRIMARY KEY, max_days REAL NOT NULL)",
        ),
        postgres=(
            """
            CREATE TABLE away (
                user_id BIGINT NOT NULL,
                guild_id BIGINT NOT NULL,
                since DOUBLE PRECISION NOT NULL,
                until DOUBLE PRECISION NOT NULL,
                reason TEXT,
                bot BOOLEAN NOT NULL DEFAULT FALSE,
                handed TEXT NOT NULL DEFAULT '[]',
                PRIMARY KEY (user_id, guild_id)
            )""",
            "CREATE INDEX away_by_until ON away (until)",
            "CREATE TABLE away_limits (guild_id BIGINT PRIMARY KEY, max_days DOUBLE PRECISION NOT NULL)",
        ),
    ),
    # Tables in threads (issue 29): a server's choice whether /start opens each game in a thread of its own (NULL:
    # whether the bot may create threads there decides), and each thread the bot opened for a game: the channel
    # it hangs from, its starter message, its name and the times of its last renames (Discord allows two per ten
    # minutes), and whether a moderator locked it (its game then ended).
    Migration(
        13,
        "games in threads: the server's threads setting and each game thread",
        sqlite=(
            "CREATE TABLE thread_settings (guild_id INTEGER PRIMARY KEY, threads INTEGER)",
            """CREATE TABLE game_threads (
                thread_id INTEGER PRIMARY KEY,
                guild_id INTEGER,
                parent_id INTEGER NOT NULL,
                starter_message_id INTEGER,
                name TEXT NOT NULL,
                shown_name TEXT NOT NULL,
                renamed_at TEXT NOT NULL DEFAULT '[]',
                locked INTEGER NOT NULL DEFAULT 0,
                created_at REAL NOT NULL
            )""",
        ),
        postgres=(
            "CREATE TABLE thread_settings (guild_id BIGINT PRIMARY KEY, threads BOOLEAN)",
            """CREATE TABLE game_threads (
                thread_id BIGINT PRIMARY KEY,
                guild_id BIGINT,
                parent_id BIGINT NOT NULL,
                starter_message_id BIGINT,
                name TEXT NOT NULL,
                shown_name TEXT NOT NULL,
                renamed_at TEXT NOT NULL DEFAULT '[]',
                locked BOOLEAN NOT NULL DEFAULT FALSE,
                created_at DOUBLE PRECISION NOT NULL
            )""",
        ),
    ),
    # How long a server keeps finished games (NULL: the default, a year) and lets a lobby wait untouched (NULL:
    # 48 hours; 0: for ever); the hourly clean-up finds both by status and age.
    Migration(
        15,
        "how long a server keeps finished games and idle lobbies",
        sqlite=(
            "ALTER TABLE guild_settings ADD COLUMN keep_days REAL",
            "ALTER TABLE guild_settings ADD COLUMN lobby_hours REAL",
            "CREATE INDEX games_by_age ON games (status, updated_at)",
        ),
        postgres=(
            "ALTER TABLE guild_settings ADD COLUMN keep_days DOUBLE PRECISION",
            "ALTER TABLE guild_settings ADD COLUMN lobby_hours DOUBLE PRECISION",
            "CREATE INDEX games_by_age ON games (status, updated_at)",
        ),
    ),
    # Issue 31: a server that removed the bot pauses its games (``paused_at``: when; NULL: not paused), so every
    # process and a restart know to leave them alone until ``/board`` resumes one; and what a channel that
    # refused the bot costs it (``channel_backoff``: left alone until ``until``, after ``failures`` refusals in a
    # row, for the permissions ``missing``), so a restarted process does not post there again at once.
    Migration(
        16,
        "games paused when their server removed the bot; channels left alone after a refusal",
        sqlite=(
            "ALTER TABLE games ADD COLUMN paused_at REAL",
            "CREATE INDEX games_paused ON games (paused_at) WHERE paused_at IS NOT NULL",
            """CREATE TABLE channel_backoff (
                channel_id INTEGER PRIMARY KEY,
                until REAL NOT NULL,
                failures INTEGER NOT NULL,
                missing TEXT NOT NULL DEFAULT '[]'
            )""",
        ),
        postgres=(
            "ALTER TABLE games ADD COLUMN paused_at DOUBLE PRECISION",
            "CREATE INDEX games_paused ON games (paused_at) WHERE paused_at IS NOT NULL",
            """CREATE TABLE channel_backoff (
                channel_id BIGINT PRIMARY KEY,
                until DOUBLE PRECISION NOT NULL,
                failures INTEGER NOT NULL,
                missing TEXT NOT NULL DEFAULT '[]'
            )""",
        ),
    ),
)


LATEST = MIGRATIONS[-1].number


def pending(applied: Collection[int]) -> list[Migration]:
    """The migrations a database that recorded ``applied`` still needs, in order.

    By set, not by the highest number: a migration merged in below one already applied (two branches adding
    6 and 7 at once) still runs. Raises ``RuntimeError`` when the database is newer than this code: running
    old code on it would lose data.
    """
    current = max(applied, default=0)
    if current > LATEST:
        raise RuntimeError(
            f"The database is at schema version {current}, newer than this release knows ({LATEST}). "
            "Run the newer release, or restore a backup made before it."
        )
    return [m for m in MIGRATIONS if m.number not in applied]


def _check_numbering() -> None:
    """Migrations are numbered in ascending order, each number once: the number is what a database remembers.

    A number may be missing while two branches each add one (6 and 7): ``pending`` applies by set, so a
    database that got 7 first still gets 6 once both are merged."""
    numbers = [m.number for m in MIGRATIONS]
    if numbers != sorted(set(numbers)) or numbers[0] != 1:
        raise AssertionError(f"Migrations must be numbered from 1 in ascending order, each once, not {numbers}.")


_check_numbering()
