"""Crash safety at the process level: the host and its SQLite store under SIGKILL."""
