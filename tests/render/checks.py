"""Checks every renderer's tests share."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from PIL import Image

from engine.core import View
from render.core.sheet import Sheet, clean, masks_meet
from render.core.zoom import MIN_DISPLAY_PIECE, MIN_DISPLAY_TEXT, display_size


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


def readable(what: str, sheet: Sheet, image: Image.Image, *, pieces: bool = False) -> None:
    """What a phone shows of ``image`` (a board, a zoom, a hand) as its ``sheet`` reports it: every text at least
    ``MIN_DISPLAY_TEXT`` at display size, inside the image, clean and touching no other text; with ``pieces``,
    also covered by no piece, and every piece at least ``MIN_DISPLAY_PIECE`` and apart from the others on its
    space."""
    assert sheet.marks, f"{what}: no text reported"
    for mark in sheet.marks:
        shown = display_size(mark.size, image.width)
        assert shown >= MIN_DISPLAY_TEXT, f"{what}: {mark.text!r} shows at {shown:.1f} px on a phone"
        x0, y0, x1, y1 = mark.box
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, f"{what}: {mark.text!r} is cut"
        problem = clean(mark, image)
        assert problem is None, f"{what}: {mark.text!r} at {mark.box}: {problem}"
        for token in sheet.tokens if pieces else ():
            covers = masks_meet(mark.reach, mark.halo, token.box, token.pixels)
            assert not covers, f"{what}: {token.what} on {token.space} covers {mark.text!r}"
    for a, b in combinations(sheet.marks, 2):
        assert not masks_meet(a.reach, a.halo, b.reach, b.halo), f"{what}: {a.text!r} and {b.text!r} touch"
    if not pieces:
        return
    for token in sheet.tokens:
        longer = max(token.box[2] - token.box[0], token.box[3] - token.box[1])
        assert display_size(longer, image.width) >= MIN_DISPLAY_PIECE, f"{what}: {token.what} is {longer} px"
    for a, b in combinations(sheet.tokens, 2):
        if a.space == b.space:
            assert not masks_meet(a.box, a.pixels, b.box, b.pixels), f"{what}: {a.what} and {b.what} overlap"
