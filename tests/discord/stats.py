"""Counts over the whole run of the Discord scenarios, printed at the end (``conftest.pytest_terminal_summary``).

Module-level on purpose: one pytest process, one set of counts, filled by every scenario's teardown. The suite
runs in parallel worker processes (pytest-xdist): each worker hands its counts to the controller when it ends
(``as_dict``), and the controller adds them up (``add``) before printing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


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
    # The deaths around /act (test_crash_delivery)
    act_rounds: int = 0
    deaths: int = 0
    taken: int = 0
    not_taken: int = 0
    answered_by_next_process: int = 0
    pings_checked: int = 0
    # The deaths around moderators' steps and /board (test_crash_moderation)
    moderation_rounds: int = 0
    moderation_deaths: int = 0
    moderation_committed: int = 0
    # The deaths around lobby commands (test_crash_lobby)
    lobby_rounds: int = 0
    lobby_deaths: int = 0
    lobby_committed: int = 0
    lobby_answered_not_done: int = 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def add(self, other: dict[str, Any]) -> None:
        """Add a worker's counts: sums, except the slowest first response, which is the larger one."""
        for f in fields(self):
            if f.name in ("slowest", "slowest_what"):
                continue
            setattr(self, f.name, getattr(self, f.name) + other.get(f.name, 0))
        if other.get("slowest", 0.0) > self.slowest:
            self.slowest, self.slowest_what = other["slowest"], other.get("slowest_what", "")

    def lines(self) -> list[str]:
        deaths = (
            [
                f"moves by /act or a panel button: {self.act_rounds}, bot deaths around them: {self.deaths}; "
                f"moves taken {self.taken}, "
                f"not taken {self.not_taken}; interactions answered by the next process: "
                f"{self.answered_by_next_process}; players' pings checked: {self.pings_checked}"
            ]
            if self.act_rounds
            else []
        )
        if self.moderation_rounds:
            deaths.append(
                f"moderators' steps and reposted boards: {self.moderation_rounds}, bot deaths around them: "
                f"{self.moderation_deaths}; steps committed {self.moderation_committed}"
            )
        if self.lobby_rounds:
            deaths.append(
                f"lobby commands: {self.lobby_rounds}, bot deaths around them: {self.lobby_deaths}; steps "
                f"committed {self.lobby_committed}; told the restart came first: {self.lobby_answered_not_done}"
            )
        return [
            *deaths,
            f"scenarios on simulated Discord: {self.scenarios}",
            f"interactions: {self.interactions}, slowest first response {self.slowest:.3f} s "
            f"({self.slowest_what or '-'}; Discord's limit 3 s)",
            f"leak scan: {self.messages_scanned} channel messages, {self.autocomplete_lists_scanned} "
            "autocomplete lists",
            f"bot restarts survived: {self.restarts}",
        ]


COUNTS = RunCounts()
