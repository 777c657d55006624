"""Starting the bot: without a token, with the settings' database, with commands matching the registry."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import simcord

from bot.app import SpaceBot
from bot.settings import Settings, default_database_url

from .conftest import Table, settings_for

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_bot_exits_with_one_sentence_saying_how_to_get_one_and_how_to_play_offline(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    # Run where there is no .env, so only the (token-less) environment counts.
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True)

    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert "Developer Portal" in lines[0] and "DISCORD_TOKEN" in lines[0]
    assert "bash scripts/run --local abordaje" in lines[0]  # works outside the venv, unlike python -m …
    assert done.stdout == ""


def test_the_default_database_lives_outside_the_source_tree(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert not Path(default_database_url()).resolve().is_relative_to(ROOT)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert Path(default_database_url()) == tmp_path / "spacehost" / "games.db"
    assert Settings(_env_file=None).database_url == str(tmp_path / "spacehost" / "games.db")


async def test_slash_commands_match_the_registry_and_start_has_one_subcommand_per_game(table: Table) -> None:
    offered = set(table.alice.available_commands(table.channel))

    games = table.bot.host.games
    assert {f"start {key}" for key in games} <= offered
    assert {
        "join",
        "leave",
        "begin",
        "cancel",
        "act",
        "hand",
        "board",
        "status",
        "rules",
        "reset",
        "end",
        "help",
    } <= (offered)


async def test_help_and_rules_answer_privately(table: Table) -> None:
    for name in ("help", "rules"):
        result = await table.alice.slash(table.channel, name)
        assert result.response is not None and result.response.ephemeral
        shown = result.response.content + " ".join(e.description or "" for e in result.response.embeds)
        assert "abordaje" in shown.lower()


async def test_the_bot_opens_the_store_its_settings_name_at_start_up(tmp_path: Path) -> None:
    db = tmp_path / "data" / "games.db"
    bot = SpaceBot(settings_for(db))
    async with simcord.run(bot):
        assert db.exists()
    await bot.close_store()
