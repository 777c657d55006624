"""A moderator's ``/log`` line is written in the transaction of their step (issue 31, security review, "Smaller"):
a step taken is never missing from the log, and a step refused leaves no line in it.

The store below refuses to write a note on its own (as a process dying between the commit and a separate write
of its note would leave it unwritten): every moderator's step must still leave its line."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.history import History
from bot.store import NoteRecord
from bot.store.sqlite import SqliteStore
from bot.tables import Actor, Host

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, MOD, Clock, make_host, started_duel


class NotesOnlyWithTheirChange(SqliteStore):
    """The real SQLite store, except that a note written apart from the change it tells of is lost."""

    async def add_note(self, note: NoteRecord) -> None:
        raise RuntimeError("the process died between the change and its note")


@pytest.fixture
async def strict_host(tmp_path: Path, clock: Clock) -> AsyncIterator[Host]:
    store = NotesOnlyWithTheirChange(tmp_path / "games.db")
    await store.open()
    try:
        yield make_host(store, clock)
    finally:
        await store.close()


async def log_of(host: Host) -> str:
    return (await History(host.store, host.games).public_log(CHANNEL)).text


async def test_every_moderators_step_is_in_the_log_with_the_step(strict_host: Host) -> None:
    host = strict_host
    await started_duel(host)
    await host.act(CHANNEL, BOB, "r1.s1", "3")

    await host.undo(CHANNEL, MOD)
    await host.replace(CHANNEL, MOD, BOB.user_id, CAROL)
    await host.replace(CHANNEL, MOD, CAROL.user_id, Actor(BOB.user_id, BOB.display_name))

    log = await log_of(host)
    assert "mod (moderator) undid bob's last action" in log
    assert "mod (moderator) gave bob's seat" in log and "to carol" in log
    assert "mod (moderator) gave carol's seat" in log and log.count("(moderator) gave") == 2


async def test_a_lobby_kick_is_in_the_log_with_its_step(strict_host: Host) -> None:
    host = strict_host
    await host.delivered(await host.start(GUILD, CHANNEL, ALICE, "duel", {}))
    await host.delivered(await host.join(CHANNEL, BOB))
    await host.kick(CHANNEL, MOD, BOB.user_id)
    lobby = await host.store.live_game(CHANNEL)
    assert lobby is not None and lobby.id is not None
    assert [n.text for n in await host.store.notes(lobby.id)] == ["🚪 mod (moderator) removed bob."]


async def test_a_refused_step_leaves_no_line(host: Host) -> None:
    await started_duel(host)
    with pytest.raises(Exception, match="already plays"):
        await host.replace(CHANNEL, MOD, BOB.user_id, ALICE)
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.id is not None
    assert await host.store.notes(record.id) == []
