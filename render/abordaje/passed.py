"""The hand image's last lines, the hand you last passed on and a set-aside card you drew (ABO-GAP-21), laid out
once per combination in caches of their own, and ahead of the players (issue 26).

They were the texts most often new to a process: a passed hand is one of some two hundred combinations of order
cards, and the first time one showed, its line was wrapped (a FreeType layout per word added) and stamped (a
layout of a 600-pixel line, about 1 ms): one move in eight of the bench's scripted play paid 2-5 ms for it, the
hands' tail. The combinations are few and known (the deck's kinds, at most its copies of each), so ``warm`` lays
them all out ahead (``render.abordaje.warm``). They are kept here, not in the shared text caches of
``render.core`` (``wrap``, ``text_stamp``, FreeType's measures), where these few hundred lines and the thousands
of measures they take would push out the other games' texts.

The lines and their pixels are exactly those of ``render.core.wrap`` and ``render.core.stamps.stamp_text``: the
same algorithm, over the same FreeType calls, only kept elsewhere (``tests/render/test_abordaje_passed.py``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement

from PIL import ImageDraw, ImageFont

from engine.abordaje.catalog import CATALOG
from engine.abordaje.view import AbordajeView, CardKind
from render.core import Ink, font, wrap
from render.core.canvas import wrap_measured
from render.core.fonts import Font
from render.core.sheet import Sheet
from render.core.sheet import say_sized as _say
from render.core.stamps import Stamp, inked, text_stamp

PASSED = "Hand you last passed on: "
DRAWN = "Drawn from the set-aside cards: "


def passed_text(view: AbordajeView) -> str:
    """What the hand image says under its orders about the hand last passed on and a set-aside card drawn and
    already placed ("" when neither shows), before it is wrapped."""
    parts = []
    if view.last_passed:
        parts.append(PASSED + ", ".join(CATALOG.name(k) for k in view.last_passed))
    if view.drawn_set_aside is not None and view.drawn_set_aside not in view.hand:
        parts.append(DRAWN + CATALOG.name(view.drawn_set_aside))
    return " · ".join(parts)


@lru_cache(maxsize=2048)
def wrapped(text: str, face: Font, width: int) -> tuple[str, ...]:
    """``render.core.wrap(text, face, width)``, measured and kept here (the same lines; room for every text
    ``every_text`` gives, about a thousand)."""
    if not isinstance(face, ImageFont.FreeTypeFont):
        return tuple(wrap(text, face, width))
    return wrap_measured(text, width, lambda line: _width(line, face))


@lru_cache(maxsize=4096)
def _width(text: str, face: ImageFont.FreeTypeFont) -> int:
    """``render.core.text_width``: the anti-aliased box FreeType lays out at the left-ascender anchor."""
    left, _, right, _ = ImageFont.FreeTypeFont.getbbox(face, text, anchor="la")
    return math.ceil(right - left)


@lru_cache(maxsize=2048)
def _stamp(line: str, face: Font) -> Stamp:
    """``render.core.stamps.text_stamp(line, face, "la")``, made anew and kept here."""
    made: Stamp = text_stamp.__wrapped__(line, face, "la")
    return made


def draw_lines(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, lines: Sequence[str], xy: tuple[int, int], size: int, step: int
) -> None:
    """``lines`` one under another, ``step`` pixels apart from ``xy`` (left, top), in charcoal at ``size``: stamped
    as ``say`` stamps a text, from the stamps kept here; drawn through ``say`` when measured (``sheet``)."""
    x, y = xy
    for i, line in enumerate(lines):
        if sheet is not None:
            _say(draw, sheet, (x, y + step * i), line, size, Ink.CHARCOAL)
            continue
        inked(draw, (x, y + step * i), _stamp(line, font(size)), Ink.CHARCOAL)


def warm(size: int, width: int) -> None:
    """Lay out and stamp every text ``passed_text`` can make, wrapped to ``width`` at ``size`` (0.7 s of CPU at a load
    of 9 on 2 cores: some 830 measures and 350 stamps)."""
    face = font(size)
    for text in every_text():
        for line in wrapped(text, face, width):
            _stamp(line, face)


def every_text() -> Iterator[str]:
    """Every ``passed_text`` a game can show: each hand a side can pass on (1 card up to a hand less the card just
    placed, never more copies of a kind than the deck holds), and each set-aside card drawn and placed after any
    such hand (the fewer ship-deck cards left in play, the larger the hand passed before the draw)."""
    largest = max(CATALOG.variant(v).hand_size for v in ("basic", "advanced")) - 1
    for passed in _hands(largest):
        if passed:
            yield PASSED + ", ".join(CATALOG.name(k) for k in passed)
    for passed in _hands(largest):
        for drawn in _kinds():
            if _possible((*passed, drawn)):
                parts = [PASSED + ", ".join(CATALOG.name(k) for k in passed)] if passed else []
                yield " · ".join([*parts, DRAWN + CATALOG.name(drawn)])


def _kinds() -> list[CardKind]:
    return CATALOG.by_priority(list(CATALOG.cards))


def _hands(most: int) -> Iterator[tuple[CardKind, ...]]:
    """Every hand of up to ``most`` cards the deck allows, in priority order (as the view lists it)."""
    for n in range(most + 1):
        for hand in combinations_with_replacement(_kinds(), n):
            if _possible(hand):
                yield hand


def _possible(cards: tuple[CardKind, ...]) -> bool:
    return all(n <= CATALOG.cards[kind].copies for kind, n in Counter(cards).items())
