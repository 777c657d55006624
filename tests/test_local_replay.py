"""``bash scripts/run --local --replay FILE``: a finished game's replay file played back offline, step by step,
with its boards written as images; a file it cannot play back gets a sentence, not a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.export import replay_file
from bot.local import main
from bot.store import GameRecord, SeatRecord
from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.registry import GAMES


def finished_abordaje(path: Path) -> object:
    """A seeded random game of ¡Abordaje! to its end, written as ``/export`` writes it; its final state."""
    spec = GAMES["abordaje"]
    seats = [SeatSetup(role="pirate"), SeatSetup(role="spanish")]
    options = spec.parse_options({})
    steps = list(random_playout(spec, seats, options, 11))
    assert spec.outcome(steps[-1].after) is not None
    record = GameRecord(
        id=3,
        channel_id=1,
        game_key="abordaje",
        options=options.model_dump(mode="json"),
        seed=11,
        engine_version=spec.engine_version,
        status="finished",
        opener_id=1,
        seats=[
            SeatRecord(seat=0, user_id=1, display_name="Ana", role="pirate"),
            SeatRecord(seat=1, user_id=2, display_name="Bo", role="spanish"),
        ],
        result="A tie.",
    )
    decisions = [
        {"index": i, "seat": s.action.seat, "prompt": s.action.prompt_id, "choice": s.action.choice_id, "at": 0.0}
        for i, s in enumerate(steps)
    ]
    path.write_text(replay_file(record, decisions), encoding="utf-8")
    return steps[-1].after


async def test_a_replay_file_plays_back_to_the_end_with_its_boards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "abordaje-3-replay.json"
    finished_abordaje(file)
    typed = iter(["", "5", "1000"])  # a step, five steps, then to the end
    monkeypatch.setattr("builtins.input", lambda _: next(typed))
    assert await main(["--replay", str(file), "--out", str(tmp_path / "boards")]) == 0
    out = capsys.readouterr().out
    assert "— Ana:" in out and "— Bo:" in out, "each step names who decided"
    assert out.rstrip().splitlines()[-1].startswith("🏁")
    boards = sorted((tmp_path / "boards").glob("*-abordaje-board.png"))
    assert len(boards) > 3 and boards[0].name.startswith("0000-")


async def test_a_replay_file_of_other_rules_is_refused_with_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "old.json"
    finished_abordaje(file)
    data = json.loads(file.read_text(encoding="utf-8"))
    data["engine_version"] = "abordaje-0"
    file.write_text(json.dumps(data), encoding="utf-8")
    assert await main(["--replay", str(file)]) == 2
    assert "exact only under the rules that made it" in capsys.readouterr().out
