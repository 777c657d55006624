"""Counts of the crash tests, printed at the end of the run (kills survived, acknowledged actions checked)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest


@dataclass
class KillCounts:
    kills: int = 0
    mid_game: int = 0  # kills after the child had resumed its game
    acknowledged: int = 0
    restarts: int = 0


KILLS = KillCounts()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print how many SIGKILLs the store survived."""
    if KILLS.kills:
        terminalreporter.section("crash safety")
        terminalreporter.write_line(
            f"SIGKILLs survived: {KILLS.kills} ({KILLS.mid_game} while acting), process restarts: "
            f"{KILLS.restarts}, acknowledged actions found in the store: {KILLS.acknowledged}"
        )
