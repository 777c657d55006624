"""Images name people as they typed their names (issue 31, issue 25): the host keeps display names escaped for
Discord's markdown, which a picture and its alt text do not read, and a seat bot's name carries no emoji (the
images' font has none: it drew an empty box)."""

from __future__ import annotations

import discord

from bot.store import Store
from bot.tables import Actor, Host

from .conftest import CHANNEL, GUILD, Clock, make_host

STAR = Actor(111, discord.utils.escape_markdown("**Star**_pilot_"))  # as bot.ui.common.actor_of stores it


async def test_the_board_image_names_a_person_as_typed_and_a_bot_without_an_emoji(store: Store, clock: Clock) -> None:
    host: Host = make_host(store, clock, images=True)
    await host.delivered(await host.start(GUILD, CHANNEL, STAR, "derelict", {}, bots=1))
    out = await host.begin(CHANNEL, STAR)

    board = next(post for post in out.posts if post.kind == "board")
    assert board.image is not None
    alt = board.image.description
    assert "Star" in alt and "\\" not in alt, "no markdown escape shows in a picture's words"
    assert "Bot 1" in alt and "🤖" not in alt
    assert "\\*\\*Star\\*\\*" in board.text or f"<@{STAR.user_id}>" in board.text, "the channel text stays escaped"
