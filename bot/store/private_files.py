"""Game data on disk is for the bot's user alone: a games database holds every hand, deck order and seed.

SQLite creates its files (and its ``-wal`` and ``-shm`` companions, which take the database file's mode) with the
process's umask, usually 0644 in 0755 folders: readable by every local user. The store and the backups create
the folders they need 0700 and their files 0600 before SQLite opens them, and tighten database files an older
release left open.
"""

from __future__ import annotations

import os
from pathlib import Path

FOLDER_MODE = 0o700
FILE_MODE = 0o600


def private_folder(folder: Path) -> None:
    """Create ``folder`` and its missing parents for the bot's user alone. A folder already there is left as it
    is: it may be the operator's own (a home folder, the project's), and the files in it are private anyway."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    for created in reversed(missing):
        created.mkdir(mode=FOLDER_MODE, exist_ok=True)
        _tighten(created, FOLDER_MODE)  # mkdir's mode passes through the umask


def private_file(path: Path) -> None:
    """Create ``path`` empty for the bot's user alone if it is missing (SQLite then keeps that mode for the
    database and its journal files), or tighten the one there."""
    private_folder(path.parent)
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE))
    except FileExistsError:
        _tighten(path, FILE_MODE)
    for companion in (Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        if companion.exists():
            _tighten(companion, FILE_MODE)


def _tighten(path: Path, mode: int) -> None:
    stat = path.stat()
    if stat.st_uid == os.getuid() and stat.st_mode & 0o777 != mode:
        path.chmod(mode)
