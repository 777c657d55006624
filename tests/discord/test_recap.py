"""The recap: when a game ends, one channel message tells its story (the boards turn by turn as an animated GIF,
and the moments that decided it), posted once even when the bot dies between the last move's commit and the
post, or after Discord took the post but before the bot noted it."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

import discord
import pytest
from PIL import Image

from .conftest import Table
from .crash import Crash, Fuse, install
from .players import begin_game
from .sim import bot_messages
from .story import last_decision, play_quietly
from .turns import stored


@dataclass
class DieAt(Fuse):
    """The bot dies at the first point whose name holds ``target`` (after ``skip`` such points)."""

    target: str = ""
    skip: int = 0

    def point(self, what: str) -> None:
        if self.where is not None:
            raise Crash(f"already dead (at {self.where}), then {what}")
        if self.target and self.target in what:
            if self.skip == 0:
                self.where = what
                raise Crash(what)
            self.skip -= 1

    def disarm(self) -> None:
        super().disarm()
        self.target = ""


def recaps(table: Table) -> list[discord.Message]:
    return [m for m in bot_messages(table.channel, table.env) if m.content.startswith("📜")]


async def finish_with_death(table: Table, monkeypatch: pytest.MonkeyPatch, fuse: DieAt) -> int:
    """Bring a game of ¡Abordaje! to its last decision, make it by ``/act`` with the bot dying at ``fuse``, restart
    the bot; how many recaps the channel showed before the restart."""
    await begin_game(table)
    await play_quietly(table, random.Random(29))
    install(monkeypatch, fuse, (table.bot.host.store, table.next_store))
    player, value = await last_decision(table, [table.alice, table.bob])
    await player.slash(table.channel, "act", choice=value)
    assert fuse.where is not None, "the bot was meant to die"
    fuse.disarm()
    table.expected_bugs.extend(e for e in table.env.errors if isinstance(e, Crash))
    assert (await stored(table))[0].status == "finished"
    before = len(recaps(table))
    await table.restart()
    table.expected_bugs.extend(e for e in table.env.errors if isinstance(e, Crash))
    return before


async def test_a_crash_right_after_the_last_moves_commit_still_posts_the_recap_once(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await finish_with_death(table, monkeypatch, DieAt(target="after the commit")) == 0
    [recap] = recaps(table)
    record, _ = await stored(table)
    assert record.result is not None and record.result in recap.content
    assert "Decisive moments:" in recap.content, "the moments that decided the game are named"
    [gif] = recap.attachments
    assert gif.filename.endswith(".gif") and gif.description
    image = Image.open(io.BytesIO(await gif.read()))
    assert image.format == "GIF" and getattr(image, "n_frames", 1) > 1, "the recap moves turn by turn"
    assert gif.size < 8_000_000


async def test_a_crash_after_discord_took_the_recap_does_not_post_it_twice(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The last move posts its board, then the recap: the bot dies once Discord answered the recap's post.
    fuse = DieAt(target=f"after POST /channels/{table.channel.id}/messages", skip=1)
    assert await finish_with_death(table, monkeypatch, fuse) == 1, "Discord took the recap before the bot died"
    assert len(recaps(table)) == 1
