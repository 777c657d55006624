"""Fixtures for host tests: a real SQLite store in a temporary folder and a host over it with the test game."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.outbox import Outbox
from bot.store import Store
from bot.store.factory import open_store
from bot.tables import Actor, Host
from engine.registry import GAMES

from .duel_game import SPEC as DUEL

ALICE = Actor(101, "alice")
BOB = Actor(102, "bob")
CAROL = Actor(103, "carol")
MOD = Actor(900, "mod", can_moderate=True)
CHANNEL = 5000
GUILD = 1


class Clock:
    """A clock the tests move by hand."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    s = await open_store(str(db_path))
    yield s
    await s.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def next_store(db_path: Path) -> AsyncIterator[Store]:
    """A second process's connection to the same file (the process that takes over after a death)."""
    s = await open_store(str(db_path))
    yield s
    await s.close()


def make_host(store: Store, clock: Clock, *, images: bool = False, first_seed: int = 20261123) -> Host:
    """A host with every registered game and the test duel; without images unless asked (they are slow)."""
    games: dict[str, Any] = {**GAMES, DUEL.key: DUEL}
    seeds = itertools.count(first_seed)  # fixed deals: a failing game can be played again exactly
    return Host(store, games=games, clock=clock, renderers=None if images else {}, seeds=seeds.__next__)


@pytest.fixture
def host(store: Store, clock: Clock) -> Host:
    return make_host(store, clock)


async def started_duel(host: Host, players: tuple[Actor, ...] = (ALICE, BOB)) -> None:
    """A duel begun in CHANNEL with these players (the first opens the lobby)."""
    await host.delivered(await host.start(GUILD, CHANNEL, players[0], "duel", {}))  # the lobby message went out
    for p in players[1:]:
        await host.delivered(await host.join(CHANNEL, p))
    out = await host.begin(CHANNEL, players[0])
    board = next(p for p in out.posts if p.kind == "board")
    await host.board_posted(CHANNEL, board.game_id, 777)  # as the bot does once the board is posted
    await host.delivered(out)  # and once the whole outbox went out: nothing of the deal is owed any more


@pytest.fixture
def next_host(next_store: Store, clock: Clock) -> Host:
    """The second process's host, over ``next_store``."""
    return make_host(next_store, clock, first_seed=1)


async def with_later(host: Host, out: Outbox) -> Outbox:
    """``out`` with the DMs it leaves to draw after the answer (``Outbox.later``: the others' DMs of an action)
    drawn the way the deliverer draws them (``Delivery._later``: kept by the host, else from the stored game)
    and added to its DMs, their rows to what it carries (``owed``); a recap stays in ``later``."""
    dms, owed, rest = list(out.dms), list(out.owed), []
    for item in out.later:
        if item.kind != "dm":
            rest.append(item)
            continue
        drawn = await host.drawn_later(item) or await host.redeliver(item)
        dms += drawn.dms
        owed += drawn.owed
    return replace(out, dms=dms, owed=owed, later=rest)
