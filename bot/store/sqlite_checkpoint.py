"""The WAL moved into the database file on a thread of its own, never inside a player's commit.

In WAL mode a commit appends its pages to the ``-wal`` file; a *checkpoint* copies them back into the database
file and syncs it. SQLite runs one by itself inside whichever commit takes the WAL past 1,000 pages: that
commit then waits for the copy and an ``fsync`` (20-26 ms on this machine's disk, against well under 1 ms for
a commit), one move in about eighty, every game (measured in the bench's scripted play: every commit over 8 ms
was one). A player whose move happens to be that one waits for housekeeping.

So the store's own connection never checkpoints (``wal_autocheckpoint = 0``) and a ``Checkpointer`` does it: a
daemon thread with its own connection wakes every ``INTERVAL_S``, and when another connection has committed
since its last look (``PRAGMA data_version``) it runs a PASSIVE checkpoint. A passive checkpoint waits for no
reader or writer, and a writer does not wait for it (it takes SQLite's checkpoint lock, not the write lock), so
a move committed meanwhile goes on. What a crash may lose is unchanged: with ``synchronous = NORMAL`` a commit is
in the WAL either way, and the WAL is replayed at the next open. The WAL stays about one interval of writes
long; the last connection to close (the store's own) checkpoints what is left and removes it.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

log = logging.getLogger(__name__)

INTERVAL_S = 1.0
"""How often the checkpointer looks for new commits: at most one checkpoint (and one ``fsync``) a second."""


class Checkpointer:
    """Checkpoints one SQLite file's WAL every ``interval`` seconds while it has new commits (see the module)."""

    def __init__(self, path: str, interval: float | None = None) -> None:
        self.path = path
        self.interval = INTERVAL_S if interval is None else interval
        self.checkpoints = 0  # checkpoints run (for the tests and the logs)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._seen: int | None = None  # the file's ``data_version`` at the last look

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        """Stop the thread (a checkpoint under way finishes first) and close its connection."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=True)
        try:
            conn.execute("PRAGMA synchronous = NORMAL")  # the sync a checkpoint does is this connection's
            conn.execute("PRAGMA wal_autocheckpoint = 0")
            while not self._stop.wait(self.interval):
                self.look(conn)
        finally:
            conn.close()

    def look(self, conn: sqlite3.Connection) -> bool:
        """Checkpoint if another connection committed since the last look; whether it did. A checkpoint that
        fails (another process's under way, a disk error) is logged and tried again at the next look."""
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        if version == self._seen:
            return False
        try:
            busy, frames, moved = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error:
            log.warning("the WAL checkpoint of %s failed; the next look tries again", self.path, exc_info=True)
            return False
        self._seen = version
        self.checkpoints += 1
        log.debug("wal checkpoint path=%s busy=%s frames=%s moved=%s", self.path, busy, frames, moved)
        return True
