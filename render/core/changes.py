"""What changed since the last board, found on the drawings themselves and ringed on the new one (issue 26).

A phone player glances at the new board and must see at once what moved. The engines are not asked: a board's
``layout`` (``render.core.sheet``) already lists every piece it draws, with the place it stands on, and every
text a player reads, with its box. So the change between two boards is the change between their sheets:

- a piece is *new* where the new board has more pieces of that kind on that place than the last one had (a
  piece that moved shows on the place it moved to; one that appeared, where it appeared);
- a text is *changed* where the new board prints another text in the same place (a count, a track's number,
  a line of the panel), or prints one where the last board printed none.

Each game names what its header says (whose turn, which phase: it changes every board) as ``steady``: those
texts are not ringed. What changed is ringed in ``MARK`` with a solid corner flag (a shape, never colour
alone), and said in words in the board's alt text (``changed_alt``); the board message's own text tells the
move's story in words (its narration), the same whichever process draws the board.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from PIL import Image, ImageDraw
from pydantic import BaseModel

from .alt import ALT_LIMIT, clipped
from .cache import RenderCache, view_key
from .canvas import Box
from .palette import Ink
from .png import encode_png
from .sheet import Sheet, Token, overlap

V = TypeVar("V", bound=BaseModel)

MARK = Ink.PURPLE
"""The ring's ink, edged in black: a hollow double frame with a corner flag, a shape no piece has."""
RING = 5
"""How far outside what changed its ring is drawn, and the ring's width with its black edge (3 px on a phone)."""
FLAG = 18
"""The side of the solid triangle in a ring's top-left corner (10 px on a phone)."""
JOIN = 6
"""Changes closer than this are ringed together (a piece and the count printed beside it)."""
TAG = 12
"""A changed text in capitals up to this long is a tag, not named on its own."""
LONGEST = 48
"""A changed line is named by its first ``LONGEST`` characters."""
SHOWN_WORDS = 6
"""At most this many changes are named in the message; the rest are counted."""


@dataclass(frozen=True)
class Change:
    """One thing that changed: where it is on the new board and how the message names it."""

    box: Box
    words: str


def token_words(token: Token) -> str:
    """How a changed piece is named by default: what it is and the place it stands on."""
    return f"{token.what} on {token.space}"


def compare(
    before: Sheet,
    after: Sheet,
    *,
    steady: Box | None = None,
    name: Callable[[Token], str | None] = token_words,
) -> list[Change]:
    """What ``after`` (the new board's sheet) shows that ``before`` (the last board's) did not.

    ``steady``: a part of the board whose texts change every time (the header) and are not ringed; ``name``:
    how a new piece is named in words (``None``: ringed, not named, e.g. a roster line's own disc).
    """
    found: list[Change] = []
    had = Counter((t.space, t.what) for t in before.tokens)
    for token in after.tokens:
        key = (token.space, token.what)
        if had[key] > 0:
            had[key] -= 1
            continue
        found.append(Change(token.box, name(token) or ""))
    printed = {(m.text, m.box) for m in before.marks}
    for mark in after.marks:
        if (mark.text, mark.box) in printed or (steady is not None and overlap(mark.box, steady)):
            continue
        same_place = [m for m in before.marks if m.size == mark.size and overlap(m.box, mark.box)]
        if any(m.text == mark.text for m in same_place):
            continue  # the same text, a pixel or two away (a centred text beside a wider neighbour)
        found.append(Change(mark.box, _text_words(mark.text, mark.box, after, name)))
    return found


def _text_words(words: str, box: Box, after: Sheet, name: Callable[[Token], str | None]) -> str:
    """How a changed text is named: itself, cut to ``LONGEST``; a bare number (a count printed beside its
    piece) with the piece it counts, found on its line just before it ("pirate crew on p4: 3"); a tag in
    capitals ("INVASION") not at all (the line it heads is named)."""
    if words.isupper() and len(words) <= TAG:
        return ""  # a section's tag ("INVASION", "TURN 8"): ringed with its line, which says what changed
    if any(ch.isalpha() for ch in words):
        return words if len(words) <= LONGEST else words[: LONGEST - 1].rstrip() + "…"
    beside = [
        t
        for t in after.tokens
        if t.box[2] <= box[0] + 2 and box[0] - t.box[2] <= 2 * JOIN and t.box[1] < box[3] and box[1] < t.box[3]
    ]
    if not beside:
        return ""
    piece = name(max(beside, key=lambda t: t.box[2]))
    return f"{piece}: {words}" if piece else ""


def joined(changes: Sequence[Change]) -> list[Box]:
    """The boxes to ring: the changes' boxes, those within ``JOIN`` of each other merged into one."""
    boxes = [c.box for c in changes]
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                near = (a[0] - JOIN, a[1] - JOIN, a[2] + JOIN, a[3] + JOIN)
                if overlap(near, b):
                    boxes[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return boxes


def ring(image: Image.Image, changes: Sequence[Change], around: Sheet | None = None) -> Image.Image:
    """``image`` with every change ringed in ``MARK`` (just outside it) and flagged in its corner. ``around``: the
    board's sheet; a ring never covers a text or piece on it (it is broken where it would pass over one), so
    what a player reads stays as clean as on the unmarked board. Only each ring's own box is redrawn."""
    width, height = image.size
    kept = [] if around is None else [m.reach for m in around.marks] + [t.box for t in around.tokens]
    for x0, y0, x1, y1 in joined(changes):
        box = (max(0, x0 - RING), max(0, y0 - RING), min(width - 1, x1 + RING), min(height - 1, y1 + RING))
        left, top = box[0], box[1]
        area = (left, top, box[2] + 1, box[3] + 1)
        part = image.crop(area)
        draw = ImageDraw.Draw(part)
        size = (area[2] - left - 1, area[3] - top - 1)
        draw.rectangle((0, 0, *size), outline=int(Ink.BLACK), width=1)
        draw.rectangle((1, 1, size[0] - 1, size[1] - 1), outline=int(MARK), width=RING - 2)
        draw.polygon([(0, 0), (FLAG, 0), (0, FLAG)], fill=int(MARK), outline=int(Ink.BLACK))
        allowed = Image.new("L", part.size, 255)
        for kx0, ky0, kx1, ky1 in kept:  # what changed is kept clear too: its ring and flag lie around it
            if overlap((kx0, ky0, kx1, ky1), area):
                allowed.paste(0, (kx0 - left, ky0 - top, kx1 - left, ky1 - top))
        image.paste(part, area[:2], allowed)
    return image


def changed_words(changes: Sequence[Change]) -> list[str]:
    """What changed in words, each named once, in the order found (pieces first, then texts)."""
    seen: list[str] = []
    for change in changes:
        words = change.words
        if not words or words in seen:
            continue
        counted = [i for i, said in enumerate(seen) if words.startswith(f"{said}:")]
        if counted:  # "creep on T05" then "creep on T05: 1": the piece once, with its count
            seen[counted[0]] = words
        else:
            seen.append(words)
    return seen


CHANGED = "Framed as changed since the last board: "
"""How the alt text of a board that frames what changed begins its list."""


def changed_alt(alt: str, words: Sequence[str]) -> str:
    """``alt`` (a board's alt text) with what the board frames as changed said after it, within Discord's
    limit (``render.core.alt``; ``alt`` is shortened first); ``alt`` itself when nothing is framed."""
    if not words:
        return alt
    shown = list(words[:SHOWN_WORDS])
    rest = len(words) - len(shown)
    if rest:
        shown.append(f"{rest} more")
    said = CHANGED + "; ".join(shown) + "."
    room = ALT_LIMIT - len(said) - 1
    if len(alt) > room:  # the board's own description is cut, not what changed
        alt = alt[: max(0, room - 1)].rstrip() + "…"
    return clipped(f"{alt} {said}")


def marked(
    draw: Callable[[Sheet], Image.Image],
    before: Sheet,
    *,
    steady: Box | None = None,
    name: Callable[[Token], str | None] = token_words,
    extra: Sequence[Change] = (),
) -> tuple[Image.Image, list[str], Sheet]:
    """The new board drawn by ``draw`` (measured as it is drawn) with what changed since ``before`` ringed, what
    changed in words, and the new board's sheet (the next board compares with it). ``extra``: changes the
    sheets cannot show (a track's filled cell, whose number stays), found by the game's renderer from the views."""
    after = Sheet(boxes_only=True)
    image = draw(after)
    found = [*extra, *compare(before, after, steady=steady, name=name)]
    return ring(image, found, after), changed_words(found), after


class SheetCache:
    """The sheets of the last boards marked, by view key: a game's next board compares with the sheet its last
    board was drawn with, so a marked board costs one measured drawing, not two. Thread-safe, bounded."""

    def __init__(self, max_entries: int = 64) -> None:
        self.max_entries = max_entries
        self._sheets: OrderedDict[str, Sheet] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Sheet | None:
        with self._lock:
            sheet = self._sheets.get(key)
            if sheet is not None:
                self._sheets.move_to_end(key)
            return sheet

    def put(self, key: str, sheet: Sheet) -> None:
        with self._lock:
            self._sheets[key] = sheet
            self._sheets.move_to_end(key)
            while len(self._sheets) > self.max_entries:
                self._sheets.popitem(last=False)


SHEETS = SheetCache()


def marked_board(
    cache: RenderCache,
    purpose: str,
    view: V,
    previous: V,
    draw: Callable[[V, Sheet | None], Image.Image],
    *,
    steady: Box | None = None,
    name: Callable[[Token], str | None] = token_words,
    extra: Callable[[V, V], Sequence[Change]] = lambda previous, view: (),
) -> tuple[bytes, list[str]]:
    """The PNG of ``view``'s board (``draw``, a game's phone drawing) with what changed since ``previous``
    ringed, and what changed in words; kept in ``cache`` (words and image in one entry) by both views."""
    new, old = view_key(purpose, view), view_key(purpose, previous)

    def render() -> bytes:
        before = SHEETS.get(old)
        if before is None:  # the last board was not a marked one (the first board, or a restart)
            before = Sheet(boxes_only=True)
            draw(previous, before)
        image, words, after = marked(
            lambda sheet: draw(view, sheet), before, steady=steady, name=name, extra=extra(previous, view)
        )
        SHEETS.put(new, after)
        said = "\n".join(words).encode()
        return len(said).to_bytes(4, "big") + said + encode_png(image)

    data = cache.get_or_render(f"{new}:{old}", render)
    size = int.from_bytes(data[:4], "big")
    said = data[4 : 4 + size].decode()
    return data[4 + size :], said.split("\n") if said else []
