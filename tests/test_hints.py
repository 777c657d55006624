"""First-time hints: each one explains a decision the game really asks (every question of the golden
playthroughs is the real text), in players' words, short enough for one line of a panel."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.hints import HINTS, hint_for
from engine.registry import GAMES
from tests.test_guides import FORBIDDEN

PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"
ASKED = re.compile(r"is asked \S+ \((?:private|public) choices\): (.*)$", re.M)


def questions_of(game: str) -> list[str]:
    """Every question the golden playthroughs of ``game`` ask, as the player reads it."""
    found: list[str] = []
    for path in sorted(PLAYTHROUGHS.glob(f"{game}_*.txt")):
        found += ASKED.findall(path.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_hint_meets_a_question_the_game_really_asks(game: str) -> None:
    questions = questions_of(game)
    assert questions, f"no golden playthrough of {game} to read questions from"
    assert HINTS[game], f"{game} has no hint"
    for hint in HINTS[game]:
        assert any(hint_for(game, q) == hint for q in questions), f"{game}'s {hint.kind!r} hint meets no question"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hints_are_one_short_line_in_players_words(game: str) -> None:
    for hint in HINTS[game]:
        assert "\n" not in hint.text and len(hint.text) <= 120 and hint.text.endswith(".")
        for what, pattern in FORBIDDEN.items():
            assert not pattern.search(hint.text), f"{game}'s hint names {what}: {hint.text}"


def test_a_question_without_a_hint_gets_none() -> None:
    assert hint_for("abordaje", "Where does your ship go?") is None
    assert hint_for("no-such-game", "Which order do you place face down on ship-deck card 1?") is None


ASKED_WITH_ID = re.compile(r"is asked (\S+) \((?:private|public) choices\): (.*)$", re.M)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hint_found_by_prompt_id_meets_every_decision_its_question_names(game: str) -> None:
    """Bots read ids, not words: a hint keyed by the prompt's id is shown wherever its question would have found
    it, and never on a decision of another kind (each real prompt gets at most the one hint)."""
    asked: list[tuple[str, str]] = []
    for path in sorted(PLAYTHROUGHS.glob(f"{game}_*.txt")):
        asked += ASKED_WITH_ID.findall(path.read_text(encoding="utf-8"))
    for hint in HINTS[game]:
        if hint.prompt is None:
            continue
        by_id = {pid for pid, q in asked if hint_for(game, q, pid) == hint}
        by_question = {pid for pid, q in asked if hint.pattern.search(q)}
        assert by_id, f"{game}'s {hint.kind!r} hint meets no prompt id"
        assert by_question <= by_id, f"{game}'s {hint.kind!r} hint misses {sorted(by_question - by_id)[:3]}"
