"""The host gives a board or a panel the images it last had when the view they show is the same (issue 26: no
renderer asked, no thread), and only then: a change of who sits where shows at once, though the game did not
move."""

from __future__ import annotations

from bot.store import Store
from bot.tables import Actor, Host

from .conftest import CHANNEL, GUILD, MOD, Clock, make_host

STAR = Actor(111, "Starpilot")
NOVA = Actor(112, "Novaqueen")


async def test_a_seat_given_to_someone_else_is_drawn_with_their_name_though_the_game_did_not_move(
    store: Store, clock: Clock
) -> None:
    host: Host = make_host(store, clock, images=True)
    await host.delivered(await host.start(GUILD, CHANNEL, STAR, "derelict", {}, bots=1))
    begun = await host.begin(CHANNEL, STAR)
    first = next(post for post in begun.posts if post.kind == "board")
    assert first.image is not None and "Starpilot" in first.image.description
    again = next(post for post in (await host.board(CHANNEL)).posts if post.kind == "board")
    assert again.image == first.image, "the same game shows the same board"
    panel = await host.panel(CHANNEL, STAR.user_id)

    out = await host.replace(CHANNEL, MOD, STAR.user_id, NOVA)
    board = next(post for post in out.posts if post.kind == "board")
    assert board.image is not None
    assert "Novaqueen" in board.image.description and "Starpilot" not in board.image.description
    assert board.image.data != first.image.data, "the board draws the new name"
    mine = await host.panel(CHANNEL, NOVA.user_id)
    images = [(a.data, a.description) for a in mine.attachments()]
    assert images and images != [(a.data, a.description) for a in panel.attachments()], "her panel names her"
    assert all("Starpilot" not in words for _, words in images)
