"""Per-user cooldowns on what makes the bot post in a channel: ``/board``, ``/start`` and the lobby's buttons.

Discord lets a bot post about five messages per five seconds in one channel and bans an address after 10,000
refused requests in ten minutes; one person pressing **Join**/**Leave** or typing ``/board`` in a loop must
not push the bot there, nor bury the channel. So each of these allows a few uses a minute per person (a
sliding window), and answers the next with a sentence, changing nothing. Moves are not limited: each one is
checked against the game, and a player never waits on the bot.

Kept in the bot's memory (a restart forgets it: the window is a minute), on the bot object, so two bots in one
process (tests) never share a window.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

import discord

from engine.core import GameError

WINDOW = 60.0  # seconds
LIMITS = {"board": 4, "start": 3, "lobby": 10}
NAMES = {"board": "`/board`", "start": "`/start`", "lobby": "the lobby's buttons"}


class SlowDown(GameError):
    """A person used a channel-posting command too often in a minute."""


def pace(interaction: discord.Interaction, kind: str) -> None:
    """Count one use of ``kind`` by the interaction's user; a ``SlowDown`` sentence past the limit."""
    client: Any = interaction.client
    windows: dict[tuple[str, int], deque[float]] = client.__dict__.setdefault("_paces", {})
    used = windows.setdefault((kind, interaction.user.id), deque())
    now = time.monotonic()
    while used and now - used[0] >= WINDOW:
        used.popleft()
    if len(used) >= LIMITS[kind]:
        wait = max(1, round(WINDOW - (now - used[0])))
        raise SlowDown(
            f"Slow down: {NAMES[kind]} posts in the channel, so each person may use it {LIMITS[kind]} times a "
            f"minute. Try again in {wait} s."
        )
    used.append(now)
