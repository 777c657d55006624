"""A text new to the process stamped from its glyphs, kept one by one, instead of FreeType laying it out again.

About a fifth of Derelict's boards print lines never printed before (a roster line joins a player's name, a
character and a room; the title and the header's counts), and each costs 0.7-1.3 ms in Pillow's ``getmask2``:
for a one-bit text it loads and hints every glyph three times (the box, the first glyph's offset, the drawing).
The pixels are a pure function of a few numbers per glyph, so a line is built here from glyphs kept per face,
placed by the same rules (Pillow's ``font_render`` and ``bounding_box_and_anchors``; ``PIXEL`` rounds 26.6 units):

- the pen of glyph ``i`` is the sum of the advances and pair kernings before it (``getlength`` of one glyph and
  of each pair, in 26.6 units: what HarfBuzz adds), rounded to a pixel; its bitmap lies at the pen plus the
  glyph's own offset (``left``, ``top``), its pixels ORed into the line;
- the whole line moves by the difference between the box Pillow sizes from the glyphs' outlines (floored and
  ceiled) and the one it places from their bitmaps (rounded): ``x_min`` and ``y_max`` of each, per line;
- the anchor is the face's (``a``, ``m``, ``s``, ``d``: measured once on "H") or the pen's (``l``, ``m``, ``r``).

A glyph's bitmap and offset are read once, from Pillow itself, drawn after "H" and a full block (whose left
and top edges are clean), so the numbers are Pillow's own. What this cannot reproduce goes to Pillow as before:
a character outside ``CHARACTERS`` (combining marks, emoji, scripts shaped in context) or whose bitmap strays from
its outline's box (each glyph is checked against Pillow when read), a pair the font substitutes (``LIGATURES``),
a line with no ink above the baseline, another anchor, a single character (``warm`` reads the glyphs ahead).
``tests/render/test_derelict_glyphs.py`` compares over a thousand lines with Pillow's.
"""

from __future__ import annotations

import string
import threading
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from render.core.fonts import Font, font
from render.core.palette import Ink
from render.core.sheet import Sheet, noted
from render.core.stamps import EMPTY, Stamp, inked, text_stamp

CHARACTERS = frozenset(
    string.ascii_letters + string.digits + string.punctuation + " ·→…–—’‘“”éèêëáàâäåÅÉóòôöúùûüñçíìîïøæœß"
)
"""The characters stamped from kept glyphs: the boards' own words and most players' names. Any other character
(shaped in context, or missing from the font) sends its whole line to Pillow."""
BLOCK = "\u2588"
"""The full block: as tall and as deep as any glyph here, so a glyph drawn after it shows its own top."""
COMMON = string.ascii_letters + string.digits + " ()·:,.'-/"
"""The characters whose glyphs ``warm`` reads ahead (another is read when first met, about 0.4 ms)."""
PAIRED = string.ascii_lowercase + " "
"""The characters whose pairs ``warm`` measures ahead, most of every name (another pair: about 20-60 µs when met;
the boards ``DerelictRenderer.warm`` draws measure those of the game's own words)."""
LIGATURES = frozenset(("ff", "fi", "fl"))
"""The pairs of ``CHARACTERS`` DejaVu Sans draws as one glyph (HarfBuzz's ``liga``): found by comparing every pair
of them with Pillow's drawing in the boards' faces; lines holding one go to Pillow."""
LINES_KEPT = 4096
FACES = ((18, False), (18, True), (21, True))
"""The faces of the lines Derelict's boards and private images print new (``warm`` reads their glyphs ahead): the
roster, the header's counts, the title and the private image's lines. Texts in another face (a room's name, met
once a process) go to Pillow: reading their glyphs would cost more than drawing them."""


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


class GlyphFace:
    """The glyphs and pair kernings of one face, read from Pillow the first time each is needed."""

    def __init__(self, face: ImageFont.FreeTypeFont) -> None:
        self.face = face
        self._glyphs: dict[str, Glyph | None] = {}
        self._kerning: dict[str, int | None] = {}  # a pair -> its kerning, None when Pillow draws it otherwise
        self._lock = threading.Lock()
        top = self._box("H", "ls")[1]
        self.anchor_y = {a: self._box("H", "l" + a)[1] - top for a in "amsd"}  # y down from the baseline
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
        if made is not None and not _same(self._placed(char, "ls", made), text_stamp(char, self.face, "ls")):
            made = None  # its bitmap strays from its outline's box (an underscore, a slashed o at some sizes)
        with self._lock:
            self._glyphs[char] = made  # only once checked: another thread never builds with an unchecked glyph
        return made

    def _read(self, char: str) -> Glyph | None:
        advance = self._length(char)
        box_left, box_top, _, _ = self._box(char, "ls")
        if char.isspace():
            return Glyph(advance, box_left, -box_top, 0, 0, None)
        words = "H" + BLOCK + " " + char
        image, x, y = self._drawn(words)
        block, bx, _ = self._drawn("H" + BLOCK)
        block_box = block.getbbox()
        assert block_box is not None
        cut = bx + block_box[2] + 1 - x  # right of the block: this glyph's ink alone
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

    def kerning(self, first: str, second: str) -> int | None:
        """What HarfBuzz adds between ``first`` and ``second`` (26.6 units), or ``None`` for a pair the font draws
        as one glyph (``LIGATURES``)."""
        pair = first + second
        kern = self._kerning.get(pair)
        if kern is None and pair not in LIGATURES:
            one, two = self.glyph(first), self.glyph(second)
            if one is None or two is None:
                return None
            kern = self._length(pair) - one.advance - two.advance
            with self._lock:
                self._kerning[pair] = kern
        return kern

    def warm(self) -> None:
        """Read the glyphs of ``COMMON`` and the kernings of ``PAIRED``'s pairs now (about 0.1 s a face), not in
        a player's move."""
        for char in COMMON:
            self.glyph(char)
        for first in PAIRED:
            for second in PAIRED:
                self.kerning(first, second)

    def stamp(self, words: str, anchor: str) -> Stamp | None:
        """``words`` as ``text_stamp`` stamps them, or ``None`` when they go to Pillow (a single character too:
        Pillow draws it in a few microseconds)."""
        if len(words) < 2:
            return None
        return self._placed(words, anchor)

    def _placed(self, words: str, anchor: str, only: Glyph | None = None) -> Stamp | None:
        """``stamp``'s work; ``only``: the glyph of a one-character ``words``, being checked before it is kept."""
        if not words or len(anchor) != 2 or anchor[0] not in "lmr" or anchor[1] not in self.anchor_y:
            return None
        pen = 0
        box_left = box_top = ink_left = ink_top = 0
        placed: list[tuple[int, Glyph]] = []
        before = ""
        for char in words:
            if before:
                kern = self.kerning(before, char)
                if kern is None:
                    return None
                pen += kern
            glyph = only if only is not None else self.glyph(char)
            if glyph is None:
                return None
            at = _pixel(pen)
            box_left = min(box_left, at + glyph.box_left)
            box_top = max(box_top, glyph.box_top)
            if glyph.mask is not None:
                ink_left = min(ink_left, at + glyph.left)
                ink_top = max(ink_top, -glyph.top)
                placed.append((at, glyph))
            pen += glyph.advance
            before = char
        if not placed:
            return EMPTY
        if all(g.top >= 0 for _, g in placed):
            return None  # no ink above the baseline (underscores): the line's top is a stray bitmap's, Pillow's
        x_anchor = {"l": 0, "m": _pixel(pen // 2), "r": _pixel(pen)}[anchor[0]]
        dx = box_left - ink_left - x_anchor
        dy = self.anchor_y[anchor[1]] - box_top + ink_top
        spots = [(dx + at + g.left, dy + g.top, g.mask) for at, g in placed if g.mask is not None]
        x0 = min(x for x, _, _ in spots)
        y0 = min(y for _, y, _ in spots)
        x1 = max(x + m.width for x, _, m in spots)
        y1 = max(y + m.height for _, y, m in spots)
        line = Image.new("1", (x1 - x0, y1 - y0), 0)
        core = line.im
        for x, y, mask in spots:
            core.paste(1, (x - x0, y - y0, x - x0 + mask.width, y - y0 + mask.height), mask.im)
        return Stamp((x0, y0), ((0, line),))


@lru_cache(maxsize=1)
def _faces() -> frozenset[Font]:
    return frozenset(font(size, bold=bold) for size, bold in FACES)


def warm() -> None:
    """Read the common glyphs and pairs of every face in ``FACES`` (about 0.3 s of CPU once a process, under 1 MB
    kept)."""
    for face in _faces():
        if isinstance(face, ImageFont.FreeTypeFont):
            glyph_face(face).warm()


def _same(ours: Stamp | None, theirs: Stamp) -> bool:
    if ours is None:
        return False
    if not ours.layers or not theirs.layers:
        return not ours.layers and not theirs.layers
    (_, mine), (_, pillow) = ours.layers[0], theirs.layers[0]
    return ours.offset == theirs.offset and mine.size == pillow.size and mine.tobytes() == pillow.tobytes()


@lru_cache(maxsize=64)
def glyph_face(face: ImageFont.FreeTypeFont) -> GlyphFace:
    return GlyphFace(face)


@lru_cache(maxsize=LINES_KEPT)
def line_stamp(words: str, face: Font, anchor: str) -> Stamp:
    """``text_stamp(words, face, anchor)``: built from kept glyphs when it can be, else Pillow's."""
    if face in _faces() and isinstance(face, ImageFont.FreeTypeFont) and "\n" not in words:
        built = glyph_face(face).stamp(words, anchor)
        if built is not None:
            return built
    return text_stamp(words, face, anchor)


def stamp(draw: ImageDraw.ImageDraw, xy: tuple[int, int], words: str, face: Font, ink: Ink, anchor: str) -> None:
    """``render.core.canvas.text`` at whole pixels, from ``line_stamp``: the same pixels."""
    inked(draw, xy, line_stamp(words, face, anchor), ink)


def label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    words: str,
    size: int,
    ink: Ink,
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """``render.core.canvas.label`` through ``line_stamp``."""
    stamp(draw, xy, words, font(size, bold=bold), ink, anchor)


def say(
    draw: ImageDraw.ImageDraw, sheet: Sheet | None, xy: tuple[int, int], words: str, face: Font, ink: Ink, anchor: str
) -> None:
    """``render.core.sheet.say`` through ``line_stamp``: drawn, and noted on ``sheet`` as drawn."""
    stamp(draw, xy, words, face, ink, anchor)
    noted(sheet, xy, words, face, anchor)
