"""Every game of a SQLite database into an empty PostgreSQL one: the way a server that outgrew one process moves.

``python -m bot.backup to-postgres postgresql://…`` (``bot.backup``) runs it with the bot stopped. Both
databases are first brought to the same schema by the stores' own numbered migrations, so the copy needs no
list of tables or columns of its own: it copies every table the PostgreSQL schema has (running and finished
games, seats, logs, notes, owed deliveries, unanswered interactions, timers, preferences, server settings),
column by column under the same names, in one transaction, then reads both sides back and compares them row
by row before it says it is done. Ids keep their values (a game's id is in its buttons), and the identity
counters continue after the highest copied id.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import Any

import asyncpg

from .factory import open_store, sqlite_path

SKIPPED = ("schema_version",)  # each side's own: written by its migrations
FIRST = ("games",)  # every other table's rows point at a game


class TransferError(Exception):
    """A copy that cannot be made or did not check out; its text is the sentence the operator reads."""


@dataclass(frozen=True)
class Transferred:
    """What was copied: rows per table, and the games by status."""

    rows: dict[str, int]
    games: dict[str, int]

    def summary(self) -> str:
        games = ", ".join(f"{count} {status}" for status, count in sorted(self.games.items())) or "none"
        total = sum(self.rows.values())
        return (
            f"Copied {self.rows.get('games', 0)} games ({games}) and {total} rows in {len(self.rows)} tables; "
            "both databases were read back and hold the same rows."
        )


@dataclass(frozen=True)
class Column:
    name: str
    kind: str  # PostgreSQL's data_type: boolean, bigint, integer, text, double precision, …


async def transfer(source: str, target: str) -> Transferred:
    """Copy the SQLite database at ``source`` (path or URL) into the empty PostgreSQL database ``target``."""
    try:
        return await _transfer(source, target)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise TransferError(
            f"Could not copy into PostgreSQL ({exc}): check the URL and that the server runs."
        ) from None


async def _transfer(source: str, target: str) -> Transferred:
    path = sqlite_path(source)
    if path is None:
        raise TransferError("The source must be a SQLite database (a file path or sqlite:/// URL).")
    if sqlite_path(target) is not None:
        raise TransferError("The target must be a PostgreSQL database (a postgresql:// URL).")
    for url in (source, target):  # both schemas at the newest migration: the same tables and columns
        store = await open_store(url)
        await store.close()
    conn = await asyncpg.connect(target)
    try:
        tables = await _tables(conn)
        with closing(sqlite3.connect(path)) as lite:
            filled = [t for t in tables if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {t})")]
            if filled:
                raise TransferError(
                    f"The PostgreSQL database already holds data ({', '.join(filled)}); copy into an empty one."
                )
            rows: dict[str, int] = {}
            async with conn.transaction():
                for table, columns in tables.items():
                    names = _shared(lite, table, columns)
                    records = [_for_postgres(row, names) for row in _read(lite, table, names)]
                    if records:
                        await conn.copy_records_to_table(table, records=records, columns=[c.name for c in names])
                    rows[table] = len(records)
                await _continue_identities(conn)
                await _check(lite, conn, tables)  # inside the transaction: a copy that differs is never kept
            games = dict(lite.execute("SELECT status, COUNT(*) FROM games GROUP BY status").fetchall())
    finally:
        await conn.close()
    return Transferred(rows, games)


async def _tables(conn: asyncpg.Connection) -> dict[str, list[Column]]:
    """The tables of the target's schema with their columns, ``games`` first."""
    found = await conn.fetch(
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
    )
    tables: dict[str, list[Column]] = {}
    for row in found:
        if row["table_name"] not in SKIPPED:
            tables.setdefault(row["table_name"], []).append(Column(row["column_name"], row["data_type"]))
    return dict(sorted(tables.items(), key=lambda item: (item[0] not in FIRST, item[0])))


def _shared(lite: sqlite3.Connection, table: str, columns: Sequence[Column]) -> list[Column]:
    """The target's columns of ``table``, which the source must have too (same migrations, same columns)."""
    have = {row[1] for row in lite.execute(f"PRAGMA table_info({table})")}
    missing = [c.name for c in columns if c.name not in have]
    if missing:
        raise TransferError(f"The SQLite table {table} lacks {', '.join(missing)}: is it a games database?")
    return list(columns)


def _read(lite: sqlite3.Connection, table: str, columns: Sequence[Column]) -> list[tuple[Any, ...]]:
    names = ", ".join(c.name for c in columns)
    return lite.execute(f"SELECT {names} FROM {table} ORDER BY {names}").fetchall()


def _for_postgres(row: Sequence[Any], columns: Sequence[Column]) -> tuple[Any, ...]:
    """SQLite's values as PostgreSQL's types take them (0/1 for booleans, whole numbers in float columns)."""
    out: list[Any] = []
    for value, column in zip(row, columns, strict=True):
        if value is not None and column.kind == "boolean":
            value = bool(value)
        elif value is not None and column.kind in ("double precision", "real"):
            value = float(value)
        out.append(value)
    return tuple(out)


def _comparable(row: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(int(v) if isinstance(v, bool) else v for v in row)


async def _continue_identities(conn: asyncpg.Connection) -> None:
    """Each identity column's counter set after its highest copied value, so new games get new ids."""
    identities = await conn.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for row in identities:
        table, column = row["table_name"], row["column_name"]
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), MAX({column})) FROM {table} "
            f"HAVING MAX({column}) IS NOT NULL"
        )


async def _check(lite: sqlite3.Connection, conn: asyncpg.Connection, tables: dict[str, list[Column]]) -> None:
    """Read every table back from both sides and compare them row by row."""
    for table, columns in tables.items():
        names = ", ".join(c.name for c in columns)
        there = [_comparable(tuple(r)) for r in await conn.fetch(f"SELECT {names} FROM {table} ORDER BY {names}")]
        here = [_comparable(_for_postgres(r, columns)) for r in _read(lite, table, columns)]
        if sorted(there, key=repr) != sorted(here, key=repr):
            raise TransferError(f"The copy of {table} does not match the SQLite database; nothing should use it.")
