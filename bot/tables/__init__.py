"""The game host: lobbies, seats, actions, moderation — everything between Discord and the rules, Discord-free.

Every request is load → apply → commit → deliver: the host loads the channel's game from the store, asks the
engine, commits one transaction, and returns an ``Outbox`` for the caller (a cog, the local table, a test)
to deliver. Nothing is told to anybody before the commit, so a crash loses nothing acknowledged; and an
action's commit also stores what it owes the channel and the players (``deliveries``), so a crash between
the commit and Discord loses nothing promised either: the next process delivers it.

One asyncio lock per channel serialises requests inside a process; the store's version counter guards across
processes. Discord permissions arrive as plain booleans on the ``Actor``, so every refusal is testable
without Discord.
"""

from .common import MAX_REMINDERS, Actor, Loaded, error_sentence
from .host import Host

__all__ = ["MAX_REMINDERS", "Actor", "Host", "Loaded", "error_sentence"]
