"""Starting the bot where it cannot work ends with one sentence saying what to check, never a traceback.

The bot is started for real (``python -m bot``) with a token Discord would refuse. On a machine that cannot
reach Discord (this one, and CI) that is the network sentence; where Discord answers, it is the bad-token one.
Either way: one line, no traceback, and no warning about voice, which this bot never uses.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.__main__ import BAD_TOKEN, EXIT_CONFIG

ROOT = Path(__file__).resolve().parents[1]


def test_an_unreachable_discord_or_a_refused_token_ends_with_one_sentence(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not.a.token",
        "DATABASE_URL": str(tmp_path / "g.db"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )

    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    if lines[0] == BAD_TOKEN:
        assert done.returncode == EXIT_CONFIG  # systemd must not restart into the same refusal
    else:
        assert lines[0].startswith("Could not reach Discord ("), lines[0]
        assert done.returncode == 1  # worth restarting: the network may come back
    assert "Traceback" not in done.stderr and "voice" not in done.stderr
