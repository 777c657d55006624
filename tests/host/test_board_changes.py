"""Issue 26 in the host: the board after a move rings what the move changed and says it in its text.

The host remembers the public view each game's last board showed (``ShownBoards``) and draws the next board
with what changed since ringed (``MarksChanges.marked``); the board message carries a "Changed" line just
above whom the game waits on. The first board of a game, and a finished game's result screen, ring nothing.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.outbox import ChannelPost, Outbox
from bot.store import Store
from bot.tables import Actor, Host
from engine.registry import GAMES
from render.core.changes import MARK

from .conftest import CHANNEL, GUILD, Clock, make_host

PEOPLE = (Actor(101, "alice"), Actor(102, "bob"), Actor(103, "cy"))


def board_of(out: Outbox) -> ChannelPost:
    return next(p for p in out.posts if p.kind == "board")


def marking_ink(post: ChannelPost) -> int:
    assert post.image is not None
    return Image.open(io.BytesIO(post.image.data)).histogram()[int(MARK)]


async def begun(host: Host, game: str) -> ChannelPost:
    """``game`` begun in CHANNEL by people only; its first board."""
    seats = min(GAMES[game].max_players, len(PEOPLE))
    await host.delivered(await host.start(GUILD, CHANNEL, PEOPLE[0], game, {}))
    for person in PEOPLE[1:seats]:
        await host.delivered(await host.join(CHANNEL, person))
    out = await host.begin(CHANNEL, PEOPLE[0])
    board = board_of(out)
    await host.board_posted(CHANNEL, board.game_id, 900)
    await host.delivered(out)
    return board


@pytest.mark.parametrize("game", ["abordaje", "pioneers"])
async def test_the_board_after_a_move_rings_what_changed_and_says_so(store: Store, clock: Clock, game: str) -> None:
    host = make_host(store, clock, images=True)
    first = await begun(host, game)
    assert "Changed (ringed on the board)" not in first.text, "the first board has nothing to compare with"
    for _ in range(40):  # moves until one changes the board (a setup step may change no piece)
        choosing = [(p, await host.choices_for(CHANNEL, p.user_id)) for p in PEOPLE]
        person, offered = next((p, c) for p, c in choosing if c)
        out = await host.act_typed(CHANNEL, person, offered[0][1])
        await host.delivered(out)
        board = board_of(out)
        if "Changed (ringed on the board)" in board.text:
            break
    else:
        raise AssertionError(f"{game}: 40 moves and no board rang a change")
    lines = board.text.split("\n")
    changed = next(i for i, line in enumerate(lines) if line.startswith("🟪 Changed (ringed on the board): "))
    assert changed == len(lines) - 2, "the changed line sits just above whom the game waits on"
    _, view = await host.public_view(CHANNEL)
    renderer: Any = host.renderers[game]
    plain = Image.open(io.BytesIO(renderer.board(view)))
    assert marking_ink(board) > plain.histogram()[int(MARK)], "the board rings nothing"
    assert board.image is not None and board.image.description, "the marked board keeps its alt text"
