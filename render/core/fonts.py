"""Fonts shipped with the project (DejaVu Sans, see ``render/fonts/LICENSE``), loaded once per size.

Shipping the font keeps images identical on every host; Pillow's built-in font is only a fallback for a
broken install, so a missing file degrades the look instead of failing a move. The cached font objects are
shared by the threads renderers run in: safe under the GIL, where Pillow holds it around each FreeType call
(a free-threaded build needs a Pillow that locks each face, python-pillow/Pillow#9498).
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from .glyphs import measured

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

MIN_TEXT = 14
"""The smallest font size (pixels) for a text a player must read to act: a phone shows a board about 400
pixels wide (``render.core.sheet`` measures it; ``fitted`` never goes below it unless told)."""

log = logging.getLogger(__name__)


def font(size: int, *, bold: bool = False) -> Font:
    """DejaVu Sans (or Bold) at ``size`` pixels; Pillow's default font if the file cannot be read.

    One face per size and weight however it is asked for: ``font(22)`` and ``font(22, bold=False)`` are the
    same object, so they share its measures and every cache keyed by the face (stamps, widths, wrapped lines).
    """
    return _face(size, bold)


@lru_cache(maxsize=64)
def _face(size: int, bold: bool) -> Font:
    path = BOLD if bold else REGULAR
    try:
        return MeasuredFace(str(path), size)
    except OSError:
        log.warning("font %s unreadable; falling back to Pillow's built-in font", path)
        return ImageFont.load_default(size)


class MeasuredFace(ImageFont.FreeTypeFont):
    """A FreeType face (as ``ImageFont.truetype`` makes it) that remembers its texts' boxes.

    Boards measure the same short texts on every turn (tile ids, names, wrapped lines) from ``getbbox``,
    and each measure is a full text layout (about 0.07 ms with Raqm), often of a text whose stamp is already
    kept. The box is a pure function of the face, text, mode and anchor, so it is looked up in a bounded
    cache (``_box``) shared by every caller, the games' renderers included; any other option measures anew.
    No anchor is FreeType's left-ascender anchor for horizontal text (Pillow's ``bounding_box_and_anchor``
    takes ``"la"`` when none is given), so ``getbbox(text)`` and ``getbbox(text, anchor="la")`` share one entry.
    """

    def getbbox(
        self,
        text: str | bytes | bytearray,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
    ) -> tuple[float, float, float, float]:
        if isinstance(text, str) and direction is None and features is None and language is None and not stroke_width:
            return _box(self, text, mode, anchor or "la")
        return super().getbbox(text, mode, direction, features, language, stroke_width, anchor)


@lru_cache(maxsize=8192)
def _box(face: MeasuredFace, text: str, mode: str, anchor: str | None) -> tuple[float, float, float, float]:
    """``getbbox`` measured by FreeType, once per (face, text, mode, anchor): the least recently used go first.

    A left anchor at the ascender, middle, baseline or descender (``"lm"``, ``"ls"``…) is the ``"la"`` box moved
    down by a height FreeType takes from the face's size alone, never from the text (Pillow's
    ``bounding_box_and_anchor``), so such a text costs one layout for all of them (an empty text has no box to
    move: FreeType gives it none at any anchor).
    """
    if mode == "" and anchor is not None:
        summed = measured(face, text, anchor)  # from the face's kept glyphs' numbers (``render.core.glyphs``)
        if summed is not None:
            return summed
    if text and anchor is not None and anchor != "la" and anchor[:1] == "l" and anchor[1:] in _FACE_HEIGHTS:
        left, top, right, bottom = _box(face, text, mode, "la")
        drop = _drop(face, mode, anchor)
        return (left, top + drop, right, bottom + drop)
    return ImageFont.FreeTypeFont.getbbox(face, text, mode, anchor=anchor)


_FACE_HEIGHTS = ("a", "m", "s", "d")
"""Vertical anchors FreeType places from the face's metrics (ascender, their middle, baseline, descender)."""


@lru_cache(maxsize=512)
def _drop(face: MeasuredFace, mode: str, anchor: str) -> float:
    """How far a box anchored at ``anchor`` lies below the same text's ``"la"`` box (measured once, on "H")."""
    at = ImageFont.FreeTypeFont.getbbox(face, "H", mode, anchor=anchor)[1]
    return at - ImageFont.FreeTypeFont.getbbox(face, "H", mode, anchor="la")[1]
