"""Run-wide reporting: the simulated Discord's counts, added up over pytest-xdist's parallel workers.

The suite runs in parallel processes (``-n`` in pyproject's addopts). Each worker fills its own
``tests.discord.stats.COUNTS``; a worker hands them over when it ends and the controller prints the sum, so the
summary says what the whole run did, not what one worker saw.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord.stats import COUNTS


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a parallel worker, hand this worker's counts to the controller (which prints them all)."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["discord_counts"] = COUNTS.as_dict()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """In the controller, add up a finished worker's counts (pytest-xdist's hook)."""
    counts = getattr(node, "workeroutput", {}).get("discord_counts")
    if counts:
        COUNTS.add(counts)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the run's counts: interactions, slowest first response, messages scanned, restarts."""
    if COUNTS.scenarios:
        terminalreporter.section("simulated Discord")
        for line in COUNTS.lines():
            terminalreporter.write_line(line)
