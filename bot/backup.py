"""``python -m bot.backup``: copy the SQLite games database while the bot runs, and put a copy back.

    python -m bot.backup save [--to FILE]   # a consistent copy, taken while the bot keeps playing
    python -m bot.backup restore FILE       # put a copy back (stop the bot first)
    python -m bot.backup to-postgres URL    # every game into an empty PostgreSQL database (bot stopped)

Copying the file with ``cp`` while the bot writes can catch it halfway through a commit (and misses what still
sits in the ``-wal`` file). SQLite's online backup API, which the standard library exposes as
``sqlite3.Connection.backup``, copies every page under one read transaction instead: the copy holds exactly
the games as they stood at one commit, and in WAL mode the bot's writes go on meanwhile. Each copy is checked
(``PRAGMA integrity_check`` and the games table) before the command says it is done.

A restore writes through the same API into the configured database, so even a connection left open sees the
restored games rather than a half-replaced file; the database it replaces is kept beside it first
(``games.before-restore-<time>.db``), so a restore can itself be undone. PostgreSQL has its own tools
(``pg_dump`` and ``pg_restore``, in the README); this command says so rather than guess.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path

from .store.factory import sqlite_path
from .store.private_files import private_file
from .store.sqlite import BUSY_TIMEOUT_MS, MEMORY

BACKUP_DIR = "backups"


class BackupError(Exception):
    """A backup or restore that cannot be done, as one sentence for the operator."""


def stamp(now: float | None = None) -> str:
    """A file-name-safe UTC time, sortable: ``20261124-214500``."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))


def default_destination(db: Path, now: float | None = None) -> Path:
    """``<database folder>/backups/<name>-<time>.db``: next to the games, outside the source tree."""
    return db.parent / BACKUP_DIR / f"{db.stem}-{stamp(now)}.db"


def check_copy(path: Path) -> int:
    """The number of games in a copy; ``BackupError`` if it is damaged or is not a games database."""
    if not path.is_file():
        raise BackupError(f"There is no database file at {path}.")
    try:
        with closing(sqlite3.connect(path)) as db:
            if db.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                raise BackupError(f"{path} is damaged (SQLite's integrity check failed).")
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "games" not in tables or "schema_version" not in tables:
                raise BackupError(f"{path} is not a games database of this bot (it has no games table).")
            count: int = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            return count
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a SQLite database this bot can read ({exc}).") from None


def _copy(source: Path, destination: Path) -> None:
    """Every page of ``source`` into ``destination`` in one step (one read transaction: one consistent copy)."""
    private_file(destination)
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(destination)) as dst:
        src.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        dst.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        src.backup(dst)


def save(db: Path, destination: Path | None = None) -> tuple[Path, int]:
    """Copy the live database ``db`` to ``destination`` (default: its backups folder); the path and game count."""
    if not db.exists():
        raise BackupError(f"There is no database at {db} to back up (check DATABASE_URL).")
    target = destination if destination is not None else default_destination(db)
    if target.exists():
        raise BackupError(f"{target} already exists; name a new file.")
    if target.resolve() == db.resolve():
        raise BackupError("The backup cannot be the database itself; name another file.")
    _copy(db, target)
    return target, check_copy(target)


def restore(copy: Path, db: Path) -> tuple[Path | None, int]:
    """Put ``copy`` back as the database ``db``; the file the old database was kept in (if any), and the games."""
    if not copy.exists():
        raise BackupError(f"There is no backup at {copy}.")
    if copy.resolve() == db.resolve():
        raise BackupError("That file is the database itself; name a backup to restore from.")
    games = check_copy(copy)
    kept: Path | None = None
    if db.exists():
        kept = db.with_name(f"{db.stem}.before-restore-{stamp()}.db")
        _copy(db, kept)
    _copy(copy, db)
    return kept, games


def database_file(url: str) -> Path:
    """The SQLite file a ``DATABASE_URL`` names; ``BackupError`` for PostgreSQL or an in-memory database."""
    try:
        path = sqlite_path(url)
    except ValueError as exc:
        raise BackupError(str(exc)) from None
    if path is None:
        raise BackupError(
            "DATABASE_URL names PostgreSQL: back it up with pg_dump and restore with pg_restore "
            "(see the README, 'Backups')."
        )
    if path == MEMORY:
        raise BackupError("DATABASE_URL names an in-memory database: there is nothing on disk to back up.")
    return Path(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.backup", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    save_cmd = commands.add_parser("save", help="copy the games database now (the bot may keep running)")
    save_cmd.add_argument("--to", type=Path, help="the copy's file (default: a dated file in backups/)")
    restore_cmd = commands.add_parser("restore", help="put a copy back as the games database (stop the bot first)")
    restore_cmd.add_argument("copy", type=Path, help="the backup file to restore")
    move_cmd = commands.add_parser(
        "to-postgres", help="copy every game into an empty PostgreSQL database (stop the bot first)"
    )
    move_cmd.add_argument("url", help="the PostgreSQL database to copy into: postgresql://user:password@host/db")
    parser.add_argument("--database", help="the database URL or path (default: DATABASE_URL from .env)")
    args = parser.parse_args(argv)
    try:
        db = database_file(args.database if args.database is not None else _configured_url())
        if args.command == "to-postgres":
            print(asyncio.run(_to_postgres(db, args.url)))
        elif args.command == "save":
            target, games = save(db, args.to)
            print(f"Backed up {games} {'game' if games == 1 else 'games'} from {db} to {target}.")
        else:
            kept, games = restore(args.copy, db)
            aside = f" The database it replaced is kept as {kept}." if kept is not None else ""
            print(f"Restored {games} {'game' if games == 1 else 'games'} from {args.copy} into {db}.{aside}")
    except BackupError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


async def _to_postgres(db: Path, url: str) -> str:
    from .store.transfer import TransferError, transfer  # asyncpg is only imported when PostgreSQL is used

    try:
        done = await transfer(str(db), url)
    except (TransferError, ValueError) as exc:
        raise BackupError(str(exc)) from None
    return f"{done.summary()} Now set DATABASE_URL to the PostgreSQL URL and start the bot; {db} is left as it was."


def _configured_url() -> str:
    from .__main__ import load_settings  # the bot's own reading of .env, with its sentences for bad settings

    return load_settings().database_url


if __name__ == "__main__":
    sys.exit(main())
