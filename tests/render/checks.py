"""Checks every renderer's tests share."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import View


def changes_drawn(views: Sequence[View], draw: Callable[[View], bytes]) -> int:
    """Walk consecutive public views; every change of view must change the image (nothing public goes
    undrawn). Returns how many changes were seen, so a test can insist the walk covered enough of a game."""
    previous_view, previous_png = views[0], draw(views[0])
    changes = 0
    for step, view in enumerate(views[1:], start=1):
        png = draw(view)
        if view != previous_view:
            changes += 1
            assert png != previous_png, f"step {step}: the public view changed but the board did not"
        previous_view, previous_png = view, png
    return changes
