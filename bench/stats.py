"""Small statistics and formatting helpers: medians and p95 over millisecond samples, resident memory."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Dist:
    """A sample of durations in milliseconds, summarised the way the issue's targets are stated."""

    values: tuple[float, ...]

    @classmethod
    def of(cls, values: Sequence[float]) -> Dist:
        return cls(tuple(values))

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def median(self) -> float:
        return statistics.median(self.values) if self.values else math.nan

    @property
    def p95(self) -> float:
        """Nearest-rank 95th percentile: a value that was actually observed, never an interpolation."""
        if not self.values:
            return math.nan
        ordered = sorted(self.values)
        return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]

    @property
    def max(self) -> float:
        return max(self.values) if self.values else math.nan


def ms(value: float, digits: int = 2) -> str:
    """A millisecond figure, or ``n/a`` when there was nothing to measure."""
    return "n/a" if math.isnan(value) else f"{value:.{digits}f} ms"


def kb(size: int | float) -> str:
    """Bytes as kilobytes (1 KB = 1000 bytes, as the 200 KB target is meant)."""
    return f"{size / 1000:.1f} KB"


def rss_mb() -> tuple[float, float]:
    """Resident memory now and at its peak (``VmRSS``, ``VmHWM`` from ``/proc/self/status``), in MB (10⁶ B).

    The kernel reports KiB; MB is what the "200 MB" target means, and it is the stricter reading.
    """
    now = peak = math.nan
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) * 1024 / 1e6
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) * 1024 / 1e6
    return now, peak
