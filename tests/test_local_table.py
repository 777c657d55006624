"""The offline way to try a game: ``python -m bot.local abordaje`` plays hot-seat through the same host."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]


def run_local(tmp_path: Path, answers: int, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the local table, answering "1" (first choice, or Enter to pass the terminal) ``answers`` times."""
    return subprocess.run(
        [sys.executable, "-m", "bot.local", "abordaje", "--out", str(tmp_path / "boards"), *args],
        input="1\n" * answers,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_a_hot_seat_game_prints_the_table_and_writes_board_images(tmp_path: Path) -> None:
    done = run_local(tmp_path, 40, "--option", "variant=advanced")
    assert done.returncode == 0, done.stderr
    assert "Orders revealed" in done.stdout, "forty answers take the game through a whole turn"
    assert "Pass the terminal to Player 1" in done.stdout and "Pass the terminal to Player 2" in done.stdout
    boards = sorted((tmp_path / "boards").glob("*-abordaje-board.png"))
    assert len(boards) >= 2
    with Image.open(boards[-1]) as image:
        assert image.format == "PNG" and image.width > image.height


def test_a_bad_option_is_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    done = run_local(tmp_path, 0, "--option", "variant=expert")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "variant" in done.stderr
