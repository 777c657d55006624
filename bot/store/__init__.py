"""Persistence behind one protocol: ``open_store(url)`` picks the backend from the URL."""

from .base import (
    LIVE_STATUSES,
    NOTIFY_COLUMNS,
    ActionRecord,
    DeferralRecord,
    DeliveryRecord,
    GameRecord,
    GameStatus,
    GuildSettings,
    NoteRecord,
    NotifyPrefs,
    SeatRecord,
    Store,
    ThreadRecord,
    TimerRecord,
    UserPrefs,
)
from .factory import open_store

__all__ = [
    "LIVE_STATUSES",
    "NOTIFY_COLUMNS",
    "ActionRecord",
    "DeferralRecord",
    "DeliveryRecord",
    "GameRecord",
    "GameStatus",
    "GuildSettings",
    "NoteRecord",
    "NotifyPrefs",
    "SeatRecord",
    "Store",
    "ThreadRecord",
    "TimerRecord",
    "UserPrefs",
    "open_store",
]
