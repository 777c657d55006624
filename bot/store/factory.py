"""``open_store(url)``: the one place that turns a configured database URL into an opened ``Store``.

Accepted forms (SQLAlchemy's conventions for SQLite, so a URL copied from elsewhere means the same here):

- a plain file path, ``games.db`` or ``/var/lib/spacehost/games.db`` (``~`` is expanded): SQLite;
- ``sqlite:///games.db``: SQLite, relative to the working directory (three slashes, then the path);
- ``sqlite:////var/lib/spacehost/games.db``: SQLite, absolute (four slashes: the path starts with ``/``);
- ``sqlite://``, ``sqlite://:memory:`` or ``sqlite:///:memory:``: SQLite in memory (tests);
- ``postgresql://user:password@host:port/dbname`` or ``postgres://…``: PostgreSQL.

A SQLite file's folder is created if missing.
"""

from __future__ import annotations

from pathlib import Path

from .base import Store
from .sqlite import MEMORY, SqliteStore

POSTGRES_SCHEMES = ("postgresql", "postgres")


def sqlite_path(url: str) -> str | None:
    """The SQLite file path (or ``":memory:"``) a URL or plain path names; ``None`` if it is not SQLite.

    Raises ``ValueError`` for a URL that is not understood.
    """
    text = url.strip()
    if not text:
        raise ValueError("The database URL is empty: give a SQLite file path or a postgresql:// URL.")
    if "://" not in text:
        return MEMORY if text == MEMORY else str(Path(text).expanduser())
    scheme, rest = text.split("://", 1)
    scheme = scheme.lower()
    if scheme in POSTGRES_SCHEMES:
        return None
    if scheme != "sqlite":
        raise ValueError(
            f"The database URL scheme {scheme!r} is not supported: use a SQLite path, sqlite:///path "
            "or postgresql://user@host/dbname."
        )
    if rest in ("", MEMORY, f"/{MEMORY}"):
        return MEMORY
    if not rest.startswith("/"):
        raise ValueError(
            f"The SQLite URL {text!r} names a host; write sqlite:///relative/path.db or sqlite:////absolute/path.db."
        )
    path = rest[1:].split("?", 1)[0]
    if not path:
        raise ValueError(f"The SQLite URL {text!r} has no file path after sqlite:///.")
    return str(Path(path).expanduser())


async def open_store(url: str) -> Store:
    """An opened store for ``url`` (forms in the module docstring); ``ValueError`` if not understood."""
    path = sqlite_path(url)
    store: Store
    if path is None:
        from .postgres import PostgresStore  # asyncpg is only imported when PostgreSQL is used

        store = PostgresStore(url)
    else:
        store = SqliteStore(path)
    await store.open()
    return store
