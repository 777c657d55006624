"""``python -m bench``: measure every registered game's action path and judge it against the issue's targets."""

from __future__ import annotations

import sys

from .run import run

if __name__ == "__main__":
    sys.exit(run())
