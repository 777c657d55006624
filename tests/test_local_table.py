"""The offline way to try a game: ``python -m bot.local abordaje`` plays hot-seat through the same host."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.local import LocalTable, terminal_text
from bot.outbox import ChannelPost, Outbox
from bot.store.factory import open_store
from bot.tables import Host

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


def test_the_terminal_gets_terminal_text_and_each_player_their_own_folder(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.local", "abordaje", "--option", "variant=advanced"],
        input="1\n" * 60,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    runs = list((tmp_path / "boards").iterdir())
    assert len(runs) == 1 and str(runs[0].relative_to(tmp_path)) in first, "a fresh folder per run, printed first"
    for markup in ("<@", "<t:", "~~", "**", "Your move"):
        assert markup not in done.stdout, f"Discord markup {markup!r} reached the terminal"
    hands = sorted(p.relative_to(runs[0]).as_posix() for p in runs[0].rglob("hand*.png"))
    assert hands == ["hands/Player_1/hand.png", "hands/Player_2/hand.png"]
    passes = re.findall(r"Pass the terminal to (Player \d)", done.stdout)
    assert len(passes) >= 3 and all(a != b for a, b in itertools.pairwise(passes)), "asked only when the seat changes"


async def test_an_edited_board_prints_only_its_new_lines(tmp_path: Path) -> None:
    said: list[str] = []
    store = await open_store(":memory:")
    table = LocalTable(Host(store, renderers={}), tmp_path, ask=lambda _: "", say=said.append)
    table.actor(1)  # seated: mentions of Player 2 read as their name
    await table.deliver(Outbox(1, posts=[ChannelPost("board", "Round 1\nAlice played a card.", game_id=1)]))
    said.clear()
    edit = ChannelPost("board", "Round 1\nAlice played a card.\nBob fired at <@1001>.", edit_message_id=1, game_id=1)
    await table.deliver(Outbox(1, posts=[edit]))
    await store.close()
    assert said == ["Bob fired at Player 2."]


def test_discord_markup_reads_as_words() -> None:
    names = {1001: "Player 2"}
    waiting = terminal_text("<@1001> waits (since <t:1000:R>).", names, now=1000 + 7200)
    assert waiting == "Player 2 waits (since 2 hours ago)."
    assert terminal_text("`T07` ~~conquered~~ by **Pirates**", names) == "T07 conquered (crossed out) by Pirates"
