"""Backing up while the bot plays, and restoring: every action acknowledged before a backup is in it.

A host acts in a channel as fast as it can (the road ``/act`` takes, each action committed before it is
acknowledged) while ``save`` copies the database from another thread, several times. Each copy must hold every
action acknowledged before its copy started, with snapshots equal to the replay of the log; a restore must
bring exactly that back, and keep the database it replaced.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from bot.backup import BackupError, check_copy, main, restore, save
from bot.store.factory import open_store
from bot.tables import Actor, Host
from tests.discord.replay import check_replay

CHANNEL = 7_100
ALICE = Actor(101, "alice")
BOB = Actor(102, "bob")


class Table:
    """A host playing ¡Abordaje! games one after another in one channel; ``acked`` is what it acknowledged."""

    def __init__(self, host: Host, seed: int) -> None:
        self.host = host
        self.rng = random.Random(seed)
        self.acked: dict[int, int] = {}  # game id -> highest acknowledged action index
        self.stop = asyncio.Event()

    async def new_game(self) -> None:
        await self.host.start(1, CHANNEL, ALICE, "abordaje", {})
        await self.host.join(CHANNEL, BOB)
        await self.host.begin(CHANNEL, ALICE)

    async def play(self) -> None:
        await self.new_game()
        while not self.stop.is_set():
            for actor in self.rng.sample([ALICE, BOB], 2):
                offered = await self.host.choices_for(CHANNEL, actor.user_id)
                if offered:
                    break
            else:
                await self.new_game()
                continue
            await self.host.act_typed(CHANNEL, actor, self.rng.choice(offered)[1])
            record = await self.host.store.live_game(CHANNEL) or await self.host.store.latest_game(CHANNEL)
            assert record is not None and record.id is not None
            self.acked[record.id] = record.action_count - 1
            await asyncio.sleep(0)


async def assert_holds(db: Path, acked: dict[int, int]) -> None:
    """Every acknowledged action is in ``db``, and each game's snapshot is the replay of its log."""
    store = await open_store(str(db))
    try:
        for game_id, index in acked.items():
            record = await check_replay(store, game_id)
            assert record.action_count > index, f"game {game_id}: acknowledged action {index} is not in {db.name}"
    finally:
        await store.close()


async def test_a_backup_taken_while_the_bot_plays_holds_every_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = await open_store(str(db))
    table = Table(Host(store, renderers={}), seed=3)
    playing = asyncio.create_task(table.play())
    copies: list[tuple[Path, dict[int, int]]] = []
    try:
        while len(copies) < 4:
            await asyncio.sleep(0.15)
            before = dict(table.acked)
            target, games = await asyncio.to_thread(save, db, tmp_path / f"copy{len(copies)}.db")
            assert games >= len(before)
            copies.append((target, before))
    finally:
        table.stop.set()
        await playing
    await store.close()
    assert sum(copies[-1][1].values()) > 20, "the table kept playing while the copies were taken"
    for copy, before in copies:
        await assert_holds(copy, before)

    # Restore the second copy over the live database: its games come back, the replaced file is kept.
    final = dict(table.acked)
    kept, games = restore(copies[1][0], db)
    assert kept is not None and games == check_copy(copies[1][0])
    await assert_holds(db, copies[1][1])
    await assert_holds(kept, final)
    store = await open_store(str(db))
    try:
        live = await store.live_game(CHANNEL)
        assert live is not None and live.id is not None
        assert live.action_count == (await check_replay(store, live.id)).action_count
    finally:
        await store.close()


def test_the_command_names_the_copy_and_the_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.db"

    async def one_game() -> None:
        store = await open_store(str(db))
        await Table(Host(store, renderers={}), seed=1).new_game()
        await store.close()

    asyncio.run(one_game())
    copy = tmp_path / "nightly.db"
    assert main(["--database", str(db), "save", "--to", str(copy)]) == 0
    assert capsys.readouterr().out.strip() == f"Backed up 1 game from {db} to {copy}."
    assert main(["--database", str(db), "save", "--to", str(copy)]) == 1
    assert capsys.readouterr().err.strip() == f"{copy} already exists; name a new file."
    assert main(["--database", str(db), "save"]) == 0
    dated = sorted((tmp_path / "backups").glob("games-*.db"))
    assert len(dated) == 1 and check_copy(dated[0]) == 1


@pytest.mark.parametrize(
    ("url", "sentence"),
    [
        ("postgresql://bot@localhost/games", "DATABASE_URL names PostgreSQL: back it up with pg_dump"),
        ("sqlite://", "DATABASE_URL names an in-memory database"),
    ],
)
def test_a_database_without_a_file_gets_a_sentence(url: str, sentence: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--database", url, "save"]) == 1
    assert capsys.readouterr().err.startswith(sentence)


def test_restoring_a_file_that_is_not_a_backup_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    asyncio.run(_touch_store(db))
    before = db.read_bytes()
    stray = tmp_path / "notes.db"
    with sqlite3.connect(stray) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    other.close()
    with pytest.raises(BackupError, match="is not a games database of this bot"):
        restore(stray, db)
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(BackupError, match="is not a SQLite database"):
        restore(text, db)
    assert db.read_bytes() == before
    assert not list(tmp_path.glob("*.before-restore-*"))


async def _touch_store(db: Path) -> None:
    store = await open_store(str(db))
    await store.close()
