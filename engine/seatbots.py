"""The games whose lobby offers "Add a bot": game key -> ``SeatBot`` (see ``engine/core/seatbot.py``).

A game lands without bots until it registers one here; the host then simply offers no bot for it.
"""

from __future__ import annotations

from engine.abordaje.seatbot import SEAT_BOT as ABORDAJE
from engine.capricorn.seatbot import SEAT_BOT as CAPRICORN
from engine.core.seatbot import SeatBot
from engine.derelict.seatbot import SEAT_BOT as DERELICT
from engine.jupiter.seatbot import SEAT_BOT as JUPITER
from engine.pioneers.seatbot import SEAT_BOT as PIONEERS

SEAT_BOTS: dict[str, SeatBot] = {
    "abordaje": ABORDAJE,
    "capricorn": CAPRICORN,
    "derelict": DERELICT,
    "jupiter": JUPITER,
    "pioneers": PIONEERS,
}


def seat_bot(game_key: str) -> SeatBot | None:
    """The game's seat bot, or ``None`` when the game has none (its lobby offers no bot)."""
    return SEAT_BOTS.get(game_key)
