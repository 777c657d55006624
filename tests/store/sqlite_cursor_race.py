"""The race the SQLite store avoids (``bot.store.sqlite_thread``), in plain ``sqlite3``.

Run it with ``python -m tests.store.sqlite_cursor_race``. One thread runs the same ``executemany`` again and
again (as aiosqlite's thread runs a commit's deliveries);
another lets go of the previous call's cursor meanwhile (as the event loop does with a call's result). Unclosed,
the freed cursor resets the shared statement between two rows of the running call and the next row fails with
``sqlite3.InterfaceError: bad parameter or other API misuse`` (Python 3.11.7, SQLite 3.40.1: about 9 calls in
100 under no load); closed first, nothing fails. Not a test: it shows Python's behaviour, and takes a while.
"""

from __future__ import annotations

import queue
import sqlite3
import threading

SQL = "INSERT INTO t (a, b) VALUES (?1, ?2)"


def failures(calls: int, *, close: bool) -> list[str]:
    """The errors of ``calls`` executemany calls while another thread frees each previous cursor."""
    db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    db.execute("CREATE TABLE t (a INTEGER, b TEXT)")
    handed: queue.SimpleQueue[object] = queue.SimpleQueue()
    stop = threading.Event()

    def let_go() -> None:
        while not stop.is_set():
            try:
                handed.get(timeout=0.1)  # the cursor's last reference dies on this thread
            except queue.Empty:
                continue

    other = threading.Thread(target=let_go)
    other.start()
    errors = []
    for i in range(calls):
        try:
            cursor = db.executemany(SQL, [(row, "x" * 50) for row in range(4)])
        except sqlite3.Error as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
            continue
        if close:
            cursor.close()
        handed.put(cursor)
        del cursor
        if i % 5000 == 0:
            db.execute("DELETE FROM t")
    stop.set()
    other.join()
    return errors


if __name__ == "__main__":
    for close in (False, True):
        found = failures(100_000, close=close)
        print(f"{'closed' if close else 'unclosed'} cursors: {len(found)} failed calls in 100000 {sorted(set(found))}")
