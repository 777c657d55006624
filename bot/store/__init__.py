"""Persistence behind one protocol: ``open_store(url)`` picks the backend from the URL."""

from .base import (
    LIVE_STATUSES,
    ActionRecord,
    DeferralRecord,
    DeliveryRecord,
    GameRecord,
    GameStatus,
    GuildSettings,
    NoteRecord,
    SeatRecord,
    Store,
    ThreadRecord,
    TimerRecord,
    UserPrefs,
)
from .factory import open_store

__all__ = [
    "LIVE_STATUSES",
    "ActionRecord",
    "DeferralRecord",
    "DeliveryRecord",
    "GameRecord",
    "GameStatus",
    "GuildSettings",
    "NoteRecord",
    "SeatRecord",
    "Store",
    "ThreadRecord",
    "TimerRecord",
    "UserPrefs",
    "open_store",
]
