"""Cosmic Pioneers' titles stamped ahead (issue 26, fourteenth session).

A round's first board is the slowest of a game (its alien event's cells, the captains' numbers, the footer and
the title are new): ``PioneersRenderer.warm`` measures and stamps every title a board can print
(``phone.every_title``) when the process starts. Pinned here: the titles seeded games print (several scenarios,
set-up to the end) are all among them, and a warmed title is drawn from the kept stamp, measured by no new layout;
the letter pairs around the numbers a board prints anew are read ahead too (``phone.warm_pairs``).
"""

from __future__ import annotations

from PIL import ImageDraw

from render.core.fonts import font
from render.core.glyphs import glyph_face, warm_glyphs
from render.core.sheet import Sheet
from render.core.stamps import text_stamp
from render.pioneers import phone
from tests.render.test_pioneers_cells import played


def test_every_title_a_game_prints_is_warmed() -> None:
    titles = set(phone.every_title())
    assert len(titles) == len(phone.every_title()), "a title twice"
    scenarios = set()
    for seed in (1, 2, 3, 4):
        for view in played(seed, 2, every=5):
            assert phone.header_look(view)[1] in titles, (seed, view.scenario_name, view.phase, view.round)
            scenarios.add(view.scenario_name)
    assert len(scenarios) > 1, "the seeded games played one scenario: the test proves little"


def test_a_warmed_title_is_pasted_from_its_kept_stamp() -> None:
    title = phone.every_title()[-1]
    phone.warm_titles([title])
    misses = text_stamp.cache_info().misses
    strip = phone._paper(phone.WIDTH, phone.TITLE_H).copy()
    sheet = Sheet(boxes_only=True)
    phone._title(ImageDraw.Draw(strip), ("title", title), 0, sheet)
    assert text_stamp.cache_info().misses == misses, "the warmed title was stamped again"
    assert [mark.text for mark in sheet.marks] == [title] and strip.getbbox() is not None


def test_the_numbers_pairs_are_read_ahead() -> None:
    """A captain's new numbers and the footer's new supply line meet no pair of letters not read yet."""
    faces = [font(20), font(22)]
    warm_glyphs(faces)  # as ``PioneersRenderer.warm`` does: lower-case letters' and spaces' pairs
    phone.warm_pairs(faces)
    kept = [glyph_face(face) for face in faces]
    known = [len(face._kerning) for face in kept]
    lines = ["37 VP · 108 cr · 9 held · crashed", "Aliens left W6 L5 S14 Q0 B13 · goods 12 · event deck 10"]
    lines.append("Aliens left W0 · goods 9 · event deck 7")
    for face, glyphs in zip(faces, kept, strict=True):
        for words in lines:
            assert glyphs.box(words, "la") == face.getbbox(words, anchor="la")
    assert [len(face._kerning) for face in kept] == known, "a pair was read in the move"
