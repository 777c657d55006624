"""``/forget me``: a person asks the bot to forget them (issue 29).

In every finished or ended game they played, their seat becomes "a former player": their Discord id is replaced
by a placeholder of that seat alone (``store.former_player_id``: negative, never a Discord id, different in every
game so nothing links the games of one forgotten person), their display name by "a former player", in the seat,
the log and the game's stored texts; their preferences (closed DMs, turns by DM) are deleted. The games stay, for
the others who played them, until their server's keeping time is over.

A seat in a lobby or a running game cannot be forgotten without breaking the game (it may be waiting on them,
its private view is theirs): the bot asks them to leave the lobby, or a moderator to give the seat away
(``/replace``) or end the game (``/end``), first, and names where. Decision recorded in the README (Privacy).
"""

from __future__ import annotations

import logging

from engine.core import LobbyError

from ..store import GameRecord
from .core import HostCore

log = logging.getLogger(__name__)

FORGOTTEN = (
    "Done: I forgot you. {seats} “a former player”, without your name or Discord id, and your "
    "settings are deleted. If you play again, I'll know you again from then on."
)


def _count_seats(n: int) -> str:
    return "Your seat in 1 finished game now reads" if n == 1 else f"Your seats in {n} finished games now read"


class ForgetHost(HostCore):
    """Forgetting a person: the check before the confirmation, and the forgetting itself."""

    async def forget_me_question(self, user_id: int) -> str:
        """What ``/forget me`` will do, to confirm with a button; a sentence naming the games to leave first
        when the person still holds a seat in a lobby or a running game."""
        await self._refuse_live_seats(user_id)
        return (
            "**Forget you?** In every finished game you played, your seat becomes “a former player”: your name "
            "and Discord id are taken out of it and of its log. Your settings (`/notify`, closed DMs) are deleted. "
            "This cannot be undone."
        )

    async def forget_me(self, user_id: int, display_name: str) -> str:
        """Forget the person (see the module docstring); refused, changing nothing, while they hold a live seat."""
        await self._refuse_live_seats(user_id)
        seats = await self.store.forget_user(user_id, [display_name])
        self.kept_dm_choices.forget(user_id)
        log.info("a person was forgotten seats=%s", seats)  # never who: that is what they asked
        return (
            FORGOTTEN.format(seats=_count_seats(seats))
            if seats
            else ("Done: I forgot you. You had no seat in a finished game; your settings are deleted.")
        )

    async def _refuse_live_seats(self, user_id: int) -> None:
        live = await self.store.games_of_user(user_id)
        if not live:
            return
        where = ", ".join(self._live_place(record) for record in live)
        raise LobbyError(
            f"You still have a seat in {where}. Leave a lobby with its **Leave** button, and ask a moderator to "
            "give your seat in a running game to someone else (`/replace`) or to end it (`/end`); then use "
            "`/forget me` again."
        )

    def _live_place(self, record: GameRecord) -> str:
        name = self.games[record.game_key].name if record.game_key in self.games else record.game_key
        kind = "lobby" if record.status == "lobby" else "game"
        return f"the {name} {kind} in <#{record.channel_id}>"
