"""A player's local time: the time zone they gave ``/notify`` and the hours (quiet hours, the digest's) in it.

A zone is an IANA name checked against the machine's time zone database (``zoneinfo``), or a fixed UTC offset
(``+02:00``) for a player who prefers one, or a machine without the database (a bare Python on Windows has
none, and this project adds no ``tzdata`` dependency): then only offsets are accepted, and the refusal says so.
An offset does not follow daylight saving time; a name does. No zone set means UTC.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from engine.core import BadOptions

from ..store import NotifyPrefs

OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
QUIET = re.compile(r"^\s*(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?\s*$")


@cache
def has_zone_names() -> bool:
    """Whether this machine knows time zones by name (its zone database, or the ``tzdata`` package)."""
    return bool(available_timezones())


def _offset(text: str) -> timezone | None:
    match = OFFSET.match(text.strip())
    if match is None:
        return None
    sign, hours, minutes = match.group(1), int(match.group(2)), int(match.group(3) or 0)
    if hours > 14 or minutes >= 60:
        return None
    delta = timedelta(hours=hours, minutes=minutes)
    return timezone(-delta if sign == "-" else delta)


def offset_text(zone: timezone) -> str:
    """``+02:00``: how an offset is written back to the player and stored."""
    minutes = int(zone.utcoffset(None).total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def checked_zone(text: str) -> str:
    """The zone to store for what the player typed, or a sentence (``BadOptions``) saying what is accepted."""
    text = text.strip()
    offset = _offset(text)
    if offset is not None:
        return offset_text(offset)
    if not has_zone_names():
        raise BadOptions(
            f"I don't know the time zone {text!r}: this server has no list of time zone names, so give your "
            "offset from UTC instead, like `+02:00` or `-05:00` (it will not follow daylight saving time)."
        )
    names = {name.casefold(): name for name in available_timezones()}
    name = names.get(text.casefold().replace(" ", "_"))
    if name is None:
        raise BadOptions(
            f"I don't know the time zone {text!r}. Give a city name like `Europe/Paris` or `America/New_York`, "
            "or your offset from UTC like `+02:00`."
        )
    return name


def zone_of(stored: str | None) -> tzinfo:
    """The zone a stored choice names; UTC when none (or one this machine no longer knows)."""
    if not stored:
        return UTC
    offset = _offset(stored)
    if offset is not None:
        return offset
    try:
        return ZoneInfo(stored)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def local_time(ts: float, stored: str | None) -> datetime:
    """The moment ``ts`` (unix seconds) on the player's clock."""
    return datetime.fromtimestamp(ts, zone_of(stored))


def quiet_hours(text: str) -> tuple[int, int]:
    """``22-8`` as (22, 8), or a sentence: quiet hours are whole hours, from one to another, not the same."""
    match = QUIET.match(text)
    if match is None or int(match.group(1)) > 23 or int(match.group(2)) > 23:
        raise BadOptions("Give quiet hours as two whole hours, from and to, like `22-8` (or `off`).")
    start, end = int(match.group(1)), int(match.group(2))
    if start == end:
        raise BadOptions("Quiet hours must end at another hour than they start, like `22-8`.")
    return start, end


def in_hours(hour: int, start: int, end: int) -> bool:
    """Whether a local ``hour`` falls in ``start``-``end`` (which may run past midnight: 22-8)."""
    return start <= hour < end if start < end else hour >= start or hour < end


def quiet_window(ts: float, stored: str | None, start: int, end: int) -> tuple[float, float] | None:
    """The quiet hours ``ts`` falls in, as (start, end) unix seconds; ``None`` outside them."""
    now = local_time(ts, stored)
    if not in_hours(now.hour, start, end):
        return None
    begin = now.replace(hour=start, minute=0, second=0, microsecond=0)
    if begin > now:
        begin -= timedelta(days=1)
    finish = begin.replace(hour=end)
    if finish <= begin:
        finish += timedelta(days=1)
    return begin.timestamp(), finish.timestamp()


def last_quiet_window(ts: float, stored: str | None, start: int, end: int) -> tuple[float, float]:
    """The latest quiet hours that ended at or before ``ts``, as (start, end) unix seconds."""
    now = local_time(ts, stored)
    finish = now.replace(hour=end, minute=0, second=0, microsecond=0)
    if finish > now:
        finish -= timedelta(days=1)
    begin = finish.replace(hour=start)
    if begin >= finish:
        begin -= timedelta(days=1)
    return begin.timestamp(), finish.timestamp()


def is_quiet(prefs: NotifyPrefs, now: float) -> bool:
    """Whether ``now`` falls in the player's quiet hours."""
    if prefs.quiet_start is None or prefs.quiet_end is None:
        return False
    return quiet_window(now, prefs.time_zone, prefs.quiet_start, prefs.quiet_end) is not None
