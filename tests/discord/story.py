"""Helpers of the story scenarios (recap, ``/replay``, ``/export``): a game brought to its last decision fast.

Playing forty decisions through Discord would draw forty boards; the scenarios care about what happens at the
end, so the game is played up to there by committing straight through the host without telling anyone
(``HostCore._commit`` with no ``Telling``: what a skip's earlier answers do), then the last decision is made
through Discord like any other.
"""

from __future__ import annotations

import random

import discord
import simcord

from engine.registry import GAMES

from .conftest import Table
from .turns import stored


async def play_quietly(table: Table, rng: random.Random, *, until_last: bool = True, steps: int = 10_000) -> None:
    """Seeded random decisions committed through the host with nothing told, until a decision would end the
    game (``until_last``) or ``steps`` were made."""
    host = table.bot.host
    for _ in range(steps):
        record, state = await stored(table)
        spec = GAMES[record.game_key]
        pending = spec.prompts(state)
        if until_last and any(
            spec.outcome(spec.apply(state, p.seat, p.id, c.id)[0]) is not None for p in pending for c in p.choices
        ):
            return
        prompt = rng.choice(pending)
        choice = rng.choice(prompt.choices)
        seat = record.user_of(prompt.seat)
        assert seat is not None
        loaded = await host._load_running(table.channel.id)
        await host._commit(loaded, prompt.seat, seat.user_id, prompt.id, choice.id)
    assert not until_last, "the game never came to its last decision"


async def last_decision(table: Table, players: list[simcord.MemberActor]) -> tuple[simcord.MemberActor, str]:
    """A player and the ``/act`` value of a choice that ends the game now."""
    record, state = await stored(table)
    spec = GAMES[record.game_key]
    for p in spec.prompts(state):
        for c in p.choices:
            if spec.outcome(spec.apply(state, p.seat, p.id, c.id)[0]) is not None:
                seat = record.user_of(p.seat)
                assert seat is not None
                player = next(x for x in players if x.user.id == seat.user_id)
                return player, f"{p.id}|{c.id}"
    raise AssertionError("no decision ends the game now")


RECAP_MARK = "📜"


def without_recap(messages: list[discord.Message]) -> tuple[list[discord.Message], discord.Message]:
    """A finished game's channel messages but its recap, and the recap: the last message, an animated GIF."""
    recap = messages[-1]
    assert recap.content.startswith(RECAP_MARK), f"the last message is the game's recap, not {recap.content[:80]!r}"
    assert [a.filename for a in recap.attachments] == ["recap.gif"], recap.attachments
    return messages[:-1], recap
