"""Server settings (``/settings``) and a player's own notification choice (``/notify``).

A server sets how long a decision waits before its player is reminded, how long before the others may vote
to skip it, whether a successful skip vote hands the idle seat to a bot, and which channels may hold games;
anything it has not set follows the deployment's ``.env``.
Only members with Manage Server may change them; anyone may read them.
"""

from __future__ import annotations

import logging

from engine.core import LobbyError, NotAllowed

from .common import Actor
from .core import HostCore
from .races import Attempt, retried
from .retention import KEEP_DAYS, LOBBY_HOURS

log = logging.getLogger(__name__)

MAX_HOURS = 24 * 30  # a month: beyond that a reminder or a skip vote would never matter
MAX_KEEP_DAYS = 3650  # ten years
SETTINGS_REFUSED = "Only members who can Manage Server can change this server's game settings."


class SettingsHost(HostCore):
    """Reading and changing a server's settings; each change is checked before anything is stored."""

    async def settings_text(self, guild_id: int) -> str:
        """The server's settings as a moderator reads them, defaults named as such."""
        current = await self._settings(guild_id)
        reminder = self.reminder_hours if current.reminder_hours is None else current.reminder_hours
        idle = self.idle_hours if current.idle_hours is None else current.idle_hours

        def shown(hours: float, own: float | None) -> str:
            return f"{hours:g} hour{'' if hours == 1 else 's'}" + ("" if own is not None else " (default)")

        where = ", ".join(f"<#{c}>" for c in current.channels) if current.channels else "any channel"
        own = "" if current.reminder_hours is not None else " (default)"
        reminders = f"off{own}" if reminder == 0 else f"after {shown(reminder, current.reminder_hours)} of waiting"
        return "\n".join(
            [
                "**Game settings for this server**",
                f"• Reminders: {reminders}" + ("" if reminder == 0 else ", then at longer intervals"),
                f"• Skip votes: allowed after {shown(idle, current.idle_hours)} of waiting",
                f"• Games may be started in: {where}",
                "• A successful skip vote: "
                + ("hands the idle seat to a bot" if current.skip_to_bot else "skips that one decision (default)"),
                *await self._keeping_lines(guild_id),
                await self._threads_line(guild_id),
            ]
        )

    async def _threads_line(self, guild_id: int) -> str:
        """How ``/start`` seats a table on this server (``/settings threads``)."""
        chosen = await self.store.threads_setting(guild_id)
        if chosen is None:
            return "• Tables: each game in a thread of its own wherever I may create threads (default)"
        return "• Tables: " + ("each game in a thread of its own" if chosen else "one game per channel")

    async def change_settings(
        self,
        guild_id: int,
        actor: Actor,
        *,
        reminder_hours: float | None = None,
        idle_hours: float | None = None,
        allow_channel: int | None = None,
        remove_channel: int | None = None,
        any_channel: bool = False,
        skip_to_bot: bool | None = None,
    ) -> str:
        """Change what was given, refuse the whole change with a sentence if any part is wrong.

        Two processes changing one server's settings at once: the second reads them again and applies its
        change on top of the first (``retried``), so neither change is lost."""
        if not actor.can_manage_server:
            raise NotAllowed(SETTINGS_REFUSED)

        async def run(attempt: Attempt) -> str:
            current = await self._settings(guild_id)
            changed = current.model_copy(deep=True)
            if reminder_hours is not None:
                if not 0 <= reminder_hours <= MAX_HOURS:
                    raise LobbyError(f"Reminder hours must be between 0 (off) and {MAX_HOURS}.")
                changed.reminder_hours = reminder_hours
            if idle_hours is not None:
                if not 1 <= idle_hours <= MAX_HOURS:
                    raise LobbyError(f"Skip-vote hours must be between 1 and {MAX_HOURS}.")
                changed.idle_hours = idle_hours
            if any_channel:
                changed.channels = []
            if allow_channel is not None and allow_channel not in changed.channels:
                changed.channels = [*changed.channels, allow_channel]
            if remove_channel is not None:
                if remove_channel not in changed.channels:
                    raise LobbyError(f"<#{remove_channel}> is not in the list of game channels.")
                changed.channels = [c for c in changed.channels if c != remove_channel]
            if skip_to_bot is not None:
                changed.skip_to_bot = skip_to_bot
            # Over the version read: another process's change meanwhile is kept, and this one applied on top.
            await self.store.set_guild_settings(changed, expected_version=current.version)
            log.info("settings changed guild=%s by=%s", guild_id, actor.user_id)
            return await self.settings_text(guild_id)

        # A server's id never equals a channel's (Discord ids are unique), so its lock serialises its settings.
        return await retried(self.store, self.lock(guild_id), run)

    async def set_notify(self, user_id: int, dm: bool) -> str:
        """``/notify``: whether a decision falling due is also sent to the player by DM."""
        await self._set_dm_choice(user_id, "notify_dm", dm)  # this column alone: a bounced DM is kept
        if dm:
            return "From now on I'll also DM you when a game is waiting on you (besides the ping in its channel)."
        return "Done: I'll only ping you in the game's channel when it is waiting on you."

    # ------------------------------------------------------------------ what is kept, and for how long (issue 29)

    async def _keeping_lines(self, guild_id: int) -> list[str]:
        """``settings_text``'s lines on how long finished games and idle lobbies are kept."""
        keep = await self.store.keep_settings(guild_id)
        days = KEEP_DAYS if keep.keep_days is None else keep.keep_days
        hours = LOBBY_HOURS if keep.lobby_hours is None else keep.lobby_hours
        days_own = "" if keep.keep_days is not None else " (default)"
        hours_own = "" if keep.lobby_hours is not None else " (default)"
        lobbies = (
            f"never closed for waiting{hours_own}"
            if hours == 0
            else f"closed after {hours:g} hour{'' if hours == 1 else 's'} with nobody joining{hours_own}"
        )
        return [
            f"• Finished games: kept {days:g} day{'' if days == 1 else 's'} after they end{days_own}, then deleted",
            f"• Lobbies: {lobbies}",
        ]

    async def change_keeping(
        self, guild_id: int, actor: Actor, *, keep_days: float | None = None, lobby_hours: float | None = None
    ) -> str:
        """``/settings keep`` and ``/settings lobbies``: how long finished games are kept (1 day to 10 years)
        and how long a lobby may wait untouched (0: for ever, up to a month); refused whole with a sentence."""
        if not actor.can_manage_server:
            raise NotAllowed(SETTINGS_REFUSED)
        if keep_days is not None and not 1 <= keep_days <= MAX_KEEP_DAYS:
            raise LobbyError(f"Finished games can be kept between 1 and {MAX_KEEP_DAYS} days.")
        if lobby_hours is not None and not 0 <= lobby_hours <= MAX_HOURS:
            raise LobbyError(f"Lobby hours must be between 0 (never closed) and {MAX_HOURS}.")

        async def run(attempt: Attempt) -> str:
            current = await self.store.keep_settings(guild_id)
            changed = current.model_copy()
            if keep_days is not None:
                changed.keep_days = keep_days
            if lobby_hours is not None:
                changed.lobby_hours = lobby_hours
            await self.store.set_keep_settings(changed, expected_version=current.version)
            log.info("keeping changed guild=%s by=%s", guild_id, actor.user_id)
            return await self.settings_text(guild_id)

        return await retried(self.store, self.lock(guild_id), run)
