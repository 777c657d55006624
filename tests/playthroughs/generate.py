"""Rewrite (or check) every golden playthrough in ``tests/playthroughs/``.

Usage, from the repository root::

    python -m tests.playthroughs.generate            # rewrite every file
    python -m tests.playthroughs.generate --check    # rewrite nothing; list the files that differ, exit 1 if any
    python -m tests.playthroughs.generate abordaje_2 # only the named cases

When to regenerate: whenever ``tests/test_playthroughs.py`` fails after a change you meant to make — a rule, a
game's data, a prompt's wording, an event's text or audience, a view's ``describe()``, the seeded random player
or the contract test's seats. Then read the diff of the ``.txt`` files before committing them: a rules change
should change the course of the game only where you expect, and no ``public>`` line may show what only a
``seat N>`` line should (a card in hand, an order placed face down). Bump the game's ``engine_version`` when the
change breaks the replay of stored games; the header of each file records it. Never edit the files by hand.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence

from .cases import CASES, Case, case_named
from .transcript import render


def differences(case: Case, fresh: str, context: int = 3, limit: int = 40) -> list[str]:
    """The first ``limit`` lines of the unified diff between ``case``'s file on disk and ``fresh``."""
    old = case.path.read_text(encoding="utf-8") if case.path.exists() else ""
    diff = difflib.unified_diff(
        old.splitlines(),
        fresh.splitlines(),
        fromfile=f"{case.name}.txt (committed)",
        tofile=f"{case.name}.txt (regenerated)",
        lineterm="",
        n=context,
    )
    return list(diff)[:limit]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.playthroughs.generate", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--check", action="store_true", help="write nothing; report the files that differ")
    parser.add_argument("cases", nargs="*", help="case names such as abordaje_2 (default: every case)")
    args = parser.parse_args(argv)
    cases = [case_named(name) for name in args.cases] if args.cases else list(CASES)
    stale = 0
    for case in cases:
        fresh = render(case)
        old = case.path.read_text(encoding="utf-8") if case.path.exists() else None
        if old == fresh:
            print(f"{case.name}: unchanged ({len(fresh.encode()) // 1024} KB)")
            continue
        stale += 1
        if args.check:
            print(f"{case.name}: DIFFERS")
            print("\n".join(differences(case, fresh)))
        else:
            case.path.write_text(fresh, encoding="utf-8")
            print(f"{case.name}: {'rewritten' if old is not None else 'written'} ({len(fresh.encode()) // 1024} KB)")
    if args.check and stale:
        print(f"{stale} file(s) differ: run `python -m tests.playthroughs.generate` and review the diff.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
