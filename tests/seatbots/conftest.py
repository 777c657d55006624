"""The host fixtures (a real SQLite store, a host with every game) shared with ``tests/host``."""

from tests.host.conftest import clock, db_path, host, store

__all__ = ["clock", "db_path", "host", "store"]
