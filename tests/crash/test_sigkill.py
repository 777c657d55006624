"""Scenario 9: a process applying actions through the host and SQLite is killed with SIGKILL, again and again.

Each round starts ``tests.crash.child`` over the same database file, lets it act for a random moment (or kills
it while it is still starting: opening the store, migrating, dealing), and kills it with SIGKILL — no
``finally``, no atexit, no flush. Then, before the next round:

- ``PRAGMA integrity_check`` answers ``ok``;
- every action the child acknowledged (it prints ``ack <game> <index>`` only after the host returned, i.e.
  after the commit) is in the store, and the log has no gap;
- each game's snapshot is the replay of its stored log (no half-applied action);
- the deal and every stored action have the board delivery they owe, committed with them: the child never
  delivers anything (it has no Discord), so each begun game holds exactly one owed board for its deal and
  one per action, no more, no fewer;
- the next child resumes the same live game at exactly the stored number of actions.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.store.factory import open_store
from tests.discord.replay import check_replay

from .conftest import KILLS

ROOT = Path(__file__).resolve().parents[2]


class Child:
    """One child process and the complete lines it printed (read on a thread, so the kill is never late)."""

    def __init__(self, db: Path, seed: int) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.crash.child", str(db), str(seed)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.lines: list[str] = []
        self.resumed = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            if not raw.endswith(b"\n"):
                break  # a line cut by the kill was never acknowledged
            line = raw.decode().strip()
            self.lines.append(line)
            if line.startswith("resume"):
                self.resumed.set()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self._reader.join()
        assert self.proc.returncode == -signal.SIGKILL, self.stderr()

    def stderr(self) -> str:
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode(errors="replace") if self.proc.poll() is not None else ""


# A game's board rows per game, not its lobby's (a lobby message owed is a board row marked lobby).
GAME_BOARD_ROWS = (
    "SELECT game_id, COUNT(*) FROM deliveries WHERE kind = 'board' AND payload NOT LIKE '%\"lobby\": true%' "
    "GROUP BY game_id"
)


def check_database(db: Path, acked: dict[int, int], touched: set[int]) -> int:
    """Integrity, every acknowledged action, snapshots equal to replays; the live game's action count.

    Every game ever acknowledged is checked for its actions each time; the replay (the costly part) is done
    for the games the last child touched and the live one.
    """
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        boards = dict(raw.execute(GAME_BOARD_ROWS))
        logged = dict(raw.execute("SELECT game_id, COUNT(*) FROM actions GROUP BY game_id"))
        begun = [gid for (gid,) in raw.execute("SELECT id FROM games WHERE snapshot IS NOT NULL")]
        expected = {gid: logged.get(gid, 0) + 1 for gid in begun}  # the deal's board, then one per action
        assert boards == expected, f"owed boards per game {boards}, deal and actions per game {expected}"

    async def check() -> int:
        store = await open_store(str(db))
        try:
            for game_id, index in acked.items():
                record = await check_replay(store, game_id) if game_id in touched else await store.get_game(game_id)
                assert record is not None and record.action_count > index, f"game {game_id}: action {index} lost"
                assert len(await store.actions(game_id)) == record.action_count
            live = await store.live_game(7_000)
            if live is not None and live.status == "active" and live.id is not None:
                await check_replay(store, live.id)
                return live.action_count
            return -1
        finally:
            await store.close()

    return asyncio.run(check())


def kill_again_and_again(tmp_path: Path, kills: int, seed: int) -> None:
    db = tmp_path / "crash.db"
    rng = random.Random(seed)
    acked: dict[int, int] = {}
    expected_resume: tuple[int, int] | None = None
    for round_ in range(kills):
        child = Child(db, seed * 1000 + round_)
        if round_ > 0 and rng.random() < 0.2:
            time.sleep(rng.uniform(0.0, 0.35))  # somewhere in start-up: imports, opening, migrating, resuming
        else:
            assert child.resumed.wait(timeout=15), f"the child never resumed: {child.stderr()}"
            time.sleep(rng.uniform(0.0, 0.25))
            KILLS.mid_game += 1
        child.kill()
        KILLS.kills += 1
        KILLS.restarts += 1
        touched: set[int] = set()
        for line in child.lines:
            word, *numbers = line.split()
            game_id, value = int(numbers[0]), int(numbers[1])
            touched.add(game_id)
            if word == "resume" and expected_resume is not None and expected_resume[0] == game_id:
                assert value == expected_resume[1], f"resumed game {game_id} at {value}, not {expected_resume}"
            if word == "ack":
                assert value > acked.get(game_id, -1), line
                acked[game_id] = value
                KILLS.acknowledged += 1
        live_count = check_database(db, acked, touched)
        last = max(acked) if acked else None
        expected_resume = (last, live_count) if last is not None and live_count >= 0 else None
    assert acked and sum(acked.values()) > kills, "the children got to act between the kills"


def test_ten_sigkills_lose_no_acknowledged_action(tmp_path: Path) -> None:
    """Ten rounds in the default suite (two of them kill the child while it starts, eight while it acts); the
    slow set's two hundred below hold the many."""
    kill_again_and_again(tmp_path, kills=10, seed=1)


@pytest.mark.slow
def test_two_hundred_sigkills_lose_no_acknowledged_action(tmp_path: Path) -> None:
    kill_again_and_again(tmp_path, kills=200, seed=2)
