"""Run-wide: the longest tests first, the simulated Discord's counts added up over pytest-xdist's workers, and
one PostgreSQL server a worker for every test that needs one.

The suite runs in parallel processes (``-n`` in pyproject's addopts). pytest-xdist hands tests out in the order
they were collected, so the few that take tens of seconds are collected first: started last, one of them would
keep a worker busy while the other has nothing left to do.

Each worker fills its own ``tests.discord.stats.COUNTS``; a worker hands them over when it ends and the
controller prints the sum, so the summary says what the whole run did, not what one worker saw.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.discord.stats import COUNTS

if TYPE_CHECKING:
    from tests.store.conftest import PostgresServer

# The default suite's longest tests (each 10 to 35 s alone on an idle machine, 2 cores), longest first; a node id
# here that no longer exists costs nothing. Measured with ``--durations``: keep the list to the top dozen.
LONGEST_FIRST = (
    "tests/test_bench_smoke.py::",
    "tests/discord/test_pioneers.py::test_a_whole_game_played_through",
    "tests/crash/test_sigkill.py::",
    "tests/discord/test_derelict.py::test_three_crew_draft_choose_secret_tasks",
    "tests/capricorn/test_greedy.py::test_greedy_wins_easy_games_that_random_play_loses",
    "tests/scale/test_bots.py::",
    "tests/discord/test_crash_delivery.py::test_forty_rounds_of_deaths_around_act",
    "tests/test_local_table.py::test_a_game_kept_in_a_file_goes_on_when_run_again_with_it",
    "tests/scale/test_race.py::",
    "tests/render/test_jupiter_phone.py::test_every_zoom_is_large_enough_on_a_phone",
    "tests/abordaje/test_properties.py::test_random_games_keep_every_invariant",
    "tests/pioneers/test_playouts.py::test_300_seeded_random_games",
)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL cluster for the whole run of a worker, shared by the store and the scale tests
    (defined here rather than in both folders, where each definition started a server of its own: two starts of
    a second or two each per worker); skipped with the reason when PostgreSQL is not installed."""
    from tests.store.conftest import throwaway_server  # the store's helpers import the bot: only when needed

    with throwaway_server() as server:
        if server is None:
            pytest.skip("PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin)")
        yield server


def _rank(item: pytest.Item) -> int:
    return next((i for i, prefix in enumerate(LONGEST_FIRST) if item.nodeid.startswith(prefix)), len(LONGEST_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (in the order above), every other test after them in its collected order."""
    items.sort(key=_rank)


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
