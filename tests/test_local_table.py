"""The offline way to try a game: ``python -m bot.local abordaje`` plays hot-seat through the same host.

The hot-seat tests run the table in a pseudo-terminal, as a person would, and look at the screen the next
player is handed: everything printed since the last "clear the screen and the scroll-back", at the moment the
pass line asks for them. Nothing may be there but the pass line, so no seat's hand, task or face-down order is
left on screen or in the scroll-back for the next one to read.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from bot.local import CLEAR_ALL, LocalTable, ask_names, parse_names, terminal_text
from bot.local import main as local_main
from bot.outbox import ChannelPost, Outbox
from bot.store.factory import open_store
from bot.tables import Host
from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
PASS_LINE = re.compile(r"--- Pass the terminal to (Player \d), then press Enter ---")
PROMPT_ENDS = ("> ", "then press Enter ---", "hide your screen ---")
ESCAPES = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def run_local(
    tmp_path: Path, answers: int, *args: str, game: str = "abordaje", in_process: bool = True
) -> subprocess.CompletedProcess[str]:
    """Run the local table, answering "1" (first choice, or Enter to pass the terminal) ``answers`` times.

    In this process by default (``bot.local.main`` with its standard streams swapped: the same code, without a
    second start-up of Python and the bot's imports, about 2 s a run); ``in_process=False`` runs
    ``python -m bot.local`` itself, as a person does (``test_a_game_kept_in_a_file_goes_on_when_run_again_with_it``
    keeps that road)."""
    argv = [*([game] if game else []), "--out", str(tmp_path / "boards"), *args]
    if not in_process:
        return subprocess.run(
            [sys.executable, "-m", "bot.local", *argv],
            input="1\n" * answers,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=180,
        )
    out, err = io.StringIO(), io.StringIO()
    old_stdin, sys.stdin = sys.stdin, io.StringIO("1\n" * answers)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = asyncio.run(local_main(argv))
            except SystemExit as exit:  # argparse refusing an argument, as the command line would
                code = exit.code if isinstance(exit.code, int) else 1
    finally:
        sys.stdin = old_stdin
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def play_in_a_terminal(tmp_path: Path, answers: int, *args: str) -> str:
    """Run the table on a pseudo-terminal, answering "1" to each question or pass line; all it printed."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.local", *args, "--out", str(tmp_path / "boards")],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        cwd=ROOT,
        close_fds=True,
    )
    os.close(follower)
    screen = b""
    deadline = time.monotonic() + 240
    try:
        while answers > 0 and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 30)
            if not ready:
                break
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the table ended: the terminal is gone
                break
            if not chunk:
                break
            screen += chunk
            if screen.decode(errors="replace").endswith(PROMPT_ENDS):
                os.write(leader, b"1\n")
                answers -= 1
    finally:
        process.kill()
        process.wait(timeout=30)
        os.close(leader)
    return screen.decode(errors="replace").replace("\r", "")


def handed_screens(output: str) -> list[tuple[str, str]]:
    """For every pass line: (the player asked for, what the screen and scroll-back hold at that moment)."""
    found = []
    for match in PASS_LINE.finditer(output):
        before = output[: match.start()]
        cleared = before.rfind(CLEAR_ALL)
        assert cleared >= 0, f"the terminal is passed to {match.group(1)} without clearing the scroll-back"
        found.append((match.group(1), ESCAPES.sub("", before[cleared + len(CLEAR_ALL) :])))
    return found


@pytest.mark.parametrize(
    ("args", "private"),
    [
        (("derelict", "--players", "3"), ("Your task", "Your hand")),
        (("abordaje", "--option", "variant=advanced"), ("Your hand", "You placed")),
    ],
    ids=["derelict-3-seats", "abordaje"],
)
def test_the_next_player_is_handed_a_clear_screen_and_scroll_back(
    tmp_path: Path, args: tuple[str, ...], private: tuple[str, ...]
) -> None:
    output = play_in_a_terminal(tmp_path, 70, *args)
    screens = handed_screens(output)
    asked = [who for who, _ in screens]
    assert len(set(asked)) >= 2 and len(screens) >= 4, f"the terminal changed hands too seldom: {asked}"
    for who, screen in screens:
        assert screen.strip() == "", f"when {who} is asked to take the terminal, the screen still shows:\n{screen}"
    for secret in private:  # the secrets were there to hide: each player read their own
        assert secret in output
    # A hand is shown only after its player pressed Enter: never between the pass line and their arrival.
    passes = list(PASS_LINE.finditer(output))
    for match in passes[:-1]:  # the last one may still wait for its Enter when the answers run out
        arrival = output.find(f"{match.group(1)} at the terminal.", match.end())
        assert arrival >= 0 and not any(s in output[match.end() : arrival] for s in private)
    assert not (tmp_path / "boards").exists() or not list((tmp_path / "boards").rglob("hand*.png"))


def test_a_hot_seat_game_prints_the_table_and_writes_only_public_images(tmp_path: Path) -> None:
    done = run_local(tmp_path, 80, "--option", "variant=advanced")
    assert done.returncode == 0, done.stderr
    assert "Orders revealed" in done.stdout, "the answers take the game through a whole turn"
    assert "Pass the terminal to Player 1" in done.stdout and "Pass the terminal to Player 2" in done.stdout
    boards = sorted((tmp_path / "boards").glob("*-abordaje-board.png"))
    assert len(boards) >= 2
    with Image.open(boards[-1]) as image:
        assert image.format == "PNG" and image.height >= image.width, "the board is drawn for a phone: portrait"
    assert not list((tmp_path / "boards").rglob("*hand*.png")), "hands are private: written only with --images"


def test_each_question_is_asked_once_and_a_panel_is_not_printed_twice(tmp_path: Path) -> None:
    done = run_local(tmp_path, 30, "--players", "1", "--bots", "1")
    assert done.returncode == 0, done.stderr
    decisions = re.split(r"^> ", done.stdout, flags=re.M)[:-1]  # what was printed up to each answer
    assert len(decisions) >= 10
    for printed in decisions:
        lines = printed.splitlines()
        question = lines[lines.index(next(line for line in lines if line.startswith("  1. "))) - 1]
        assert lines.count(question) == 1, f"{question!r} printed {lines.count(question)} times before one answer"
    hands = re.findall(r"^Your hand: .*$", done.stdout, re.M)
    assert hands and all(a != b for a, b in itertools.pairwise(hands)), "an unchanged hand printed twice in a row"
    assert "Pass the terminal" not in done.stdout, "a person alone against bots never passes the terminal"
    hints = re.findall(r"^Hint: .*$", done.stdout, re.M)
    assert hints and len(hints) == len(set(hints)), "a hint is shown the first time a kind of decision comes"
    quiet = run_local(tmp_path, 10, "--players", "1", "--bots", "1", "--no-hints")
    assert quiet.returncode == 0 and "Hint:" not in quiet.stdout


def test_bots_take_seats_so_one_person_can_play_alone(tmp_path: Path) -> None:
    done = run_local(tmp_path, 40, "--players", "1", "--bots", "2", game="derelict")
    assert done.returncode == 0, done.stderr
    assert "Round 1 begins." in done.stdout and "Bot" in done.stdout


def test_images_are_written_only_when_asked_each_player_in_a_folder_of_their_own(tmp_path: Path) -> None:
    done = run_local(tmp_path, 60, "--option", "variant=advanced", "--images")
    assert done.returncode == 0, done.stderr
    hands = sorted(p.relative_to(tmp_path / "boards").as_posix() for p in (tmp_path / "boards").rglob("hand*.png"))
    assert hands == ["hands/Player_1/hand.png", "hands/Player_2/hand.png"]


def test_a_bad_option_value_is_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    done = run_local(tmp_path, 0, "--option", "variant=expert")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "variant" in done.stderr
    assert not (tmp_path / "boards").exists(), "a failed start leaves no folder behind"


def test_an_unknown_option_names_the_options_there_are(tmp_path: Path) -> None:
    done = run_local(tmp_path, 0, "--option", "colour=red", game="derelict")
    assert done.returncode == 2
    assert "Extra inputs" not in done.stderr and "Traceback" not in done.stderr
    assert "Derelict has no option 'colour'" in done.stderr
    assert "mode (standard, coop)" in done.stderr and "length (full, short)" in done.stderr
    assert not (tmp_path / "boards").exists()


def test_too_few_players_is_a_sentence_and_leaves_nothing_behind(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    done = run_local(tmp_path, 5, "--players", "1", "--db", str(db))
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.strip()
    assert not (tmp_path / "boards").exists()
    again = run_local(tmp_path, 10, "--players", "2", "--db", str(db))
    assert again.returncode == 0, again.stderr  # the refused lobby was closed, not left in the file


def test_help_lists_every_games_options_and_their_values(tmp_path: Path) -> None:
    done = run_local(tmp_path, 0, "--help", game="")  # in this process: the command itself runs in the tests below
    assert done.returncode == 0
    for key, spec in GAMES.items():
        assert f"{key}: {spec.name}" in done.stdout
        for name in spec.options_model.model_fields:
            assert name in done.stdout, f"--help does not name {key}'s option {name}"
    for value in ("advanced", "nightmare", "rotation-gone-mad", "gold_rush", "coop", "polite_colonists"):
        assert value in done.stdout


def test_a_game_kept_in_a_file_goes_on_when_run_again_with_it(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    first = run_local(tmp_path, 6, "--db", str(db), in_process=False)  # the command itself, as a person runs it
    assert first.returncode == 0, first.stderr
    assert f"--db {db}" in first.stdout, "leaving says how to go on"
    again = run_local(tmp_path, 6, "--db", str(db), game="")
    assert again.returncode == 0, again.stderr
    assert "Going on with the game of ¡Abordaje!" in again.stdout and "already has a game" not in again.stderr
    other = run_local(tmp_path, 0, "--db", str(db), game="derelict")
    assert other.returncode == 2 and "holds a game of ¡Abordaje!" in other.stderr


async def test_an_edited_board_prints_only_its_new_lines(tmp_path: Path) -> None:
    said: list[str] = []
    store = await open_store(":memory:")
    table = LocalTable(Host(store, renderers={}), tmp_path, ask=lambda _: "", say=said.append, hot_seat=False)
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
    assert terminal_text("Your game in <#1> has begun.", names) == "Your game at this table has begun."


def test_the_table_names_its_players_everywhere_it_prints(tmp_path: Path) -> None:
    done = run_local(tmp_path, 40, "--names", "Ana,Ben", game="derelict")
    assert done.returncode == 0, done.stderr
    assert "Pass the terminal to Ana" in done.stdout and "Pass the terminal to Ben" in done.stdout
    assert re.search(r"^Ana .*\.$", done.stdout, re.M), "the narration names the players"
    assert "Player 1" not in done.stdout and "Player 2" not in done.stdout
    twice = run_local(tmp_path, 5, "--names", "Ana,Ana", game="derelict")
    assert twice.returncode == 2 and "cannot share a name" in twice.stderr and "Traceback" not in twice.stderr


def test_names_asked_at_the_start_keep_a_default_on_enter_and_ask_again_for_a_name_taken() -> None:
    answers = iter(["Caro", "Caro", "", "Dan"])
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    assert ask_names(3, ask) == ["Caro", "", "Dan"]  # the second "Caro" is asked again; Enter keeps Player 2
    assert asked[0] == "Name of player 1 (Enter: Player 1)> " and len(asked) == 4
    assert parse_names("Ana,,Caro") == ["Ana", "", "Caro"]
