"""The greedy self-play bot: it plays legal, complete, reproducible games and makes more progress than random
play. These are behaviour checks on a few seeds, not balance figures (those come from ``selfplay``, and the
``-m slow`` run below)."""

from __future__ import annotations

import pytest

from engine.capricorn.greedy import Greedy, play_one
from engine.capricorn.options import CapricornOptions
from engine.capricorn.rules import prompts
from engine.capricorn.selfplay import main as selfplay_main
from engine.capricorn.state import CapricornState
from engine.capricorn.view import view


def progress(state: CapricornState) -> int:
    """Parts found plus twice the repairs done: what a purposeful crew achieves before its end."""
    return len(state.crew.parts_found) + 2 * len(state.crew.repaired)


def test_greedy_plays_complete_legal_games_deterministically() -> None:
    """``apply`` rejects anything not offered, so reaching an outcome means every answer was legal."""
    options = CapricornOptions(difficulty="easy")
    first = play_one(3, 2, options)
    again = play_one(3, 2, options)
    assert first.result is not None and not prompts(first)
    assert first.model_dump_json() == again.model_dump_json()


def test_greedy_answers_from_offered_choices_only() -> None:
    """On the opening prompt the bot picks one of the prompt's own ids, reading only its seat's view."""
    from engine.capricorn.setup import setup
    from engine.core import SeatSetup

    state = setup([SeatSetup(role="engineer"), SeatSetup(role="soldier")], CapricornOptions(), 5)
    prompt = prompts(state)[0]
    answer = Greedy(5).choose(view(state, prompt.seat), prompt)
    assert answer in {c.id for c in prompt.choices}


def test_greedy_makes_more_progress_than_random() -> None:
    """Over a few seeds the bot finds parts and repairs rooms; random play hardly does."""
    options = CapricornOptions(difficulty="easy")
    seeds = range(3)
    greedy = sum(progress(play_one(s, 2, options)) for s in seeds)
    random = sum(progress(play_one(s, 2, options, random=True)) for s in seeds)
    assert greedy > random


@pytest.mark.slow
def test_selfplay_table_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The command-line run over every difficulty prints one line per configuration and never stalls."""
    selfplay_main(["--games", "20", "--players", "3", "--difficulty", "all", "--jobs", "2"])
    out = capsys.readouterr().out
    assert out.count("games  won") == 4
    assert "stalled" not in out
