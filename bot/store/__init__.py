"""Persistence behind one protocol: ``open_store(url)`` picks the backend from the URL."""

from .base import LIVE_STATUSES, ActionRecord, GameRecord, GameStatus, SeatRecord, Store, UserPrefs

__all__ = ["LIVE_STATUSES", "ActionRecord", "GameRecord", "GameStatus", "SeatRecord", "Store", "UserPrefs"]
