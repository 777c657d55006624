"""Benchmarks of every registered game's action path: ``python -m bench`` (see ``docs/performance.md``).

The issue's targets are about what a player feels (a click answered at once) and what one process can carry
(thousands of channels). A benchmark reports them; tests never time anything. Everything here drives the real
``Host`` over a real SQLite file, and times the engine, store and renderer calls the host itself makes.
"""
