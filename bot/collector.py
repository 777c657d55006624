"""Python's cycle collector: kept off what lives as long as the process, and run between answers.

By the time the bot has started it holds a few hundred thousand objects that live until it stops: the games'
data and models, the cogs and their commands, fonts, the renderers' static layers. Each full collection of
the cycle collector walks all of them again, and a collection runs inside whichever answer happened to
allocate the object that tipped its count: a pause of tens of milliseconds in a move that otherwise takes a
few. Frozen once started (``gc.freeze``), they are left out of every later walk; what the answers allocate is
collected as before. Objects made after the freeze (the states of games being played, drawn images) are
collected as usual, so nothing is kept that would not have been.

A move still allocates more than the collector's first threshold (700 new objects), so a young collection, and
every tenth one a middle one (2-3 ms), ran inside most moves. Once settled, the bot collects where nobody waits:
after an outbox is delivered (``between_answers``, called by ``SpaceBot.deliver``), in the same generations and
at the same counts as CPython would; the automatic threshold is raised far above what one move allocates, so it
stays only as the safety net of long work (a recap, the catch-up at start).

Only a process that runs the bot settles (``make_bot``): a test process that builds many bots would keep the
frozen ones of each."""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

YOUNG = 700
"""New objects (allocations less deallocations) that make a young collection worth it: CPython's default."""

OLDER = 10
"""Collections of a generation that make one of the next older generation due: CPython's default."""

SAFETY_NET = 50_000
"""The automatic young threshold once settled: a move allocates a few thousand at most, so only long work (a
recap, a catch-up of many games) reaches it before the next answer's collection."""

_between_answers = False


def settle() -> int:
    """Collect what start-up left behind, freeze the rest out of later collections, and from now on collect
    between answers (``between_answers``); the objects frozen."""
    global _between_answers
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    gc.set_threshold(SAFETY_NET, OLDER, OLDER)
    _between_answers = True
    log.debug("%d objects frozen out of the cycle collector's walks", frozen)
    return frozen


def automatic() -> None:
    """Back to CPython's own schedule (what is frozen stays frozen): for a process that answered for a while and
    goes on with other work (the bench between its sections)."""
    global _between_answers
    _between_answers = False
    gc.set_threshold(YOUNG, OLDER, OLDER)


def unsettle() -> None:
    """Back to CPython's own schedule, nothing frozen (for a process that settled only for a while: a test)."""
    automatic()
    gc.unfreeze()


def between_answers() -> int | None:
    """Collect what is due, now that nobody waits on an answer: the generation collected, or ``None`` when nothing
    was due (or the process never settled: the collector then keeps CPython's own schedule).

    The same decision as CPython's: young objects past ``YOUNG`` are collected, with the middle generation once
    it has seen ``OLDER`` young collections, and everything once the middle one has seen ``OLDER`` of its own
    (``gc.collect(n)`` counts itself into generation n + 1, as an automatic collection does)."""
    if not _between_answers:
        return None
    young, middle, old = gc.get_count()
    if young < YOUNG:
        return None
    generation = 2 if middle >= OLDER and old >= OLDER else 1 if middle >= OLDER else 0
    gc.collect(generation)
    return generation
