"""``/replay`` and ``/export`` on the simulated Discord.

- ``/replay turn:N`` at every turn of a golden playthrough (``tests/playthroughs/abordaje_0.txt``, played into the
  bot from its seed) shows the public view as it stood after that turn, the one the golden file records; its
  buttons page through every board, still work after a restart, and never show a private view.
- ``/export`` of a finished game gives a replay file that plays back offline to the game's final state.
- ``/export`` of a running game holds no seed and no line another seat alone was told.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import simcord

from bot.history import _told_only_to
from bot.local_replay import Player, final_state, read_replay
from bot.story import stories_of
from engine.core import State
from engine.core.words import name_seats
from engine.registry import GAMES
from tests.playthroughs.cases import case_named
from tests.playthroughs.transcript import NAMES, named, play

from .conftest import Table
from .players import begin_game
from .sim import answers, is_private, items, said
from .story import last_decision, play_quietly
from .turns import stored

GOLDEN = case_named("abordaje_0")


def public_text(state: State, names: dict[int, str]) -> str:
    """The public view's text as the bot names the seats."""
    view = GOLDEN.spec.view(state, None).model_copy(update={"names": names})
    return name_seats(view.describe(), names)


def golden_public_views() -> list[str]:
    """Every public view the golden file records in full (the start, after each headline, the end)."""
    views: list[str] = []
    lines = GOLDEN.path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line == "public> view:":
            block = []
            for following in lines[i + 1 :]:
                if not following.startswith("public>     "):
                    break
                block.append(following.removeprefix("public>     "))
            views.append("\n".join(block))
    return views


async def golden_game(table: Table) -> tuple[list[State], dict[int, str]]:
    """The golden case dealt and played in the channel; its states after 0, 1, … decisions, and the bot's
    names of the seats."""
    table.bot.host.seeds = lambda: GOLDEN.seed
    await begin_game(table, roles=[s.role or "" for s in GOLDEN.seats()])
    playout = play(GOLDEN)
    host = table.bot.host
    for step in playout.steps:
        loaded = await host._load_running(table.channel.id)
        seat = loaded.record.user_of(step.action.seat)
        assert seat is not None
        await host._commit(loaded, step.action.seat, seat.user_id, step.action.prompt_id, step.action.choice_id)
    record, state = await stored(table)
    assert state == playout.last and record.status == "finished"
    names = {s.seat: s.display_name for s in record.seats}
    return [playout.start, *(s.after for s in playout.steps)], names


def decisions_in(text: str) -> int:
    found = re.search(r"(\d+) decisions? made", text)
    assert found, text
    return int(found.group(1))


async def test_replay_at_every_turn_of_a_golden_playthrough_shows_its_public_views(table: Table) -> None:
    states, names = await golden_game(table)
    golden = golden_public_views()
    turns = states[-1].turn
    shown: list[int] = []
    for turn in range(turns + 1):
        result = await table.carol.slash(table.channel, "replay", turn=turn)  # a spectator: the public view only
        assert is_private(result), said(result)
        [page] = answers(result)
        at = decisions_in(page.content)
        state = states[at]
        assert public_text(state, names) in page.content
        assert turn == 0 or states[at - 1].turn == turn != state.turn or at == len(states) - 1
        assert page.attachments and page.attachments[0].description
        shown.append(at)
        table.scanner.public_answer(table.channel.id, [page])  # held to the channel's rules: nothing hidden
    assert shown[0] == 0 and shown[-1] == len(states) - 1
    # What the replay showed is what the golden file recorded: the start and the end in full.
    for at, view in ((0, golden[0]), (len(states) - 1, golden[-1])):
        assert named(GOLDEN.spec.view(states[at], None).model_copy(update={"names": NAMES}).describe()) == view


async def test_replay_buttons_page_every_board_and_survive_a_restart(table: Table) -> None:
    states, names = await golden_game(table)
    result = await table.bob.slash(table.channel, "replay", turn=0)
    [page] = answers(result)
    seen = [decisions_in(page.content)]
    message = page
    told = stories_of(table.bot.host.store).told  # the game was replayed once for /replay
    for _ in range(50):
        if "Next" not in enabled(message):
            break
        clicked = await table.bob.click(message, label="Next")
        message = clicked.response
        assert message is not None
        seen.append(decisions_in(message.content))
        assert public_text(states[seen[-1]], names) in message.content, "only the public view, even for a player"
    assert seen == sorted(seen) and seen[0] == 0 and seen[-1] == len(states) - 1
    assert stories_of(table.bot.host.store).told == told, "a click draws one board and replays nothing"
    await table.restart()
    back = await table.bob.click(message, label="First")
    assert back.response is not None and decisions_in(back.response.content) == 0


def enabled(message: simcord.ResponseMessage) -> list[str]:
    return [i.label or "" for i in items(message) if not getattr(i, "disabled", False)]


async def exported(table: Table, player: simcord.MemberActor) -> dict[str, bytes]:
    result = await player.slash(table.channel, "export")
    assert is_private(result), said(result)
    files: dict[str, bytes] = {}
    for message in answers(result):
        for attachment in message.attachments:
            files[attachment.filename] = await attachment.read()
    table.scanner.private_answer(table.channel.id, player.user.id, files)
    return files


async def test_the_export_of_a_finished_game_plays_back_offline_to_its_final_state(
    table: Table, tmp_path: Path
) -> None:
    await begin_game(table)
    await play_quietly(table, random.Random(7))
    player, value = await last_decision(table, [table.alice, table.bob])
    await player.slash(table.channel, "act", choice=value)
    record, state = await stored(table)
    assert record.status == "finished"
    files = await exported(table, table.alice)
    [replay_name] = [n for n in files if n.endswith("-replay.json")]
    [log_name] = [n for n in files if n.endswith("-log.txt")]
    assert record.result is not None and record.result in files[log_name].decode()
    path = tmp_path / replay_name
    path.write_bytes(files[replay_name])
    data = json.loads(files[replay_name])
    assert data["seed"] == record.seed and len(data["decisions"]) == record.action_count
    replay = read_replay(path)
    assert final_state(replay) == state
    said_lines: list[str] = []
    player_ = Player(replay, tmp_path / "boards", ask=lambda _: "", say=said_lines.append)
    assert player_.play() == state
    assert player_.images and all(p.read_bytes().startswith(b"\x89PNG") for p in player_.images)
    assert said_lines[-1].startswith("🏁")


async def test_the_export_of_a_running_game_holds_no_seed_and_no_other_seats_secrets(table: Table) -> None:
    await begin_game(table)
    await play_quietly(table, random.Random(3), until_last=False, steps=6)
    record, _ = await stored(table)
    files = await exported(table, table.alice)
    assert not any(n.endswith(".json") for n in files), "no replay file while the game runs"
    text = b"".join(files.values()).decode()
    assert str(record.seed) not in text
    spec = GAMES[record.game_key]
    actions = await table.next_store.actions(record.id or 0)
    alice = record.seat_of(table.alice.user.id)
    bob = record.seat_of(table.bob.user.id)
    assert alice is not None and bob is not None
    mine = set(_told_only_to(spec, record, actions, alice.seat))
    theirs = set(_told_only_to(spec, record, actions, bob.seat)) - mine
    assert mine and theirs, "both players were told something of their own"
    assert all(line in text for line in mine)
    assert not [line for line in theirs if line in text], "Bob's own lines reached Alice's export"
    onlooker = await exported(table, table.carol)
    assert not (theirs | mine) & set(b"".join(onlooker.values()).decode().splitlines())
