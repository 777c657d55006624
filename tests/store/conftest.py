"""Fixtures for the store tests: a fresh database per test, in SQLite and in a real PostgreSQL server.

The PostgreSQL server is started once per session (``postgres_server`` in ``tests/conftest.py``, one for the store
and the scale tests of a worker) from the machine's binaries (``initdb``/``pg_ctl`` on PATH or under
``/usr/lib/postgresql/*/bin``): a throwaway cluster in a temporary folder, listening only on a
unix socket there, with fsync off. PostgreSQL refuses to run as root, so under root (CI) the cluster is
created and run as the ``postgres`` user, or ``nobody`` when there is none. Each test gets its own schema
(named in the URL's ``search_path``), which to the store is an empty database.
Without any PostgreSQL binaries the postgres half of the suite is skipped, with the reason.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shlex
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import asyncpg
import pytest

from bot.store import Store
from bot.store.factory import open_store
from bot.store.sql import for_sqlite
from bot.store.sqlite import SqliteStore
from bot.tables import Host
from tests.host.conftest import Clock, make_host

Backend = Literal["sqlite", "postgres"]
DBNAME = "postgres"  # the cluster's own database; each test works in a schema of its own


@dataclass
class Database:
    """A fresh, empty database for one test: which backend, and the URL ``open_store`` takes.

    ``execute`` runs raw SQL around the store (to build a database as an older release left it), with
    ``$n`` placeholders in both backends.
    """

    backend: Backend
    url: str
    sqlite_file: Path | None = None

    async def execute(self, statement: str, *params: Any) -> list[tuple[Any, ...]]:
        """Run one statement in its own transaction; the rows it returns, as tuples."""
        if self.sqlite_file is not None:
            with closing(sqlite3.connect(self.sqlite_file)) as db, db:
                return [tuple(r) for r in db.execute(for_sqlite(statement), params).fetchall()]
        conn = await asyncpg.connect(self.url)
        try:
            async with conn.transaction():
                return [tuple(r) for r in await conn.fetch(statement, *params)]
        finally:
            await conn.close()


@dataclass
class PostgresServer:
    """A throwaway PostgreSQL cluster reachable through a unix socket in ``folder``."""

    bin_dir: Path
    folder: Path
    run_as: str | None  # the unprivileged user running the server when the tests run as root
    _names: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, schema: str) -> str:
        """A URL whose connections see only ``schema`` (asyncpg passes ``search_path`` on as a setting)."""
        return f"postgresql://postgres@/{DBNAME}?host={self.folder}&search_path={schema}"

    def run(self, *args: str) -> None:
        """Run a PostgreSQL program (as ``run_as`` when set); its output is shown if it fails."""
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self.run_as is not None:
            if shutil.which("runuser"):
                command = ["runuser", "-u", self.run_as, "--", *command]
            else:
                command = ["su", self.run_as, "-s", "/bin/sh", "-c", shlex.join(command)]
        done = subprocess.run(command, cwd=self.folder, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            log = self.folder / "server.log"
            server_log = log.read_text() if log.exists() else ""
            raise RuntimeError(f"{shlex.join(command)} failed:\n{done.stdout}\n{done.stderr}\n{server_log}")

    def start(self) -> None:
        self.run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
            "--no-instructions",
        )
        settings = (
            f"-k {self.folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
            "-c full_page_writes=off -c max_connections=100"
        )
        self.run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "server.log"),
            "-o",
            settings,
            "-w",
            "-t",
            "30",
            "start",
        )

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    async def create_schema(self) -> str:
        """A new empty schema: to the store, a fresh database (creating a real one takes most of a second)."""
        name = f"test_{next(self._names)}"
        await self._admin(f"CREATE SCHEMA {name}")
        return name

    async def drop_schema(self, name: str) -> None:
        await self._admin(f"DROP SCHEMA IF EXISTS {name} CASCADE")

    async def _admin(self, statement: str) -> None:
        conn = await asyncpg.connect(database=DBNAME, user="postgres", host=str(self.folder))
        try:
            await conn.execute(statement)
        finally:
            await conn.close()


def find_postgres_bin() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres, or ``None`` when PostgreSQL is not installed."""
    on_path = shutil.which("initdb")
    candidates = [on_path] if on_path else []
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key, reverse=True)
    for initdb in candidates:
        folder = Path(os.path.realpath(initdb)).parent
        if (folder / "pg_ctl").exists() and (folder / "postgres").exists():
            return folder
    return None


def _version_key(path: str) -> int:
    version = Path(path).parent.parent.name
    return int(version) if version.isdigit() else 0


def unprivileged_user() -> str:
    """Who runs PostgreSQL when the tests run as root: ``postgres`` if the machine has that user."""
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("Running as root, and there is neither a `postgres` nor a `nobody` user to run PostgreSQL.")


@contextmanager
def throwaway_server(prefix: str = "spacehost-pg-") -> Iterator[PostgresServer | None]:
    """A cluster started in a new temporary folder, stopped and removed afterwards (the tests, the bench);
    ``None`` when PostgreSQL is not installed."""
    bin_dir = find_postgres_bin()
    if bin_dir is None:
        yield None
        return
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    run_as = unprivileged_user() if os.geteuid() == 0 else None
    if run_as is not None:
        user = pwd.getpwnam(run_as)
        os.chown(folder, user.pw_uid, user.pw_gid)
    server = PostgresServer(bin_dir, folder, run_as)
    try:
        server.start()
        yield server
        server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty database of each backend (the tests using it run once per backend)."""
    if request.param == "sqlite":
        file = tmp_path / "games.db"
        yield Database("sqlite", f"sqlite:///{file}", file)  # the path is absolute: sqlite:////tmp/…
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    schema = await server.create_schema()
    try:
        yield Database("postgres", server.url(schema))
    finally:
        await server.drop_schema(schema)


@pytest.fixture
async def store(database: Database) -> AsyncIterator[Store]:
    """An opened store over the test's fresh database."""
    s = await open_store(database.url)
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def sqlite_file_store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    """An opened SQLite store on a file, as the bot runs it (WAL, its checkpointer, aiosqlite's thread)."""
    s = SqliteStore(tmp_path / "games.db")
    await s.open()
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
def clock() -> Clock:
    """The host's clock, moved by the test (days of retention, a pause's keeping time)."""
    return Clock()


@pytest.fixture
def host(store: Store, clock: Clock) -> Host:
    """A host over the test's store (each backend) and its clock."""
    return make_host(store, clock)
