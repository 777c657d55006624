"""A text's box for a boxes-only sheet taken from the default anchor's measure (``render.core.textbox``): the very
box ``Sheet.mark`` records, for every face the boards use and texts of every kind (names, counts, accents)."""

from __future__ import annotations

import random
import string

from render.core.sheet import Sheet
from render.core.textbox import mark

FACES = ((14, False), (15, True), (16, True), (18, False), (18, True), (20, True), (21, True))
LETTERS = string.ascii_letters + string.digits + " ()/:,.'-+!?&_·éÅñ→"


def texts(n: int) -> list[str]:
    rng = random.Random(26)
    out = ["Player 1 (Pilot Okafor) · S07 Fire Suppression · to act", "F fire 3/8", "_", "j", "·", " x "]
    out += ["".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 48))) for _ in range(n)]
    return out


def test_a_left_anchored_text_is_boxed_as_the_sheet_measures_it() -> None:
    for size, bold in FACES:
        for words in texts(150):
            for anchor in ("la", "lm"):
                at = (12 + len(words), 40 + size)
                ours, theirs = Sheet(boxes_only=True), Sheet(boxes_only=True)
                mark(ours, at, words, size, bold=bold, anchor=anchor)
                theirs.mark(at, words, size, bold=bold, anchor=anchor)
                assert [(m.text, m.size, m.box) for m in ours.marks] == [
                    (m.text, m.size, m.box) for m in theirs.marks
                ], (words, size, bold, anchor)


def test_other_anchors_and_measured_sheets_are_left_to_the_sheet() -> None:
    ours, theirs = Sheet(boxes_only=True), Sheet(boxes_only=True)
    for sheet in (ours, theirs):
        (mark if sheet is ours else Sheet.mark)(sheet, (30, 30), "S07", 18, bold=True, anchor="mm")
    assert [m.box for m in ours.marks] == [m.box for m in theirs.marks]
    full = Sheet()
    mark(full, (30, 30), "S07", 18, bold=True, anchor="lm")
    assert full.marks[0].letters.getbbox() is not None  # the letters' masks, for the legibility tests
