"""The games whose lobby offers "Add a bot": game key -> ``SeatBot`` (see ``engine/core/seatbot.py``).

A game lands without bots until it registers one here; the host then simply offers no bot for it. A game's
bot module (and with it the game's engine) is imported the first time that game's bot is asked for
(``engine.core.lazy``).
"""

from __future__ import annotations

from engine.core.lazy import LazyRegistry
from engine.core.seatbot import SeatBot

SEAT_BOTS: LazyRegistry[SeatBot] = LazyRegistry(
    {
        "abordaje": "engine.abordaje.seatbot:SEAT_BOT",
        "capricorn": "engine.capricorn.seatbot:SEAT_BOT",
        "derelict": "engine.derelict.seatbot:SEAT_BOT",
        "jupiter": "engine.jupiter.seatbot:SEAT_BOT",
        "pioneers": "engine.pioneers.seatbot:SEAT_BOT",
    }
)


def seat_bot(game_key: str) -> SeatBot | None:
    """The game's seat bot, or ``None`` when the game has none (its lobby offers no bot)."""
    return SEAT_BOTS.get(game_key)
