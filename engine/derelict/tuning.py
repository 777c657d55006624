"""The balance tuning a game plays under (digest §7; ``ship.toml`` ``tunings``).

A new game is dealt under the last tuning and records its number; a game stored by engine ``derelict-0``
has none and plays on as tuning 0, the untuned design. Every rule a tuning changes asks here.
"""

from __future__ import annotations

from .catalog import CATALOG, TimeTrack, Tuning
from .state import DerelictState


def tuning(state: DerelictState) -> Tuning:
    return CATALOG.ship.tunings[state.tuning]


def time_track(state: DerelictState) -> TimeTrack:
    """The game's time track (DER-EVENT-1, DER-HIBER-2): its length's spaces, and the cryo-open space of
    its tuning (the track's own when the tuning names none)."""
    track = CATALOG.ship.time.full if state.length == "full" else CATALOG.ship.time.short
    opens = tuning(state).cryo_open
    if opens is None:
        return track
    return track.model_copy(update={"cryo_open": opens.full if state.length == "full" else opens.short})
