"""Python's cycle collector, kept off what lives as long as the process.

By the time the bot has started it holds a few hundred thousand objects that live until it stops: the games'
data and models, the cogs and their commands, fonts, the renderers' static layers. Each full collection of
the cycle collector walks all of them again, and a collection runs inside whichever answer happened to
allocate the object that tipped its count: a pause of tens of milliseconds in a move that otherwise takes a
few. Frozen once started (``gc.freeze``), they are left out of every later walk; what the answers allocate is
collected as before. Objects made after the freeze (the states of games being played, drawn images) are
collected as usual, so nothing is kept that would not have been.

Only a process that runs the bot settles (``make_bot``): a test process that builds many bots would keep the
frozen ones of each."""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def settle() -> int:
    """Collect what start-up left behind, then freeze the rest out of later collections; the objects frozen."""
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.debug("%d objects frozen out of the cycle collector's walks", frozen)
    return frozen
