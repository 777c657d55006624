"""Issue 26 in the host: the board after a move frames what the move changed and its alt text says what.

The host remembers the public view each game's last board showed (``ShownBoards``) and draws the next board
with what changed since framed (``MarksChanges.marked``); the image's alt text lists it, and the message's
text stays ``board_text`` (its story tells the move in words, the same in every process). The first board of a
game frames nothing.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.outbox import ChannelPost, Outbox
from bot.store import Store
from bot.tables import Actor, Host, Loaded
from bot.tables.liveboard import ShownBoards
from engine.core import View
from engine.core.words import name_seats
from engine.registry import GAMES
from render.core.changes import CHANGED, MARK

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
    assert first.image is not None and CHANGED not in first.image.description, "the first board compares to none"
    for _ in range(40):  # moves until one changes the board (a setup step may change no piece)
        choosing = [(p, await host.choices_for(CHANNEL, p.user_id)) for p in PEOPLE]
        person, offered = next((p, c) for p, c in choosing if c)
        out = await host.act_typed(CHANNEL, person, offered[0][1])
        await host.delivered(out)
        board = board_of(out)
        assert board.image is not None
        if CHANGED in board.image.description:
            break
    else:
        raise AssertionError(f"{game}: 40 moves and no board framed a change")
    record, view = await host.public_view(CHANNEL)
    renderer: Any = host.renderers[game]
    plain = Image.open(io.BytesIO(renderer.board(view)))
    assert marking_ink(board) > plain.histogram()[int(MARK)], "the board frames nothing"
    assert board.image.description.startswith(name_seats(renderer.alt(view), view.names)[:40])
    spec = host.spec(game)
    state = spec.load_state(record.snapshot or "")
    assert board.text == host.board_text(Loaded(record, spec, state), spec.prompts(state)), "the text is the story"


def test_a_board_compares_with_the_newest_board_drawn_before_it_even_when_drawn_again() -> None:
    """A repost (the same version drawn again) frames what the first drawing framed; a game let go (more games
    drawn since than are kept) compares with nothing, as after a restart."""
    views = [View(names={0: f"seat name {n}"}) for n in range(4)]
    shown = ShownBoards(games=2)
    assert shown.since(1, 5, views[0]) is None
    assert shown.since(1, 6, views[1]) == views[0]
    assert shown.since(1, 6, views[1]) == views[0], "drawn again: the same comparison"
    assert shown.since(1, 8, views[2]) == views[1]
    shown.since(2, 1, views[3])
    shown.since(3, 1, views[3])
    assert shown.since(1, 9, views[3]) is None, "let go: nothing to compare with"


def test_a_bots_round_frames_everything_since_the_board_the_players_last_saw() -> None:
    """Boards drawn for versions 10, 11 and 12 before any is delivered (a bots' round) all compare with the
    board delivered last (9); once 12 reaches the channel, the next compares with 12."""
    views = {v: View(names={0: f"version {v}"}) for v in range(9, 14)}
    shown = ShownBoards()
    shown.since(1, 9, views[9])
    shown.delivered(1, 9)
    assert [shown.since(1, v, views[v]) for v in (10, 11, 12)] == [views[9]] * 3
    assert shown.since(1, 12, views[12]) == views[9], "a stale board aimed again at 12 compares with 9 too"
    shown.delivered(1, 12)
    assert shown.since(1, 12, views[12]) == views[9], "a repost of 12 still frames what 12 changed"
    assert shown.since(1, 13, views[13]) == views[12]


def test_a_repost_showing_the_same_board_frames_what_that_board_framed() -> None:
    """``/board`` stores a new version that shows the same game: it compares with the board before the move,
    as the move's own board did (the same image, taken from the cache, never drawn again)."""
    before, after = View(names={0: "before"}), View(names={0: "after"})
    shown = ShownBoards()
    shown.since(1, 5, before)
    assert shown.since(1, 6, after) == before
    assert [shown.since(1, v, after) for v in (7, 8, 9, 10)] == [before] * 4
