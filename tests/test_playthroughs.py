"""Golden playthroughs: each file in ``tests/playthroughs/`` must be what the code writes today, and leak nothing.

A rules change that alters the course of a seeded game, a new prompt wording, an event's text or audience, or a
view's text makes the first test fail with the first differing lines; the fix is to regenerate the files and
review their diff (see ``tests/playthroughs/generate.py``). The second test reads the committed files as a
reviewer would: no ``public>`` line may name what only one seat can see at that step.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from engine.core import View
from engine.registry import GAMES
from tests.playthroughs.cases import CASES, Case, case_named
from tests.playthroughs.generate import differences
from tests.playthroughs.leaks import find_leaks, hides_nothing, private_differences, secrets_by_block
from tests.playthroughs.transcript import Playout, blocks, heading, play, render

HOW_TO_FIX = "run `python -m tests.playthroughs.generate` and review the diff"
NAMES = [case.name for case in CASES]
MAX_BYTES = 400 * 1024


@cache
def played(name: str) -> Playout:
    """Each case is played once per test session: the tests below read the same game."""
    return play(case_named(name))


def stale_message(case: Case, fresh: str) -> str | None:
    """``None`` when ``case``'s committed file equals ``fresh``; otherwise its first differing lines and the fix."""
    if case.path.exists() and case.path.read_text(encoding="utf-8") == fresh:
        return None
    diff = "\n".join(differences(case, fresh))
    return f"{case.path.name} is out of date; {HOW_TO_FIX}.\nFirst differing lines:\n{diff}"


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_matches_the_game_today(name: str) -> None:
    case = case_named(name)
    problem = stale_message(case, render(case, played(name)))
    if problem is not None:
        pytest.fail(problem, pytrace=False)


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_stays_readable_in_review(name: str) -> None:
    """Under ~400 KB: pick another seed or fewer seats, or lower the case's ``max_steps``, if a file grows."""
    assert case_named(name).path.stat().st_size < MAX_BYTES


@pytest.mark.parametrize("name", NAMES)
def test_public_lines_never_name_a_seats_secret(name: str) -> None:
    case = case_named(name)
    text = case.path.read_text(encoding="utf-8")
    if hides_nothing(case):
        # The honest claim for an open game: every seat reads exactly the public view, at every step.
        assert private_differences(case, played(name)) == [], "a seat's view differs in a game that hides nothing"
        return
    secrets = secrets_by_block(case, played(name))
    assert sum(len(s) for found in secrets.values() for s in found.names.values()) > 0, "nothing secret to check"
    leaks = find_leaks(text, secrets)
    assert leaks == [], "public lines name a seat's secret:\n" + "\n".join(str(leak) for leak in leaks[:10])


def test_the_leak_check_finds_a_planted_leak() -> None:
    """A card in hand copied into a public line is reported: the check above is not vacuous."""
    case = CASES[0]
    secrets = secrets_by_block(case, played(case.name))
    block, seat, secret = next(
        (b, seat, min(names)) for b, s in secrets.items() for seat, names in s.names.items() if names
    )
    lines = case.path.read_text(encoding="utf-8").splitlines()
    planted = lines.index(heading(block)) + 1
    lines.insert(planted, f"public> event: The {secret} is played.")
    leaks = find_leaks("\n".join(lines), secrets)
    assert [(leak.block, leak.seat, leak.secret) for leak in leaks] == [(block, seat, secret)]
    assert blocks("\n".join(lines))[block][0].endswith(f"The {secret} is played.")


class _RetoldView(View):
    """A view whose text is another's with a word added, as a changed ``describe()`` would read."""

    text: str

    def describe(self) -> str:
        return self.text + " (retold)"


@pytest.mark.parametrize("change", ["rule", "view"])
def test_a_changed_rule_or_view_fails_the_comparison(change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Changing the legal choices (so the random player takes another course) or a view's text is caught."""
    case = CASES[0]
    spec = GAMES[case.game]
    changed: Any
    if change == "rule":
        changed = replace(
            spec, prompts=lambda state: [p.model_copy(update={"choices": p.choices[::-1]}) for p in spec.prompts(state)]
        )
    else:
        changed = replace(
            spec, view=lambda state, viewer: _RetoldView(viewer=viewer, text=spec.view(state, viewer).describe())
        )
    monkeypatch.setitem(GAMES, case.game, changed)
    message = stale_message(case, render(case))
    assert message is not None and HOW_TO_FIX in message
