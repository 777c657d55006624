"""Counts over the whole run of the Discord scenarios, printed at the end (``conftest.pytest_terminal_summary``).

Module-level on purpose: one pytest session, one set of counts, filled by every scenario's teardown.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class RunCounts:
    """What the run did and checked."""

    scenarios: int = 0
    interactions: int = 0
    slowest: float = 0.0
    slowest_what: str = ""
    messages_scanned: int = 0
    autocomplete_lists_scanned: int = 0
    restarts: int = 0

    def lines(self) -> list[str]:
        return [
            f"scenarios on simulated Discord: {self.scenarios}",
            f"interactions: {self.interactions}, slowest first response {self.slowest:.3f} s "
            f"({self.slowest_what or '-'}; Discord's limit 3 s)",
            f"leak scan: {self.messages_scanned} channel messages, {self.autocomplete_lists_scanned} "
            "autocomplete lists",
            f"bot restarts survived: {self.restarts}",
        ]


COUNTS = RunCounts()
