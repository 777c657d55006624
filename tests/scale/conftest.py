"""Fixtures for the scale-out tests: hosts of several "processes" over one real PostgreSQL database.

Each host has its own store (its own connection pool) and its own in-process locks and caches, exactly what two
bot processes share: nothing but the database. The server is the session's one (``tests/conftest.py``), shared
with the store tests.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.store.factory import open_store
from bot.tables import Host
from engine.registry import GAMES
from tests.host.conftest import Clock
from tests.host.duel_game import SPEC as DUEL
from tests.store.conftest import PostgresServer

PROCESSES = 2


@pytest.fixture
async def shared_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """A fresh, empty PostgreSQL database (a schema of the test's own) every host of the test opens."""
    schema = await postgres_server.create_schema()
    try:
        yield postgres_server.url(schema)
    finally:
        await postgres_server.drop_schema(schema)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def hosts(shared_url: str, clock: Clock) -> AsyncIterator[list[Host]]:
    """``PROCESSES`` hosts over one database, each with its own pool, without images (the race is the store's)."""
    games: dict[str, Any] = {**GAMES, DUEL.key: DUEL}
    seeds = itertools.count(20261124)
    made = []
    try:
        for _ in range(PROCESSES):
            store = await open_store(shared_url)
            made.append(Host(store, games=games, renderers={}, clock=clock, seeds=seeds.__next__))
        yield made
    finally:
        for host in made:
            await host.store.close()
