"""Cosmic Pioneers' changing lines (footer, captains' numbers, header) are new to the process on nearly every move:
they are built from the faces' kept glyphs (``render.core.glyphs``, read ahead by the renderer's ``warm``), and must
be the very pixels and boxes Pillow and FreeType give the whole line."""

from __future__ import annotations

from PIL import ImageFont

from render.core import font
from render.core.glyphs import drawn, glyph_face, measured
from render.pioneers import phone
from tests.render.test_pioneers_cells import played


def test_the_boards_changing_lines_are_built_from_kept_glyphs_as_pillow_draws_them() -> None:
    lines: set[tuple[str, int, bool, str]] = set()
    for view in played(2, 3, 2):
        lines.update((line, phone.TEXT, False, "la") for line in phone.footer_look(view)[1])
        lines.update((phone.captain_look(view, p.seat)[3], 22, False, "rm") for p in view.players)
        lines.add((phone.header_look(view)[1], 28, True, "la"))
    built = 0
    for text, size, bold, anchor in sorted(lines):
        face = font(size, bold=bold)
        assert isinstance(face, ImageFont.FreeTypeFont)
        ours = glyph_face(face).stamp(text, anchor)
        built += ours is not None
        theirs = drawn(text, face, anchor)
        assert ours is None or (ours.offset, ours.mask and ours.mask.tobytes()) == (
            theirs.offset,
            theirs.mask and theirs.mask.tobytes(),
        ), f"{text!r} differs"
        box = measured(face, text, anchor)
        assert box is None or box == ImageFont.FreeTypeFont.getbbox(face, text, anchor=anchor), f"{text!r} box"
    assert built > 0.9 * len(lines), "the lines were not built from kept glyphs"
