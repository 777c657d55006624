"""What changed since the last board, found on the drawings themselves and ringed on the new one (issue 26).

A phone player glances at the new board and must see at once what moved. The engines are not asked: a board's
``layout`` (``render.core.sheet``) already lists every piece it draws, with the place it stands on, and every
text a player reads, with its box. So the change between two boards is the change between their sheets:

- a piece is *new* where the new board has more pieces of that kind on that place than the last one had (a
  piece that moved shows on the place it moved to; one that appeared, where it appeared);
- a text is *changed* where the new board prints another text in the same place (a count, a track's number,
  a line of the panel), or prints one where the last board printed none;
- a piece is *gone* where the last board showed it and the new one shows fewer of its kind anywhere (an alien
  killed, a crew that left its deck, a robot that boarded the pod). Nothing is left to frame where it stood
  (a ring round an empty place, or round the piece now drawn there, would say something else changed): it is
  said in words only, in the alt text's own sentence (``gone``, ``changed_alt``).

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
from typing import Any, TypeVar

from PIL import Image, ImageDraw, _imaging
from pydantic import BaseModel

from .alt import ALT_LIMIT, clipped
from .cache import RenderCache, keys_of
from .canvas import Box
from .palette import Ink
from .png import encode_png
from .sheet import HALO, Sheet, Token, overlap

V = TypeVar("V", bound=BaseModel)
T = TypeVar("T")

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
    placed: dict[tuple[str, int], list[Box]] = {}  # the last board's texts by what they say and their size
    for m in before.marks:
        placed.setdefault((m.text, m.size), []).append(m.box)
    for mark in after.marks:
        box = mark.box
        if (mark.text, box) in printed or (steady is not None and overlap(box, steady)):
            continue
        if any(overlap(b, box) for b in placed.get((mark.text, mark.size), ())):
            continue  # the same text, a pixel or two away (a centred text beside a wider neighbour)
        found.append(Change(box, _text_words(mark.text, box, after, name)))
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
    what a player reads stays as clean as on the unmarked board. Only each ring's own band and flag are drawn.

    A ring is drawn on ``image`` itself: the texts and pieces its band or flag would cover are cut out first and
    put back over it (a kept box wholly inside the ring shows the very pixels the board had, so it is skipped:
    most rings cover none, and no mask is made). A ring too small to hold its flag is drawn
    on a cut-out of its box, which clips the flag as the box does."""
    return _ring_in(image, _ring_areas(image.size, changes), around)


def _ring_in(image: Image.Image, areas: Sequence[Box], around: Sheet | None) -> Image.Image:
    """``ring`` over the rings' boxes ``areas`` (``_ring_areas``), worked out once by the caller.

    Drawn through the image's core drawing, with the very calls ``ImageDraw`` makes for ``_draw_ring``'s
    shapes (same pixels, without its per-call checks: a few µs a shape). None of them builds a mask: the
    rectangles' outlines are drawn directly whatever their width, and the flag's outline is 1 px wide (Pillow
    masks a polygon's outline only when it is wider)."""
    if around is None:
        kept: list[Box] = []
    else:
        kept = [(x0 - HALO, y0 - HALO, x1 + HALO, y1 + HALO) for x0, y0, x1, y1 in (m.box for m in around.marks)]
        kept.extend(t.box for t in around.tokens)
    whole = ImageDraw.Draw(image).draw  # makes ``image`` writable, as drawing on it does
    core = image.im  # cut out and put back through the image's core: no palette copied per cut (a few µs, not 40)
    black, mark = whole.draw_ink(int(Ink.BLACK)), whole.draw_ink(int(MARK))
    for left, top, right, bottom in areas:
        small = right - left <= FLAG or bottom - top <= FLAG
        # Only a kept box reaching the band (``RING`` wide) or the flag's corner can be covered by the ring.
        in_x0, in_y0, in_x1, in_y1 = left + RING, top + RING, right - RING, bottom - RING
        flag_x, flag_y = left + FLAG, top + FLAG
        covered: list[tuple[int, int, int, int]] = []
        for kx0, ky0, kx1, ky1 in kept:  # what changed is kept clear too: its ring and flag lie around it
            if not (kx0 < right and left < kx1 and ky0 < bottom and top < ky1):
                continue
            if in_x0 <= kx0 and in_y0 <= ky0 and kx1 <= in_x1 and ky1 <= in_y1 and (kx0 > flag_x or ky0 > flag_y):
                continue
            covered.append((max(kx0, left), max(ky0, top), min(kx1, right), min(ky1, bottom)))
        saved = [(core.crop(box), box) for box in covered]
        if small:
            box = (left, top, right, bottom)
            part = core.crop(box)
            _draw_ring(_imaging.draw(part, 0), black, mark, 0, 0, right - left, bottom - top)
            core.paste(part, box)
        else:
            _draw_ring(whole, black, mark, left, top, right, bottom)
        for cut, box in saved:
            core.paste(cut, box)
    return image


def _ring_areas(size: tuple[int, int], changes: Sequence[Change]) -> list[Box]:
    """The boxes ``ring`` draws in (right and bottom exclusive), one per ring, within the image."""
    width, height = size
    return [
        (max(0, x0 - RING), max(0, y0 - RING), min(width - 1, x1 + RING) + 1, min(height - 1, y1 + RING) + 1)
        for x0, y0, x1, y1 in joined(changes)
    ]


def ringed_png(image: Image.Image, changes: Sequence[Change], around: Sheet, *, own: bool) -> bytes:
    """The PNG of ``image`` ringed (``ring``), ``image`` left as it was: ringed on a copy, or, when ``own`` (no
    other thread can see it yet), on itself and put back from cut-outs of the rings' boxes (a board's copy is
    most of the cost of ringing it)."""
    if not own:
        return encode_png(ring(image.copy(), changes, around))
    image.load()
    core = image.im  # as ``ring`` does: cut-outs of the core, no palette copied
    areas = _ring_areas(image.size, changes)  # worked out once, for the cut-outs and the rings
    saved = [(core.crop(box), box) for box in areas]
    try:
        return encode_png(_ring_in(image, areas, around))
    finally:
        for cut, box in reversed(saved):  # last ring first: rings that share pixels are undone in turn
            core.paste(cut, box)


def _draw_ring(draw: Any, black: int, mark: int, left: int, top: int, right: int, bottom: int) -> None:
    """A ring filling the box ``(left, top, right, bottom)`` (right and bottom exclusive) on ``draw`` (an image
    core's drawing, ``ImageDraw.Draw(image).draw``), inked ``black`` and ``mark`` (its ``draw_ink`` of ``Ink.BLACK``
    and ``MARK``): a black edge, a ``MARK`` band inside it, and the flag in its top-left corner. The calls are
    those ``ImageDraw``'s ``rectangle`` (outline, width 1 then ``RING - 2``) and ``polygon`` (fill, then a 1 px
    outline) make."""
    draw.draw_rectangle((left, top, right - 1, bottom - 1), black, 0, 1)
    draw.draw_rectangle((left + 1, top + 1, right - 2, bottom - 2), mark, 0, RING - 2)
    flag = [(left, top), (left + FLAG, top), (left, top + FLAG)]
    draw.draw_polygon(flag, mark, 1)
    draw.draw_polygon(flag, black, 0, 1)


GONE = "gone: "
"""How the words of ``marked_board`` name a piece that is gone (``changed_alt`` says those apart)."""


def gone(before: Sheet, after: Sheet, *, name: Callable[[Token], str | None] = token_words) -> list[str]:
    """The pieces ``before`` (the last board's sheet) showed that ``after`` (the new one's) shows nowhere, named
    as their places were ("red alien in BRIDGE"), each prefixed ``GONE``: a piece that moved is not gone (the new
    board frames it where it went), and pieces ``name`` does not name (a roster line's own disc) are left out."""
    missing = Counter(t.what for t in before.tokens) - Counter(t.what for t in after.tokens)
    if not missing:
        return []  # as many pieces of every kind as before (most boards): none is gone
    # Only the kinds with pieces missing are walked: another kind's places never name a piece gone.
    staying = Counter((t.space, t.what) for t in after.tokens if t.what in missing)
    out: list[str] = []
    for token in before.tokens:
        if token.what not in missing:
            continue
        key = (token.space, token.what)
        if staying[key] > 0:
            staying[key] -= 1
        elif missing[token.what] > 0:
            missing[token.what] -= 1
            words = name(token)
            if words and GONE + words not in out:
                out.append(GONE + words)
    return out


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
GONE_SINCE = "Gone since the last board: "
"""How it lists the pieces gone (named, not framed: ``gone``)."""


def changed_alt(alt: str, words: Sequence[str]) -> str:
    """``alt`` (a board's alt text) with what the board frames as changed said after it, then the pieces gone
    (``GONE`` words), within Discord's limit (``render.core.alt``; ``alt`` is shortened first); ``alt`` itself
    when nothing changed."""
    framed = [w for w in words if not w.startswith(GONE)]
    left = [w.removeprefix(GONE) for w in words if w.startswith(GONE)]
    said = " ".join(_listed(head, items) for head, items in ((CHANGED, framed), (GONE_SINCE, left)) if items)
    if not said:
        return alt
    room = ALT_LIMIT - len(said) - 1
    if len(alt) > room:  # the board's own description is cut, not what changed
        alt = alt[: max(0, room - 1)].rstrip() + "…"
    return clipped(f"{alt} {said}")


IMAGES_KEPT = 4
"""Unmarked boards kept whole (about 0.7 MB each): the board just drawn and the few before it, so a board
asked for again (``/board``, the marked board of a view drawn plain) is ringed or encoded, not drawn again."""
SHEETS_KEPT = 256
"""Layouts kept (a few kilobytes each): one per game recently drawn, which its next board compares with."""


class DrawnBoards:
    """The unmarked boards drawn lately, by view key: each one's layout (its ``Sheet``, boxes only) and, for the
    last few, its image. A game's next board is compared with the layout its last board was drawn with and
    ringed over its own unmarked image, so each view's board is drawn once, whether it was asked for plain
    (``board``: a game's first board, or after a restart) or marked. Thread-safe, bounded; the images kept are
    read only (ringed on a copy)."""

    def __init__(self, images: int = IMAGES_KEPT, sheets: int = SHEETS_KEPT) -> None:
        self.max_images = images
        self.max_sheets = sheets
        self.draws = 0
        self._images: OrderedDict[str, Image.Image] = OrderedDict()
        self._sheets: OrderedDict[str, Sheet] = OrderedDict()
        self._lock = threading.Lock()

    def drawn(self, key: str, draw: Callable[[Sheet], Image.Image]) -> tuple[Image.Image, Sheet]:
        """The unmarked board keyed ``key`` and its layout, drawn (and measured) by ``draw`` if not kept."""
        with self._lock:
            image, sheet = self._images.get(key), self._sheets.get(key)
            if image is not None and sheet is not None:
                self._images.move_to_end(key)
                self._sheets.move_to_end(key)
                return image, sheet
        sheet = Sheet(boxes_only=True)
        image = draw(sheet)  # outside the lock: two threads on one new key both draw, which is harmless
        with self._lock:
            self.draws += 1
            self._keep(self._images, key, image, self.max_images)
            self._keep(self._sheets, key, sheet, self.max_sheets)
        return image, sheet

    def lent(self, key: str, draw: Callable[[Sheet], Image.Image], use: Callable[[Image.Image, Sheet, bool], T]) -> T:
        """``use(image, sheet, own)`` on the unmarked board keyed ``key`` and its layout, drawn by ``draw`` if not
        kept. A board drawn here is lent before it is kept (``own``: no other thread sees it, so ``use`` may draw
        on it if it puts it back as it was); a kept one is shared (``use`` must not change it)."""
        with self._lock:
            image, sheet = self._images.get(key), self._sheets.get(key)
            if image is not None and sheet is not None:
                self._images.move_to_end(key)
                self._sheets.move_to_end(key)
        if image is not None and sheet is not None:
            return use(image, sheet, False)
        sheet = Sheet(boxes_only=True)
        image = draw(sheet)
        try:
            return use(image, sheet, True)
        finally:
            with self._lock:
                self.draws += 1
                self._keep(self._images, key, image, self.max_images)
                self._keep(self._sheets, key, sheet, self.max_sheets)

    def sheet(self, key: str, draw: Callable[[Sheet], Image.Image]) -> Sheet:
        """The layout of the board keyed ``key``: kept, or measured by drawing it (the last board was drawn
        by another process, or long ago)."""
        with self._lock:
            sheet = self._sheets.get(key)
            if sheet is not None:
                self._sheets.move_to_end(key)
                return sheet
        return self.drawn(key, draw)[1]

    def clear(self) -> None:
        """Forget every board and layout (as a restart does); ``draws`` goes on counting."""
        with self._lock:
            self._images.clear()
            self._sheets.clear()

    @staticmethod
    def _keep(kept: OrderedDict[str, T], key: str, value: T, limit: int) -> None:
        kept[key] = value
        kept.move_to_end(key)
        while len(kept) > limit:
            kept.popitem(last=False)


BOARDS = DrawnBoards()
"""The process's unmarked phone boards, shared by the renderers (keys name the game's purpose and view)."""


class BoardKeys:
    """``view_key`` of the boards' views, remembered by what each view is made of, so the key of a board's view is
    written once: a marked board keys both its view and the previous board's, which the board before it keyed
    already (its JSON: 0.3-0.5 ms for Jupiter), and a board drawn in a worker thread keys them again there.

    A renderer hands ``marked_board`` a fresh copy of each view (``model_copy`` with the viewer cleared), whose
    fields are the very objects of the host's view (it keeps that view: ``ShownBoards``). So a view is known by
    its type and the identities of its field values; an entry holds those values, so no identity is reused
    while it lives. Views are never changed once made (the engine makes a new one for every state), which is
    what makes the same objects mean the same JSON."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, type, tuple[int, ...]], tuple[tuple[object, ...], str]] = OrderedDict()
        # Views' JSON a caller wrote already (``know``), by the same identities: a key is then made without writing it.
        self._written: OrderedDict[tuple[type, tuple[int, ...]], tuple[tuple[object, ...], str]] = OrderedDict()
        self._lock = threading.Lock()

    def know(self, view: BaseModel, text: str) -> None:
        """Remember ``text``, ``view``'s own JSON (``view.model_dump_json()``) that its caller wrote anyway (the
        host's digest of a board's view), so the first key of a view made of the same objects (a renderer's copy of
        it) is made from it instead of writing the JSON again (0.1-0.25 ms a board)."""
        parts = tuple(view.__dict__.values())
        with self._lock:
            self._written[(type(view), tuple(map(id, parts)))] = (parts, text)
            while len(self._written) > self.size:
                self._written.popitem(last=False)

    def _json(self, view: BaseModel, parts: tuple[object, ...]) -> str:
        """``view``'s JSON: as a caller wrote it (``know``) for a view made of these very objects, else written."""
        with self._lock:
            written = self._written.get((type(view), tuple(map(id, parts))))
        return view.model_dump_json() if written is None else written[1]

    def key(self, purpose: str, view: BaseModel) -> str:
        """``view_key(purpose, view)``, from memory when a view made of the same objects was keyed."""
        parts = tuple(view.__dict__.values())
        known = (purpose, type(view), tuple(map(id, parts)))
        with self._lock:
            kept = self._kept.get(known)
            if kept is not None:
                self._kept.move_to_end(known)
                return kept[1]
        key = keys_of(view, self._json(view, parts), purpose)[0]
        with self._lock:
            self._kept[known] = (parts, key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return key

    def keys(self, view: BaseModel, *purposes: str) -> tuple[str, ...]:
        """``view_keys(view, *purposes)`` (several images of one view, its JSON made once), from memory like
        ``key``: a close-up asked for by every seat's panel is keyed once per state, not once per panel."""
        parts = tuple(view.__dict__.values())
        known = ("\0".join(purposes), type(view), tuple(map(id, parts)))
        with self._lock:
            kept = self._kept.get(known)
            if kept is not None:
                self._kept.move_to_end(known)
                return tuple(kept[1].split(":"))
        keys = keys_of(view, self._json(view, parts), *purposes)
        with self._lock:
            self._kept[known] = (parts, ":".join(keys))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return keys


KEYS = BoardKeys()
"""The process's remembered board keys (``BoardKeys``), shared by the renderers' phone boards."""


def plain_board(cache: RenderCache, purpose: str, view: V, draw: Callable[[V, Sheet | None], Image.Image]) -> bytes:
    """The PNG of ``view``'s phone board (``draw``, a game's phone drawing), unmarked; its image and layout are
    kept (``BOARDS``) for the next marked board, which compares with it."""
    key = KEYS.key(purpose, view)
    return cache.get_or_render(key, lambda: encode_png(BOARDS.drawn(key, lambda sheet: draw(view, sheet))[0]))


def _listed(head: str, words: Sequence[str]) -> str:
    """``head`` and up to ``SHOWN_WORDS`` of ``words``, the rest counted: "Framed as …: a; b; 3 more."."""
    shown = list(words[:SHOWN_WORDS])
    rest = len(words) - len(shown)
    if rest:
        shown.append(f"{rest} more")
    return head + "; ".join(shown) + "."


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
    """The PNG of ``view``'s board (``draw``, a game's phone drawing; ``purpose`` names its unmarked board, as
    ``plain_board`` does) with what changed since ``previous`` ringed, and what changed in words (the pieces gone
    last, ``gone``: named, not ringed); kept in
    ``cache`` (words and image in one entry) by both views.

    The rings are drawn on a copy of the unmarked board (``BOARDS``), found from the two boards' layouts: the
    new board is drawn once (or not at all, when its plain board was just drawn) and the last one not again
    (its layout is kept; measured again only after a restart or once forgotten)."""
    new, old = KEYS.key(purpose, view), KEYS.key(purpose, previous)  # the previous board's key: remembered

    def marked(image: Image.Image, after: Sheet, own: bool) -> bytes:
        before = BOARDS.sheet(old, lambda sheet: draw(previous, sheet))
        found = [*extra(previous, view), *compare(before, after, steady=steady, name=name)]
        words = changed_words(found) + gone(before, after, name=name)
        said = "\n".join(words).encode()
        return len(said).to_bytes(4, "big") + said + ringed_png(image, found, after, own=own)

    def render() -> bytes:
        return BOARDS.lent(new, lambda sheet: draw(view, sheet), marked)

    data = cache.get_or_render(f"{new}:{old}:marked", render)
    size = int.from_bytes(data[:4], "big")
    said = data[4 : 4 + size].decode()
    return data[4 + size :], said.split("\n") if said else []
