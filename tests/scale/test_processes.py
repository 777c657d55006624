"""What an operator running several processes sees: the shard settings, and ``python -m bot --check``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.__main__ import EXIT_CONFIG
from bot.__main__ import main as bot_main
from bot.app import make_bot
from bot.settings import Settings
from tests.store.conftest import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` started for real in an empty folder (no ``.env``), with these settings."""
    environment = {k: v for k, v in os.environ.items() if k not in {"SHARD_COUNT", "SHARD_IDS", "DISCORD_TOKEN"}}
    environment.update(PYTHONPATH=str(ROOT), **env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=60
    )


def check_in_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], **env: str
) -> subprocess.CompletedProcess[str]:
    """``python -m bot --check`` as ``run_bot`` runs it, but in this process (``bot.__main__.main`` in an empty
    folder with these settings): the same code without a second start-up of Python and discord.py."""
    for name in ("SHARD_COUNT", "SHARD_IDS", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    try:
        bot_main(["--check"])
        code = 0
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["--check"], code, out, err)


def test_a_process_runs_the_shards_it_is_given_and_an_unsharded_one_is_unchanged() -> None:
    sharded = make_bot(Settings(_env_file=None, shard_count=4, shard_ids="2-3"))
    assert isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])
    plain = make_bot(Settings(_env_file=None))
    assert not isinstance(plain, discord.AutoShardedClient) and plain.shard_count is None


def test_shard_ids_are_read_as_written_in_env() -> None:
    assert Settings(_env_file=None, shard_count=4, shard_ids="0, 2-3").shard_ids == [0, 2, 3]


@pytest.mark.parametrize(
    ("env", "says", "real"),
    [
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT", True),  # the command itself, as an operator runs it
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,2"}, "from 0 to 1", False),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "one"}, "like 0,1 or 2-3", False),
    ],
)
def test_shard_settings_that_cannot_work_end_with_a_sentence(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    env: dict[str, str],
    says: str,
    real: bool,
) -> None:
    settings = {"DATABASE_URL": str(tmp_path / "g.db"), **env}
    if real:
        done = run_bot(tmp_path, "--check", **settings)
    else:
        done = check_in_this_process(tmp_path, monkeypatch, capsys, **settings)
    assert done.returncode == EXIT_CONFIG
    assert says in done.stderr and "Traceback" not in done.stderr


def test_check_migrates_a_fresh_database_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = {"DATABASE_URL": str(tmp_path / "g.db"), "SHARD_COUNT": "4", "SHARD_IDS": "0,1"}
    done = check_in_this_process(tmp_path, monkeypatch, capsys, **settings)
    assert done.returncode == 0, done.stderr
    assert "reachable and migrated" in done.stdout and "shards 0, 1 of 4" in done.stdout
    assert (tmp_path / "g.db").exists()


@pytest.mark.postgres
async def test_check_on_postgresql_says_reachable_or_unreachable(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    schema = await postgres_server.create_schema()
    try:
        done = run_bot(tmp_path, "--check", DATABASE_URL=postgres_server.url(schema))
        assert done.returncode == 0, done.stderr
        assert "reachable and migrated" in done.stdout
    finally:
        await postgres_server.drop_schema(schema)
    gone = run_bot(tmp_path, "--check", DATABASE_URL=f"postgresql://postgres@/none?host={tmp_path}")
    assert gone.returncode != 0
    assert gone.stderr.startswith("Could not open the games database") and "Traceback" not in gone.stderr
