"""A text new to the process built from its glyphs, kept one by one per face, instead of FreeType laying it out again.

A line never printed before (a roster line joining a player's name, a character and a room; a header's counts; a
crew line) cost 0.4-1.3 ms in Pillow's ``getmask2``: for a one-bit text it loads and hints every glyph three times
(the box, the first glyph's offset, the drawing). The pixels are a pure function of a few numbers per glyph, so a
line is built here from glyphs kept per face, placed by Pillow's own rules (``font_render`` and
``bounding_box_and_anchors`` in Pillow's ``_imagingft.c``; ``PIXEL`` rounds 26.6 units to the nearest pixel):

- the pen of glyph ``i`` is the sum of the advances and pair kernings before it (``getlength`` of one glyph and
  of each pair, in 26.6 units: what HarfBuzz adds), rounded to a pixel; its bitmap lies at the pen plus the
  glyph's own offset (``left``, ``top``), its pixels ORed into the line;
- the whole line moves by the difference between the box Pillow sizes from the glyphs' outlines (floored and
  ceiled) and the one it places from their bitmaps (rounded): ``x_min`` and ``y_max`` of each, per line;
- the anchor is the face's (``a``, ``m``, ``s``, ``d``: measured once on "H") or the pen's (``l``, ``m``, ``r``).

A glyph's bitmap and offset are read once, from Pillow itself, drawn after "H" and a full block (whose left and
top edges are clean), so the numbers are Pillow's own; each glyph is checked against Pillow's drawing of it when
read. What this cannot reproduce goes to Pillow as before: a character outside ``CHARACTERS`` (combining marks,
emoji, scripts shaped in context) or whose bitmap strays from its outline's box, a pair the font substitutes
(``LIGATURES``), a line with no ink above the baseline, another anchor (``t``, ``b``), a single character, a face
no renderer named (``warm_glyphs``: reading a face's glyphs costs more than drawing a few texts in it).
``tests/render/test_glyphs.py`` compares thousands of lines in every face the games use with Pillow's.
"""

from __future__ import annotations

import string
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageFont

CHARACTERS = frozenset(
    string.ascii_letters + string.digits + string.punctuation + " ·→…–—’‘“”×¡¿éèêëáàâäåÅÉóòôöúùûüñçíìîïøæœß›↻⇄⊕▭●★✓✖⟦⟧"
)
"""The characters built from kept glyphs: the boards' own words and most players' names. Any other character
(shaped in context, or missing from the font) sends its whole line to Pillow."""
BLOCK = "\u2588"
"""The full block: as tall and as deep as any glyph here, so a glyph drawn after it shows its own top."""
COMMON = string.ascii_letters + string.digits + " ()·:,.'-/"
"""The characters whose glyphs ``warm_glyphs`` reads ahead (another is read when first met, about 0.6 ms)."""
PAIRED = string.ascii_lowercase + " "
"""The characters whose pairs ``warm_glyphs`` measures ahead, most of every name (another pair: about 20-60 µs when
met)."""
NUMBERED = string.digits + " .,:/-+()×"
"""The characters of counts, scores and places ("T08.NW", "3/8", "12 (+2)"), whose pairs ``warm_glyphs`` measures
ahead too: half the pairs a board's new lines still read in a move were of these (about 10 ms a face at start)."""
LIGATURES = frozenset(("ff", "fi", "fl"))
"""The pairs of ``CHARACTERS`` DejaVu Sans draws as one glyph (HarfBuzz's ``liga``): found by comparing every pair
of them with Pillow's drawing in the boards' faces; lines holding one go to Pillow."""


@dataclass(frozen=True)
class Line:
    """A one-bit text's ink (``mask``, mode "1"; ``None`` when it has none) and its corner's offset from the point
    it is drawn at (its anchor)."""

    offset: tuple[int, int]
    mask: Image.Image | None


NO_INK = Line((0, 0), None)


def drawn(words: str, face: ImageFont.FreeTypeFont, anchor: str) -> Line:
    """``words`` as FreeType draws them one-bit (``getmask2``, the call ``draw.text`` makes), cut to their ink."""
    rendered, (dx, dy) = face.getmask2(words, "1", anchor=anchor)
    box = rendered.getbbox()
    if box is None:
        return NO_INK
    # FreeType's 1-bit glyphs come as 0 or 255 in an "L" core image: thresholding keeps every pixel.
    mask = Image.Image()._new(rendered.crop(box).convert("1", Image.Dither.NONE))
    return Line((dx + box[0], dy + box[1]), mask)


def _pixel(value: int) -> int:
    """Pillow's ``PIXEL``: 26.6 units to the nearest whole pixel (halves up)."""
    return (value + 32) >> 6


@dataclass(frozen=True)
class Glyph:
    """One character's glyph in a face: its advance (26.6 units), the box Pillow's sizing gives it (``box_left``:
    its outline's floored left side, when left of the pen; ``box_top``: its ceiled top, when above the
    baseline; both 0 otherwise), and its bitmap (``mask``, mode "1", ``None`` for a blank) at ``left``, ``top``
    from the pen on the baseline (y down)."""

    advance: int
    box_left: int
    box_top: int
    left: int
    top: int
    mask: Image.Image | None

    @property
    def placing(self) -> Placing:
        """What ``GlyphFace._placed`` reads of this glyph, in one tuple: its numbers and its mask's core and size
        (``Image.im``, ``width`` and ``height`` are property calls: a few of them a glyph were a third of a
        line's cost)."""
        mask = self.mask
        if mask is None:
            return (self.advance, self.box_left, self.box_top, self.left, self.top, None, 0, 0)
        width, height = mask.size
        return (self.advance, self.box_left, self.box_top, self.left, self.top, mask.im, width, height)


Placing = tuple[int, int, int, int, int, Any, int, int]
"""A glyph's ``advance``, ``box_left``, ``box_top``, ``left``, ``top``, its mask's core (``None`` for a blank) and
the mask's width and height: ``Glyph.placing``."""
Measure = tuple[int, int, int, int, bool, int]
"""A character's box numbers for ``GlyphFace.box``: its ``Mark``'s ``left``, ``-top``, ``-bottom``, ``right`` and
``exact``, and its advance (26.6 units), in one tuple."""


Sums = tuple[int, int, int, int, int]
"""A line's numbers for ``GlyphFace.box`` at any anchor: its pen's end (26.6 units) and its box's left, right, bottom
and top in whole pixels from the pen's start on the baseline (y up)."""
SUMS_KEPT = 1024
"""Lines whose ``Sums`` a face keeps (the oldest go first): a new text is often measured at two anchors (its width,
``"la"``, and where it is drawn), the second for the price of its anchor."""


@dataclass(frozen=True)
class Mark:
    """One character's outline box in the default hinting (``getbbox``'s), in whole pixels from the pen on the
    baseline (y down): its left side when left of the pen (else 0), its top and bottom when beyond the baseline
    (else 0), and its right side: exactly when ``exact``, else a bound it does not pass."""

    left: int
    top: int
    right: int
    bottom: int
    exact: bool


class GlyphFace:
    """The glyphs and pair kernings of one face, read from Pillow the first time each is needed."""

    def __init__(self, face: ImageFont.FreeTypeFont) -> None:
        self.face = face
        self._glyphs: dict[str, Glyph | None] = {}
        self._kerning: dict[str, int | None] = {}  # a pair -> its kerning, None when Pillow draws it otherwise
        self._advances: dict[str, int] = {}
        self._marks: dict[str, Mark] = {}
        # What ``_placed`` and ``box`` read a character by, in one tuple each (``Placing``, ``Measure``): filled as
        # its glyph is kept and its box measured; a character whose glyph is unusable has no ``Placing``.
        self._placings: dict[str, Placing] = {}
        self._measures: dict[str, Measure] = {}
        self._sums: dict[str, Sums | None] = {}  # ``box``'s sums of the lines measured lately, at any anchor
        self._lock = threading.Lock()
        top = self._box("H", "ls")[1]
        self.anchor_y = {a: self._box("H", "l" + a)[1] - top for a in "amsd"}  # the anchor's height over the baseline
        block, bx, _ = self._drawn("H" + BLOCK)
        block_box = block.getbbox()
        assert block_box is not None
        self._block_right = bx + block_box[2]  # the block's last inked column, from the line's anchor
        self._block_at = self._first_ink_after("H" + BLOCK, "H")

    def _box(self, words: str, anchor: str) -> tuple[int, int, int, int]:
        left, top, right, bottom = ImageFont.FreeTypeFont.getbbox(self.face, words, "1", anchor=anchor)
        return int(left), int(top), int(right), int(bottom)

    def _length(self, words: str) -> int:
        return round(ImageFont.FreeTypeFont.getlength(self.face, words, "1") * 64)

    def _drawn(self, words: str) -> tuple[Image.Image, int, int]:
        """``words`` as Pillow draws them (one-bit, baseline anchor): the image and its corner from the anchor."""
        core, (x, y) = ImageFont.FreeTypeFont.getmask2(self.face, words, "1", anchor="ls")
        return Image.Image()._new(core), x, y

    def _first_ink_after(self, words: str, before: str) -> tuple[int, int]:
        """Where the ink of ``words``' last glyph starts (x from its pen, y from the baseline), ``before`` being
        the glyphs ahead of it: found right of ``before``'s own ink, the line's vertical move taken out."""
        image, x, y = self._drawn(words)
        ahead, ax, _ = self._drawn(before)
        ahead_box = ahead.getbbox()
        assert ahead_box is not None
        cut = ax + ahead_box[2] + 1 - x
        part = image.crop((cut, 0, image.width, image.height))
        box = part.getbbox()
        assert box is not None
        pen = _pixel(self._length(words) - self._length(words[len(before) :]))
        return x + cut + box[0] - pen, y + box[1]

    def glyph(self, char: str) -> Glyph | None:
        if char in self._glyphs:
            return self._glyphs[char]
        made = self._read(char) if char in CHARACTERS else None
        if made is not None and not _same(self._placed(char, "ls", made), drawn(char, self.face, "ls")):
            made = None  # its bitmap strays from its outline's box (an underscore, a slashed o at some sizes)
        with self._lock:
            self._glyphs[char] = made  # only once checked: another thread never builds with an unchecked glyph
            if made is not None:
                self._placings[char] = made.placing
        return made

    def _read(self, char: str) -> Glyph | None:
        advance = self.advance(char)
        box_left, box_top, _, _ = self._box(char, "ls")
        if char.isspace():
            return Glyph(advance, box_left, -box_top, 0, 0, None)
        words = "H" + BLOCK + " " + char
        image, x, y = self._drawn(words)
        cut = self._block_right + 1 - x  # right of the block: this glyph's ink alone
        if cut < 0 or cut >= image.width:
            return None
        part = image.crop((cut, 0, image.width, image.height))
        box = part.getbbox()
        if box is None:
            return Glyph(advance, box_left, -box_top, 0, 0, None)
        block_part = image.crop((0, 0, cut, image.height)).getbbox()
        assert block_part is not None
        moved = (y + block_part[1]) - self._block_at[1]  # the line's vertical move, if this glyph is taller
        pen = _pixel(self._length(words) - advance)
        mask = part.crop(box).convert("1")
        return Glyph(advance, box_left, -box_top, x + cut + box[0] - pen, y + box[1] - moved, mask)

    def advance(self, char: str) -> int:
        """How far ``char`` moves the pen (26.6 units): the same in both hintings (one-bit and the default)."""
        advance = self._advances.get(char)
        if advance is None:
            advance = self._length(char)
            with self._lock:
                self._advances[char] = advance
        return advance

    def kerning(self, first: str, second: str) -> int | None:
        """What HarfBuzz adds between ``first`` and ``second`` (26.6 units, the same in both hintings), or
        ``None`` for a pair the font draws as one glyph (``LIGATURES``) or a character outside ``CHARACTERS``."""
        pair = first + second
        kern = self._kerning.get(pair)
        if kern is None and pair not in LIGATURES and first in CHARACTERS and second in CHARACTERS:
            kern = self._length(pair) - self.advance(first) - self.advance(second)
            with self._lock:
                self._kerning[pair] = kern
        return kern

    def mark(self, char: str) -> Mark:
        """``char``'s outline box as the default hinting gives it, read once."""
        mark = self._marks.get(char)
        if mark is None:
            mark = self._read_mark(char)
            with self._lock:
                self._marks[char] = mark
        return mark

    def _read_mark(self, char: str) -> Mark:
        """``getbbox`` of ``char`` alone gives its left, top and bottom beyond the pen's line (else 0) and the
        greater of its right side and its rounded advance: its right side when that passes the advance. Else the
        right side is at most the advance rounded, and it reaches it exactly when, drawn after spaces that leave
        the pen half a pixel or more past a whole one (so pen and advance each round up, and their sum down),
        it passes the line's rounded end; otherwise it lies at least a pixel short of it."""
        left, top, right, bottom = (int(v) for v in ImageFont.FreeTypeFont.getbbox(self.face, char, anchor="ls"))
        advance = self.advance(char)
        if right > _pixel(advance):
            return Mark(left, top, right, bottom, True)
        if advance & 63 < 32:
            return Mark(left, top, right, bottom, False)
        kern = self.kerning(" ", char)
        for spaces in range(1, 64):
            pen = self._length(" " * spaces) + (kern or 0)
            if kern is not None and 32 <= pen & 63 < 96 - (advance & 63):
                reach = int(ImageFont.FreeTypeFont.getbbox(self.face, " " * spaces + char, anchor="ls")[2])
                reaches = reach > _pixel(pen + advance)
                return Mark(left, top, right if reaches else right - 1, bottom, reaches)
        return Mark(left, top, right, bottom, False)

    def box(self, words: str, anchor: str) -> tuple[int, int, int, int] | None:
        """``getbbox(words, anchor=anchor)`` (default hinting) summed from kept numbers, by Pillow's
        ``bounding_box_and_anchors``: the box holds every glyph's outline box at its rounded pen and the pen's
        line from 0 to its rounded end. A glyph's right side is known from its ``mark`` only when it passes
        its advance or reaches it (``Mark``); otherwise it lies within a bound, which settles the line's right end
        unless that bound passes the line's end (a pair kerned tight before a narrow last glyph): then ``None``,
        FreeType measures."""
        if not words or len(anchor) != 2 or anchor[0] not in "lmr" or anchor[1] not in "amsdtb":
            return None
        try:
            sums = self._sums[words]
        except KeyError:
            sums = self._sum(words)
            with self._lock:
                self._sums[words] = sums
                if len(self._sums) > SUMS_KEPT:
                    del self._sums[next(iter(self._sums))]  # the oldest first
        if sums is None:
            return None
        pen, x_min, x_max, y_min, y_max = sums
        x_anchor = {"l": 0, "m": _pixel(pen // 2), "r": _pixel(pen)}[anchor[0]]
        y_anchor = {"t": y_max, "b": y_min}.get(anchor[1])
        if y_anchor is None:
            y_anchor = self.anchor_y[anchor[1]]  # the face's height of the anchor above the baseline
        return (x_min - x_anchor, y_anchor - y_max, x_max - x_anchor, y_anchor - y_min)

    def _sum(self, words: str) -> Sums | None:
        """``box``'s sums for ``words`` at any anchor (its pen's end and its box from the pen's start on the
        baseline), or ``None`` when FreeType must measure it (that too is the same at every anchor)."""
        pen = x_min = x_max = y_min = y_max = 0
        within = 0  # the furthest a glyph whose right side is not known may reach
        before = ""
        # The kept numbers read directly, a character's in one tuple (a method call or an attribute a character
        # was most of a measure's cost); a miss asks ``_measure``, which reads them from Pillow and keeps them.
        kernings, measures = self._kerning, self._measures
        for char in words:
            if before:
                kern = kernings.get(before + char)
                if kern is None:
                    kern = self.kerning(before, char)
                    if kern is None:
                        return None
                pen += kern
                if pen < 0:
                    return None
            measure = measures.get(char)
            if measure is None:
                if char not in CHARACTERS:
                    return None
                measure = self._measure(char)
                if measure[5] < 0:
                    return None  # a pen moving back: FreeType's box
            left, top, bottom, right, exact, advance = measure
            at = (pen + 32) >> 6  # _pixel
            if at + left < x_min:
                x_min = at + left
            if top > y_max:
                y_max = top
            if bottom < y_min:
                y_min = bottom
            if exact:
                if at + right > x_max:
                    x_max = at + right
            elif at + right > within:
                within = at + right
            pen += advance
            if (pen + 32) >> 6 > x_max:
                x_max = (pen + 32) >> 6
            before = char
        if within > x_max:
            return None
        return (pen, x_min, x_max, y_min, y_max)

    def _measure(self, char: str) -> Measure:
        """``char``'s ``Measure`` (its ``mark`` and advance), read once and kept."""
        mark, advance = self.mark(char), self.advance(char)
        measure = (mark.left, -mark.top, -mark.bottom, mark.right, mark.exact, advance)
        if advance >= 0:  # never otherwise: ``box``'s pen then only moves back by a kerning, where it is checked
            with self._lock:
                self._measures[char] = measure
        return measure

    def warm(self, *, pairs: bool = True) -> None:
        """Read the glyphs and boxes of ``COMMON`` now, and unless told otherwise the kernings of ``PAIRED``'s and
        ``NUMBERED``'s pairs (0.1-0.2 s a face in all, the pairs about a third of it), not in a player's move."""
        for char in COMMON:
            self.glyph(char)
            self.mark(char)
        for chars in (PAIRED, NUMBERED) if pairs else ():
            for first in chars:
                for second in chars:
                    self.kerning(first, second)

    def stamp(self, words: str, anchor: str) -> Line | None:
        """``words`` as ``drawn`` gives them, or ``None`` when they go to Pillow (a single character too: Pillow
        draws it in a few microseconds)."""
        if len(words) < 2:
            return None
        return self._placed(words, anchor)

    def _placed(self, words: str, anchor: str, only: Glyph | None = None) -> Line | None:
        """``stamp``'s work; ``only``: the glyph of a one-character ``words``, being checked before it is kept.

        Each glyph's ``Placing`` is read from one dict in one tuple, the line's ink box is found in the same pass
        (its offset from the anchor is one shift for every glyph), and each glyph's mask is pasted (ORed) into the
        line through the cores, with no property read a glyph."""
        if not words or len(anchor) != 2 or anchor[0] not in "lmr" or anchor[1] not in self.anchor_y:
            return None
        pen = 0
        box_left = box_top = 0
        ink_x0 = ink_y0 = 1 << 30  # the ink's box, from the pen's start on the baseline
        ink_x1 = ink_y1 = -(1 << 30)
        placed: list[tuple[int, int, Any, int, int]] = []  # (x, y, core, width, height) of each glyph with ink
        before = ""
        kernings, placings = self._kerning, self._placings  # read directly; a miss asks ``glyph``
        checked = None if only is None else only.placing
        for char in words:
            if before:
                kern = kernings.get(before + char)
                if kern is None:
                    kern = self.kerning(before, char)
                    if kern is None:
                        return None
                pen += kern
            placing = placings.get(char) if checked is None else checked
            if placing is None:
                glyph = self.glyph(char)
                if glyph is None:
                    return None
                placing = glyph.placing
            advance, glyph_left, glyph_top, left, top, core, width, height = placing
            at = (pen + 32) >> 6  # _pixel
            if at + glyph_left < box_left:
                box_left = at + glyph_left
            if glyph_top > box_top:
                box_top = glyph_top
            if core is not None:
                x = at + left
                if x < ink_x0:
                    ink_x0 = x
                if top < ink_y0:
                    ink_y0 = top
                if x + width > ink_x1:
                    ink_x1 = x + width
                if top + height > ink_y1:
                    ink_y1 = top + height
                placed.append((x, top, core, width, height))
            pen += advance
            before = char
        if not placed:
            return NO_INK
        if ink_y0 >= 0:
            return None  # no ink above the baseline (underscores): the line's top is a stray bitmap's, Pillow's
        x_anchor = {"l": 0, "m": _pixel(pen // 2), "r": _pixel(pen)}[anchor[0]]
        # Pillow moves the line by its outline box less its ink's (both clamped at the pen's start and baseline).
        dx = box_left - min(ink_x0, 0) - x_anchor
        dy = self.anchor_y[anchor[1]] - box_top - ink_y0
        line = Image.new("1", (ink_x1 - ink_x0, ink_y1 - ink_y0), 0)
        paste = line.im.paste
        for x, y, core, width, height in placed:
            x -= ink_x0
            y -= ink_y0
            paste(1, (x, y, x + width, y + height), core)
        return Line((dx + ink_x0, dy + ink_y0), line)


def _same(ours: Line | None, theirs: Line) -> bool:
    if ours is None:
        return False
    if ours.mask is None or theirs.mask is None:
        return ours.mask is None and theirs.mask is None
    return (
        ours.offset == theirs.offset
        and ours.mask.size == theirs.mask.size
        and ours.mask.tobytes() == theirs.mask.tobytes()
    )


_kept: dict[ImageFont.FreeTypeFont, GlyphFace] = {}
_kept_lock = threading.Lock()


def glyph_face(face: ImageFont.FreeTypeFont) -> GlyphFace:
    """The kept glyphs of ``face`` (made, empty, the first time: its lines are built from glyphs from then on)."""
    kept = _kept.get(face)
    if kept is None:
        made = GlyphFace(face)
        with _kept_lock:
            kept = _kept.setdefault(face, made)
    return kept


def warm_glyphs(faces: Iterable[ImageFont.FreeTypeFont | ImageFont.ImageFont]) -> None:
    """Build and measure the new lines of ``faces`` from kept glyphs from now on, their common glyphs, boxes and
    pairs read now (0.1-0.2 s of CPU a face, once a process; about 0.25 MB kept a face): for a renderer's
    ``warm``, naming the faces its boards print new lines in. Pillow's built-in font is skipped."""
    for face in faces:
        if isinstance(face, ImageFont.FreeTypeFont):
            glyph_face(face).warm()


PROMOTED = 16
"""How many new lines a face no renderer named is drawn in by Pillow before its glyphs are kept too (read at once,
about 0.1 s of CPU: as much as about 150 new lines drawn by Pillow, so a face that prints few never pays it; its
pairs are read as its lines meet them, 20-60 µs each)."""
_met: dict[ImageFont.FreeTypeFont, int] = {}


def line(words: str, face: ImageFont.FreeTypeFont, anchor: str) -> Line:
    """``drawn(words, face, anchor)``: built from kept glyphs when the face's glyphs are kept and the line can be
    built from them, else Pillow's. A face's ``PROMOTED``-th new line read its glyphs (``warm_glyphs``)."""
    kept = _kept.get(face)
    if kept is None:
        met = _met[face] = _met.get(face, 0) + 1
        if met == PROMOTED:
            glyph_face(face).warm(pairs=False)  # in a move: only the pairs its lines meet are read, as met
    elif "\n" not in words:
        built = kept.stamp(words, anchor)
        if built is not None:
            return built
    return drawn(words, face, anchor)


def measured(face: ImageFont.FreeTypeFont, words: str, anchor: str) -> tuple[int, int, int, int] | None:
    """``getbbox(words, anchor=anchor)`` from the kept numbers of ``face`` (``GlyphFace.box``), when its glyphs
    are kept and the box can be summed from them; ``None`` otherwise (FreeType measures it)."""
    kept = _kept.get(face)
    return None if kept is None else kept.box(words, anchor)
