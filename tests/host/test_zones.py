"""A player's clock: time zones by name or offset (offsets only, said so, on a machine without the zone
database), quiet hours that run past midnight, and the quiet hours that ended last."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.tables import zones
from bot.tables.zones import checked_zone, in_hours, last_quiet_window, quiet_hours, quiet_window
from engine.core import BadOptions


def at(day: int, hour: int, minute: int = 0) -> float:
    return datetime(2026, 1, day, hour, minute, tzinfo=UTC).timestamp()


def test_quiet_hours_may_run_past_midnight() -> None:
    assert quiet_hours("22-8") == (22, 8) and quiet_hours(" 9:00 - 17 ") == (9, 17)
    assert in_hours(23, 22, 8) and in_hours(3, 22, 8) and not in_hours(8, 22, 8) and not in_hours(12, 22, 8)
    assert quiet_window(at(5, 23, 30), "UTC", 22, 8) == (at(5, 22), at(6, 8))
    assert quiet_window(at(6, 3), "UTC", 22, 8) == (at(5, 22), at(6, 8))
    assert quiet_window(at(6, 12), "UTC", 22, 8) is None
    assert last_quiet_window(at(6, 9), "UTC", 22, 8) == (at(5, 22), at(6, 8))
    assert last_quiet_window(at(6, 9), "+02:00", 22, 8) == (at(5, 20), at(6, 6)), "hours on the player's clock"


def test_a_zone_by_name_or_by_offset() -> None:
    assert checked_zone("+2") == "+02:00" and checked_zone("UTC-05:30") == "-05:30"
    if zones.has_zone_names():
        assert checked_zone("america/new_york") == "America/New_York"
    with pytest.raises(BadOptions, match="Europe/Paris"):
        checked_zone("Nowhere/Land")


def test_without_the_zone_database_only_offsets_are_taken_and_the_refusal_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(zones, "has_zone_names", lambda: False)
    with pytest.raises(BadOptions, match=r"offset from UTC instead, like `\+02:00`"):
        checked_zone("Europe/Paris")
    assert checked_zone("+01:00") == "+01:00"
